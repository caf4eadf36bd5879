"""Statistics from per-seat counters (``scoring.stats``): a player's games summed into ratios,
each with the games it counts (issue 48 §2). Pure: no I/O. docs/statistics.md defines each one —
its formula, the layer it needs and which system counts it.

A statistic counts a game only when the game can say it: the player's role fits, and the layer it
needs was recorded. ``Ratio.games`` is that number, so a club that never records hands shows no
«votes on blacks» rather than a zero. The club's average player is the mean of the players'
own values over those with enough games (as MafiaRatings shows «the average player»).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.live import Left
from scoring.model import Role, Team
from scoring.stats import SeatCounters, Shooting


@dataclass(frozen=True, slots=True)
class Ratio:
    part: int
    whole: int
    games: int  # the games counted

    @property
    def value(self) -> Fraction | None:
        return Fraction(self.part, self.whole) if self.whole else None

    def __add__(self, other: Ratio) -> Ratio:
        return Ratio(self.part + other.part, self.whole + other.whole, self.games + other.games)


NOTHING = Ratio(0, 0, 0)


@dataclass(frozen=True, slots=True)
class Statistic:
    key: str
    counts: Callable[[SeatCounters], bool]  # does this game count for it
    part: Callable[[SeatCounters], int]
    whole: Callable[[SeatCounters], int]


def _red(row: SeatCounters) -> bool:
    return row.role.team is Team.RED


def _black(row: SeatCounters) -> bool:
    return row.role.team is Team.BLACK


def _one(row: SeatCounters) -> int:
    return 1


def _given(row: SeatCounters) -> int:
    return sum(row.voted.values()) if row.voted is not None else 0


def _shots(alive: int, what: str) -> Statistic:
    """A black's nights with ``alive`` blacks at the table: ``what`` of them among all."""

    def nights(row: SeatCounters) -> int:
        shooting = row.shooting
        assert shooting is not None
        return sum(getattr(shooting, kind)[alive] for kind in ("ok", "miss", "blank", "fail"))

    def part(row: SeatCounters) -> int:
        shooting: Shooting | None = row.shooting
        assert shooting is not None
        return int(getattr(shooting, what)[alive])

    def counts(row: SeatCounters) -> bool:
        return row.shooting is not None and nights(row) > 0

    return Statistic(f"shots{alive}_{what}", counts, part, nights)


def _all_shots(row: SeatCounters) -> int:
    shooting = row.shooting
    assert shooting is not None
    return sum(sum(getattr(shooting, kind).values()) for kind in ("ok", "miss", "blank", "fail"))


SHOTS_OK = Statistic(
    "shots_ok", lambda r: r.shooting is not None and _all_shots(r) > 0,
    lambda r: sum(r.shooting.ok.values()) if r.shooting is not None else 0, _all_shots,
)  # fmt: skip


def _role_wins(role: Role) -> Statistic:
    return Statistic(
        f"wins_{role.value}", lambda r: r.role is role, lambda r: int(r.won is True), _one
    )


def _left(how: Left) -> Callable[[SeatCounters], int]:
    return lambda row: int(row.left is not None and row.left.how is how)


