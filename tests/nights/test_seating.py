"""The evening's seating: the fairness rules hold for any evening, and it beats random seating."""

import random
import statistics
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.seating_bounds import lower_bound, random_seating
from seating import SEATS, Evening, SeatingError, fairness, seat
from seating.search import assignment
from tests.timing import scaled


@st.composite
def evenings(draw):
    tables = draw(st.integers(1, 3))
    players = list(range(1, SEATS * tables + draw(st.integers(0, 12)) + 1))
    rounds = draw(st.integers(1, 6))
    history = {
        p: {s: draw(st.integers(0, 3)) for s in range(1, SEATS + 1)}
        for p in draw(st.lists(st.sampled_from(players), max_size=8, unique=True))
    }
    judges = draw(st.lists(st.sampled_from(players), max_size=tables if tables > 1 else 0,
                           unique=True))  # fmt: skip
    barred = {judge: frozenset({n}) for n, judge in enumerate(judges, start=1)}
    return Evening(players, tables, rounds, draw(st.integers(0, 10**6)), (), history, barred)


def check_rules(evening, rounds):
    assert len(rounds) == evening.rounds
    everyone = set(evening.players)
    out_count = dict.fromkeys(everyone, 0)
    for number, done in enumerate(rounds, start=1):
        seated = [p for table in done.tables for p in table]
        assert len(done.tables) == evening.tables
        assert all(len(table) == SEATS for table in done.tables)
        assert len(seated) == len(set(seated)) and not set(seated) & set(done.out)
        assert set(seated) | set(done.out) == everyone
        for table_number, table in enumerate(done.tables, start=1):
            for player in table:  # a judge never plays at the table he judges
                assert table_number not in evening.barred.get(player, ())
        for player in done.out:
            # nobody sits out a second time before everyone has sat out once
            assert all(out_count[p] >= out_count[player] for p in everyone)
            out_count[player] += 1
        assert number  # rounds are numbered from 1
    figures = fairness(rounds, evening.players)
    assert figures.games_spread <= 1
    assert figures.seat_repeats == 0  # (rounds ≤ 10)


@settings(max_examples=60, deadline=None)
@given(evenings())
def test_every_evening_keeps_the_fairness_rules(evening):
    rounds = seat(evening)
    check_rules(evening, rounds)
    assert seat(evening) == rounds  # the same seed, the same seats: anyone can check


@settings(max_examples=30, deadline=None)
@given(evenings(), st.data())
def test_a_change_reseats_only_the_rounds_to_come(evening, data):
    first = seat(evening)
    kept = data.draw(st.integers(0, evening.rounds))
    players = list(evening.players)
    if data.draw(st.booleans()):
        players.append(max(players) + 1)  # a late arrival
    elif len(players) > SEATS * evening.tables:
        players.remove(data.draw(st.sampled_from(players)))  # someone leaves
    later = Evening(players, evening.tables, evening.rounds, evening.seed + 1, first[:kept],
                    evening.seat_history, evening.barred)  # fmt: skip
    again = seat(later)
    assert again[:kept] == first[:kept]  # games already played are never touched
    present = set(players)
    for done in again[kept:]:
        assert {p for table in done.tables for p in table} | set(done.out) == present
    seats_tonight = {}
    for done in again:
        for table in done.tables:
            for number, player in enumerate(table, start=1):
                assert number not in seats_tonight.setdefault(player, set())
                seats_tonight[player].add(number)


def test_the_seat_a_player_gets_is_one_he_has_had_least_often():
    players = list(range(1, 11))
    history = {p: {s: 5 for s in range(1, SEATS + 1)} for p in players}
    for p in players:
        history[p][p] = 0  # each has had one seat least often: his own number
    (only,) = seat(Evening(players, 1, 1, 7, (), history))
    assert only.tables[0] == tuple(players)


def test_pairs_meet_far_more_evenly_than_in_a_thousand_random_seatings():
    rng = random.Random(2026)
    for players, tables, rounds in [(20, 2, 4), (27, 2, 4), (40, 4, 5), (30, 3, 6)]:
        everyone = list(range(1, players + 1))
        ours = fairness(seat(Evening(everyone, tables, rounds, 1)), everyone)
        randoms = [fairness(random_seating(everyone, tables, rounds, rng), everyone)
                   for _ in range(1000)]  # fmt: skip
        squares = sorted(f.squares for f in randoms)
        assert ours.squares <= squares[50], (players, ours, squares[50])  # better than 95 %
        assert ours.most_meetings <= statistics.median(f.most_meetings for f in randoms)
        most, _ = lower_bound(players, tables, rounds)
        assert ours.most_meetings <= most + 1  # at or near the bound


def test_two_tables_three_rounds_meet_the_counting_bound():
    # 20 players, 2 tables, 3 rounds: 8 sequences of tables for 20 players, so some pairs share
    # every round; at best 16 pairs do.
    everyone = list(range(1, 21))
    assert lower_bound(20, 2, 3) == (3, 16)
    figures = fairness(seat(Evening(everyone, 2, 3, 5)), everyone)
    assert (figures.most_meetings, figures.pairs_at_most) == (3, 16)


def test_forty_players_four_tables_five_rounds_seat_in_well_under_a_second():
    everyone = list(range(1, 41))
    started = time.perf_counter()
    seat(Evening(everyone, 4, 5, 3, strength={p: p for p in everyone}))
    assert time.perf_counter() - started < scaled(2)  # a second on the reference machine


def test_the_strongest_are_spread_across_tables():
    everyone = list(range(1, 41))
    strength = {p: float(p) for p in everyone}
    for done in seat(Evening(everyone, 4, 3, 9, strength=strength)):
        top = [sum(1 for p in table if p > 32) for table in done.tables]  # the eight strongest
        assert max(top) - min(top) <= 1


def test_an_evening_that_cannot_be_seated_says_so():
    for evening in (Evening(list(range(9)), 1, 3, 1), Evening(list(range(20)), 0, 1, 1)):
        try:
            seat(evening)
        except SeatingError:
            continue
        raise AssertionError("seated the unseatable")


def test_assignment_is_the_cheapest():
    rng = random.Random(1)
    from itertools import permutations

    for _ in range(30):
        costs = [[rng.randrange(10) for _ in range(6)] for _ in range(6)]
        best = min(sum(costs[r][c] for r, c in enumerate(p)) for p in permutations(range(6)))
        chosen = assignment(costs)
        assert sorted(chosen) == list(range(6))
        assert sum(costs[r][c] for r, c in enumerate(chosen)) == best
