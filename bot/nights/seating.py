"""Fair seating of a club evening: (players, tables, rounds, history, seed) → seats. No I/O.

What "fair" means, in the order it is decided (docs/nights.md has the why):

1. **Who sits out.** Each round, those beyond ten per table sit out: the ones who have sat out
   (or missed a round) least tonight, then those who have played most tonight, then the seeded
   lot. So games per player differ by at most one, and nobody sits out a second time before
   everyone has sat out once.
2. **Who plays with whom.** The players of every round still to seat are split into tables at
   once, for the whole evening: a seeded local search (simulated annealing over swaps of two
   players of one round) lowers the sum over pairs of the squared number of games they share
   tonight — rounds already played count and are never changed. Squares punish a pair that meets
   often far more than two pairs that meet once more, so the largest meeting count comes down with
   the sum. A judge's own table is closed to him; the strongest players (by the tournament's
   standings, when given) are spread across tables.
3. **Which seat.** At each table the seats are an assignment (the Hungarian method) that gives
   nobody a seat he has had tonight (while rounds ≤ 10), and each player a seat he has had least
   often in the tournament, as far as the ten can all have one.

The same input and seed give the same seats: the seed and ``VERSION`` are stored with the
evening, so anyone can recompute a seating and see that nobody arranged it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

VERSION = "seating-1"
SEATS = 10
_STEPS_PER_PLAYER_ROUND = 150  # local-search moves per seated player and round
PAIR_BASE = 4
_POT_WEIGHT = 8  # one table with two of a pot costs about what one pair's second meeting does
_START_HEAT = 2.0
_END_HEAT = 0.05
_REPEATED_SEAT = 1_000  # the cost of a seat a player has had tonight


class SeatingError(ValueError):
    """The evening cannot be seated as asked (fewer players than one table, say)."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round: each table's players in seat order (seat 1 first), and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    out: tuple[int, ...] = ()

    def players(self) -> set[int]:
        return {player for table in self.tables for player in table}

    def place_of(self, player: int) -> tuple[int, int] | None:
        """(table, seat), both from 1, or None when he sits out."""
        for number, table in enumerate(self.tables, start=1):
            if player in table:
                return number, table.index(player) + 1
        return None


@dataclass(frozen=True, slots=True)
class Evening:
    """What a seating needs to know. Players are ids, in the order they signed up."""

    players: Sequence[int]
    tables: int
    rounds: int
    seed: int
    played: Sequence[Round] = ()  # rounds already played (or being played): kept as they are
    seat_history: Mapping[int, Mapping[int, int]] = field(default_factory=dict)  # seat → times
    barred: Mapping[int, frozenset[int]] = field(default_factory=dict)  # player → tables (from 1)
    strength: Mapping[int, float] = field(default_factory=dict)  # larger is stronger


def seat(evening: Evening) -> tuple[Round, ...]:
    """Every round of the evening: the played ones as they were, the rest seated anew."""
    players = list(dict.fromkeys(evening.players))
    tables = evening.tables
    if tables < 1 or len(players) < SEATS * tables:
        raise SeatingError(f"{len(players)} players cannot fill {tables} tables of {SEATS}")
    played = list(evening.played)
    if len(played) > evening.rounds:
        raise SeatingError("more rounds played than planned")
    rng = random.Random(f"{VERSION}:{evening.seed}")
    lot = {player: rng.random() for player in players}
    missed: dict[int, int] = dict.fromkeys(players, 0)  # rounds sat out or missed tonight
    games: dict[int, int] = dict.fromkeys(players, 0)
    for done in played:
        present = done.players()
        for player in players:
            if player in present:
                games[player] += 1
            else:
                missed[player] += 1
    playing: list[list[int]] = []
    outs: list[tuple[int, ...]] = []
    for _ in range(evening.rounds - len(played)):
        order = sorted(players, key=lambda p: (missed[p], -games[p], lot[p]))
        out = order[: len(players) - SEATS * tables]
        chosen = [p for p in players if p not in set(out)]
        for player in out:
            missed[player] += 1
        for player in chosen:
            games[player] += 1
        playing.append(chosen)
        outs.append(tuple(out))
    grouped = _group(evening, players, playing, rng)
    return (*played, *_seated(evening, played, grouped, outs))


