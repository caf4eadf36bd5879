"""Stage weights (SCORING.md, "Stages and their weights"): every point of a game of a weighted
stage counts × weight in the standings and the tie-breaks; Ci is the stage's own, unweighted,
then weighted with the rest; counters are not weighted; the protocol file carries the list."""

import json
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import ProtocolError, builtin, compute, resolve_ruleset
from scoring.protocol_json import dump_protocol, load_protocol
from scoring.report import to_json
from tests.scoring.helpers import NAMES, game, protocol_dict

RULES = builtin("rules-8")
FINAL = {"final": Decimal("1.3")}


def row(result, name):
    return next(r for r in result.standings if r.name == name)


def test_every_point_of_a_weighted_stage_counts_times_its_weight_counters_do_not():
    games = [
        game("black", id="q1", stage="main", first_killed=1, best_move=[4, 7, 3]),
        game("black", id="f1", stage="final", first_killed=1, best_move=[4, 7, 3],
             extra={4: "0.3"}, penalties={2: ["8.5.1"]}),
    ]  # fmt: skip
    plain = compute(games, RULES)
    weighted = compute(games, RULES, weights=FINAL)
    one = Fraction(13, 10)
    for name in NAMES:
        a = {g.game.id: s for g in plain.games for s in g.seats if s.name == name}
        expected = a["q1"].total + a["f1"].total * one
        assert row(weighted, name).total == expected
        assert row(weighted, name).games == row(plain, name).games == 2
        assert row(weighted, name).wins == row(plain, name).wins
        assert row(weighted, name).first_killed == row(plain, name).first_killed
    p1 = row(weighted, "P1")  # first-killed red twice in one game per stage: Ci 0.4 in each
    assert p1.ci == Fraction(4, 10) + Fraction(4, 10) * one
    assert p1.best_move == Fraction(25, 100) + Fraction(25, 100) * one  # 0.25 × 1.3 = 0.325
    assert row(weighted, "P4").extra == Fraction(3, 10) * one
    assert row(weighted, "P2").penalty == Fraction(-4, 10) * one


def test_the_tie_break_on_additional_points_compares_weighted_points():
    # P4 (mafia) wins the main game, P3 (civilian) the final, which counts × 2; P4's extras,
    # 0.5 in the main game and 0.25 in the final, make them equal on total: 2 each.
    games = [
        game("black", id="q1", stage="main", extra={4: "0.5"}),
        game("red", id="f1", stage="final", extra={4: "0.25"}),
    ]
    result = compute(games, RULES, weights={"final": Decimal(2)})
    p3, p4 = row(result, "P3"), row(result, "P4")
    assert p3.total == p4.total == 2
    assert p4.additional == 1 and p3.additional == 0
    assert p4.place < p3.place and not p4.lot


def test_weights_of_one_change_nothing_and_an_unnamed_stage_weighs_one():
    games = [game("red", id="q1"), game("black", id="f1", stage="final", first_killed=2)]
    assert compute(games, RULES, weights={"final": Decimal(1)}).standings == (
        compute(games, RULES).standings
    )
    assert compute(games, RULES, weights={"semifinal": Decimal(3)}).standings == (
        compute(games, RULES).standings
    )


def test_the_protocol_file_reads_and_writes_the_stages_list():
    data = protocol_dict([
        game("red", id="q1", stage="qualification"),
        game("black", id="f1", stage="final", extra={4: "0.25"}),
    ])  # fmt: skip
    data["stages"] = [{"name": "qualification"}, {"name": "final", "weight": 1.3}]
    distance, ruleset = load_protocol(json.dumps(data), resolve_ruleset)
    assert distance.stages == (("qualification", Decimal(1)), ("final", Decimal("1.3")))
    result = compute(distance.games, ruleset, distance.seed, distance.weights)
    out = json.loads(to_json(result), parse_float=Decimal)
    assert out["stages"] == [
        {"name": "qualification", "weight": 1},
        {"name": "final", "weight": Decimal("1.3")},
    ]
    final = next(g for g in out["games"] if g["id"] == "f1")
    assert final["weight"] == Decimal("1.3")
    seat4 = final["players"][3]
    assert seat4["extra"] == Decimal("0.325") and seat4["total"] == Decimal("1.625")  # won
    # Exported again, the file re-imports to the same standings.
    again, _ = load_protocol(
        dump_protocol(distance.games, ruleset.id, distance.seed, distance.weights),
        resolve_ruleset,
    )
    assert again.stages == distance.stages
    assert compute(again.games, ruleset, again.seed, again.weights).standings == result.standings


def test_without_a_stages_list_the_output_is_as_before():
    data = protocol_dict([game("red", id="q1")])
    distance, ruleset = load_protocol(json.dumps(data), resolve_ruleset)
    out = json.loads(to_json(compute(distance.games, ruleset)))
    assert "stages" not in out and "weight" not in out["games"][0]


@pytest.mark.parametrize(
    ("stages", "code"),
    [
        ({"name": "final"}, "stages-invalid"),
        ([{"name": "final", "weight": 0}], "stage-weight-invalid"),
        ([{"name": "final", "weight": -1.3}], "stage-weight-invalid"),
        ([{"name": "final", "weight": "1.3"}], "stage-weight-invalid"),
        ([{"name": "final", "weight": True}], "stage-weight-invalid"),
        ([{"name": "final"}, {"name": "final", "weight": 2}], "stage-duplicate"),
        ([{"weight": 2}], "stage-invalid"),
        ([{"name": "final", "factor": 2}], "field-unknown"),
    ],
)
def test_a_bad_stages_list_is_refused_with_its_reason(stages, code):
    data = protocol_dict([game("red", id="q1")])
    data["stages"] = stages
    with pytest.raises(ProtocolError) as caught:
        load_protocol(json.dumps(data), resolve_ruleset)
    assert code in [p.code for p in caught.value.problems]
