"""The JSON protocol file: defaults, exact numbers, every structural error."""

import json
import time
from decimal import Decimal

import pytest

from scoring import ProtocolError, Winner, builtin, resolve_ruleset
from scoring.protocol_json import load_protocol
from tests.scoring.helpers import game, protocol_dict
from tests.timing import scaled


def load(data, **kwargs):
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return load_protocol(text, resolve_ruleset, **kwargs)


def problem_codes(data, **kwargs):
    with pytest.raises(ProtocolError) as caught:
        load(data, **kwargs)
    return [p.code for p in caught.value.problems]


def minimal_game(**fields):
    players = [
        {"name": f"P{i}", "role": r}
        for i, r in enumerate(
            [
                "civilian",
                "sheriff",
                "civilian",
                "mafia",
                "civilian",
                "civilian",
                "mafia",
                "civilian",
                "don",
                "civilian",
            ],
            start=1,
        )
    ]
    return {"id": "g1", "winner": "red", "players": players, **fields}


def test_defaults():
    distance, ruleset = load({"games": [minimal_game()]})
    assert ruleset.id == "rules-8" and distance.seed == 0
    (g,) = distance.games
    assert g.stage == "main" and g.first_killed is None and g.best_move is None
    assert g.winner is Winner.RED and all(p.extra == 0 and p.penalties == () for p in g.players)


def test_round_trip_of_a_full_protocol():
    original = game(
        "black", first_killed=2, best_move=(4, 7, 9), extra={4: "0.35"}, penalties={1: ["8.5.1"]}
    )
    distance, _ = load(protocol_dict([original], ruleset="rules-8", seed=5))
    assert distance.games == (original,) and distance.seed == 5


def test_numbers_are_read_as_exact_decimals():
    text = json.dumps(minimal_game()).replace(
        '"role": "civilian"}', '"role": "civilian", "extra": 0.1}', 1
    )
    distance, _ = load('{"games": [' + text + "]}")
    assert str(distance.games[0].players[0].extra) == "0.1"


def test_command_line_overrides_ruleset_and_seed():
    distance, ruleset = load(
        {"ruleset": "rules-8", "seed": 1, "games": []}, ruleset_ref="rules-6.4", seed=9
    )
    assert ruleset.id == "rules-6.4" and distance.seed == 9


def test_integer_ids_are_accepted_as_text():
    distance, _ = load({"games": [minimal_game(id=7)]})
    assert distance.games[0].id == "7"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("{not json", "json-invalid"),
        ("[1, 2]", "protocol-invalid"),
        ('{"games": [], "seed": NaN}', "json-invalid"),
        ({"games": {}}, "games-invalid"),
        ({"games": [], "seed": "7"}, "seed-invalid"),
        ({"games": [], "seed": True}, "seed-invalid"),
        ({"games": [], "ruleset": 8}, "ruleset-invalid"),
        ({"games": [], "rulez": 1}, "field-unknown"),
        ({"games": [], "ruleset": "rules-99"}, "ruleset-unknown"),
        ({"games": [5]}, "game-invalid"),
        ({"games": [minimal_game(id="")]}, "game-id-missing"),
        ({"games": [minimal_game(), minimal_game()]}, "game-id-duplicate"),
        ({"games": [minimal_game(stage="")]}, "stage-invalid"),
        ({"games": [minimal_game(winner="mafia")]}, "winner-invalid"),
        ({"games": [minimal_game(players={})]}, "players-invalid"),
        ({"games": [minimal_game(table=3)]}, "field-unknown"),
        ({"games": [minimal_game(first_killed="2")]}, "first-killed-invalid"),
        ({"games": [minimal_game(first_killed=2, best_move="4,7,9")]}, "best-move-invalid"),
    ],
)
def test_structural_errors(data, code):
    assert code in problem_codes(data)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 100_000 + "]" * 100_000, "json-too-deep"),
        ('{"games": [{"id": "g1", "winner": "red", "players": [{"name": "A", "role": "civilian", '
         '"extra": 1e999999999}]}]}', "extra-invalid"),
        ('{"stages": [{"name": "основной", "weight": 1e-999999}], "games": []}',
         "stage-weight-invalid"),
        ('{"stages": [{"name": "основной", "weight": 1e400}], "games": []}',
         "stage-weight-invalid"),
        ('{"stages": [{"name": "основной", "weight": 1000000}], "games": []}',
         "stage-weight-invalid"),
    ],
)  # fmt: skip
def test_numbers_no_club_uses_are_refused_at_once(text, code):
    """Issue 31 §3: a weight of 1e-999999 kept the bot busy for minutes, 1e400 and an extra of
    1e999999999 raised decimal errors, a deep nesting the parser's recursion error."""
    started = time.perf_counter()
    with pytest.raises(ProtocolError) as raised:
        load_protocol(text, resolve_ruleset)
    assert code in [problem.code for problem in raised.value.problems]
    assert time.perf_counter() - started < scaled(2)


