"""Points of one player in one game (SCORING.md, "Points of one player in one game")."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import builtin, compute, score_games
from tests.scoring.helpers import game

RULES_8 = builtin("rules-8")
RULES_64 = builtin("rules-6.4")


def seats(g, ruleset=RULES_8):
    return score_games([g], ruleset)[0].seats


@pytest.mark.parametrize(
    ("winner", "red_win", "black_win"),
    [("red", Fraction(1), Fraction(0)), ("black", Fraction(0), Fraction(1)), ("draw", 0, 0)],
)
def test_win_points_go_to_every_player_of_the_winning_team(winner, red_win, black_win):
    scored = seats(game(winner))
    for seat in scored:
        expected = red_win if seat.role.team.value == "red" else black_win
        assert seat.win == expected
        assert seat.main == expected


@pytest.mark.parametrize(
    ("best_move", "points"),
    [
        ((4, 7, 9), Fraction(2, 5)),  # three blacks
        ((4, 7, 1), Fraction(1, 4)),  # two blacks
        ((4, 1, 3), Fraction(0)),  # one black
        ((1, 3, 5), Fraction(0)),  # none
    ],
)
def test_best_move_scores_by_blacks_named(best_move, points):
    scored = seats(game("black", first_killed=2, best_move=best_move))
    assert scored[1].best_move == points
    assert scored[1].additional == points
    assert all(seat.best_move == 0 for seat in scored if seat.seat != 2)


def test_best_move_also_counts_in_a_draw():
    scored = seats(game("draw", first_killed=3, best_move=(4, 7, 9)))
    assert scored[2].best_move == Fraction(2, 5)


def test_best_move_of_a_red_winner_counts():
    scored = seats(game("red", first_killed=3, best_move=(4, 7, 1)))
    assert scored[2].best_move == Fraction(1, 4)
    assert scored[2].total == 1 + Fraction(1, 4)


def test_best_move_of_a_black_first_killed_player_scores_nothing():
    scored = seats(game("red", first_killed=4, best_move=(7, 9, 1)))
    assert scored[3].best_move == 0


def test_judge_extra_is_additional_points():
    scored = seats(game("red", extra={1: "0.3", 5: "0.7"}))
    assert scored[0].extra == Fraction(3, 10)
    assert scored[0].additional == Fraction(3, 10)
    assert scored[0].total == Fraction(13, 10)
    assert scored[4].extra == Fraction(7, 10)


@pytest.mark.parametrize(
    ("ruleset", "codes", "value"),
    [
        (RULES_8, ["8.5.1"], Fraction(-2, 5)),
        (RULES_8, ["8.5.1", "8.5.2"], Fraction(-4, 5)),
        (RULES_64, ["6.4.5.1"], Fraction(-4, 5)),
        (RULES_64, ["6.4.5.1", "6.4.5.3", "6.4.6.1"], Fraction(-12, 5)),
    ],
)
def test_different_penalties_add_up(ruleset, codes, value):
    scored = seats(game("black", penalties={1: codes}), ruleset)
    assert scored[0].penalty == value
    assert scored[0].additional == value
    assert scored[0].total == value


def test_total_is_main_plus_additional():
    g = game(
        "black", first_killed=2, best_move=(4, 7, 9), extra={4: "0.25"}, penalties={1: ["8.5.1"]}
    )
    result = compute([g], RULES_8)
    by_seat = {seat.seat: seat for seat in result.games[0].seats}
    assert by_seat[2].main == Fraction(2, 5)  # Ci: N=1, B=0, i=1 > B → cap
    assert by_seat[2].additional == Fraction(2, 5)
    assert by_seat[2].total == Fraction(4, 5)
    assert by_seat[4].total == Fraction(5, 4)
    assert by_seat[1].total == Fraction(-2, 5)


def test_extras_are_exact_decimals():
    scored = seats(game("red", extra={s: "0.1" for s in range(1, 11)}))
    assert sum(seat.extra for seat in scored) == 1
    assert Decimal("0.1") * 10 == 1


def test_scoring_leaves_the_garbage_collector_as_it_found_it():
    import gc

    compute([game("red")], RULES_8)
    assert gc.isenabled()
    gc.disable()
    try:
        compute([game("red")], RULES_8)
        assert not gc.isenabled()
    finally:
        gc.enable()
