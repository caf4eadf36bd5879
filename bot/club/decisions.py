"""What follows a decision on a protest, whoever made it: the protester and the club are told,
and a game whose window has closed and that awaits no other decision becomes final.

Shared by the protests feature (reject, replay) and by saving a correction (a head judge's
change decides the protests he took), inside the transaction that decided."""

from __future__ import annotations

from bot.core.db import Transaction
from bot.core.outbox import CLUB, Kind, enqueue, private
from bot.tables import games as game_rows
from bot.tables import protests as protest_rows
from bot.tables.protests import Protest
from bot.texts import protests as texts
from bot.vocabulary.statuses import ProtestStatus


async def tell_decision(
    tx: Transaction, protest: Protest, status: ProtestStatus, reason: str | None, now: str,
    *, in_club: bool = True,
) -> None:  # fmt: skip
    """The protester hears the decision; the club too, under the announcement, unless its
    words go with the correction's note (``in_club`` False: one reply, not two)."""
    await enqueue(
        tx, private(protest.user_id), Kind.TEXT, now,
        body=texts.decision_for_protester(protest.table, protest.number, status, reason),
    )  # fmt: skip
    if in_club:
        await enqueue(
            tx, CLUB, Kind.REPLY, now, game_id=protest.game_id,
            body=texts.decision_for_club(protest.nickname, status, reason),
        )  # fmt: skip


async def finalize_if_settled(tx: Transaction, game_id: int, now: str, cutoff: str) -> None:
    """After the last decision on a game whose window has closed (it ended at or before
    ``cutoff``), it is final."""
    await game_rows.finalize(tx, await game_rows.due_to_finalize(tx, cutoff, game_id), now)


async def decide_by_change(
    tx: Transaction, game_id: int, actor_id: int, now: str, cutoff: str
) -> list[str]:
    """A head judge saved a correction of a game whose protest he took to change: decided.
    The protesters' nicknames come back: the club reads the decision in the correction's note."""
    decided = []
    for protest in await protest_rows.pending_of_game(tx, game_id, change_by=actor_id):
        if await protest_rows.decide(tx, protest.id, ProtestStatus.CHANGED, actor_id, now):
            await tell_decision(tx, protest, ProtestStatus.CHANGED, None, now, in_club=False)
            decided.append(protest.nickname)
    await finalize_if_settled(tx, game_id, now, cutoff)
    return decided