# -- who plays with whom ----------------------------------------------------------------------


def _group(
    evening: Evening, players: list[int], playing: list[list[int]], rng: random.Random
) -> list[list[list[int]]]:
    """Split each round's players into tables, lowering the sum of squared pair meetings."""
    tables = evening.tables
    index = {player: n for n, player in enumerate(players)}
    size = len(players)
    meet = [[0] * size for _ in range(size)]
    for done in evening.played:
        for table in done.tables:
            known = [index[p] for p in table if p in index]
            for a, b in combinations(known, 2):
                meet[a][b] += 1
                meet[b][a] += 1
    strength = [float(evening.strength.get(player, 0.0)) for player in players]
    barred = [evening.barred.get(player, frozenset()) for player in players]
    rounds: list[list[list[int]]] = []
    for chosen in playing:
        shuffled = [index[p] for p in chosen]
        rng.shuffle(shuffled)
        if any(strength):  # strongest first, dealt round the tables: a spread start
            shuffled.sort(key=lambda n: -strength[n])
            split = [shuffled[t::tables] for t in range(tables)]
        else:
            split = [shuffled[t * SEATS : (t + 1) * SEATS] for t in range(tables)]
        _unbar(split, barred)
        for group in split:
            for a, b in combinations(group, 2):
                meet[a][b] += 1
                meet[b][a] += 1
        rounds.append(split)
    if tables > 1 and rounds:
        _anneal(rounds, meet, strength, barred, rng)
    return [[[players[n] for n in table] for table in split] for split in rounds]


def _pair_cost(meetings: int) -> int:
    """What a pair's meetings cost: growing fast, so that one pair meeting four times costs more
    than several meeting twice, and the largest count comes down first."""
    return PAIR_BASE**meetings - 1 if meetings else 0


def _unbar(split: list[list[int]], barred: list[frozenset[int]]) -> None:
    """Move every judge off his own table, swapping him with a player who may sit at both."""
    for number, table in enumerate(split, start=1):
        for i, player in enumerate(table):
            if number not in barred[player]:
                continue
            for other_number, other in enumerate(split, start=1):
                if other_number in barred[player]:
                    continue
                j = next((j for j, p in enumerate(other) if number not in barred[p]), None)
                if j is not None:
                    table[i], other[j] = other[j], player
                    break
            else:
                raise SeatingError("a judge is barred from every table")


