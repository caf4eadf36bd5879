"""The editor's steps that need nothing but the draft, the tapped value, the ruleset and the
time: marking roles, the winner, the first night, the best move, extras and penalties, and moving
between screens. Each changes the draft in place or raises ``EntryError``; none reads or writes
the database, so each is a plain function with a plain test."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from decimal import Decimal

from bot.callbacks import EntryAction
from bot.club.players import Player
from bot.core.parsing import InputError, extra_points, small_number
from bot.entry.draft import ORDER, Draft, Step
from bot.texts import entry as texts
from bot.vocabulary.protocol import SEATS
from bot.vocabulary.refusal import Refusal
from scoring import Ruleset, Winner, outcome_for

_NEEDS_ROLES_AND_WINNER = {Step.EXTRAS, Step.SEAT}


class EntryError(Refusal):
    """Something the judge asked for that cannot be done; ``message`` is Russian."""


def _choose_seat(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    """A seat tapped on the players' screen: it is chosen; a second seat tapped while a seated
    player's seat is chosen swaps the two (moves him, when that seat is empty)."""
    seat = seat_of(value)
    chosen = draft.cursor if draft.step is Step.PLAYERS else None
    draft.step = Step.PLAYERS
    draft.query = None
    if chosen is not None and chosen != seat and draft.protocol.player(chosen) is not None:
        _swap(draft, chosen, seat)
        return
    draft.cursor = seat


def _swap(draft: Draft, first: int, second: int) -> None:
    protocol = draft.protocol
    one, other = protocol.player(first), protocol.player(second)
    draft.protocol = protocol.seat_player(first, other).seat_player(second, one)
    draft.unknown = [(s, n) for s, n in draft.unknown if s not in (first, second)]
    draft.notice = texts.swapped(first, second) if other is not None else texts.moved(first, second)
    draft.cursor = draft.next_open_seat()


