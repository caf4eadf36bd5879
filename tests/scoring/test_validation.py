"""Every validation error of a game (SCORING.md, "Protocol file" and "Details")."""

import dataclasses
from decimal import Decimal

import pytest

from scoring import Role, SeatEntry, builtin, validate_game, validate_games
from tests.scoring.helpers import LAYOUT, game

RULES_8 = builtin("rules-8")


def codes(g):
    return [p.code for p in validate_game(g, RULES_8)]


def test_a_valid_game_has_no_problems():
    assert codes(game("black", first_killed=2, best_move=(4, 7, 9), extra={1: "0.7"})) == []


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ("-0.05", "extra-negative"),
        ("0.75", "extra-range"),
        ("0.33", "extra-step"),
        ("0.051", "extra-step"),
    ],
)
def test_bad_extras(extra, code):
    problems = validate_game(game("red", extra={3: extra}), RULES_8)
    assert [(p.code, p.seat, p.game_id) for p in problems] == [(code, 3, "g1")]


@pytest.mark.parametrize("extra", ["0", "0.05", "0.65", "0.7", "0.10"])
def test_good_extras(extra):
    assert codes(game("red", extra={3: extra})) == []


def test_no_judge_extra_in_a_draw_but_explicit_zero_is_fine():
    assert codes(game("draw", extra={3: "0.3"})) == ["extra-in-draw"]
    assert codes(game("draw", extra={3: "0"})) == []


@pytest.mark.parametrize(
    ("roles", "message_part"),
    [
        ((Role.CIVILIAN,) * 10, "шериф"),
        ((*LAYOUT[:-1], Role.MAFIA), "мафия"),
        ((Role.DON, *LAYOUT[1:]), "мирный"),
    ],
)
def test_role_counts(roles, message_part):
    problems = validate_game(game("red", roles=roles), RULES_8)
    assert problems and all(p.code == "role-count" for p in problems)
    assert any(message_part in p.message for p in problems)


def test_duplicate_name_names_the_second_seat():
    names = ["A", "B", "C", "D", "E", "A", "G", "H", "I", "J"]
    problems = validate_game(game("red", names=names), RULES_8)
    assert [(p.code, p.seat) for p in problems] == [("name-duplicate", 6)]


def test_names_are_case_sensitive():
    names = ["Лис", "лис", "C", "D", "E", "F", "G", "H", "I", "J"]
    assert codes(game("red", names=names)) == []


def test_empty_name():
    names = ["A", " ", "C", "D", "E", "F", "G", "H", "I", "J"]
    assert codes(game("red", names=names)) == ["name-missing"]


def test_wrong_number_of_players():
    g = game("red")
    short = dataclasses.replace(g, players=g.players[:9])
    assert "players-count" in codes(short)
    long = dataclasses.replace(g, players=(*g.players, SeatEntry("K", Role.CIVILIAN, Decimal(0))))
    assert "players-count" in codes(long)


@pytest.mark.parametrize(
    ("first_killed", "best_move", "expected"),
    [
        (0, None, ["first-killed-seat"]),
        (11, None, ["first-killed-seat"]),
        (None, (4, 7, 9), ["best-move-without-first-killed"]),
        (2, (4, 7), ["best-move-size"]),
        (2, (4, 7, 9, 1), ["best-move-size"]),
        (2, (4, 7, 11), ["best-move-seat"]),
        (2, (4, 4, 9), ["best-move-duplicate"]),
        (2, (2, 7, 9), ["best-move-self"]),
    ],
)
def test_night_errors(first_killed, best_move, expected):
    assert codes(game("black", first_killed=first_killed, best_move=best_move)) == expected


def test_first_killed_without_best_move_is_fine():
    assert codes(game("black", first_killed=2)) == []


def test_best_move_of_a_black_first_killed_player_is_accepted():
    assert codes(game("red", first_killed=4, best_move=(1, 2, 3))) == []


def test_all_problems_are_reported_together():
    g = game(
        "draw",
        extra={1: "0.3", 5: "-1"},
        penalties={2: ["8.5.4", "9.9"]},
        first_killed=3,
        best_move=(3, 3, 12),
    )
    found = codes(g)
    for code in (
        "extra-in-draw",
        "extra-negative",
        "penalty-result",
        "penalty-unknown",
        "best-move-self",
        "best-move-duplicate",
        "best-move-seat",
    ):
        assert code in found


def test_duplicate_game_ids():
    problems = validate_games([game(id="x"), game(id="x")], RULES_8)
    assert [p.code for p in problems] == ["game-id-duplicate"]


def test_problem_text_names_game_seat_and_penalty():
    g = game("red", id="2026-11-28/1", penalties={1: ["8.5.1"]})
    (problem,) = validate_game(g, RULES_8)
    text = str(problem)
    assert "2026-11-28/1" in text and "место 1" in text and "8.5.1" in text
