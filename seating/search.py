"""Fair seating of a club evening: (players, tables, rounds, history, seed) → seats. No I/O.

What "fair" means, in the order it is decided (docs/nights.md has the why):

1. **Who sits out.** Each round, those beyond ten per table sit out: the ones who have sat out
   (or missed a round) least tonight, then those who have played most tonight, then the seeded
   lot. So games per player differ by at most one, and nobody sits out a second time before
   everyone has sat out once.
   A tournament's seating (``Evening.tournament``) lets the search choose who sits out too,
   keeping everyone's number of games.
2. **Who plays with whom.** The players of every round still to seat are split into tables at
   once, for the whole evening: a seeded simulated annealing (swaps of two players of one round
   between tables; in a tournament also two players trading a round played for a round sat out),
   cooled from a heat where about half of the worsening moves pass down to a greedy finish, the
   best of a few restarts kept, lowers the sum over pairs of a cost of the number of games they
   share: the square of it, more for a pair above the evening's fair share, and something for a
   pair that never meets. Rounds already played count and are never changed. A judge's own table
   is closed to him; the strongest players (by the tournament's standings, when given) are spread
   across tables.
3. **Which seat.** With the tables fixed, seats are an edge colouring of the players × tables
   graph (each table's ten seats are ten colours, a player's games must have different ones):
   König's theorem says one without a repeated seat exists whenever nobody plays more than ten
   games, and Kempe-chain swaps find it; rounds played keep their seats. Then seats are swapped
   within a table, never making a repeat, to give each player seats he has had least often in the
   tournament.

The same input and seed give the same seats: the seed and ``VERSION`` are stored with the
evening, so anyone can recompute a seating and see that nobody arranged it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

VERSION = "seating-2"
SEATS = 10
_REPEATED_SEAT = 1_000  # the cost of a seat a player has had tonight
EVENING_EFFORT = 150  # annealing moves per seated player and round: an evening in well under 1 s
TOURNAMENT_EFFORT = 1_500  # a tournament seated once for all its rounds: a few seconds
PAIR_BASE = 6
_RESTARTS = 3
_NEVER_MET = 2  # what a pair that never meets adds (a square alone would not mind it)
_ABOVE_SHARE = 2  # × the square of meetings above the fair share (+1): the worst pair comes down
_POT_WEIGHT = 80  # per unit of the pots' imbalance, weighed against the pairs' meetings
_START_ACCEPT = 0.5  # the share of worsening moves a tournament's first heat lets through
_EVENING_HEAT = 2.0
_END_HEAT = 0.05


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
    # A tournament seated once for all its rounds: the search also chooses who sits out, weighs
    # pairs by squares (an evening's few rounds: steeply), and takes longer.
    tournament: bool = False
    # Tables by round, when the last rounds have fewer (21 players: ten rounds at two tables,
    # then one at one); empty: ``tables`` every round.
    table_counts: Sequence[int] = ()
    # Annealing moves per seated player and round; None: the kind's own (``EVENING_EFFORT``,
    # ``TOURNAMENT_EFFORT``). The rules hold at any effort; only how even the pairs are grows.
    effort: int | None = None

    def tables_in(self, number: int) -> int:
        """Round ``number``'s tables (from 0)."""
        return self.table_counts[number] if self.table_counts else self.tables


def seat(evening: Evening) -> tuple[Round, ...]:
    """Every round of the evening: the played ones as they were, the rest seated anew."""
    players = list(dict.fromkeys(evening.players))
    if evening.table_counts and len(evening.table_counts) != evening.rounds:
        raise SeatingError("a number of tables for every round")
    counts = [evening.tables_in(number) for number in range(evening.rounds)] or [evening.tables]
    tables = max(counts)
    if min(counts) < 1 or len(players) < SEATS * tables:
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
    for number in range(len(played), evening.rounds):
        order = sorted(players, key=lambda p: (missed[p], -games[p], lot[p]))
        out = order[: len(players) - SEATS * counts[number]]
        chosen = [p for p in players if p not in set(out)]
        for player in out:
            missed[player] += 1
        for player in chosen:
            games[player] += 1
        playing.append(chosen)
        outs.append(tuple(out))
    grouped, outs = _group(evening, players, playing, outs, rng)
    return (*played, *_seated(evening, played, grouped, outs))