STATISTICS: tuple[Statistic, ...] = (
    *(_role_wins(role) for role in (Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON)),
    Statistic("first_killed", _red, lambda r: int(r.first_killed), _one),
    Statistic(
        "best_move_found", lambda r: r.best_move_blacks is not None,
        lambda r: r.best_move_blacks or 0, lambda r: 3,
    ),
    Statistic(
        "best_move_three", lambda r: r.best_move_blacks is not None,
        lambda r: int(r.best_move_blacks == 3), _one,
    ),
    Statistic("survived", lambda r: True, lambda r: int(r.left is None), _one),
    Statistic("left_voted", lambda r: True, _left(Left.VOTED), _one),
    Statistic("left_shot", lambda r: True, _left(Left.SHOT), _one),
    Statistic(
        "left_removed", lambda r: True,
        lambda r: int(r.left is not None and r.left.how not in (Left.VOTED, Left.SHOT)), _one,
    ),
    Statistic(
        "voted_out_early", lambda r: True,
        lambda r: int(r.left is not None and r.left.how is Left.VOTED and r.left.round <= 2),
        _one,
    ),
    Statistic("fouls", lambda r: True, lambda r: r.fouls, _one),
    # the checks (recorded or not: the log's kinds say)
    Statistic(
        "sheriff_black_checks", lambda r: r.sheriff_found is not None,
        lambda r: (r.sheriff_found or {}).get("black", 0),
        lambda r: sum((r.sheriff_found or {}).values()),
    ),
    Statistic(
        "sheriff_first_night_black", lambda r: r.sheriff_first_night_black is not None,
        lambda r: int(bool(r.sheriff_first_night_black)), _one,
    ),
    Statistic(
        "sheriff_found_by_don", lambda r: r.role is Role.SHERIFF and r.checks_recorded,
        lambda r: int(r.checked_by_don is not None), _one,
    ),
    Statistic(
        "don_found_sheriff", lambda r: r.role is Role.DON and r.checks_recorded,
        lambda r: int(r.don_found_sheriff is not None), _one,
    ),
    Statistic(
        "don_found_sheriff_first_night", lambda r: r.role is Role.DON and r.checks_recorded,
        lambda r: int(r.don_found_sheriff == 1), _one,
    ),
    Statistic(
        "checked_by_sheriff", lambda r: _black(r) and r.checks_recorded,
        lambda r: int(r.checked_by_sheriff is not None), _one,
    ),
    # the hands (days 2 on: day 1's vote is mostly a split)
    Statistic(
        "votes_on_blacks", lambda r: _red(r) and _given(r) > 0,
        lambda r: (r.voted or {}).get("black", 0), _given,
    ),
    Statistic(
        "votes_on_sheriff", lambda r: _black(r) and _given(r) > 0,
        lambda r: (r.voted or {}).get("sheriff", 0), _given,
    ),
    Statistic(
        "votes_from_reds", lambda r: _black(r) and r.voted_by is not None,
        lambda r: (r.voted_by or {}).get("civilian", 0) + (r.voted_by or {}).get("sheriff", 0),
        _one,
    ),
    Statistic(
        "strong_hand", lambda r: _red(r) and _given(r) > 0,
        lambda r: int((r.voted or {}).get("black", 0) == _given(r)), _one,
    ),
    # the nominators
    Statistic(
        "nominated_blacks", lambda r: _red(r) and sum((r.nominated or {}).values()) > 0,
        lambda r: (r.nominated or {}).get("black", 0), lambda r: sum((r.nominated or {}).values()),
    ),
    Statistic(
        "nominated_by_reds", lambda r: _black(r) and r.nominated_by is not None,
        lambda r: (r.nominated_by or {}).get("civilian", 0)
        + (r.nominated_by or {}).get("sheriff", 0),
        _one,
    ),
    # each black's shot
    SHOTS_OK,
    *(_shots(alive, what) for alive in (3, 2, 1) for what in ("ok", "miss", "blank")),
    _shots(3, "fail"),
    # last words
    Statistic(
        "last_words_right", lambda r: r.last_words is not None and sum(r.last_words) > 0,
        lambda r: (r.last_words or (0, 0))[0], lambda r: sum(r.last_words or (0, 0)),
    ),
)  # fmt: skip
BY_KEY = {statistic.key: statistic for statistic in STATISTICS}


def statistics(games: Iterable[SeatCounters]) -> dict[str, Ratio]:
    """One player's statistics over his games (each game's counters of his seat)."""
    found = dict.fromkeys(BY_KEY, NOTHING)
    for row in games:
        for statistic in STATISTICS:
            if statistic.counts(row):
                found[statistic.key] += Ratio(statistic.part(row), statistic.whole(row), 1)
    return found


def club_average(players: Iterable[Mapping[str, Ratio]], least_games: int) -> dict[str, Fraction]:
    """The club's average player: for each statistic, the mean of the players' own values over
    those with at least ``least_games`` games counted in it (a statistic nobody reaches is left
    out)."""
    values: dict[str, list[Fraction]] = {}
    for player in players:
        for key, ratio in player.items():
            if ratio.games >= least_games and ratio.value is not None:
                values.setdefault(key, []).append(ratio.value)
    return {key: sum(found, Fraction(0)) / len(found) for key, found in values.items()}
