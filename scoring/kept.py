"""Standings kept game by game: put or drop one game, and only its ten players' rows change.

``compute`` scores a whole distance at once. A club's tournament changes one game at a time (a
game saved, corrected, annulled), and a game changes only its own players' rows: their counts in
the game's stage change their own Ci (§8.6.1 counts a player's games and first-night deaths in
the stage) and nobody else's. ``KeptStandings`` keeps, for every player, his counts and points
per stage and role; putting or dropping a game updates the ten players and moves them in the
order. The standings, the lot included, are always the ones ``compute`` gives for the games put
(tests/scoring/test_kept.py checks it after random sequences of changes).

Per-game ratings (Elo) can follow the same footing: a change is a game put or dropped, told by
its id; what follows a game in time is the rating's business, not the points'.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from decimal import Decimal
from fractions import Fraction
from itertools import count
from typing import Any

from scoring.engine import (
    SeatScore,
    Standing,
    compensation,
    cycle_collection_paused,
    lot_key,
    ruleset_scale,
    score_games,
    stage_weights,
)
from scoring.model import RED_ROLES, Game, Outcome, Role
from scoring.rulesets import Ruleset

_SPECIAL_ROLES = (Role.DON, Role.SHERIFF)
_BATCH = 1_000  # games scored at once when many are put: their seats' objects live briefly


@dataclass(slots=True)
class Tally:
    """Counts and points (in units of ``1/scale``) of some of a player's seats."""

    games: int = 0
    wins: int = 0
    special_wins: int = 0
    first_killed: int = 0
    red_first_killed: int = 0
    compensated: int = 0  # seats paid Ci: first-killed red in a game the black team won
    win_units: int = 0
    best_move_units: int = 0
    extra_units: int = 0
    penalty_units: int = 0

    def count(self, seat: SeatScore, sign: int) -> None:
        self.games += sign
        if seat.outcome is Outcome.WIN:
            self.wins += sign
            if seat.role in _SPECIAL_ROLES:
                self.special_wins += sign
        if seat.first_killed:
            self.first_killed += sign
            if seat.role in RED_ROLES:
                self.red_first_killed += sign
                if seat.ci:
                    self.compensated += sign
        self.win_units += sign * seat.win_units
        self.best_move_units += sign * seat.best_move_units
        self.extra_units += sign * seat.extra_units
        self.penalty_units += sign * seat.penalty_units

    def add(self, other: Tally) -> None:
        for name in _TALLY_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def additional_units(self) -> int:
        return self.best_move_units + self.extra_units + self.penalty_units


@dataclass(frozen=True, slots=True)
class RoleTotals:
    """A player's games in one role: counts and points, Ci included."""

    role: Role | None  # None: games in every role
    games: int
    wins: int
    total: Fraction
    additional: Fraction
    ci: Fraction


@dataclass(slots=True)
class _Player:
    name: str
    total: Tally = field(default_factory=Tally)
    cells: dict[tuple[str, Role], Tally] = field(default_factory=dict)  # by stage and role
    ci_unit: dict[str, Fraction] = field(default_factory=dict)  # by stage: one paid seat's Ci
    ci_paid: dict[str, Fraction] = field(default_factory=dict)  # by stage: his Ci there
    ci: Fraction = Fraction(0)
    games: dict[str, None] = field(default_factory=dict)  # his games' ids, in the order put
    row: Standing | None = None  # his row but the place and the lot
    group: int = 0  # the number of his lot's group: the players of his comparable value
    roles: dict[Role, RoleTotals] | None = None  # by role, made when first asked


class _Compensations(Mapping[tuple[str, str], Fraction]):
    """Ci of one compensated seat by (stage, player), as the kept counts give it."""

    def __init__(self, players: dict[str, _Player]) -> None:
        self._players = players

    def __getitem__(self, key: tuple[str, str]) -> Fraction:
        stage, name = key
        player = self._players.get(name)
        return player.ci_unit.get(stage, Fraction(0)) if player is not None else Fraction(0)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for player in self._players.values():
            for stage in player.ci_unit:
                yield stage, player.name

    def __len__(self) -> int:
        return sum(len(player.ci_unit) for player in self._players.values())


class _Unpaid(Mapping[tuple[str, str], Fraction]):
    """A placeholder Ci for scoring a game's units alone: the kept counts pay Ci afterwards."""

    def __getitem__(self, key: tuple[str, str]) -> Fraction:
        return Fraction(1)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(())

    def __len__(self) -> int:
        return 0


_UNPAID = _Unpaid()
_ZERO = Fraction(0)
_TALLY_FIELDS = tuple(item.name for item in fields(Tally))
_Key = tuple[Any, ...]  # the order's key: the negated comparable, the lot, the name