# -- who plays with whom ----------------------------------------------------------------------


def pair_costs(average: float, top: int, tournament: bool) -> list[int]:
    """What a pair's meetings cost, by count. An evening's few rounds: growing fast (4^m − 1), so
    that one pair meeting three times costs more than several meeting twice. A tournament's many:
    the square, more above the fair share (``average`` rounded up, plus one), and a little for
    never meeting — the square alone would let the spread grow to bring the worst pair down."""
    if not tournament:
        return [PAIR_BASE**m - 1 for m in range(top + 2)]
    share = math.ceil(average) + 1
    return [
        m * m + (_NEVER_MET if m == 0 else 0) + _ABOVE_SHARE * max(0, m - share) ** 2
        for m in range(top + 2)
    ]


def _group(
    evening: Evening, players: list[int], playing: list[list[int]], outs: list[tuple[int, ...]],
    rng: random.Random,
) -> tuple[list[list[list[int]]], list[tuple[int, ...]]]:  # fmt: skip
    """Split each round's players into tables (and, unless they rotate, choose who sits out),
    lowering the pairs' cost."""
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
        tables = len(chosen) // SEATS
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
    out_index = [[index[p] for p in out] for out in outs]
    free = evening.tournament and any(out_index) and not any(strength)
    if rounds and (any(len(split) > 1 for split in rounds) or free):
        seats_taken = sum(len(t) for split in rounds for t in split)
        search = _Search(
            rounds, out_index if free else [], meet, strength, barred, rng, evening.tournament
        )
        effort = evening.effort or (TOURNAMENT_EFFORT if evening.tournament else EVENING_EFFORT)
        search.run(effort * seats_taken, evening.tournament)
        rounds, out_index = search.best_rounds, search.best_outs or out_index
    grouped = [[[players[n] for n in table] for table in split] for split in rounds]
    return grouped, [tuple(players[n] for n in out) for out in out_index]


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


