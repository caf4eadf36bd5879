"""``link_requests``: a person's request to be linked to a nickname, and its decision."""

from __future__ import annotations

import aiosqlite

from bot.core.db import Reader, Transaction
from bot.vocabulary.statuses import LinkStatus

_QUERY = (
    "SELECT r.*, p.nickname, p.user_id AS linked FROM link_requests AS r "
    "JOIN players AS p ON p.id = r.player_id WHERE r.id = ?"
)


async def get(reader: Reader, request_id: int) -> aiosqlite.Row | None:
    """The request with the player's nickname and the account he is linked to (``linked``)."""
    return await reader.one(_QUERY, (request_id,))


async def open_new(tx: Transaction, user_id: int, player_id: int, now: str) -> int:
    """A pending request; the asker's earlier pending one is withdrawn."""
    await tx.execute(
        "UPDATE link_requests SET status = ?, decided_at = ? WHERE user_id = ? AND status = ?",
        (LinkStatus.WITHDRAWN.value, now, user_id, LinkStatus.PENDING.value),
    )
    return await tx.insert(
        "INSERT INTO link_requests (user_id, player_id, status, created_at) VALUES (?, ?, ?, ?)",
        (user_id, player_id, LinkStatus.PENDING.value, now),
    )


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
        "WHERE user_id = ? AND player_id = ? AND status = ?",
        (LinkStatus.APPROVED.value, actor_id, now, user_id, player_id, LinkStatus.PENDING.value),
    )