class KeptStandings:
    """A distance's standings, kept up to date one game at a time."""

    def __init__(
        self, ruleset: Ruleset, seed: int, games: Iterable[Game] = (),
        weights: Mapping[str, Decimal | Fraction] | None = None,
    ) -> None:  # fmt: skip
        self.ruleset = ruleset
        self.seed = seed
        self.scale = ruleset_scale(ruleset)
        self.weights = stage_weights(weights)  # stage → weight, those of 1 left out
        self.games: dict[str, Game] = {}
        self._players: dict[str, _Player] = {}
        self._keys: dict[str, _Key] = {}  # by player: his place in the order
        self._order: list[_Key] = []  # the keys, sorted: best first
        # The lot's groups: players of one comparable value, numbered, and how many each has.
        self._group_numbers: dict[_Key, int] = {}
        self._group_sizes: dict[int, int] = {}
        self._numbering = count()
        self._standings: tuple[Standing, ...] | None = None
        self.put_all(games)

    # -- changes ---------------------------------------------------------------------------

    def put(self, game: Game) -> None:
        """Add a game, or replace the game of the same id."""
        self.put_all((game,))

    def put_all(self, games: Iterable[Game]) -> None:
        touched: set[tuple[str, str]] = set()  # (player, stage) whose counts changed
        with cycle_collection_paused():
            batch: dict[str, Game] = {}
            for game in games:
                batch[game.id] = game  # of two puts of one game, the later counts
                if len(batch) == _BATCH:
                    self._replace(list(batch.values()), touched)
                    batch = {}
            if batch:
                self._replace(list(batch.values()), touched)
            self._settle(touched)

    def drop(self, game_id: str) -> None:
        """Remove a game (annulled); an unknown id changes nothing."""
        if game_id in self.games:
            touched: set[tuple[str, str]] = set()
            self._count([self.games[game_id]], -1, touched)
            self._settle(touched)

    def _replace(self, games: list[Game], touched: set[tuple[str, str]]) -> None:
        known = [self.games[game.id] for game in games if game.id in self.games]
        if known:
            self._count(known, -1, touched)
        self._count(games, +1, touched)

    def _count(self, games: list[Game], sign: int, touched: set[tuple[str, str]]) -> None:
        """Count the games' seats in (or, ``sign`` -1, out of) their players' cells.

        A game's seats are scored again to be taken out: the same protocol and ruleset give the
        same units, so nothing per seat needs keeping."""
        players = self._players
        for game, scored in zip(games, score_games(games, self.ruleset, _UNPAID), strict=True):
            stage = game.stage
            if sign > 0:
                self.games[game.id] = game
            else:
                del self.games[game.id]
            for seat in scored.seats:
                player = players.get(seat.name)
                if player is None:
                    player = players[seat.name] = _Player(seat.name)
                cell = player.cells.get((stage, seat.role))
                if cell is None:
                    cell = player.cells[(stage, seat.role)] = Tally()
                cell.count(seat, sign)
                if sign > 0:
                    player.games[game.id] = None
                else:
                    del player.games[game.id]
                    if not cell.games:
                        del player.cells[(stage, seat.role)]
                touched.add((seat.name, stage))

    def _settle(self, touched: set[tuple[str, str]]) -> None:
        """Pay the touched players' Ci in the touched stages anew and move them in the order."""
        for name, stage in touched:
            player = self._players[name]
            tally = Tally()
            for role in Role:
                cell = player.cells.get((stage, role))
                if cell is not None:
                    tally.add(cell)
            paid = player.ci_paid.pop(stage, _ZERO)
            player.ci_unit.pop(stage, None)
            if tally.compensated:
                unit = compensation(self.ruleset, tally.games, tally.red_first_killed)
                player.ci_unit[stage] = unit
                player.ci_paid[stage] = unit * tally.compensated
            player.ci += player.ci_paid.get(stage, _ZERO) - paid
        for name in {name for name, _ in touched}:
            self._place(name)
        self._standings = None

    def _place(self, name: str) -> None:
        player = self._players[name]
        old = self._keys.pop(name, None)
        if old is not None:
            del self._order[bisect_left(self._order, old)]
            self._leave_group(old)
        player.total = Tally()
        for cell in player.cells.values():
            player.total.add(cell)
        if not player.total.games:
            del self._players[name]
            return
        key = self._key(player)
        self._keys[name] = key
        insort(self._order, key)
        group = key[:-2]
        number = self._group_numbers.get(group)
        if number is None:
            number = self._group_numbers[group] = next(self._numbering)
        self._group_sizes[number] = self._group_sizes.get(number, 0) + 1
        player.group = number
        player.row = self._row(player)
        player.roles = None

    def _row(self, player: _Player) -> Standing:
        """His row but the place and the lot: each stage's points × its weight."""
        tally = player.total
        scale = self.scale
        if not self.weights:
            return Standing(
                0, player.name, tally.games, tally.wins, tally.special_wins,
                tally.first_killed, Fraction(tally.win_units, scale), player.ci,
                Fraction(tally.best_move_units, scale), Fraction(tally.extra_units, scale),
                Fraction(tally.penalty_units, scale), False,
            )  # fmt: skip
        win = best_move = extra = penalty = _ZERO
        for (stage, _), cell in player.cells.items():
            weight = Fraction(self.weights.get(stage, 1), scale)
            win += cell.win_units * weight
            best_move += cell.best_move_units * weight
            extra += cell.extra_units * weight
            penalty += cell.penalty_units * weight
        ci = sum(
            (paid * self.weights.get(stage, 1) for stage, paid in player.ci_paid.items()), _ZERO
        )
        return Standing(
            0, player.name, tally.games, tally.wins, tally.special_wins, tally.first_killed,
            win, ci, best_move, extra, penalty, False,
        )  # fmt: skip

    def _leave_group(self, key: _Key) -> None:
        group = key[:-2]
        number = self._group_numbers[group]
        left = self._group_sizes[number] - 1
        if left:
            self._group_sizes[number] = left
        else:
            del self._group_sizes[number], self._group_numbers[group]

    def _key(self, player: _Player) -> _Key:
        tally = player.total
        additional: Fraction | int = tally.additional_units
        total = Fraction(tally.win_units + tally.additional_units, self.scale) + player.ci
        if self.weights:  # the same keys ``compute`` compares: the weighted points
            row = self._row(player)
            additional, total = row.additional, row.total
        values: dict[str, Fraction | int] = {
            "additional": additional,
            "wins": tally.wins,
            "special_wins": tally.special_wins,
            "first_killed": tally.first_killed,
        }
        negated = (-total, *(-values[name] for name in self.ruleset.tie_breaks))
        return (*negated, lot_key(self.seed, player.name), player.name)

    # -- reading ---------------------------------------------------------------------------

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Every player's row, best first, exactly as ``compute`` orders and counts them."""
        if self._standings is None:
            sizes = self._group_sizes
            players = self._players
            rows = []
            for place, key in enumerate(self._order, start=1):
                player = players[key[-1]]
                row = player.row
                assert row is not None  # every placed player has his row
                rows.append(
                    Standing(  # positional: built for every player after every change
                        place,
                        row.name,
                        row.games,
                        row.wins,
                        row.special_wins,
                        row.first_killed,
                        row.win_points,
                        row.ci,
                        row.best_move,
                        row.extra,
                        row.penalty,
                        sizes[player.group] > 1,
                    )
                )
            self._standings = tuple(rows)
        return self._standings

    def games_of(self, name: str) -> list[str]:
        """The ids of a player's games, in the order they were put."""
        player = self._players.get(name)
        return list(player.games) if player is not None else []

    def seats_of(self, name: str) -> list[tuple[Game, SeatScore]]:
        """A player's seat in each of his games, with its points as ``compute`` gives them."""
        player = self._players.get(name)
        if player is None:
            return []
        games = [self.games[game_id] for game_id in player.games]
        scored = score_games(games, self.ruleset, _Compensations(self._players), only=name)
        return [(game, scores.seats[0]) for game, scores in zip(games, scored, strict=True)]

    def role_totals(self, name: str) -> dict[Role, RoleTotals]:
        """A player's counts and points per role, over all stages."""
        player = self._players.get(name)
        if player is None:
            return {}
        if player.roles is None:
            player.roles = self._role_totals(player)
        return player.roles

    def _role_totals(self, player: _Player) -> dict[Role, RoleTotals]:
        by_role: dict[Role, Tally] = {}
        ci: dict[Role, Fraction] = {}
        points: dict[Role, Fraction] = {}  # win and additional points, weighted
        additional: dict[Role, Fraction] = {}
        scale = self.scale
        for (stage, role), cell in player.cells.items():
            if not cell.games:
                continue
            weight = Fraction(self.weights.get(stage, 1))
            by_role.setdefault(role, Tally()).add(cell)
            extra = Fraction(cell.additional_units, scale) * weight
            additional[role] = additional.get(role, _ZERO) + extra
            points[role] = points.get(role, _ZERO) + Fraction(cell.win_units, scale) * weight
            if cell.compensated:
                unit = player.ci_unit.get(stage, Fraction(0))
                ci[role] = ci.get(role, Fraction(0)) + unit * cell.compensated * weight
        return {
            role: RoleTotals(
                role=role,
                games=tally.games,
                wins=tally.wins,
                total=points[role] + additional[role] + ci.get(role, Fraction(0)),
                additional=additional[role],
                ci=ci.get(role, Fraction(0)),
            )
            for role, tally in by_role.items()
        }

    def compensation_of(self, stage: str, name: str) -> Fraction:
        """Ci a compensated seat of the player pays in the stage, by his kept counts."""
        return _Compensations(self._players)[(stage, name)]
