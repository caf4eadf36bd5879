"""Points of every seat of every game, and the standings of a distance (SCORING.md).

Points are exact. Every ruleset value and judge's extra is a finite decimal, so they are kept as
integers in units of ``1/scale`` (scale = 10^decimals of the ruleset); only the compensation Ci,
which may be a repeating fraction (0.4·1/3), is a ``Fraction``. Integers keep a distance of
100,000 games fast; ``Fraction``s appear only per player and stage.
"""

from __future__ import annotations

import gc
import hashlib
import math
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple, TypeVar

from scoring.model import OUTCOMES, RED_ROLES, Game, Outcome, Role, Team, Winner
from scoring.rulesets import Ruleset

_SPECIAL_ROLES = (Role.DON, Role.SHERIFF)
_NO_CI = Fraction(0)  # shared, so that a seat without Ci is told by identity
_ONE = Fraction(1)


def stage_weights(weights: Mapping[str, Decimal | Fraction] | None) -> dict[str, Fraction]:
    """Stage → weight as exact fractions, the weights of 1 left out (SCORING.md, "Stages and
    their weights": a stage no entry names counts × 1)."""
    return {stage: Fraction(weight) for stage, weight in (weights or {}).items() if weight != 1}


class SeatScore(NamedTuple):
    """One seat's points in one game. Integer fields are in units of ``1/scale``.

    A named tuple rather than a frozen dataclass: it is built once per seat of every game, and a
    frozen dataclass's ``__init__`` costs three times as much.
    """

    seat: int
    name: str
    role: Role
    outcome: Outcome
    scale: int
    win_units: int
    best_move_units: int
    extra_units: int
    penalty_units: int
    ci: Fraction
    first_killed: bool
    best_move_guessed: int | None  # blacks named, for the first-killed red player
    fouls: int = 0
    technical_fouls: int = 0
    removed: str | None = None  # «fouls», «technical», «judge» or «ppk» (SCORING.md)

    @property
    def win(self) -> Fraction:
        return Fraction(self.win_units, self.scale)

    @property
    def best_move(self) -> Fraction:
        return Fraction(self.best_move_units, self.scale)

    @property
    def extra(self) -> Fraction:
        return Fraction(self.extra_units, self.scale)

    @property
    def penalty(self) -> Fraction:
        return Fraction(self.penalty_units, self.scale)

    @property
    def main(self) -> Fraction:
        return self.win + self.ci

    @property
    def additional(self) -> Fraction:
        return Fraction(self.best_move_units + self.extra_units + self.penalty_units, self.scale)

    @property
    def total(self) -> Fraction:
        units = self.win_units + self.best_move_units + self.extra_units + self.penalty_units
        points = Fraction(units, self.scale)  # one fraction: Ci is nought on most seats
        return points + self.ci if self.ci else points


@dataclass(frozen=True, slots=True)
class GameScore:
    game: Game
    seats: tuple[SeatScore, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    name: str
    games: int
    wins: int
    special_wins: int
    first_killed: int
    win_points: Fraction
    ci: Fraction
    best_move: Fraction
    extra: Fraction
    penalty: Fraction
    lot: bool

    @property
    def main(self) -> Fraction:
        return self.win_points + self.ci

    @property
    def additional(self) -> Fraction:
        return self.best_move + self.extra + self.penalty

    @property
    def total(self) -> Fraction:
        return self.main + self.additional


@dataclass(frozen=True, slots=True)
class Result:
    ruleset: Ruleset
    standings: tuple[Standing, ...]
    games: tuple[GameScore, ...]
    weights: Mapping[str, Fraction] = field(default_factory=dict)  # stage → weight (absent: 1)
    listed: tuple[str, ...] | None = None  # the stages a protocol file listed (None: no list)

    def weight(self, stage: str) -> Fraction:
        return self.weights.get(stage, _ONE)


def decimal_places(values: Iterable[Decimal]) -> int:
    places = 0
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int):
            places = max(places, -exponent)
    return places


