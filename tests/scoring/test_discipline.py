"""Discipline (SCORING.md, «Discipline»): fouls, technical fouls, removals and team defeats."""

import dataclasses
import json
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import ProtocolError, RulesetError, builtin, compute, validate_game
from scoring.cli import main
from scoring.model import Removal
from scoring.protocol_json import game_to_json, load_protocol
from scoring.report import to_json
from scoring.rulesets import resolve_ruleset, ruleset_from_mapping
from tests.scoring.helpers import game, protocol_dict

RULES_8 = builtin("rules-8")


def disciplined(base, **seats):
    """``base`` with seat N's discipline given as ``sN={"fouls": 4, ...}``."""
    players = list(base.players)
    for key, fields in seats.items():
        seat = int(key[1:])
        if "removal" in fields and fields["removal"] is not None:
            fields = {**fields, "removal": Removal(fields["removal"])}
        players[seat - 1] = dataclasses.replace(players[seat - 1], **fields)
    return dataclasses.replace(base, players=tuple(players))


def seat_of(result, seat, game_index=0):
    return result.games[game_index].seats[seat - 1]


def standing(result, name):
    return next(row for row in result.standings if row.name == name)


def file_text(games, **top):
    """The JSON protocol of ``games``, discipline included (``game_to_json`` writes it)."""
    return json.dumps({**top, "games": [game_to_json(g) for g in games]}, ensure_ascii=False)


def problems_of(text):
    with pytest.raises(ProtocolError) as raised:
        load_protocol(text, resolve_ruleset)
    return raised.value.problems


# --- points -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "penalty", "removed"),
    [
        ({"fouls": 1}, "0", None),
        ({"fouls": 3}, "0", None),
        ({"fouls": 4}, "-0.5", "fouls"),
        ({"technical_fouls": 1}, "0", None),
        ({"technical_fouls": 2}, "-0.5", "technical"),
        ({"fouls": 3, "technical_fouls": 1}, "0", None),
        ({"removal": "judge"}, "-0.5", "judge"),
        ({"fouls": 2, "removal": "judge"}, "-0.5", "judge"),
        ({"removal": "ppk"}, "-0.7", "ppk"),  # −0.7 only, not −0.5 besides
        ({"fouls": 3, "technical_fouls": 1, "removal": "ppk"}, "-0.7", "ppk"),
    ],
)
def test_the_ladder_costs_points_only_at_a_removal(fields, penalty, removed):
    # Seat 1 is a civilian; the black team won (as a ППК of a red player needs).
    result = compute([disciplined(game("black"), s1=fields)], RULES_8)
    seat = seat_of(result, 1)
    assert seat.penalty == Decimal(penalty)
    assert seat.removed == removed
    assert seat.fouls == fields.get("fouls", 0)
    assert seat.technical_fouls == fields.get("technical_fouls", 0)
    row = standing(result, "P1")
    assert row.penalty == Decimal(penalty)
    assert row.additional == Decimal(penalty)
    assert row.total == Decimal(penalty)


def test_discipline_adds_to_catalogue_penalties():
    base = game("black", penalties={1: ["8.5.1"]})
    catalogue = seat_of(compute([base], RULES_8), 1).penalty
    assert catalogue < 0
    result = compute([disciplined(base, s1={"fouls": 4})], RULES_8)
    assert seat_of(result, 1).penalty == catalogue - Fraction(1, 2)


def test_a_removed_player_keeps_his_teams_result():
    result = compute([disciplined(game("red"), s1={"removal": "judge"}, s4={"fouls": 4})], RULES_8)
    winner, loser = seat_of(result, 1), seat_of(result, 4)  # seat 1 civilian, seat 4 mafia
    assert winner.win == 1 and winner.total == Decimal("0.5")
    assert loser.win == 0 and loser.total == Decimal("-0.5")
    assert standing(result, "P1").wins == 1


def test_team_defeat_culprit_team_loses_and_only_he_pays():
    result = compute([disciplined(game("red"), s7={"removal": "ppk"})], RULES_8)  # 7 is mafia
    assert seat_of(result, 7).total == Decimal("-0.7")
    assert seat_of(result, 4).total == 0  # his partner lost, nothing more
    assert seat_of(result, 1).total == 1


def test_in_a_draw_discipline_still_applies():
    result = compute(
        [disciplined(game("draw"), s1={"fouls": 4}, s2={"technical_fouls": 2})], RULES_8
    )
    assert seat_of(result, 1).total == Decimal("-0.5")
    assert seat_of(result, 2).total == Decimal("-0.5")


def test_a_removed_first_killed_gets_ci_and_best_move():
    games = [
        disciplined(game("black", id="g1", first_killed=1, best_move=(4, 7, 9)), s1={"fouls": 4}),
        game("black", id="g2"),
    ]
    result = compute(games, RULES_8)
    seat = seat_of(result, 1)
    assert seat.removed == "fouls"
    assert seat.best_move == Decimal("0.4")
    assert seat.ci > 0
    assert seat.penalty == Decimal("-0.5")


