"""Rulesets as data, and a club's own ruleset file."""

import json
from decimal import Decimal

import pytest

from scoring import BUILT_IN, RulesetError, builtin, compute, resolve_ruleset
from scoring.rulesets import load_ruleset_file, ruleset_from_mapping, ruleset_to_mapping
from tests.scoring.helpers import game

FULL_TOML = """
id = "club"
title = "Клубные правила"
win_points = 1.0
draw_points = 0
tie_breaks = ["wins", "additional"]

[best_move]
2 = 0.3
3 = 0.5

[extra]
min = 0
max = 0.5
step = 0.1

[ci]
factor = 0.5
cap = 0.5
share = 0.5

[[penalties]]
code = "1"
value = -0.5
who = ["red"]
when = ["any"]
description = "Слом"
"""


def test_builtins_have_the_contract_values():
    for ruleset_id, value in (("rules-8", "-0.4"), ("rules-6.4", "-0.8")):
        r = builtin(ruleset_id)
        assert r.best_move_points == (0, 0, Decimal("0.25"), Decimal("0.4"))
        assert (r.extra_min, r.extra_max, r.extra_step) == (0, Decimal("0.7"), Decimal("0.05"))
        assert (r.ci_factor, r.ci_cap, r.ci_share) == (Decimal("0.4"),) * 3
        assert r.tie_breaks == ("additional", "wins", "special_wins", "first_killed")
        assert {item.value for item in r.penalties} == {Decimal(value)}


def test_toml_ruleset_sets_every_parameter(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(FULL_TOML, encoding="utf-8")
    r = load_ruleset_file(path)
    assert r.id == "club" and r.best_move_points[3] == Decimal("0.5")
    assert r.tie_breaks == ("wins", "additional")
    g = game("black", first_killed=2, best_move=(4, 7, 9), extra={1: "0.5"}, penalties={3: ["1"]})
    seats = compute([g], r).games[0].seats
    assert seats[1].best_move == Decimal("0.5") and seats[1].ci == Decimal("0.5")
    assert seats[2].penalty == Decimal("-0.5")


def test_json_ruleset_extending_a_builtin(tmp_path):
    path = tmp_path / "club.json"
    path.write_text(
        '{"extends": "rules-6.4", "id": "club-6.4", "title": "С 6.4.5.4",'
        ' "add_penalties": [{"code": "6.4.5.4", "value": -0.8, "who": ["black"],'
        ' "when": ["loss"], "description": "Текст от клуба"}]}',
        encoding="utf-8",
    )
    r = resolve_ruleset(str(path))
    assert r.penalty("6.4.5.4") is not None and r.penalty("6.4.9") is not None
    assert r.ci_cap == Decimal("0.4")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("win_points = 1.0", 'win_points = "one"'), "win_points"),
        (("step = 0.1", "step = 0"), "extra.step"),
        (("share = 0.5", "share = 2"), "ci.share"),
        (('"wins", "additional"', '"wins", "luck"'), "tie_breaks"),
        (("value = -0.5", "value = 0.5"), "penalties[0].value"),
        (('who = ["red"]', 'who = ["doctor"]'), "penalties[0].who"),
        (('when = ["any"]', "when = []"), "penalties[0].when"),
        (('description = "Слом"', f'description = "{"x" * 61}"'), "penalties[0].description"),
        (("[ci]", "[cii]"), "ci"),
    ],
)
def test_malformed_ruleset_names_the_field(tmp_path, change, field):
    path = tmp_path / "bad.toml"
    path.write_text(FULL_TOML.replace(*change), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset_file(path)
    assert any(f"«{field}»" in p for p in caught.value.problems), caught.value.problems


def test_unparsable_and_missing_files(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("id = ", encoding="utf-8")
    with pytest.raises(RulesetError):
        load_ruleset_file(path)
    with pytest.raises(RulesetError):
        resolve_ruleset(str(tmp_path / "missing.toml"))
    with pytest.raises(RulesetError):
        resolve_ruleset("rules-9")


@pytest.mark.parametrize("ruleset_id", sorted(BUILT_IN))
def test_a_ruleset_written_as_a_mapping_reads_back_equal(ruleset_id: str) -> None:
    ruleset = builtin(ruleset_id)
    mapping = ruleset_to_mapping(ruleset)
    assert ruleset_from_mapping(json.loads(json.dumps(mapping)), ruleset_id) == ruleset
