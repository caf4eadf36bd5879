"""Counters of one game's log, per seat (issue 48 §2; docs/statistics.md): what each player did
and what was done to him, read from ``scoring.live.replay``'s state. Pure: no I/O, no clock.

A counter that needs a layer the game did not record is None, never zero: a club that never
records hands has no «votes on blacks», not «none». Statistics sum these counters over games
and divide (docs/statistics.md gives each formula).

Classes of a seat, as the systems we compare with count them: ``civilian`` (a red who is not the
sheriff), ``sheriff``, ``black`` (mafia and don).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from scoring.live import Layer, Left, LiveState, Phase
from scoring.model import Role, Team

SEATS = range(1, 11)
CLASSES = ("civilian", "sheriff", "black")


def seat_class(role: Role) -> str:
    if role is Role.SHERIFF:
        return "sheriff"
    return "black" if role.team is Team.BLACK else "civilian"


def _by_class() -> dict[str, int]:
    return dict.fromkeys(CLASSES, 0)


@dataclass
class Shooting:
    """One black's nights, by how many blacks were at the table when they shot (MafiaRatings'
    ``mafiosos``): ``ok`` all shot the one the team's shot hit; ``miss`` he shot, and the
    night was a miss (they disagreed, or he shot at nobody it took); ``blank`` he did not shoot;
    ``fail`` three shot, two agreed and he alone shot elsewhere (his miss cost the kill)."""

    ok: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})
    miss: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})
    blank: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})
    fail: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})


@dataclass(frozen=True, slots=True)
class Departure:
    """How and when a player left the table: in day ``round`` (its speeches or its vote) or in
    night ``round``."""

    round: int
    by_day: bool
    how: Left


@dataclass
class SeatCounters:
    seat: int
    role: Role
    won: bool | None  # None: a draw
    left: Departure | None = None
    fouls: int = 0
    first_killed: bool = False  # the shot of night 1 hit him
    best_move_blacks: int | None = None  # the blacks among his best move's three, if he gave one
    checks_recorded: bool = False  # the next four say nothing when the checks were not
    # the sheriff's and the don's checks of this seat: the night (None: never checked)
    checked_by_sheriff: int | None = None
    checked_by_don: int | None = None
    # a sheriff's own checks; a don's night he found the sheriff
    sheriff_found: dict[str, int] | None = None  # {"red": n, "black": n}
    sheriff_first_night_black: bool | None = None
    don_found_sheriff: int | None = None  # the night, None never (only a don's row has it)
    # layers: None when the game did not record the layer
    nominated: dict[str, int] | None = None  # whom he nominated, by class
    nominated_by: dict[str, int] | None = None  # who nominated him, by class
    voted: dict[str, int] | None = None  # his hands, by the class of the nominee (day 2 on)
    voted_by: dict[str, int] | None = None  # the hands for him, by the voter's class (day 2 on)
    voted_day_one: dict[str, int] | None = None  # his hands on day 1 (mostly a split)
    shooting: Shooting | None = None  # a black's nights (the shooters' layer)
    last_words: tuple[int, int] | None = None  # (colours called right, wrong)


def counters(
    state: LiveState, layers: Collection[str], checks: bool = True
) -> dict[int, SeatCounters]:
    """Each seat's counters of a finished game; ``layers``: what the log says was recorded
    (``Layer`` values); ``checks``: whether the judge recorded the night's checks (the log's
    kinds name ``check``: a game without them says nothing of who checked whom)."""
    seats = {
        seat: SeatCounters(seat, state.role(seat), _won(state, seat), fouls=state.fouls[seat - 1])
        for seat in SEATS
    }
    for seat, how in state.out.items():
        round_, phase = state.left_at[seat]
        seats[seat].left = Departure(round_, phase is not Phase.NIGHT, how)
    killed = state.first_killed
    if killed is not None:
        seats[killed].first_killed = True
        if state.best_move:
            found = sum(state.role(s).team is Team.BLACK for s in state.best_move)
            seats[killed].best_move_blacks = found
    if checks:
        for row in seats.values():
            row.checks_recorded = True
        _checks(state, seats)
    if Layer.NOMINATORS in layers:
        _nominations(state, seats)
    if Layer.HANDS in layers:
        _votes(state, seats)
    if Layer.SHOOTERS in layers:
        _shooting(state, seats)
    if Layer.LAST_WORDS in layers:
        for seat, (black, red) in state.last_words.items():
            right = sum(state.role(s).team is Team.BLACK for s in black)
            right += sum(state.role(s).team is Team.RED for s in red)
            seats[seat].last_words = (right, len(black) + len(red) - right)
    return seats


def _won(state: LiveState, seat: int) -> bool | None:
    if state.winner is None or state.winner.value == "draw":
        return None
    return state.role(seat).team.value == state.winner.value


def _checks(state: LiveState, seats: Mapping[int, SeatCounters]) -> None:
    sheriff = next((s for s in SEATS if state.role(s) is Role.SHERIFF), None)
    don = next((s for s in SEATS if state.role(s) is Role.DON), None)
    if sheriff is not None:
        seats[sheriff].sheriff_found = {"red": 0, "black": 0}
    if don is not None:
        seats[don].don_found_sheriff = None
    for night, by, target in state.checks:
        row = seats[target]
        black = state.role(target).team is Team.BLACK
        if by == "sheriff" and sheriff is not None:
            row.checked_by_sheriff = (
                night if row.checked_by_sheriff is None else row.checked_by_sheriff
            )
            found = seats[sheriff].sheriff_found
            assert found is not None
            found["black" if black else "red"] += 1
            if night == 1:
                seats[sheriff].sheriff_first_night_black = black
        elif by == "don":
            if row.checked_by_don is None:
                row.checked_by_don = night
            if target == sheriff and don is not None and seats[don].don_found_sheriff is None:
                seats[don].don_found_sheriff = night


def _nominations(state: LiveState, seats: Mapping[int, SeatCounters]) -> None:
    for row in seats.values():
        row.nominated, row.nominated_by = _by_class(), _by_class()
    for _, seat, by in state.nominations:
        if by is None:
            continue
        nominated, nominated_by = seats[by].nominated, seats[seat].nominated_by
        assert nominated is not None and nominated_by is not None
        nominated[seat_class(state.role(seat))] += 1
        nominated_by[seat_class(state.role(by))] += 1


def _votes(state: LiveState, seats: Mapping[int, SeatCounters]) -> None:
    """Every raised hand for a nominee; the vote to lift everyone is no vote for anyone."""
    for row in seats.values():
        row.voted, row.voted_by, row.voted_day_one = _by_class(), _by_class(), _by_class()
    for hands in state.hands:
        if hands.candidate is None:
            continue
        target = seat_class(state.role(hands.candidate))
        for voter in hands.voters:
            row = seats[voter]
            given = row.voted_day_one if hands.day == 1 else row.voted
            assert given is not None
            given[target] += 1
            if hands.day > 1:
                received = seats[hands.candidate].voted_by
                assert received is not None
                received[seat_class(state.role(voter))] += 1


def _shooting(state: LiveState, seats: Mapping[int, SeatCounters]) -> None:
    blacks = [s for s in SEATS if state.role(s).team is Team.BLACK]
    for seat in blacks:
        seats[seat].shooting = Shooting()
    for night, target in state.shots:
        alive = [s for s in blacks if _at_table_at_night(state, s, night)]
        if not alive:
            continue
        said = {black: aim for n, black, aim in state.shooters if n == night}
        aims = {black: said.get(black, target) if said else target for black in alive}
        _night(aims, target, seats)


def _night(
    aims: dict[int, int | None], target: int | None, seats: Mapping[int, SeatCounters]
) -> None:
    count = len(aims)
    shots = [aim for aim in aims.values() if aim is not None]
    agreed = target is not None and len(shots) == count and set(shots) == {target}
    for black, aim in aims.items():
        shooting = seats[black].shooting
        assert shooting is not None
        if agreed:
            shooting.ok[count] += 1
        elif aim is None and count > 1:  # alone, not shooting is his miss
            shooting.blank[count] += 1
        elif count == 3 and _alone_against_two(black, aims):
            shooting.fail[count] += 1
        else:
            shooting.miss[count] += 1


def _alone_against_two(black: int, aims: dict[int, int | None]) -> bool:
    others = [aim for seat, aim in aims.items() if seat != black]
    return others[0] is not None and others[0] == others[1] and aims[black] != others[0]


def _at_table_at_night(state: LiveState, seat: int, night: int) -> bool:
    """Was he at the table when night ``night``'s shot was made? Never left, left later, or is
    the one that shot hit (a black shot by his own team was at the table, not shooting: as
    MafiaRatings counts him). Night ``n`` follows day ``n``: one who left that day was gone."""
    if seat not in state.out:
        return True
    round_, phase = state.left_at[seat]
    return round_ > night or (round_ == night and phase is Phase.NIGHT)
