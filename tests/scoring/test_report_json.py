"""The standings JSON written line by line equals a plain rendering of every rule's value.

``json_chunks`` rounds each distinct value once and reuses the text of equal seats; this test
renders the same result the slow, obvious way (every number of every seat rounded on its own)
and compares the parsed documents, over random distances with Ci, best moves, extras, penalties
and a club's ruleset.
"""

import json

import pytest

from scoring import compute, resolve_ruleset
from scoring.protocol_json import load_protocol
from scoring.report import rounded, standing_dict, to_json
from tests.protocols import protocol_bytes, random_protocol


def plain(value):
    return float(rounded(value))


def discipline(seat):
    fields = {"fouls": seat.fouls, "technical_fouls": seat.technical_fouls, "removed": seat.removed}
    return {key: value for key, value in fields.items() if value}


def plain_rendering(result):
    return {
        "ruleset": result.ruleset.id,
        "standings": [standing_dict(row) for row in result.standings],
        "games": [
            {
                "id": game.game.id,
                "stage": game.game.stage,
                "winner": game.game.winner.value,
                "players": [
                    {
                        "seat": seat.seat,
                        "name": seat.name,
                        "role": seat.role.value,
                        "win": plain(seat.win),
                        "ci": plain(seat.ci),
                        "best_move": plain(seat.best_move),
                        "extra": plain(seat.extra),
                        "penalty": plain(seat.penalty),
                        "main": plain(seat.main),
                        "additional": plain(seat.additional),
                        "total": plain(seat.total),
                        **discipline(seat),
                    }
                    for seat in game.seats
                ],
            }
            for game in result.games
        ],
    }


NAMES = [f"Игрок {i}" for i in range(25)] + ['"Кавычки"', "back\\slash", "<Дон> & Co", "tab\tname"]


@pytest.mark.parametrize(
    ("ruleset", "seed", "stages"), [("rules-8", 1, 1), ("rules-8", 2, 3), ("rules-6.4", 3, 2)]
)
def test_written_json_equals_the_plain_rendering(ruleset, seed, stages):
    protocol = random_protocol(
        NAMES, 400, seed=seed, stages=stages, ruleset=ruleset, discipline=seed > 1
    )
    text = protocol_bytes(protocol)
    distance, rules = load_protocol(text.decode(), resolve_ruleset)
    result = compute(distance.games, rules, distance.seed)
    assert any(seat.ci for game in result.games for seat in game.seats)
    assert any(seat.removed == "ppk" for game in result.games for seat in game.seats) == (seed > 1)
    written = to_json(result)
    assert json.loads(written) == plain_rendering(result)
    assert written == to_json(result)  # byte-identical when written again


def test_one_line_per_standing_and_per_seat():
    text = protocol_bytes(random_protocol(NAMES, 3, seed=4))
    distance, rules = load_protocol(text.decode(), resolve_ruleset)
    lines = to_json(compute(distance.games, rules)).splitlines()
    assert sum('"place":' in line for line in lines) == len(
        {n for g in distance.games for n in (p.name for p in g.players)}
    )
    assert sum(line.lstrip().startswith('{"seat":') for line in lines) == 30
