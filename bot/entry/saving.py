"""Saving a judge's protocol: what Confirm submits, and why a save was refused, as the judge
reads it (the chat's editor and the app's game both save this way)."""

from __future__ import annotations

from bot.club.games import Games, SaveProblem, Submission
from bot.club.tournaments import Tournaments
from bot.entry.draft import Draft, Step
from bot.texts import entry as texts


async def submission(games: Games, draft: Draft) -> Submission:
    """What Confirm saves: the draft's protocol, a replay of the table's annulled game
    unless the judge said it is not one."""
    awaiting = None
    if not draft.is_correction and not draft.not_replay:
        awaiting = await games.awaiting_replay(draft.tournament_id, draft.protocol.table)
    return Submission(
        draft_id=draft.id,
        tournament_id=draft.tournament_id,
        stage_id=draft.stage_id,
        protocol=draft.protocol,
        ended_at=draft.ended_at,
        game_id=draft.game_id,
        replay_of=awaiting[0] if awaiting else None,
        night=None if draft.is_correction else draft.night,
    )


async def problem_said(
    games: Games, tournaments: Tournaments, draft: Draft, problem: SaveProblem
) -> str:
    """Why a protocol was not saved, for the judge; the draft goes back to the step to fix."""
    if problem is SaveProblem.NUMBER_TAKEN:
        table, number = draft.protocol.table, draft.protocol.number
        free = await games.next_number(draft.tournament_id, table)
        draft.back_to, draft.step = Step.SUMMARY, Step.TABLE
        return texts.number_taken(table, number, free)
    if problem is SaveProblem.TOO_LATE:
        return texts.TOO_LATE
    if problem is SaveProblem.PROTESTED:
        return texts.PROTEST_PENDING
    if problem is SaveProblem.CLOSED:
        return texts.DRAFT_CLOSED
    if problem is SaveProblem.TOURNAMENT_CLOSED:
        tournament = await tournaments.get(draft.tournament_id)
        return texts.tournament_closed(tournament.title if tournament else "")
    draft.step = Step.SUMMARY
    return texts.INCOMPLETE
