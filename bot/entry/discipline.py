"""The editor's discipline taps: fouls, technical fouls, a removal by the judge and a team defeat
(ППК), and undoing them one tap at a time (SCORING.md, «Discipline»).

Steps like those of ``bot.entry.steps``: each changes the draft in place or raises
``EntryError`` with a Russian reason. A tap that would break a rule (a 5th foul, a second cause
of removal, a second ППК) is refused here; what a later change can still break (a ППК whose
winner was changed afterwards) is the scoring core's validation, shown on the summary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.callbacks import EntryAction
from bot.entry.draft import Draft, Step
from bot.entry.steps import EntryError, seat_of
from bot.texts import entry as texts
from bot.texts.points import show
from scoring import MAX_FOULS, MAX_TECHNICAL_FOULS, Removal, Ruleset, Team, Winner

_UNDO_KEPT = 30  # taps a judge can step back through


def _foul(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _tapped_seat(draft, value)
    protocol = draft.protocol
    fouls = protocol.seat_fouls(seat)
    if fouls >= MAX_FOULS:
        raise EntryError(texts.fouls_full(seat))
    if fouls + 1 == MAX_FOULS:
        _refuse_second_cause(draft, seat)
    _remember(draft, seat, "foul")
    _set(draft, seat, fouls=fouls + 1)
    if fouls + 1 == MAX_FOULS:
        draft.notice = texts.removed_by_fouls(seat, show(ruleset.discipline("fouls")))
    else:
        draft.notice = texts.foul_given(seat, fouls + 1)


def _unfoul(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _tapped_seat(draft, value)
    fouls = draft.protocol.seat_fouls(seat)
    if not fouls:
        raise EntryError(texts.no_fouls(seat))
    _remember(draft, seat, "unfoul")
    _set(draft, seat, fouls=fouls - 1)


def _technical(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _tapped_seat(draft, value)
    technical = draft.protocol.seat_technical_fouls(seat)
    if technical >= MAX_TECHNICAL_FOULS:
        raise EntryError(texts.technical_full(seat))
    if technical + 1 == MAX_TECHNICAL_FOULS:
        _refuse_second_cause(draft, seat)
    _remember(draft, seat, "technical")
    _set(draft, seat, technical=technical + 1)
    if technical + 1 == MAX_TECHNICAL_FOULS:
        draft.notice = texts.removed_by_technical(seat, show(ruleset.discipline("technical")))
    else:
        draft.notice = texts.technical_given(seat)


def _untechnical(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _tapped_seat(draft, value)
    technical = draft.protocol.seat_technical_fouls(seat)
    if not technical:
        raise EntryError(texts.no_technical(seat))
    _remember(draft, seat, "untechnical")
    _set(draft, seat, technical=technical - 1)


def _ask_removal(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    """«Удалён судьёй» or «ППК» on a seat's screen: asked once more before it is recorded."""
    seat = _open_seat(draft)
    removal = _removal(value)
    _refuse_second_cause(draft, seat)
    if removal is Removal.PPK:
        _refuse_second_ppk(draft, seat)
    draft.asking = removal.value


