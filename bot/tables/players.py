"""``players`` and ``player_audit``: each club's nicknames, each maybe linked to a Telegram
account, and every change to them."""

from __future__ import annotations

import json
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Change, Reader, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.statuses import PlayerAction


async def create(
    tx: Transaction, nickname: str, key: str, created_by: int, now: str,
    player_id: int | None = None,
) -> int:  # fmt: skip
    """A new player (an integrity error when the key is taken); his id — ``player_id`` when
    given (an import's plan: ``next_id`` read in the same transaction)."""
    if player_id is None:
        return await tx.insert(
            "INSERT INTO players (club_id, nickname, nickname_key, created_by, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (club_id(), nickname, key, created_by, now),
        )
    return await tx.insert(
        "INSERT INTO players (id, club_id, nickname, nickname_key, created_by, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (player_id, club_id(), nickname, key, created_by, now),
    )


async def next_id(reader: Reader) -> int:
    """The id the next player will get: past every id ever given (AUTOINCREMENT never gives a
    removed player's id again)."""
    row = await reader.one(
        "SELECT max(given) + 1 FROM ("
        "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'players'), 0) AS given "
        "UNION ALL SELECT coalesce((SELECT max(id) FROM players), 0)) AS ids"
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


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED_PLAYER = ("club_id", "nickname", "nickname_key", "user_id", "created_by", "created_at")
_MOVED_AUDIT = ("player_id", "actor_id", "at", "action", "details")


async def archived(reader: Reader) -> Archive:
    """The club's players and their nicknames' history, as an archive carries them."""
    return {
        "players": rows_of(await reader.all(
            "SELECT * FROM players WHERE club_id = ? ORDER BY id", (club_id(),)
        )),
        "player_audit": rows_of(await reader.all(
            "SELECT a.* FROM player_audit AS a JOIN players AS p ON p.id = a.player_id "
            "WHERE p.club_id = ? ORDER BY a.id", (club_id(),)
        )),
    }  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's players in the club at hand, with new ids (their accounts moved first)."""
    for row in by_id(archive.get("players", [])):
        new = await tx.insert(
            f"INSERT INTO players ({', '.join(_MOVED_PLAYER)}) VALUES ({marks(_MOVED_PLAYER)})",
            values(row, _MOVED_PLAYER, club_id=moved.club_id),
        )
        moved.new("players", row["id"], new)
    await tx.executemany(
        f"INSERT INTO player_audit ({', '.join(_MOVED_AUDIT)}) VALUES ({marks(_MOVED_AUDIT)})",
        [
            values(row, _MOVED_AUDIT, player_id=moved.of("players", row["player_id"]))
            for row in by_id(archive.get("player_audit", []))
        ],
    )  # fmt: skip
    tx.changed(Change.STANDINGS)


async def count_of_club(reader: Reader) -> int:
    row = await reader.one("SELECT count(*) FROM players WHERE club_id = ?", (club_id(),))
    return int(row[0]) if row else 0