def test_discipline_counts_in_the_first_tie_break():
    # P1 and P2 (both civilians/sheriff of one lost game each) are equal but for P1's removal.
    result = compute([disciplined(game("black"), s1={"fouls": 4})], RULES_8)
    places = [row.name for row in result.standings]
    assert places.index("P3") < places.index("P1")


def test_discipline_is_weighted_with_its_stage():
    games = [disciplined(game("black", stage="final"), s1={"removal": "ppk"})]
    result = compute(games, RULES_8, weights={"final": Decimal("1.5")})
    assert standing(result, "P1").penalty == Decimal("-1.05")


# --- the ruleset --------------------------------------------------------------------------------


def test_both_builtin_rulesets_have_the_default_values():
    for ruleset_id in ("rules-8", "rules-6.4"):
        ruleset = builtin(ruleset_id)
        assert (ruleset.removal, ruleset.team_defeat) == (Decimal("-0.5"), Decimal("-0.7"))


def test_a_club_ruleset_sets_the_values_or_none():
    ruleset = ruleset_from_mapping(
        {"extends": "rules-8", "id": "club", "discipline": {"removal": -1, "team_defeat": None}}
    )
    result = compute([disciplined(game("black"), s1={"fouls": 4}, s2={"removal": "ppk"})], ruleset)
    assert seat_of(result, 1).penalty == -1
    assert seat_of(result, 2).penalty == 0
    assert seat_of(result, 2).removed == "ppk"  # still recorded, only free


def test_a_club_ruleset_keeps_a_default_it_leaves_out():
    ruleset = ruleset_from_mapping(
        {"extends": "rules-8", "id": "club", "discipline": {"team_defeat": -1.5}}
    )
    assert (ruleset.removal, ruleset.team_defeat) == (Decimal("-0.5"), Decimal("-1.5"))


def test_a_value_in_hundredths_changes_the_scale():
    ruleset = ruleset_from_mapping(
        {"extends": "rules-8", "id": "club", "discipline": {"removal": -0.55}}
    )
    result = compute([disciplined(game("black"), s1={"technical_fouls": 2})], ruleset)
    assert seat_of(result, 1).penalty == Decimal("-0.55")


@pytest.mark.parametrize(
    ("discipline", "words"),
    [
        ({"removal": 0.5}, "не больше 0"),
        ({"removal": -0.33}, "кратное 0.05"),
        ({"removal": "много"}, "нужно число"),
        ({"removal": True}, "нужно число"),
        ({"team_defeat": "-1e999999"}, "6 цифр"),
        ({"fouls": -0.1}, "неизвестное поле"),
        ([-0.5], "нужна таблица"),
    ],
)
def test_a_wrong_discipline_in_a_ruleset_is_named(discipline, words):
    with pytest.raises(RulesetError) as raised:
        ruleset_from_mapping({"extends": "rules-8", "id": "club", "discipline": discipline})
    assert "discipline" in str(raised.value)
    assert words in str(raised.value)


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "code"),
    [
        ({"fouls": 5}, "fouls-invalid"),
        ({"fouls": -1}, "fouls-invalid"),
        ({"fouls": 2.0}, "fouls-invalid"),
        ({"fouls": True}, "fouls-invalid"),
        ({"fouls": "2"}, "fouls-invalid"),
        ({"technical_fouls": 3}, "technical-fouls-invalid"),
        ({"technical_fouls": 1.0}, "technical-fouls-invalid"),
        ({"removal": "red-card"}, "removal-invalid"),
        ({"removal": ["judge"]}, "removal-invalid"),
        ({"removal": True}, "removal-invalid"),
        ({"fouls": 4, "removal": "judge"}, "removal-twice"),
        ({"fouls": 4, "technical_fouls": 2}, "removal-twice"),
        ({"technical_fouls": 2, "removal": "ppk"}, "removal-twice"),
    ],
)
def test_a_wrong_seat_discipline_is_named_with_game_and_seat(player, code):
    data = protocol_dict([game("black", id="2026-12-01/3")])
    data["games"][0]["players"][4].update(player)
    problems = problems_of(json.dumps(data))
    assert [(p.code, p.game_id, p.seat) for p in problems] == [(code, "2026-12-01/3", 5)]
    assert re.search("[а-яё]", problems[0].message)  # said in Russian