def ruleset_scale(ruleset: Ruleset) -> int:
    values = [
        ruleset.win_points,
        ruleset.draw_points,
        *ruleset.best_move_points,
        ruleset.extra_min,
        ruleset.extra_step,
        *(item.value for item in ruleset.penalties),
        *(value for value in (ruleset.removal, ruleset.team_defeat) if value is not None),
    ]
    scale: int = 10 ** decimal_places(values)
    return scale


def compensation(ruleset: Ruleset, games_played: int, red_first_kills: int) -> Fraction:
    """Ci (§8.6.1) of a player who played N games of a stage and was first-killed red i times."""
    if red_first_kills == 0:
        return Fraction(0)
    share = Fraction(ruleset.ci_share) * games_played
    base = math.floor(share + Fraction(1, 2))  # nearest integer; 0.4·N is never half-way
    if red_first_kills > base:
        return Fraction(ruleset.ci_cap)
    return Fraction(ruleset.ci_factor) * red_first_kills / base


def best_move_guessed(game: Game) -> int | None:
    """Blacks among the best-move seats, or None when the first-killed player may not score it."""
    if game.first_killed is None or game.best_move is None:
        return None
    if game.seat(game.first_killed).role.team is not Team.RED:
        return None
    return sum(1 for seat in game.best_move if game.seat(seat).role.team is Team.BLACK)


def _stage_compensations(
    ruleset: Ruleset, games: Sequence[Game]
) -> dict[tuple[str, str], Fraction]:
    played: dict[tuple[str, str], int] = defaultdict(int)
    red_first_kills: dict[tuple[str, str], int] = defaultdict(int)
    for game in games:
        for entry in game.players:
            played[(game.stage, entry.name)] += 1
        if game.first_killed is not None:
            victim = game.seat(game.first_killed)
            if victim.role.team is Team.RED:
                red_first_kills[(game.stage, victim.name)] += 1
    return {
        key: compensation(ruleset, played[key], kills) for key, kills in red_first_kills.items()
    }


def score_games(
    games: Sequence[Game],
    ruleset: Ruleset,
    compensations: Mapping[tuple[str, str], Fraction] | None = None,
    only: str | None = None,
) -> tuple[GameScore, ...]:
    """Every seat's points; ``games`` must be valid (see ``validation``).

    ``compensations``: Ci by (stage, player) when the caller knows the stage's counts (a single
    game scored against a stage kept elsewhere); by default they are counted from ``games``.
    ``only``: score that player's seat alone (each game's ``seats`` is his one seat) — a player's
    own record, a tenth of the work.
    """
    scale = ruleset_scale(ruleset)

    def units(value: Decimal) -> int:
        scaled = value * scale
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{value} is finer than the ruleset's {scale}ths; validate first")
        return int(scaled)

    outcome_units = {
        Outcome.WIN: units(ruleset.win_points),
        Outcome.DRAW: units(ruleset.draw_points),
        Outcome.LOSS: 0,
    }
    # by the game's winner, each role's outcome and its points
    results = {
        winner: {
            role: (OUTCOMES[(role, winner)], outcome_units[OUTCOMES[(role, winner)]])
            for role in Role
        }
        for winner in Winner
    }
    best_move_units = [units(points) for points in ruleset.best_move_points]
    penalty_units = {item.code: units(item.value) for item in ruleset.penalties}
    discipline_units = {
        removed: units(ruleset.discipline(removed))
        for removed in ("fouls", "technical", "judge", "ppk")
    }
    extra_units: dict[Decimal, int] = {}
    if compensations is None:
        compensations = _stage_compensations(ruleset, games)

    scored = []
    for game in games:
        guessed = best_move_guessed(game)
        winner = game.winner
        result_of = results[winner]
        first_killed = game.first_killed
        seats = []
        for seat, entry in enumerate(game.players, start=1):
            if only is not None and entry.name != only:
                continue
            role = entry.role
            outcome, win_units = result_of[role]
            killed = seat == first_killed
            extra = entry.extra
            if extra not in extra_units:
                extra_units[extra] = units(extra)
            penalty = 0
            for code in entry.penalties:
                penalty += penalty_units[code]
            removed = entry.removed
            if removed is not None:
                penalty += discipline_units[removed]
            compensated = killed and role in RED_ROLES and winner is Winner.BLACK
            seats.append(
                SeatScore(  # positional: keywords make a named tuple twice as slow to build
                    seat,
                    entry.name,
                    role,
                    outcome,
                    scale,
                    win_units,
                    best_move_units[guessed] if killed and guessed else 0,
                    extra_units[extra],
                    penalty,
                    compensations[(game.stage, entry.name)] if compensated else _NO_CI,
                    killed,
                    guessed if killed else None,
                    entry.fouls,
                    entry.technical_fouls,
                    removed,
                )
            )
        scored.append(GameScore(game=game, seats=tuple(seats)))
    return tuple(scored)


