"""A player's own result when a game's result changes: each linked player whose points in the game
changed is told in private, before → after (if he has not switched his results off)."""

from __future__ import annotations

from fractions import Fraction

from bot.core.club_scope import club_id
from bot.core.db import Transaction
from bot.core.outbox import Kind, enqueue, private
from bot.texts import record as texts
from bot.texts.points import show


async def queue_changed_points(
    tx: Transaction, game_id: int, table: int, number: int, before: dict[int, Fraction],
    after: dict[int, Fraction], now: str,
) -> None:  # fmt: skip
    """``before`` and ``after``: player id → his points in the game (absent: not in it, or the
    game does not count)."""
    changed = [p for p in sorted(set(before) | set(after)) if before.get(p) != after.get(p)]
    if not changed:
        return
    marks = ",".join("?" * len(changed))
    linked = await tx.all(
        f"SELECT p.id, p.user_id FROM players AS p JOIN members AS m ON m.user_id = p.user_id "
        f"WHERE p.id IN ({marks}) AND p.club_id = ? AND m.private_results = 1",
        (*changed, club_id()),
    )
    for row in linked:
        old, new = before.get(row["id"]), after.get(row["id"])
        body = texts.points_changed(
            table, number,
            show(old) if old is not None else None,
            show(new) if new is not None else None,
        )  # fmt: skip
        await enqueue(tx, private(row["user_id"]), Kind.TEXT, now, game_id=game_id, body=body)
