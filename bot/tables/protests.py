"""``protests``: protests filed against a game's result (§8.8) and their decisions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Change, Reader, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.statuses import ProtestStatus


@dataclass(frozen=True, slots=True)
class Protest:
    id: int
    game_id: int
    table: int
    number: int
    player_id: int
    nickname: str
    user_id: int
    text: str
    filed_at: datetime
    status: ProtestStatus
    change_by: int | None
    decided_by: int | None
    reason: str | None


_QUERY = """
SELECT pr.*, p.nickname, g.table_number, g.game_number FROM protests AS pr
JOIN players AS p ON p.id = pr.player_id JOIN games AS g ON g.id = pr.game_id
"""
_PENDING = ProtestStatus.PENDING.value


def protest_of(row: Any) -> Protest:
    return Protest(
        id=row["id"],
        game_id=row["game_id"],
        table=row["table_number"],
        number=row["game_number"],
        player_id=row["player_id"],
        nickname=row["nickname"],
        user_id=row["user_id"],
        text=row["text"],
        filed_at=datetime.fromisoformat(row["filed_at"]),
        status=ProtestStatus(row["status"]),
        change_by=row["change_by"],
        decided_by=row["decided_by"],
        reason=row["reason"],
    )


async def get(reader: Reader, protest_id: int) -> Protest | None:
    row = await reader.one(f"{_QUERY} WHERE pr.id = ? AND pr.club_id = ?", (protest_id, club_id()))
    return protest_of(row) if row else None


async def pending(reader: Reader) -> list[Protest]:
    rows = await reader.all(
        f"{_QUERY} WHERE pr.club_id = ? AND pr.status = ? ORDER BY pr.id", (club_id(), _PENDING)
    )
    return [protest_of(row) for row in rows]


async def pending_of_game(
    reader: Reader, game_id: int, change_by: int | None = None
) -> list[Protest]:
    """The game's pending protests (those a head judge took to change, if ``change_by``)."""
    rows = await reader.all(
        f"{_QUERY} WHERE pr.game_id = ? AND pr.status = ? "
        "AND (CAST(? AS BIGINT) IS NULL OR pr.change_by = ?) ORDER BY pr.id",
        (game_id, _PENDING, change_by, change_by),
    )
    return [protest_of(row) for row in rows]


async def of_game(reader: Reader, game_id: int) -> list[Protest]:
    rows = await reader.all(f"{_QUERY} WHERE pr.game_id = ? ORDER BY pr.id", (game_id,))
    return [protest_of(row) for row in rows]


async def status_of_players(reader: Reader, game_id: int, player_id: int) -> ProtestStatus | None:
    """The status of this player's protest against this game, if he filed one."""
    row = await reader.one(
        "SELECT status FROM protests WHERE game_id = ? AND player_id = ?", (game_id, player_id)
    )
    return ProtestStatus(row[0]) if row else None


async def insert(
    tx: Transaction, game_id: int, player_id: int, user_id: int, text: str, now: str
) -> int:
    protest_id = await tx.insert(
        "INSERT INTO protests (club_id, game_id, player_id, user_id, text, filed_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (club_id(), game_id, player_id, user_id, text, now),
    )
    tx.changed(Change.STANDINGS, Change.SCHEDULE)  # the game stays provisional meanwhile
    return protest_id


async def decide(
    tx: Transaction, protest_id: int, status: ProtestStatus, actor_id: int, now: str,
    reason: str | None = None,
) -> bool:  # fmt: skip
    """Write a decision over a pending protest; False when it was decided meanwhile."""
    written = await tx.execute(
        "UPDATE protests SET status = ?, decided_by = ?, decided_at = ?, reason = ? "
        "WHERE id = ? AND status = ?",
        (status.value, actor_id, now, reason, protest_id, _PENDING),
    )
    tx.changed(Change.STANDINGS, Change.SCHEDULE)
    return written > 0


async def take_for_change(tx: Transaction, protest_id: int, actor_id: int) -> None:
    """A head judge edits the game: saving his correction decides the protest."""
    await tx.execute("UPDATE protests SET change_by = ? WHERE id = ?", (actor_id, protest_id))


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED = (
    "club_id", "game_id", "player_id", "user_id", "text", "filed_at", "status", "change_by",
    "decided_by", "decided_at", "reason",
)  # fmt: skip


async def archived(reader: Reader) -> Archive:
    """The club's protests and their decisions, as an archive carries them."""
    return {"protests": rows_of(await reader.all(
        "SELECT * FROM protests WHERE club_id = ? ORDER BY id", (club_id(),)
    ))}  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    await tx.executemany(
        f"INSERT INTO protests ({', '.join(_MOVED)}) VALUES ({marks(_MOVED)})",
        [
            values(
                row, _MOVED, club_id=moved.club_id, game_id=moved.of("games", row["game_id"]),
                player_id=moved.of("players", row["player_id"]),
            )
            for row in by_id(archive.get("protests", []))
        ],
    )  # fmt: skip
    tx.changed(Change.SCHEDULE)