@dataclass(slots=True)
class _Tally:
    name: str
    games: int = 0
    wins: int = 0
    special_wins: int = 0
    first_killed: int = 0
    win_units: int = 0
    best_move_units: int = 0
    extra_units: int = 0
    penalty_units: int = 0
    ci: Fraction = Fraction(0)


def lot_key(seed: int, name: str) -> bytes:
    """The deterministic lot: a player's draw depends only on the seed and the name."""
    return hashlib.sha256(f"{seed}\x00{name}".encode()).digest()


def standings(
    scores: Sequence[GameScore], ruleset: Ruleset, seed: int,
    weights: Mapping[str, Decimal | Fraction] | None = None,
) -> tuple[Standing, ...]:  # fmt: skip
    """The standings of scored games; ``weights``: stage → weight (every point of a game of
    that stage counts × weight; counters do not)."""
    scale = ruleset_scale(ruleset)
    weighted = stage_weights(weights)
    if weighted:
        return _weighted_standings(scores, ruleset, seed, weighted)
    tallies: dict[str, _Tally] = {}
    for game in scores:
        for seat in game.seats:
            tally = tallies.get(seat.name)
            if tally is None:
                tally = tallies[seat.name] = _Tally(seat.name)
            tally.games += 1
            if seat.outcome is Outcome.WIN:
                tally.wins += 1
                if seat.role in _SPECIAL_ROLES:
                    tally.special_wins += 1
            if seat.first_killed:
                tally.first_killed += 1
            tally.win_units += seat.win_units
            tally.best_move_units += seat.best_move_units
            tally.extra_units += seat.extra_units
            tally.penalty_units += seat.penalty_units
            if seat.ci is not _NO_CI:
                tally.ci += seat.ci

    def comparable(tally: _Tally) -> tuple[Fraction | int, ...]:
        additional = tally.best_move_units + tally.extra_units + tally.penalty_units
        total = Fraction(tally.win_units + additional, scale) + tally.ci
        keys: dict[str, Fraction | int] = {
            "additional": additional,
            "wins": tally.wins,
            "special_wins": tally.special_wins,
            "first_killed": tally.first_killed,
        }
        return (total, *(keys[name] for name in ruleset.tie_breaks))

    ordered = _ordered([(comparable(tally), tally) for tally in tallies.values()], seed)
    return tuple(
        Standing(
            place=place,
            name=tally.name,
            games=tally.games,
            wins=tally.wins,
            special_wins=tally.special_wins,
            first_killed=tally.first_killed,
            win_points=Fraction(tally.win_units, scale),
            ci=tally.ci,
            best_move=Fraction(tally.best_move_units, scale),
            extra=Fraction(tally.extra_units, scale),
            penalty=Fraction(tally.penalty_units, scale),
            lot=lot,
        )
        for place, (tally, lot) in enumerate(ordered, start=1)
    )