def test_a_weight_of_six_digits_each_side_is_still_computed():
    text = '{"stages": [{"name": "основной", "weight": 999999.999999}], "games": []}'
    distance, _ = load_protocol(text, resolve_ruleset)
    assert distance.weights == {"основной": Decimal("999999.999999")}


@pytest.mark.parametrize(
    ("player", "code"),
    [
        ("Лис", "player-invalid"),
        ({"role": "civilian"}, "name-missing"),
        ({"name": "", "role": "civilian"}, "name-missing"),
        ({"name": "X", "role": "doctor"}, "role-invalid"),
        ({"name": "X", "role": "civilian", "extra": "0.3"}, "extra-invalid"),
        ({"name": "X", "role": "civilian", "extra": True}, "extra-invalid"),
        ({"name": "X", "role": "civilian", "penalties": "8.5.1"}, "penalties-invalid"),
        ({"name": "X", "role": "civilian", "penalties": None}, "penalties-invalid"),
        ({"name": "X", "role": "civilian", "penalties": [1]}, "penalties-invalid"),
        ({"name": "X", "role": "civilian", "seat": 1}, "field-unknown"),
    ],
)
def test_player_errors(player, code):
    g = minimal_game()
    g["players"][0] = player
    assert code in problem_codes({"games": [g]})


def test_all_problems_of_all_games_are_reported():
    bad_role = minimal_game(id="a")
    bad_role["players"][1]["role"] = "doctor"
    bad_role["players"][2]["extra"] = -0.1
    bad_role["players"][3]["name"] = "P1"
    nine = minimal_game(id="b")
    nine["players"].pop()
    found = problem_codes({"games": [bad_role, nine]})
    assert {"role-invalid", "extra-negative", "name-duplicate", "players-count"} <= set(found)


def test_rule_checks_run_on_parsed_games():
    g = minimal_game(winner="draw")
    g["players"][0]["extra"] = 0.3
    g["players"][0]["penalties"] = ["8.5.1"]
    assert problem_codes({"games": [g]}) == ["extra-in-draw", "penalty-result"]


def test_a_seat_seen_valid_before_does_not_hide_a_later_problem():
    # the reader remembers valid seats; the same player and points in a lost game must still be
    # checked (8.5.1 needs a lost game), and the same role layout with a wrong count is reported
    good = minimal_game(id="1", winner="black")
    good["players"][0]["penalties"] = ["8.5.1"]
    bad = minimal_game(id="2", winner="red")
    bad["players"][0]["penalties"] = ["8.5.1"]
    wrong_roles = minimal_game(id="3", winner="black")
    wrong_roles["players"][1]["role"] = "civilian"
    codes = problem_codes({"games": [good, bad, wrong_roles]})
    assert codes == ["penalty-result", "role-count", "role-count"]


def test_a_written_protocol_reads_back_to_the_same_games() -> None:
    from scoring.protocol_json import dump_protocol

    text = json.dumps(
        {
            "ruleset": "rules-8",
            "seed": 7,
            "games": [
                {
                    "id": "g1",
                    "stage": "Финал",
                    "winner": "red",
                    "first_killed": 2,
                    "best_move": [1, 7, 9],
                    "players": [
                        {"name": f"P{i}", "role": role, "extra": 0.3 if i == 4 else 0,
                         "penalties": ["8.5.2"] if i == 5 else []}
                        for i, role in enumerate(
                            ["mafia", "civilian", "sheriff", "civilian", "civilian",
                             "civilian", "don", "civilian", "mafia", "civilian"], start=1)
                    ],
                }
            ],
        }
    )  # fmt: skip
    distance, ruleset = load_protocol(text, builtin)
    written = dump_protocol(list(distance.games), ruleset.id, distance.seed)
    again, _ = load_protocol(written, builtin)
    assert again == distance
    assert dump_protocol(list(again.games), ruleset.id, again.seed) == written