def _confirm_removal(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _open_seat(draft)
    removal = _removal(value)
    if draft.asking != removal.value:
        raise EntryError(texts.UNKNOWN_BUTTON)
    draft.asking = None
    _refuse_second_cause(draft, seat)
    _remember(draft, seat, removal.value)
    _set(draft, seat, removal=removal)
    if removal is Removal.JUDGE:
        draft.notice = texts.removed_by_judge(seat)
        return
    _refuse_second_ppk(draft, seat)
    loser = _team(draft, seat)
    winner = Winner.BLACK if loser is Team.RED else Winner.RED
    draft.protocol = replace(draft.protocol, winner=winner)
    if draft.ended_at is None:
        draft.ended_at = now.isoformat(timespec="seconds")
    draft.notice = texts.ppk_recorded(
        seat, texts.TEAM_GENITIVE[loser.value], texts.WINNER_OF[winner.value]
    )


def _keep(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    draft.asking = None


def _unremove(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    seat = _open_seat(draft)
    removal = draft.protocol.removal(seat)
    if removal is None:
        raise EntryError(texts.no_removal(seat))
    _remember(draft, seat, "unremove")
    _set(draft, seat, removal=None)
    draft.notice = texts.unremoved(seat, removal is Removal.PPK)


def _undo(draft: Draft, value: str, ruleset: Ruleset, now: datetime) -> None:
    """The newest discipline tap undone: the seat's discipline (and, a ППК, the winner) as
    before it."""
    if draft.step not in _DISCIPLINE_STEPS:
        raise EntryError(texts.UNKNOWN_BUTTON)
    if not draft.undo:
        raise EntryError(texts.NOTHING_TO_UNDO)
    last = draft.undo.pop()
    seat = int(last["seat"])
    removal = Removal(last["removal"]) if last["removal"] else None
    draft.protocol = draft.protocol.with_discipline(
        seat, int(last["fouls"]), int(last["technical"]), removal
    )
    if last["kind"] == Removal.PPK.value and last["winner"]:  # the one tap that set a winner
        draft.protocol = replace(draft.protocol, winner=Winner(last["winner"]))
    draft.asking = None
    draft.notice = texts.undone(texts.undo_what(last["kind"], seat))


def undo_label(draft: Draft) -> str | None:
    """What «↩️ Отменить» would undo, or None when there is nothing."""
    if not draft.undo:
        return None
    last = draft.undo[-1]
    return texts.undo_button(texts.undo_what(last["kind"], int(last["seat"])))


# -- helpers ---------------------------------------------------------------------------------


_DISCIPLINE_STEPS = (Step.EXTRAS, Step.SEAT)


def _tapped_seat(draft: Draft, value: str) -> int:
    """The seat of a foul button: shown on the extras screen and a seat's own screen only."""
    if draft.step not in _DISCIPLINE_STEPS:
        raise EntryError(texts.UNKNOWN_BUTTON)
    return seat_of(value)


def _open_seat(draft: Draft) -> int:
    if draft.step is not Step.SEAT or draft.cursor is None:
        raise EntryError(texts.SEAT_FIRST)
    return draft.cursor


def _removal(value: str) -> Removal:
    try:
        return Removal(value)
    except ValueError:
        raise EntryError(texts.UNKNOWN_BUTTON) from None


def _team(draft: Draft, seat: int) -> Team:
    role = draft.protocol.role(seat)
    if role is None:
        raise EntryError(texts.ROLES_AND_WINNER_FIRST)
    return role.team


def _refuse_second_cause(draft: Draft, seat: int) -> None:
    cause = draft.protocol.removed(seat)
    if cause is not None:
        raise EntryError(texts.already_removed(seat, cause))


def _refuse_second_ppk(draft: Draft, seat: int) -> None:
    other = draft.protocol.team_defeat
    if other is not None and other != seat:
        raise EntryError(texts.ppk_elsewhere(other))


def _remember(draft: Draft, seat: int, kind: str) -> None:
    protocol = draft.protocol
    removal = protocol.removal(seat)
    entry: dict[str, Any] = {
        "kind": kind,
        "seat": seat,
        "fouls": protocol.seat_fouls(seat),
        "technical": protocol.seat_technical_fouls(seat),
        "removal": removal.value if removal else None,
        "winner": protocol.winner.value if protocol.winner else None,
    }
    draft.undo = [*draft.undo, entry][-_UNDO_KEPT:]


def _set(draft: Draft, seat: int, **changes: Any) -> None:
    """The seat's discipline with ``fouls``, ``technical`` or ``removal`` changed."""
    protocol = draft.protocol
    now = {
        "fouls": protocol.seat_fouls(seat),
        "technical": protocol.seat_technical_fouls(seat),
        "removal": protocol.removal(seat),
    } | changes
    draft.protocol = protocol.with_discipline(seat, now["fouls"], now["technical"], now["removal"])


StepFunction = Callable[[Draft, str, Ruleset, datetime], None]

STEPS: dict[EntryAction, StepFunction] = {
    EntryAction.FOUL: _foul,
    EntryAction.UNFOUL: _unfoul,
    EntryAction.TECHNICAL: _technical,
    EntryAction.UNTECHNICAL: _untechnical,
    EntryAction.REMOVE: _ask_removal,
    EntryAction.REMOVE_YES: _confirm_removal,
    EntryAction.REMOVE_NO: _keep,
    EntryAction.UNREMOVE: _unremove,
    EntryAction.UNDO: _undo,
}