def _weighted_standings(
    scores: Sequence[GameScore], ruleset: Ruleset, seed: int, weights: Mapping[str, Fraction]
) -> tuple[Standing, ...]:
    """The standings when some stage weighs other than 1: each stage's points are tallied
    apart (in units, as ever), then weighted and added up per player."""
    by_stage: dict[str, list[GameScore]] = defaultdict(list)
    for game in scores:
        by_stage[game.game.stage].append(game)
    rows: dict[str, dict[str, Fraction | int]] = {}
    counters = ("games", "wins", "special_wins", "first_killed")
    points = ("win_points", "ci", "best_move", "extra", "penalty")
    for stage, games in by_stage.items():
        weight = weights.get(stage, _ONE)
        for row in standings(games, ruleset, seed):
            kept = rows.setdefault(row.name, dict.fromkeys(counters + points, 0))
            for name in counters:
                kept[name] += getattr(row, name)
            for name in points:
                kept[name] += getattr(row, name) * weight
    tallies = [
        Standing(
            place=0, name=name, games=int(kept["games"]), wins=int(kept["wins"]),
            special_wins=int(kept["special_wins"]), first_killed=int(kept["first_killed"]),
            win_points=Fraction(kept["win_points"]), ci=Fraction(kept["ci"]),
            best_move=Fraction(kept["best_move"]), extra=Fraction(kept["extra"]),
            penalty=Fraction(kept["penalty"]), lot=False,
        )
        for name, kept in rows.items()
    ]  # fmt: skip

    def comparable(row: Standing) -> tuple[Fraction | int, ...]:
        keys: dict[str, Fraction | int] = {
            "additional": row.additional,
            "wins": row.wins,
            "special_wins": row.special_wins,
            "first_killed": row.first_killed,
        }
        return (row.total, *(keys[name] for name in ruleset.tie_breaks))

    ordered = _ordered([(comparable(row), row) for row in tallies], seed)
    return tuple(
        replace(row, place=place, lot=lot) for place, (row, lot) in enumerate(ordered, start=1)
    )


_Named = TypeVar("_Named", _Tally, Standing)


def _ordered(
    keyed: list[tuple[tuple[Fraction | int, ...], _Named]], seed: int
) -> list[tuple[_Named, bool]]:
    """Best first by the comparable key (total, then the tie-breaks); full ties by the lot. Each
    with whether the lot placed it (its key is shared)."""
    group_sizes: dict[tuple[Fraction | int, ...], int] = defaultdict(int)
    for key, _ in keyed:
        group_sizes[key] += 1
    keyed.sort(key=lambda pair: lot_key(seed, pair[1].name))
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return [(item, group_sizes[key] > 1) for key, item in keyed]


def compute(
    games: Sequence[Game], ruleset: Ruleset, seed: int = 0,
    weights: Mapping[str, Decimal | Fraction] | None = None,
) -> Result:  # fmt: skip
    """Per-game points and standings of a distance of valid games; ``weights``: stage → weight
    (SCORING.md, "Stages and their weights"), as a protocol file's ``stages`` list gives it."""
    with cycle_collection_paused():
        scores = score_games(games, ruleset)
        weighted = stage_weights(weights)
        return Result(
            ruleset=ruleset, standings=standings(scores, ruleset, seed, weighted), games=scores,
            weights=weighted, listed=tuple(weights) if weights is not None else None,
        )  # fmt: skip


@contextmanager
def cycle_collection_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while scoring (or reading a protocol, in the CLI).

    Scoring allocates a million small tuples and makes no reference cycles; the collector's
    repeated scans of them cost 20 % at 10,000 games and made the time grow faster than the
    games (measured: 24.6 → 29.8 µs/game from 10k to 100k with it, 19.6 → 19.6 without; see
    benchmarks/scoring_standings.py). Memory is still freed by reference counting.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
