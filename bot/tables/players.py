"""``players`` and ``player_audit``: each club's nicknames, each maybe linked to a Telegram
account, and every change to them."""

from __future__ import annotations

import json
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Change, Reader, Transaction
from bot.vocabulary.statuses import PlayerAction


async def create(
    tx: Transaction, nickname: str, key: str, created_by: int, now: str,
    player_id: int | None = None,
) -> int:  # fmt: skip
    """A new player (``sqlite3.IntegrityError`` when the key is taken); his id — ``player_id``
    when given (an import's plan: ``next_id`` read in the same transaction)."""
    return await tx.insert(
        "INSERT INTO players (id, club_id, nickname, nickname_key, created_by, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (player_id, club_id(), nickname, key, created_by, now),
    )


async def next_id(reader: Reader) -> int:
    """The id the next player will get: past every id ever given (AUTOINCREMENT never gives a
    removed player's id again)."""
    row = await reader.one(
        "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'players'), 0), "
        "coalesce((SELECT max(id) FROM players), 0)) + 1"
    )
    return int(row[0]) if row else 1


async def record(
    tx: Transaction, player_id: int, actor_id: int, now: str, action: PlayerAction,
    details: dict[str, Any],
) -> None:  # fmt: skip
    await tx.execute(
        "INSERT INTO player_audit (player_id, actor_id, at, action, details) "
        "VALUES (?, ?, ?, ?, ?)",
        (player_id, actor_id, now, action.value, json.dumps(details, ensure_ascii=False)),
    )


async def user_of(tx: Transaction, player_id: int) -> int | None:
    row = await tx.one(
        "SELECT user_id FROM players WHERE id = ? AND club_id = ?", (player_id, club_id())
    )
    return row[0] if row else None


async def linked_to(tx: Reader, user_id: int) -> tuple[int, str] | None:
    """The player this account is linked to in the club at hand: (id, nickname)."""
    row = await tx.one(
        "SELECT id, nickname FROM players WHERE club_id = ? AND user_id = ?", (club_id(), user_id)
    )
    return (int(row[0]), str(row[1])) if row else None


async def set_user(tx: Transaction, player_id: int, user_id: int | None) -> None:
    await tx.execute("UPDATE players SET user_id = ? WHERE id = ?", (user_id, player_id))


async def rename(tx: Transaction, player_id: int, nickname: str, key: str) -> None:
    await tx.execute(
        "UPDATE players SET nickname = ?, nickname_key = ? WHERE id = ?",
        (nickname, key, player_id),
    )
    tx.changed(Change.STANDINGS)


async def delete(tx: Transaction, player_id: int) -> None:
    await tx.execute("DELETE FROM players WHERE id = ?", (player_id,))
    tx.changed(Change.STANDINGS)
