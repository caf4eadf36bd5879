"""``players`` and ``player_audit``: the club's nicknames, each maybe linked to a Telegram
account, and every change to them."""

from __future__ import annotations

import json
from typing import Any

from bot.core.db import Change, Reader, Transaction
from bot.vocabulary.statuses import PlayerAction


async def create(tx: Transaction, nickname: str, key: str, created_by: int, now: str) -> int:
    """A new player (``sqlite3.IntegrityError`` when the key is taken); his id."""
    return await tx.insert(
        "INSERT INTO players (nickname, nickname_key, created_by, created_at) VALUES (?, ?, ?, ?)",
        (nickname, key, created_by, now),
    )


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
    row = await tx.one("SELECT user_id FROM players WHERE id = ?", (player_id,))
    return row[0] if row else None


async def linked_to(tx: Reader, user_id: int) -> tuple[int, str] | None:
    """The player this account is linked to: (id, nickname)."""
    row = await tx.one("SELECT id, nickname FROM players WHERE user_id = ?", (user_id,))
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