def _goto(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    try:
        step = Step(value)
    except ValueError:
        raise EntryError(texts.UNKNOWN_BUTTON) from None
    if step in (Step.SEAT, Step.DISCARD):
        raise EntryError(texts.UNKNOWN_BUTTON)
    if step in _NEEDS_ROLES_AND_WINNER and not can_show(draft, step):
        raise EntryError(texts.ROLES_AND_WINNER_FIRST)
    if step is Step.BEST_MOVE and not can_show(draft, step):
        step = Step.NIGHT
    if step is Step.TABLE:
        draft.back_to = Step.SUMMARY if draft.step in (Step.SUMMARY, Step.EDIT) else draft.step
    if draft.step is Step.SEAT:
        draft.cursor = None  # done with that seat
    leave(draft, step)
    if step is Step.SUMMARY:
        draft.reviewing = True


def _next(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    protocol = draft.protocol
    if draft.step is Step.PLAYERS and not protocol.players_complete:
        raise EntryError(texts.FILL_ALL_SEATS)
    if draft.step is Step.ROLES and not protocol.roles_complete:
        raise EntryError(texts.MARK_ROLES)
    if draft.step is Step.WINNER and not protocol.winner:
        raise EntryError(texts.PRESS_WINNER)
    if draft.step is Step.NIGHT and not protocol.night_done:
        raise EntryError(texts.PRESS_KILLED)
    if draft.step is Step.BEST_MOVE and len(protocol.best_move) not in (0, 3):
        raise EntryError(texts.BEST_MOVE_THREE)
    advance(draft)


def _back(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    if draft.step in (Step.TABLE, Step.DISCARD):
        leave(draft, draft.back_to or Step.PLAYERS)  # where the judge came from
        return
    if draft.step is Step.SEAT:
        leave(draft, Step.EXTRAS)
    elif draft.step is Step.EDIT:
        leave(draft, Step.SUMMARY)
    elif draft.step in ORDER and draft.step is not Step.PLAYERS:
        earlier = [s for s in ORDER[: ORDER.index(draft.step)] if can_show(draft, s)]
        leave(draft, earlier[-1])
    draft.cursor = None


def leave(draft: Draft, step: Step) -> None:
    """Move to ``step``, clearing what only the screen being left needed."""
    if draft.step is Step.PLAYERS and step is not Step.PLAYERS:
        draft.query = None
        draft.cursor = None
    if step not in (Step.TABLE, Step.DISCARD):
        draft.back_to = None
    if step is not draft.step:
        draft.asking = None  # a removal asked about on a seat's screen left unanswered
    draft.step = step


def _role(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = seat_of(value)
    draft.step = Step.ROLES
    protocol = draft.protocol
    if seat in (protocol.sheriff, protocol.don) or seat in protocol.mafia:
        if protocol.roles_complete:
            raise EntryError(texts.ROLES_ALREADY)
        draft.protocol = replace(
            protocol,
            sheriff=None if protocol.sheriff == seat else protocol.sheriff,
            don=None if protocol.don == seat else protocol.don,
            mafia=tuple(s for s in protocol.mafia if s != seat),
        )
        return
    if protocol.sheriff is None:
        draft.protocol = replace(protocol, sheriff=seat)
    elif protocol.don is None:
        draft.protocol = replace(protocol, don=seat)
    elif len(protocol.mafia) < 2:
        draft.protocol = replace(protocol, mafia=(*protocol.mafia, seat))
    else:
        raise EntryError(texts.ROLES_ALREADY)
    if draft.protocol.roles_complete:
        advance(draft)


def _roles_again(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    draft.protocol = replace(draft.protocol, sheriff=None, don=None, mafia=())
    draft.step = Step.ROLES


def _winner(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    try:
        winner = Winner(value)
    except ValueError:
        raise EntryError(texts.UNKNOWN_RESULT) from None
    draft.protocol = replace(draft.protocol, winner=winner)
    if draft.ended_at is None:
        draft.ended_at = now.isoformat(timespec="seconds")
    draft.step = Step.WINNER
    advance(draft)


def _killed(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    if value == "0":
        draft.protocol = replace(draft.protocol, first_killed=None, best_move=(), night_done=True)
    else:
        seat = seat_of(value)
        best_move = tuple(s for s in draft.protocol.best_move if s != seat)
        draft.protocol = replace(
            draft.protocol, first_killed=seat, best_move=best_move, night_done=True
        )
    draft.best_move_done = not draft.protocol.best_move_applies
    draft.step = Step.NIGHT
    advance(draft)


def _best_move(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    protocol = draft.protocol
    if not protocol.best_move_applies:
        raise EntryError(texts.BEST_MOVE_RED_ONLY)
    draft.step = Step.BEST_MOVE
    if value == "0":
        draft.protocol = replace(protocol, best_move=())
        draft.best_move_done = True
        advance(draft)
        return
    seat = seat_of(value)
    if seat == protocol.first_killed:
        raise EntryError(texts.BEST_MOVE_OWN_SEAT)
    chosen = list(protocol.best_move)
    if seat in chosen:
        chosen.remove(seat)
    elif len(chosen) < 3:
        chosen.append(seat)
    else:
        raise EntryError(texts.BEST_MOVE_FULL)
    draft.protocol = replace(protocol, best_move=tuple(chosen))
    draft.best_move_done = len(chosen) == 3
    if draft.best_move_done:
        advance(draft)


def _seat_extras(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    if not draft.protocol.roles_complete or not draft.protocol.winner:
        raise EntryError(texts.ROLES_AND_WINNER_FIRST)
    draft.cursor = seat_of(value)
    draft.step = Step.SEAT


def _extra_button(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    try:
        amount = extra_points(value)  # the parser of typed extras: a button is no different
    except InputError:
        raise EntryError(texts.UNKNOWN_VALUE) from None
    set_extra(draft, amount, ruleset)


def set_extra(draft: Draft, value: Decimal, ruleset: Ruleset) -> None:
    if draft.step is not Step.SEAT or draft.cursor is None:
        raise EntryError(texts.SEAT_FIRST)
    if draft.protocol.winner is Winner.DRAW and not ruleset.extra_in_draw:
        raise EntryError(texts.EXTRA_IN_DRAW)
    if not ruleset.is_valid_extra(value):
        raise EntryError(
            texts.extra_range(ruleset.extra_min, ruleset.extra_max, ruleset.extra_step)
        )
    draft.protocol = draft.protocol.with_extra(draft.cursor, value)


def _penalty(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = draft.cursor
    protocol = draft.protocol
    if draft.step is not Step.SEAT or seat is None:
        raise EntryError(texts.SEAT_FIRST)
    role = protocol.role(seat)
    assert role is not None and protocol.winner is not None
    item = ruleset.penalty(value)
    if item is None or not item.applies_to(role, outcome_for(role, protocol.winner)):
        raise EntryError(texts.PENALTY_DOES_NOT_FIT)
    chosen = list(protocol.seat_penalties(seat))
    if value in chosen:
        chosen.remove(value)
    else:
        chosen.append(value)
    draft.protocol = protocol.with_penalties(seat, tuple(chosen))


def _replay(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    """The judge says whether this game replays the table's annulled one (the default: yes)."""
    draft.not_replay = value != "1"


def _ask_discard(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    if draft.step is not Step.DISCARD:
        draft.back_to = draft.step if draft.step is not Step.TABLE else draft.back_to
        draft.step = Step.DISCARD


# -- saving --------------------------------------------------------------------------------


def can_show(draft: Draft, step: Step) -> bool:
    """Whether a step can be shown now: some depend on answers given before."""
    if step is Step.BEST_MOVE:
        return draft.protocol.best_move_applies
    if step in _NEEDS_ROLES_AND_WINNER:
        return draft.protocol.roles_complete and draft.protocol.winner is not None
    return True


def advance(draft: Draft) -> None:
    """To the next step; once the judge has seen the summary, back to it when complete."""
    start = ORDER.index(draft.step) + 1 if draft.step in ORDER else 0
    following = [step for step in ORDER[start:] if can_show(draft, step)]
    step = following[0] if following else Step.SUMMARY
    asks_best_move = step is Step.BEST_MOVE and not draft.best_move_done
    if draft.reviewing and not draft.protocol.missing() and not asks_best_move:
        step = Step.SUMMARY
    leave(draft, step)
    draft.cursor = None
    if step is Step.SUMMARY:
        draft.reviewing = True


def normalize(draft: Draft, ruleset: Ruleset) -> None:
    """Drop what a change of roles or result made impossible, and say so."""
    protocol = draft.protocol
    dropped = []
    no_extras = protocol.winner is Winner.DRAW and not ruleset.extra_in_draw
    if no_extras and any(protocol.extras):
        protocol = replace(protocol, extras=(Decimal(0),) * 10)
        dropped.append(texts.DROPPED_EXTRAS)
    if protocol.winner and protocol.roles_complete:
        for seat in SEATS:
            role = protocol.role(seat)
            assert role is not None
            outcome = outcome_for(role, protocol.winner)
            codes = protocol.seat_penalties(seat)
            fitting = tuple(
                c for c in codes if (i := ruleset.penalty(c)) and i.applies_to(role, outcome)
            )
            if fitting != codes:
                dropped.append(texts.dropped_penalties(seat))
                protocol = protocol.with_penalties(seat, fitting)
    if protocol.best_move and not protocol.best_move_applies:
        protocol = replace(protocol, best_move=())
        dropped.append(texts.DROPPED_BEST_MOVE)
    draft.protocol = protocol
    if dropped and not draft.notice:
        draft.notice = texts.dropped(dropped)


def seat_player(draft: Draft, player: Player) -> None:
    protocol = draft.protocol
    seat = draft.cursor or draft.next_open_seat()
    if seat is None:
        raise EntryError(texts.ALL_SEATS_TAKEN)
    other = protocol.seat_of(player.id)
    if other is not None and other != seat:  # he sits elsewhere: the two change seats
        _swap(draft, other, seat)
        return
    draft.protocol = protocol.seat_player(seat, player.id)
    draft.unknown = [(s, n) for s, n in draft.unknown if s != seat]
    draft.query = None
    draft.cursor = draft.next_open_seat()


def keep_table(draft: Draft, table: int, head_judge: bool) -> None:
    """During a seated evening a protocol filled from the seating belongs to its table's round:
    a judge cannot move it to another table (its ten players would be saved as another table's
    game); a head judge may, and the protocol then leaves the seating (said on the screen)."""
    if draft.night is None or draft.is_correction or table == draft.protocol.table:
        return
    if not head_judge:
        raise EntryError(texts.seated_table(draft.protocol.table, draft.night[1]))
    draft.night = None
    draft.notice = texts.left_the_seating(draft.protocol.table, table)


def seat_of(value: str) -> int:
    seat = small_number(value, 1, 10)
    if seat is None:
        raise EntryError(texts.NO_SUCH_SEAT)
    return seat


StepFunction = Callable[[Draft, str, Ruleset, datetime], None]

STEPS: dict[EntryAction, StepFunction] = {
    EntryAction.SEAT: _choose_seat,
    EntryAction.GOTO: _goto,
    EntryAction.NEXT: _next,
    EntryAction.BACK: _back,
    EntryAction.ROLE: _role,
    EntryAction.ROLES_AGAIN: _roles_again,
    EntryAction.WINNER: _winner,
    EntryAction.KILLED: _killed,
    EntryAction.BEST_MOVE: _best_move,
    EntryAction.SEAT_EXTRAS: _seat_extras,
    EntryAction.EXTRA: _extra_button,
    EntryAction.PENALTY: _penalty,
    EntryAction.DISCARD: _ask_discard,
    EntryAction.REPLAY: _replay,
}