@pytest.mark.parametrize(
    ("seats", "winner", "codes"),
    [
        ({1: "ppk"}, "red", ["ppk-winner"]),  # a civilian's ППК: the blacks win
        ({4: "ppk"}, "black", ["ppk-winner"]),  # a mafioso's ППК: the reds win
        ({4: "ppk"}, "draw", ["ppk-winner"]),
        ({1: "ppk", 4: "ppk"}, "black", ["ppk-twice", "ppk-winner"]),
        ({1: "ppk", 3: "ppk"}, "black", ["ppk-twice"]),
    ],
)
def test_a_team_defeat_needs_the_other_team_to_win(seats, winner, codes):
    data = protocol_dict([game(winner, id="g7")])
    for seat, removal in seats.items():
        data["games"][0]["players"][seat - 1]["removal"] = removal
    problems = problems_of(json.dumps(data))
    assert sorted(p.code for p in problems) == codes
    assert all(p.game_id == "g7" for p in problems)
    twice = [p for p in problems if p.code == "ppk-twice"]
    if twice:  # both seats named, as every other problem names its seat
        places = ", ".join(str(seat) for seat in sorted(seats))
        assert twice[0].message.endswith(f"у мест {places}") and twice[0].seat == max(seats)


def test_validate_game_checks_discipline_of_games_built_in_code():
    wrong = disciplined(game("red"), s1={"removal": "ppk"}, s2={"fouls": 4, "removal": "judge"})
    codes = sorted(problem.code for problem in validate_game(wrong, RULES_8))
    assert codes == ["ppk-winner", "removal-twice"]
    assert validate_game(disciplined(game("black"), s1={"removal": "ppk"}), RULES_8) == []


# --- the file and the output --------------------------------------------------------------------


def test_a_file_without_discipline_scores_byte_for_byte_as_with_zeros():
    games = [game("black", first_killed=2, best_move=(4, 7, 9), penalties={1: ["8.5.1"]})]
    plain = json.dumps(protocol_dict(games))
    zeros = protocol_dict(games)
    for player in zeros["games"][0]["players"]:
        player.update({"fouls": 0, "technical_fouls": 0, "removal": None})
    first = to_json(compute(*_distance(plain)))
    assert first == to_json(compute(*_distance(json.dumps(zeros))))
    assert "fouls" not in first and "removed" not in first


def _distance(text):
    distance, ruleset = load_protocol(text, resolve_ruleset)
    return distance.games, ruleset, distance.seed, dict(distance.stages)


def test_the_output_names_discipline_only_where_it_is():
    games = [disciplined(game("black"), s1={"fouls": 4}, s2={"technical_fouls": 1},
                         s3={"removal": "ppk"}, s5={"fouls": 2})]  # fmt: skip
    output = json.loads(to_json(compute(*_distance(file_text(games)))))
    seats = {seat["seat"]: seat for seat in output["games"][0]["players"]}
    assert (seats[1]["fouls"], seats[1]["removed"], seats[1]["penalty"]) == (4, "fouls", -0.5)
    assert seats[2]["technical_fouls"] == 1 and "removed" not in seats[2]
    assert (seats[3]["removed"], seats[3]["penalty"]) == ("ppk", -0.7)
    assert "fouls" not in seats[3]
    assert seats[5]["fouls"] == 2 and "removed" not in seats[5] and seats[5]["penalty"] == 0
    assert not {"fouls", "technical_fouls", "removed"} & set(seats[4])


def test_discipline_survives_a_round_trip_through_the_file():
    original = disciplined(game("black"), s1={"fouls": 3}, s2={"technical_fouls": 2},
                           s6={"removal": "ppk"})  # fmt: skip
    distance, _ = load_protocol(file_text([original]), resolve_ruleset)
    assert distance.games[0] == original


def test_the_cli_scores_a_file_with_discipline(tmp_path, capsys):
    path = tmp_path / "protocol.json"
    path.write_text(file_text([disciplined(game("black"), s1={"removal": "judge"})]), "utf-8")
    assert main(["standings", str(path), "--format", "json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["games"][0]["players"][0]["removed"] == "judge"
    row = next(row for row in output["standings"] if row["name"] == "P1")
    assert row["penalty"] == -0.5


def test_the_cli_check_names_a_fifth_foul(tmp_path, capsys):
    data = protocol_dict([game("black", id="g9")])
    data["games"][0]["players"][6]["fouls"] = 5
    path = tmp_path / "protocol.json"
    path.write_text(json.dumps(data), "utf-8")
    code = main(["standings", str(path), "--format", "json"])
    captured = capsys.readouterr()
    assert code != 0
    assert "g9" in captured.err and "место 7" in captured.err and "фолы" in captured.err


def test_the_cli_lists_the_discipline_values(capsys):
    assert main(["rulesets"]) == 0
    text = capsys.readouterr().out
    assert text.count("дисциплина: удаление (4 фола, 2 технических, судьёй) -0.5; ППК -0.7") == 2


def test_a_ruleset_written_out_reads_back_with_its_discipline():
    from scoring.rulesets import ruleset_to_mapping

    ruleset = ruleset_from_mapping(
        {"extends": "rules-8", "id": "club", "discipline": {"removal": None, "team_defeat": -1}}
    )
    assert ruleset_from_mapping(ruleset_to_mapping(ruleset)) == ruleset
