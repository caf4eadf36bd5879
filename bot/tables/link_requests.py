"""``link_requests``: a person's request to be linked to a nickname, and its decision."""

from __future__ import annotations

from bot.core.club_scope import club_id
from bot.core.db import Reader, Row, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.statuses import LinkStatus

_QUERY = (
    "SELECT r.id, r.user_id, r.player_id, r.status, r.decided_by, "
    "coalesce(p.nickname, r.nickname) AS nickname, p.user_id AS linked "
    "FROM link_requests AS r LEFT JOIN players AS p ON p.id = r.player_id "
    "WHERE r.id = ? AND r.club_id = ?"
)


async def get(reader: Reader, request_id: int) -> Row | None:
    """The request with the nickname asked for, the player's id (None: a new player's
    nickname, not created yet) and the account the player is linked to (``linked``)."""
    return await reader.one(_QUERY, (request_id, club_id()))


async def open_new(
    tx: Transaction, user_id: int, player_id: int | None, now: str, nickname: str | None = None
) -> tuple[int, int | None]:
    """A pending request for a player, or for a new player's ``nickname``; the asker's earlier
    pending one is withdrawn. The new request's id and the withdrawn one's."""
    club = club_id()
    earlier = await tx.one(
        "SELECT id FROM link_requests WHERE club_id = ? AND user_id = ? AND status = ?",
        (club, user_id, LinkStatus.PENDING.value),
    )
    await tx.execute(
        "UPDATE link_requests SET status = ?, decided_at = ? "
        "WHERE club_id = ? AND user_id = ? AND status = ?",
        (LinkStatus.WITHDRAWN.value, now, club, user_id, LinkStatus.PENDING.value),
    )
    request_id = await tx.insert(
        "INSERT INTO link_requests (club_id, user_id, player_id, nickname, status, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (club, user_id, player_id, nickname, LinkStatus.PENDING.value, now),
    )
    return request_id, int(earlier[0]) if earlier else None


async def set_player(tx: Transaction, request_id: int, player_id: int) -> None:
    """A new player's request: the player created (or found) when it was approved."""
    await tx.execute("UPDATE link_requests SET player_id = ? WHERE id = ?", (player_id, request_id))


async def decide(
    tx: Transaction, request_id: int, status: LinkStatus, actor_id: int, now: str
) -> None:
    await tx.execute(
        "UPDATE link_requests SET status = ?, decided_by = ?, decided_at = ? WHERE id = ?",
        (status.value, actor_id, now, request_id),
    )


async def approve_pending(
    tx: Transaction, user_id: int, player_id: int, actor_id: int, now: str
) -> None:
    """A head judge linked them directly: the person's pending request for it is approved."""
    await tx.execute(
        "UPDATE link_requests SET status = ?, decided_by = ?, decided_at = ? "
        "WHERE club_id = ? AND user_id = ? AND player_id = ? AND status = ?",
        (
            LinkStatus.APPROVED.value,
            actor_id,
            now,
            club_id(),
            user_id,
            player_id,
            LinkStatus.PENDING.value,
        ),
    )


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED = (
    "club_id", "user_id", "player_id", "nickname", "status", "created_at", "decided_by",
    "decided_at",
)  # fmt: skip


async def archived(reader: Reader) -> Archive:
    """The club's requests to link a nickname, as an archive carries them."""
    return {"link_requests": rows_of(await reader.all(
        "SELECT * FROM link_requests WHERE club_id = ? ORDER BY id", (club_id(),)
    ))}  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    await tx.executemany(
        f"INSERT INTO link_requests ({', '.join(_MOVED)}) VALUES ({marks(_MOVED)})",
        [
            values(row, _MOVED, club_id=moved.club_id,
                   player_id=moved.of("players", row.get("player_id")))
            for row in by_id(archive.get("link_requests", []))
        ],
    )  # fmt: skip
