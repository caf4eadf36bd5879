"""``python -m scoring``: standings in three formats, check, rulesets, exit codes."""

import csv
import io
import json
import subprocess
import sys

import pytest

from scoring.cli import main
from tests.scoring.helpers import game, protocol_dict

GAMES = [
    game(
        "black",
        id="2026-11-28/1",
        first_killed=2,
        best_move=(4, 7, 9),
        names=["Лис", "Bravo", "<Дон> & Co", "D", "E", "F", "G", "H", "I", "J"],
        extra={4: "0.3"},
        penalties={1: ["8.5.1"]},
    ),
    game("red", id="2026-11-28/2", stage="final"),
]


@pytest.fixture
def protocol_file(tmp_path):
    path = tmp_path / "protocol.json"
    path.write_text(json.dumps(protocol_dict(GAMES, seed=7), ensure_ascii=False), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_standings(capsys, protocol_file):
    code, out, err = run(capsys, "standings", protocol_file)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ruleset"] == "rules-8"
    assert list(data["standings"][0]) == [
        "place",
        "name",
        "games",
        "wins",
        "special_wins",
        "first_killed",
        "win_points",
        "ci",
        "best_move",
        "extra",
        "penalty",
        "main",
        "additional",
        "total",
        "lot",
    ]
    bravo = next(r for r in data["standings"] if r["name"] == "Bravo")
    assert (bravo["ci"], bravo["best_move"], bravo["total"]) == (0.4, 0.4, 0.8)
    lis = next(r for r in data["standings"] if r["name"] == "Лис")
    assert lis["penalty"] == -0.4
    first = data["games"][0]
    assert (first["id"], first["stage"], first["winner"]) == ("2026-11-28/1", "main", "black")
    assert list(first["players"][0]) == [
        "seat",
        "name",
        "role",
        "win",
        "ci",
        "best_move",
        "extra",
        "penalty",
        "main",
        "additional",
        "total",
    ]
    assert first["players"][1]["ci"] == 0.4 and first["players"][3]["total"] == 1.3


def test_repeating_ci_is_rounded_to_four_places(capsys, tmp_path):
    games = [game("black", id="1", first_killed=3)] + [game("red", id=f"r{k}") for k in range(6)]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(protocol_dict(games)))
    _, out, _ = run(capsys, "standings", path)
    p3 = next(r for r in json.loads(out)["standings"] if r["name"] == "P3")
    assert p3["ci"] == 0.1333  # N=7, B=3, i=1


def test_output_is_byte_identical_and_independent_of_game_order(capsys, tmp_path):
    forward, backward = tmp_path / "f.json", tmp_path / "b.json"
    forward.write_text(json.dumps(protocol_dict(GAMES, seed=3), ensure_ascii=False))
    backward.write_text(json.dumps(protocol_dict(GAMES[::-1], seed=3), ensure_ascii=False))
    _, first, _ = run(capsys, "standings", forward)
    _, again, _ = run(capsys, "standings", forward)
    _, reversed_, _ = run(capsys, "standings", backward)
    assert first == again
    assert json.loads(first)["standings"] == json.loads(reversed_)["standings"]


def test_table_format(capsys, protocol_file):
    code, out, _ = run(capsys, "standings", protocol_file, "--format", "table")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["Место", "Игрок"]
    assert "<Дон> & Co" in out and "Лис" in out
    assert "0.40" in out and "* место определено жребием" in out
    widths = {len(line) for line in lines[2:12]}
    assert len(widths) == 1  # aligned columns


def test_csv_format(capsys, protocol_file):
    code, out, _ = run(capsys, "standings", protocol_file, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 20
    bravo = next(r for r in rows if r["name"] == "Bravo")
    assert bravo["total"] == "0.8000" and bravo["lot"] in {"0", "1"}


def test_seed_and_ruleset_options(capsys, protocol_file):
    outputs = {run(capsys, "standings", protocol_file, "--seed", s)[1] for s in range(8)}
    assert len(outputs) > 1
    code, _, err = run(capsys, "standings", protocol_file, "--ruleset", "rules-6.4")
    assert code == 2 and "8.5.1" in err and "penalty-unknown" in err


def test_invalid_input_exit_2_with_every_problem_and_no_stdout(capsys, tmp_path):
    data = protocol_dict(GAMES)
    data["games"][0]["players"][0]["extra"] = 0.33
    data["games"][1]["winner"] = "nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    code, out, err = run(capsys, "standings", path)
    assert code == 2 and out == ""
    assert "2026-11-28/1" in err and "место 1" in err and "2026-11-28/2" in err
    assert len(err.strip().splitlines()) == 2


def test_check(capsys, protocol_file):
    code, out, err = run(capsys, "check", protocol_file)
    assert code == 0 and out == "" and "игр 2" in err


def test_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "standings", tmp_path / "nope.json")
    assert code == 2 and out == "" and "nope.json" in err


def test_rulesets_lists_catalogues(capsys):
    code, out, _ = run(capsys, "rulesets")
    assert code == 0 and "rules-8" in out and "rules-6.4" in out
    assert "8.5.6.5" in out and "6.4.9" in out and "Шериф не вскрылся" in out


@pytest.mark.process  # runs a program of ours
def test_stdin_through_the_module(protocol_file):
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "standings", "-", "--format", "table"],
        input=protocol_file.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "Bravo" in done.stdout


def test_empty_distance_in_every_format(capsys, tmp_path):
    path = tmp_path / "empty.json"
    path.write_text('{"games": []}')
    _, out, _ = run(capsys, "standings", path, "--format", "csv")
    assert out.strip().split(",")[:3] == ["place", "name", "games"]
    _, out, _ = run(capsys, "standings", path)
    assert json.loads(out) == {"ruleset": "rules-8", "standings": [], "games": []}
    code, out, _ = run(capsys, "standings", path, "--format", "table")
    assert code == 0 and out.startswith("Место")