class _Search:
    """Simulated annealing over the rounds still to seat (``rounds``: by round, table, the
    players' indices; ``outs``: who sits out, when the search may choose it)."""

    def __init__(
        self, rounds: list[list[list[int]]], outs: list[list[int]], meet: list[list[int]],
        strength: list[float], barred: list[frozenset[int]], rng: random.Random,
        tournament: bool,
    ) -> None:  # fmt: skip
        self.rounds, self.outs, self.meet = rounds, outs, meet
        self.barred, self.rng = barred, rng
        self.multi = [r for r, split in enumerate(rounds) if len(split) > 1]  # swaps: 2 tables
        pairs = len(meet) * (len(meet) - 1) // 2
        total = sum(sum(row) for row in meet) // 2
        top = max(len(rounds) + max(max(row, default=0) for row in meet), 1) + 2
        costs = pair_costs(total / pairs if pairs else 0.0, top, tournament)
        self.up = [costs[m + 1] - costs[m] for m in range(top)]
        self.down = [costs[m] - costs[m - 1] if m else 0 for m in range(top)]
        self.cost = sum(costs[m] for a, row in enumerate(meet) for m in row[a + 1 :])
        # The strongest spread like a draw's pots (no sit-outs chosen then: pots are per round).
        self.spread = any(strength)
        self.pot: list[dict[int, int]] = []
        for split in rounds:
            ranked = sorted((n for table in split for n in table), key=lambda n: -strength[n])
            self.pot.append({n: k // len(split) for k, n in enumerate(ranked)})
        self._count_pots()
        self.base = [row[:] for row in meet]  # the meetings of the rounds played
        for split in rounds:
            for table in split:
                for a, b in combinations(table, 2):
                    self.base[a][b] -= 1
                    self.base[b][a] -= 1
        self.out_rounds: dict[int, set[int]] = {}
        for r, out in enumerate(outs):
            for n in out:
                self.out_rounds.setdefault(n, set()).add(r)
        self.best = self.cost
        self.best_rounds = [[list(t) for t in split] for split in rounds]
        self.best_outs = [list(out) for out in outs]

    def run(self, steps: int, tournament: bool) -> None:
        """An evening: one cooling from a fixed heat (its costs grow steeply, and the worst pair
        matters most). A tournament: from a heat measured on the seating, the best of a few."""
        restarts = _RESTARTS if tournament else 1
        per_restart = max(1, steps // restarts)
        heat = self._first_heat() if tournament else _EVENING_HEAT
        for restart in range(restarts):
            if restart:  # go on from the best so far, heated again
                self.rounds = [[list(t) for t in split] for split in self.best_rounds]
                self.outs = [list(out) for out in self.best_outs]
                self._recount()
            self._anneal(per_restart, heat / (restart + 1))

    def _first_heat(self) -> float:
        """A heat at which about half of the worsening moves pass: the median of a sample."""
        worse = []
        for _ in range(200):
            delta = self._swap()
            if delta is not None and delta > 0:
                worse.append(delta)
        if not worse:
            return 1.0
        worse.sort()
        return max(worse[len(worse) // 2] / -math.log(_START_ACCEPT), 0.5)

    def _anneal(self, steps: int, start: float) -> None:
        heat = start
        cooling = (_END_HEAT / start) ** (1 / steps) if start > _END_HEAT else 1.0
        rng, trade = self.rng, bool(self.outs)
        for _ in range(steps):
            heat *= cooling
            if trade and rng.random() < 0.25:
                self._trade(heat)
            else:
                self._swap(heat)
            if self.cost < self.best:
                self.best = self.cost
                self.best_rounds = [[list(t) for t in split] for split in self.rounds]
                self.best_outs = [list(out) for out in self.outs]

    def _accept(self, delta: float, heat: float) -> bool:
        return delta <= 0 or self.rng.random() < math.exp(-delta / heat)

    def _swap(self, heat: float = 0.0) -> float | None:
        """Two players of one round change tables: the change in cost, made when it passes at
        this ``heat`` (0: only measured). None: no such move (one table, a judge's table)."""
        if not self.multi:
            return None
        rng = self.rng
        r = rng.choice(self.multi)
        split = self.rounds[r]
        first, second = rng.sample(range(len(split)), 2)
        at_first, at_second = split[first], split[second]
        i, j = rng.randrange(SEATS), rng.randrange(SEATS)
        a, b = at_first[i], at_second[j]
        if (second + 1) in self.barred[a] or (first + 1) in self.barred[b]:
            return None  # a judge never sits at his own table
        ma, mb, up, down = self.meet[a], self.meet[b], self.up, self.down
        delta = 0
        for x in at_first:
            if x != a:
                delta += up[mb[x]] - down[ma[x]]
        for y in at_second:
            if y != b:
                delta += up[ma[y]] - down[mb[y]]
        change = float(delta)
        pot = self.pot[r] if self.spread else None
        if pot is not None and pot[a] != pot[b]:
            here, there = self.pots[r][first], self.pots[r][second]
            pa, pb = pot[a], pot[b]
            change += _POT_WEIGHT * (2 * (here[pb] - here[pa] + there[pa] - there[pb]) + 4)
        if heat <= 0 or not self._accept(change, heat):
            return change
        self._move(at_first, a, b)
        self._move(at_second, b, a)
        at_first[i], at_second[j] = b, a
        self.cost += delta
        if pot is not None and pot[a] != pot[b]:
            self.pots[r][first][pot[a]] -= 1
            self.pots[r][first][pot[b]] += 1
            self.pots[r][second][pot[b]] -= 1
            self.pots[r][second][pot[a]] += 1
        return change

    def _move(self, table: list[int], leaving: int, coming: int) -> None:
        """``leaving`` leaves ``table`` and ``coming`` takes his place: the meetings follow."""
        ml, mc = self.meet[leaving], self.meet[coming]
        for x in table:
            if x != leaving and x != coming:
                ml[x] -= 1
                self.meet[x][leaving] -= 1
                mc[x] += 1
                self.meet[x][coming] += 1

    def _trade(self, heat: float) -> None:
        """A tournament: a player who plays round r and sits out round s trades with one who
        sits out r and plays s — both keep their number of games."""
        rng = self.rng
        r = rng.randrange(len(self.rounds))
        if not self.outs[r]:
            return
        b = rng.choice(self.outs[r])
        t = rng.randrange(len(self.rounds[r]))
        i = rng.randrange(SEATS)
        a = self.rounds[r][t][i]
        choices = sorted(self.out_rounds.get(a, set()) - self.out_rounds.get(b, set()))
        if not choices:
            return
        s = rng.choice(choices)
        u, j = next((u, table.index(b)) for u, table in enumerate(self.rounds[s]) if b in table)
        if (t + 1) in self.barred[b] or (u + 1) in self.barred[a]:
            return
        up, down = self.up, self.down
        here, there = self.rounds[r][t], self.rounds[s][u]
        delta = sum(up[self.meet[b][x]] - down[self.meet[a][x]] for x in here if x != a)
        self._move(here, a, b)
        here[i] = b
        delta += sum(up[self.meet[a][y]] - down[self.meet[b][y]] for y in there if y != b)
        if not self._accept(delta, heat):
            self._move(here, b, a)
            here[i] = a
            return
        self._move(there, b, a)
        there[j] = a
        self.cost += delta
        self.outs[r][self.outs[r].index(b)] = a
        self.outs[s][self.outs[s].index(a)] = b
        self.out_rounds[a] = (self.out_rounds[a] - {s}) | {r}
        self.out_rounds[b] = (self.out_rounds[b] - {r}) | {s}

    def _recount(self) -> None:
        """After going back to the best rounds: the meetings, pots and sit-outs they make."""
        self.meet = [row[:] for row in self.base]
        for split in self.rounds:
            for table in split:
                for a, b in combinations(table, 2):
                    self.meet[a][b] += 1
                    self.meet[b][a] += 1
        self._count_pots()
        self.out_rounds = {}
        for r, out in enumerate(self.outs):
            for n in out:
                self.out_rounds.setdefault(n, set()).add(r)
        self.cost = self.best

    def _count_pots(self) -> None:
        self.pots = []
        if not self.spread:
            return
        for r, split in enumerate(self.rounds):
            counts = [[0] * SEATS for _ in split]
            for t, table in enumerate(split):
                for n in table:
                    counts[t][self.pot[r][n]] += 1
            self.pots.append(counts)


# -- which seat -------------------------------------------------------------------------------


def _seated(
    evening: Evening, played: list[Round], grouped: list[list[list[int]]],
    outs: list[tuple[int, ...]],
) -> list[Round]:  # fmt: skip
    """Seats for the rounds to come: an edge colouring without repeats where one exists
    (``_Colouring``), then seats each player has had least often in the tournament."""
    colouring = _Colouring(played)
    for split in grouped:
        for group in split:
            colouring.add_table(group, evening.seat_history)
    colouring.prefer(evening.seat_history)
    tables = [tuple(p for p in table if p is not None) for table in colouring.tables]
    tables = tables[colouring.fixed :]
    rounds, first = [], 0
    for split, out in zip(grouped, outs, strict=True):
        rounds.append(Round(tuple(tables[first : first + len(split)]), out))
        first += len(split)
    return rounds


class _Colouring:
    """Tables (by round) as seat → player; the played ones fixed, the rest coloured so that no
    player has a seat twice, as far as he plays ten games or fewer."""

    def __init__(self, played: list[Round]) -> None:
        self.tables: list[list[int | None]] = []
        self.at: dict[int, dict[int, list[int]]] = {}  # player → seat → tables he had it at
        for done in played:
            for table in done.tables:
                number = len(self.tables)
                self.tables.append(list(table))
                for seat, player in enumerate(table):
                    self.at.setdefault(player, {}).setdefault(seat, []).append(number)
        self.fixed = len(self.tables)

    def add_table(self, group: list[int], history: Mapping[int, Mapping[int, int]]) -> None:
        """The ten at their seats: the cheapest assignment (the Hungarian method) of seats none
        of them has had tonight, each the seat he has had least often in the tournament; one
        left with a seat he had gets a new one by a Kempe chain, when there is one."""
        number = len(self.tables)
        self.tables.append([None] * SEATS)
        had = [self.at.get(player, {}) for player in group]
        costs = [
            [(_REPEATED_SEAT if mine.get(seat) else 0) + _had(history, player, seat)
             for seat in range(SEATS)]
            for player, mine in zip(group, had, strict=True)
        ]  # fmt: skip
        order = assignment(costs)
        for player, seat in zip(group, order, strict=True):
            self._put(number, seat, player)
        for player, seat in zip(group, order, strict=True):
            if len(self.at[player][seat]) > 1:
                self._renew(number, seat, player)

    def _put(self, number: int, seat: int, player: int) -> None:
        self.tables[number][seat] = player
        self.at.setdefault(player, {}).setdefault(seat, []).append(number)

    def _renew(self, number: int, seat: int, player: int) -> None:
        """``player`` had ``seat`` before tonight: the chain that frees it at his earlier table
        for a seat he has never had (when the played rounds do not block every chain)."""
        mine = self.at[player]
        for beta in (s for s in range(SEATS) if not mine.get(s)):
            mine[seat].remove(number)
            self.tables[number][seat] = None
            if self._kempe(player, number, seat, beta):
                self._put(number, seat, player)
                return
            self._put(number, seat, player)

    def _kempe(self, player: int, number: int, alpha: int, beta: int) -> bool:
        """Swap seats alpha and beta along the chain that starts at ``player``'s table with
        alpha, so that alpha becomes his to take at table ``number`` (free there). False when the
        chain runs into a played round or a repeated seat."""
        path: list[tuple[int, int, int]] = []  # (table, seat it has now, player)
        person: int | None = player
        while person is not None:  # from a player by his alpha seat, from a table by its beta
            tables = self.at.get(person, {}).get(alpha, [])
            if not tables:
                break
            if len(tables) > 1:
                return False
            table = tables[0]
            if table < self.fixed or table == number or len(path) > 2 * len(self.tables):
                return False  # a played round, the table itself, or no simple chain
            path.append((table, alpha, person))
            holder = self.tables[table][beta]
            if holder is not None:
                path.append((table, beta, holder))
            person = holder
        for table, seat, who in path:
            self.at[who][seat].remove(table)
            self.tables[table][seat] = None
        for table, seat, who in path:
            new = beta if seat == alpha else alpha
            self.tables[table][new] = who
            self.at[who].setdefault(new, []).append(table)
        return True

    def prefer(self, history: Mapping[int, Mapping[int, int]]) -> None:
        """Swap two seats of a table to come when it gives the two seats they have had less
        often in the tournament, never making a repeat tonight."""
        if not history:
            return
        for number in range(self.fixed, len(self.tables)):
            table = self.tables[number]
            improved = True
            while improved:
                improved = False
                for i, j in combinations(range(SEATS), 2):
                    a, b = table[i], table[j]
                    assert a is not None and b is not None
                    if self._fresh(a, j, number) and self._fresh(b, i, number):
                        now = _had(history, a, i) + _had(history, b, j)
                        if _had(history, a, j) + _had(history, b, i) < now:
                            self._swap_seats(number, i, j)
                            improved = True

    def _fresh(self, player: int, seat: int, number: int) -> bool:
        """Whether ``player`` may take ``seat`` at table ``number`` without a repeat tonight."""
        return all(t == number for t in self.at.get(player, {}).get(seat, []))

    def _swap_seats(self, number: int, i: int, j: int) -> None:
        table = self.tables[number]
        a, b = table[i], table[j]
        assert a is not None and b is not None
        self.at[a][i].remove(number)
        self.at[b][j].remove(number)
        table[i], table[j] = b, a
        self.at[b].setdefault(i, []).append(number)
        self.at[a].setdefault(j, []).append(number)


def _had(history: Mapping[int, Mapping[int, int]], player: int, seat: int) -> int:
    return history.get(player, {}).get(seat + 1, 0)


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
    never_met: int = 0  # pairs of players who never shared a table


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
        never_met=math.comb(len(set(players)), 2) - len(meetings),
    )