def _anneal(
    rounds: list[list[list[int]]], meet: list[list[int]], strength: list[float],
    barred: list[frozenset[int]], rng: random.Random,
) -> None:  # fmt: skip
    """Swap two players of one round between their tables while it pays (and, early on,
    sometimes when it does not, to get out of a local minimum)."""
    tables = len(rounds[0])
    # The strongest are spread like a draw's pots: each round's players by strength, the first
    # ``tables`` in pot 0, the next in pot 1, …; a table should get one player of every pot.
    spread = any(strength)
    pot: list[dict[int, int]] = []
    pots: list[list[list[int]]] = []  # by round and table: how many of each pot sit there
    for split in rounds:
        ranked = sorted((n for table in split for n in table), key=lambda n: -strength[n])
        pot.append({n: k // tables for k, n in enumerate(ranked)})
        counts = [[0] * SEATS for _ in split]
        for t, table in enumerate(split):
            for n in table:
                counts[t][pot[-1][n]] += 1
        pots.append(counts)
    steps = _STEPS_PER_PLAYER_ROUND * sum(len(t) for split in rounds for t in split)
    cooling = (_END_HEAT / _START_HEAT) ** (1 / steps)
    heat = _START_HEAT
    top = len(rounds) + max(max(row, default=0) for row in meet) + 2
    up = [_pair_cost(m + 1) - _pair_cost(m) for m in range(top)]  # a pair meets once more
    down = [_pair_cost(m) - _pair_cost(m - 1) if m else 0 for m in range(top)]  # once less
    for _ in range(steps):
        heat *= cooling
        r = rng.randrange(len(rounds))
        split = rounds[r]
        first, second = rng.sample(range(tables), 2)
        at_first, at_second = split[first], split[second]
        i, j = rng.randrange(SEATS), rng.randrange(SEATS)
        a, b = at_first[i], at_second[j]
        ma, mb = meet[a], meet[b]
        delta = 0
        for x in at_first:
            if x != a:
                delta += up[mb[x]] - down[ma[x]]
        for y in at_second:
            if y != b:
                delta += up[ma[y]] - down[mb[y]]
        if (second + 1) in barred[a] or (first + 1) in barred[b]:
            continue  # a judge never sits at his own table
        change = float(delta)
        if spread and pot[r][a] != pot[r][b]:
            here, there = pots[r][first], pots[r][second]
            pa, pb = pot[r][a], pot[r][b]
            change += _POT_WEIGHT * (
                2 * (here[pb] - here[pa] + there[pa] - there[pb]) + 4
            )  # the squared pot counts of both tables, after the swap less before
        if change > 0 and rng.random() >= math.exp(-change / heat):
            continue
        for x in at_first:
            if x != a:
                ma[x] -= 1
                meet[x][a] -= 1
                mb[x] += 1
                meet[x][b] += 1
        for y in at_second:
            if y != b:
                mb[y] -= 1
                meet[y][b] -= 1
                ma[y] += 1
                meet[y][a] += 1
        at_first[i], at_second[j] = b, a
        if spread and pot[r][a] != pot[r][b]:
            pots[r][first][pot[r][a]] -= 1
            pots[r][first][pot[r][b]] += 1
            pots[r][second][pot[r][b]] -= 1
            pots[r][second][pot[r][a]] += 1


# -- which seat -------------------------------------------------------------------------------


def _seated(
    evening: Evening, played: list[Round], grouped: list[list[list[int]]],
    outs: list[tuple[int, ...]],
) -> list[Round]:  # fmt: skip
    tonight: dict[int, set[int]] = {}  # player → seats he has had tonight
    for done in played:
        for table in done.tables:
            for number, player in enumerate(table, start=1):
                tonight.setdefault(player, set()).add(number)
    seated = []
    for split, out in zip(grouped, outs, strict=True):
        _avoid_repeats(evening, split, tonight)
        tables = []
        for group in split:
            order = _seats_of(evening, group, tonight)
            by_seat = [0] * SEATS
            for k, player in enumerate(group):
                by_seat[order[k]] = player
                tonight.setdefault(player, set()).add(order[k] + 1)
            tables.append(tuple(by_seat))
        seated.append(Round(tuple(tables), out))
    return seated


def _seats_of(evening: Evening, group: list[int], tonight: dict[int, set[int]]) -> list[int]:
    """The seat index of each player of one table: the cheapest assignment."""
    costs = [_seat_costs(evening, player, tonight.get(player, set())) for player in group]
    return assignment(costs)


def _repeats(evening: Evening, group: list[int], tonight: dict[int, set[int]]) -> int:
    order = _seats_of(evening, group, tonight)
    return sum(
        1
        for k, player in enumerate(group)
        if order[k] + 1 in tonight.get(player, set()) and len(tonight[player]) < SEATS
    )


def _avoid_repeats(evening: Evening, split: list[list[int]], tonight: dict[int, set[int]]) -> None:
    """Late in a long evening the ten at a table may have no way left to all take new seats:
    then swap players between two tables of the round while it lowers the repeats."""
    repeats = [_repeats(evening, group, tonight) for group in split]
    improved = any(repeats)
    while improved:
        improved = False
        for first, group in enumerate(split):
            if not repeats[first]:
                continue
            for second, other in enumerate(split):
                if second == first:
                    continue
                for i, j in ((i, j) for i in range(SEATS) for j in range(SEATS)):
                    a, b = group[i], other[j]
                    if first + 1 in evening.barred.get(b, ()) or second + 1 in evening.barred.get(
                        a, ()
                    ):
                        continue
                    group[i], other[j] = b, a
                    now = (_repeats(evening, group, tonight), _repeats(evening, other, tonight))
                    if sum(now) < repeats[first] + repeats[second]:
                        repeats[first], repeats[second] = now
                        improved = True
                        break
                    group[i], other[j] = a, b
                if improved:
                    break
            if improved:
                break


def _seat_costs(evening: Evening, player: int, tonight: set[int]) -> list[int]:
    had = evening.seat_history.get(player, {})
    counts = [had.get(number, 0) + (number in tonight) for number in range(1, SEATS + 1)]
    least = min(counts)
    repeats = len(tonight) < SEATS  # with ten rounds or more, some seat must come again
    return [
        (count - least) + (_REPEATED_SEAT if repeats and number in tonight else 0)
        for number, count in zip(range(1, SEATS + 1), counts, strict=True)
    ]


def assignment(costs: Sequence[Sequence[int]]) -> list[int]:
    """The Hungarian method: for a square matrix, the column of each row that together cost
    least."""
    n = len(costs)
    infinity = math.inf
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    column_row = [0] * (n + 1)  # the row matched to each column (1-based; 0: none)
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        column_row[0] = row
        column = 0
        least = [infinity] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current = column_row[column]
            delta = infinity
            nearest = 0
            for other in range(1, n + 1):
                if used[other]:
                    continue
                reduced = costs[current - 1][other - 1] - u[current] - v[other]
                if reduced < least[other]:
                    least[other] = reduced
                    way[other] = column
                if least[other] < delta:
                    delta = least[other]
                    nearest = other
            for other in range(n + 1):
                if used[other]:
                    u[column_row[other]] += delta
                    v[other] -= delta
                else:
                    least[other] -= delta
            column = nearest
            if column_row[column] == 0:
                break
        while column:
            previous = way[column]
            column_row[column] = column_row[previous]
            column = previous
    result = [0] * n
    for column in range(1, n + 1):
        result[column_row[column] - 1] = column - 1
    return result


# -- how fair it came out -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fairness:
    """The figures seating tools report, for one evening's rounds."""

    most_meetings: int  # the largest number of rounds any pair shared a table
    pairs_at_most: int  # how many pairs shared a table that often
    squares: int  # the sum over pairs of the squared meeting counts
    seat_repeats: int  # times a player got a seat he had had earlier that evening
    games_spread: int  # the most games anyone played minus the fewest


def fairness(rounds: Sequence[Round], players: Sequence[int]) -> Fairness:
    meetings: dict[tuple[int, int], int] = {}
    seats: dict[int, set[int]] = {}
    repeats = 0
    games = dict.fromkeys(players, 0)
    for done in rounds:
        for table in done.tables:
            for number, player in enumerate(table, start=1):
                had = seats.setdefault(player, set())
                repeats += number in had
                had.add(number)
                games[player] = games.get(player, 0) + 1
            for a, b in combinations(sorted(table), 2):
                meetings[(a, b)] = meetings.get((a, b), 0) + 1
    most = max(meetings.values(), default=0)
    return Fairness(
        most_meetings=most,
        pairs_at_most=sum(1 for count in meetings.values() if count == most),
        squares=sum(count * count for count in meetings.values()),
        seat_repeats=repeats,
        games_spread=max(games.values(), default=0) - min(games.values(), default=0),
    )


def random_seating(
    players: Sequence[int], tables: int, rounds: int, rng: random.Random
) -> list[Round]:
    """What fairness is measured against: each round shuffled and cut into tables."""
    result = []
    for _ in range(rounds):
        shuffled = list(players)
        rng.shuffle(shuffled)
        seated = tuple(tuple(shuffled[t * SEATS : (t + 1) * SEATS]) for t in range(tables))
        result.append(Round(seated, tuple(shuffled[tables * SEATS :])))
    return result


def lower_bound(players: int, tables: int, rounds: int) -> tuple[int, int]:
    """No seating does better than this: (the largest meeting count, pairs meeting so often).

    Two counting arguments. A player in g games has 9·g table-mates among the others, so some
    pair meets at least ⌈9·g / (players − 1)⌉ times. And when everybody plays every round, each
    player's tables form one of tables^k sequences over k rounds: with more players than
    sequences, two share one and meet in all k rounds; the fewest such pairs is when the players
    fill the sequences evenly.
    """
    seated = SEATS * tables
    games = math.ceil(rounds * seated / players) if players else 0
    most = math.ceil((SEATS - 1) * games / (players - 1)) if players > 1 else 0
    pairs = 0
    if players == seated and players > tables**rounds:
        # Everybody plays every round, in one of tables^rounds sequences of tables.
        sequences = tables**rounds
        filled, left = divmod(players, sequences)
        most = max(most, rounds)
        pairs = left * math.comb(filled + 1, 2) + (sequences - left) * math.comb(filled, 2)
    return most, pairs
