"""Penalty catalogues (SCORING.md): each item where it applies and where it does not."""

from itertools import product

import pytest

from scoring import Role, builtin, score_games, validate_game
from tests.scoring.helpers import LAYOUT, game

C, S, M, D = Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON
RED, BLACK = {C, S}, {M, D}
LOST, ANY, LOST_OR_DRAW = {"loss"}, {"win", "loss", "draw"}, {"loss", "draw"}

# The tables of SCORING.md, written out independently of the built-in data.
RULES_8_TABLE = {
    "8.5.1": (RED, LOST),
    "8.5.2": (RED, ANY),
    "8.5.3": ({C}, LOST),
    "8.5.4": ({S}, LOST),
    "8.5.5.1": ({S}, LOST),
    "8.5.5.2": ({S}, LOST),
    "8.5.5.3": ({S}, LOST),
    "8.5.5.4": ({S}, LOST),
    "8.5.6.1": (BLACK, LOST),
    "8.5.6.2": ({S}, LOST),
    "8.5.6.3": ({S}, LOST),
    "8.5.6.4": (BLACK, LOST),
    "8.5.6.5": (BLACK, LOST),
}
RULES_64_TABLE = {
    "6.4.5.1": (RED, LOST),
    "6.4.5.2": (BLACK, LOST),
    "6.4.5.3": (RED, ANY),
    "6.4.6.1": ({C}, LOST_OR_DRAW),
    "6.4.6.2": ({C}, LOST_OR_DRAW),
    "6.4.6.3": ({S}, LOST),
    "6.4.7.1": ({S}, LOST),
    "6.4.7.2": ({S}, LOST),
    "6.4.7.3": ({S}, LOST),
    "6.4.7.4": ({S}, LOST),
    "6.4.8.1": (BLACK, LOST),
    "6.4.8.2": ({S}, LOST),
    "6.4.8.3": ({D}, LOST),
    "6.4.8.4": ({S}, LOST),
    "6.4.8.5": (BLACK, LOST),
    "6.4.8.6": (BLACK, LOST),
    "6.4.9": ({C}, LOST),
}
SEAT_OF_ROLE = {C: 1, S: 2, M: 4, D: 9}
assert all(LAYOUT[seat - 1] is role for role, seat in SEAT_OF_ROLE.items())


def _outcome(role, winner):
    if winner == "draw":
        return "draw"
    team = "red" if role in RED else "black"
    return "win" if team == winner else "loss"


CASES = [
    (ruleset_id, code, who, when, role, winner)
    for ruleset_id, table in (("rules-8", RULES_8_TABLE), ("rules-6.4", RULES_64_TABLE))
    for code, (who, when) in table.items()
    for role, winner in product((C, S, M, D), ("red", "black", "draw"))
]


@pytest.mark.parametrize(("ruleset_id", "code", "who", "when", "role", "winner"), CASES)
def test_penalty_applies_exactly_where_the_table_says(ruleset_id, code, who, when, role, winner):
    ruleset = builtin(ruleset_id)
    seat = SEAT_OF_ROLE[role]
    g = game(winner, penalties={seat: [code]})
    problems = validate_game(g, ruleset)
    fits = role in who and _outcome(role, winner) in when
    if fits:
        assert problems == []
        value = -2 if ruleset_id == "rules-6.4" else -1
        assert score_games([g], ruleset)[0].seats[seat - 1].penalty * 5 == 2 * value
    else:
        assert [p.code for p in problems] == [
            "penalty-role" if role not in who else "penalty-result"
        ]
        assert problems[0].seat == seat and problems[0].penalty == code


def test_catalogues_hold_exactly_the_listed_codes():
    assert {item.code for item in builtin("rules-8").penalties} == set(RULES_8_TABLE)
    assert {item.code for item in builtin("rules-6.4").penalties} == set(RULES_64_TABLE)


@pytest.mark.parametrize(
    ("ruleset_id", "code"),
    [
        ("rules-8", "6.4.9"),
        ("rules-6.4", "8.5.1"),
        ("rules-8", "8.5.5"),  # a heading, not a leaf item
        ("rules-8", "8.5.6"),
        ("rules-6.4", "6.4.7.5"),  # an exemption, not a penalty
        ("rules-6.4", "6.4.5.4"),  # no text in the seed
    ],
)
def test_codes_outside_the_catalogue_are_unknown(ruleset_id, code):
    problems = validate_game(game("black", penalties={1: [code]}), builtin(ruleset_id))
    assert [p.code for p in problems] == ["penalty-unknown"]


def test_same_item_twice_on_one_player_is_an_error():
    problems = validate_game(game("black", penalties={1: ["8.5.1", "8.5.1"]}), builtin("rules-8"))
    assert [p.code for p in problems] == ["penalty-duplicate"]


def test_same_item_on_two_players_is_fine():
    g = game("black", penalties={1: ["8.5.1"], 3: ["8.5.1"]})
    assert validate_game(g, builtin("rules-8")) == []


def test_every_item_has_a_short_russian_description():
    for ruleset_id in ("rules-8", "rules-6.4"):
        for item in builtin(ruleset_id).penalties:
            assert 0 < len(item.description) <= 60
            assert any("а" <= ch <= "я" for ch in item.description.lower())
