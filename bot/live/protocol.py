"""A game run in the Mini App, read into the protocol the chat dialog makes.

The log gives the roles, the winner, the first night, the best move and the discipline; the
players, the place and what the judge adds after the game (extras, catalogue penalties) stay
those of his draft.
"""

from __future__ import annotations

from dataclasses import replace

from bot.vocabulary.protocol import Protocol
from scoring import Role
from scoring.live import LiveState


def with_the_log(protocol: Protocol, state: LiveState) -> Protocol:
    """``protocol`` with what the log says in place of what the judge taps in the chat."""

    def seats_of(role: Role) -> tuple[int, ...]:
        return tuple(sorted(seat for seat, marked in state.roles.items() if marked is role))

    sheriff, don = seats_of(Role.SHERIFF), seats_of(Role.DON)
    return replace(
        protocol,
        sheriff=sheriff[0] if sheriff else None,
        don=don[0] if don else None,
        mafia=seats_of(Role.MAFIA),
        winner=state.winner,
        first_killed=state.first_killed,
        night_done=state.first_night_done,
        best_move=state.best_move,
        fouls=tuple(state.fouls),
        technical_fouls=tuple(state.technical_fouls),
        removals=tuple(state.removals),
    )


def kinds_recorded(state: LiveState, log: list[dict[str, object]]) -> list[str]:
    """The kinds of events in effect in the game's log, in a fixed order (stored with the game,
    so that statistics know what was recorded: a game without checks had none recorded)."""
    applied = set(state.applied)
    return sorted({str(event["kind"]) for event in log if event["id"] in applied})
