"""Compensation Ci (SCORING.md, §8.6)."""

from fractions import Fraction

import pytest

from scoring import builtin, compensation, compute
from tests.scoring.helpers import NAMES, game

RULES_8 = builtin("rules-8")

# B = 40 % of N rounded to the nearest integer, written out by hand for N = 1…20.
B_BY_N = {
    1: 0,
    2: 1,
    3: 1,
    4: 2,
    5: 2,
    6: 2,
    7: 3,
    8: 3,
    9: 4,
    10: 4,
    11: 4,
    12: 5,
    13: 5,
    14: 6,
    15: 6,
    16: 6,
    17: 7,
    18: 7,
    19: 8,
    20: 8,
}


@pytest.mark.parametrize("n", range(1, 21))
def test_ci_for_every_stage_size_up_to_twenty(n):
    b = B_BY_N[n]
    assert compensation(RULES_8, n, 0) == 0
    for i in range(1, n + 1):
        expected = Fraction(2, 5) * i / b if i <= b else Fraction(2, 5)
        assert compensation(RULES_8, n, i) == expected, (n, i)
        assert compensation(RULES_8, n, i) <= Fraction(2, 5)


@pytest.mark.parametrize(
    ("n", "i", "ci"),
    [
        (10, 1, Fraction(1, 10)),
        (10, 2, Fraction(1, 5)),
        (10, 4, Fraction(2, 5)),
        (10, 5, Fraction(2, 5)),
        (7, 1, Fraction(2, 15)),  # a repeating decimal: kept exact
        (3, 1, Fraction(2, 5)),
        (1, 1, Fraction(2, 5)),  # B = 0: any first-night death is above B
    ],
)
def test_ci_worked_examples(n, i, ci):
    assert compensation(RULES_8, n, i) == ci


def _first_killed_games(results, stage="main", victim_seat=3):
    return [
        game(winner, id=f"{stage}-{k}", stage=stage, first_killed=victim_seat if fk else None)
        for k, (winner, fk) in enumerate(results)
    ]


def test_ci_is_paid_only_in_games_lost_by_red():
    # P3 (a civilian) plays 5 games, first-killed in 3 (black win, red win, draw): B=2, i=3 → cap.
    games = _first_killed_games(
        [("black", True), ("red", True), ("draw", True), ("black", False), ("red", False)]
    )
    result = compute(games, RULES_8)
    paid = [g.seats[2].ci for g in result.games]
    assert paid == [Fraction(2, 5), 0, 0, 0, 0]
    p3 = next(row for row in result.standings if row.name == "P3")
    assert p3.ci == Fraction(2, 5)
    assert p3.first_killed == 3


def test_ci_counts_red_first_kills_whatever_the_result():
    # 10 games, first-killed red twice (one lost, one won): i = 2, B = 4 → Ci = 0.2 in the lost one.
    games = _first_killed_games([("black", True), ("red", True)] + [("red", False)] * 8)
    result = compute(games, RULES_8)
    assert result.games[0].seats[2].ci == Fraction(1, 5)
    assert result.games[1].seats[2].ci == 0


def test_black_first_killed_gets_no_ci_and_does_not_count():
    games = [game("black", id="a", first_killed=4), game("black", id="b", first_killed=3)]
    result = compute(games, RULES_8)
    assert result.games[0].seats[3].ci == 0
    # P3: N=2, B=1, i=1 (the black P4's death does not count for anybody else either).
    assert result.games[1].seats[2].ci == Fraction(2, 5)


def test_sheriff_first_killed_is_red():
    result = compute([game("black", first_killed=2)] * 1, RULES_8)
    assert result.games[0].seats[1].ci == Fraction(2, 5)


def test_ci_is_computed_per_stage():
    main = _first_killed_games([("black", True)] + [("red", False)] * 9, stage="main")
    final = _first_killed_games([("black", True), ("red", False)], stage="final")
    result = compute(main + final, RULES_8)
    by_id = {g.game.id: g.seats[2].ci for g in result.games}
    assert by_id["main-0"] == Fraction(1, 10)  # N=10, B=4, i=1
    assert by_id["final-0"] == Fraction(2, 5)  # N=2, B=1, i=1
    p3 = next(row for row in result.standings if row.name == "P3")
    assert p3.ci == Fraction(1, 2)


def test_adding_a_game_changes_earlier_ci():
    games = _first_killed_games([("black", True)] + [("red", False)] * 4)  # N=5, B=2, i=1 → 0.2
    assert compute(games, RULES_8).games[0].seats[2].ci == Fraction(1, 5)
    more = games + [game("red", id=f"x{k}") for k in range(3)]  # N=8, B=3, i=1 → 0.1333…
    assert compute(more, RULES_8).games[0].seats[2].ci == Fraction(2, 15)


def test_stage_names_are_exact():
    games = [
        game("black", id="a", stage="Final", first_killed=3),
        game("black", id="b", stage="final", first_killed=3),
    ]
    result = compute(games, RULES_8)
    assert [g.seats[2].ci for g in result.games] == [Fraction(2, 5), Fraction(2, 5)]
    assert NAMES[2] == "P3"
