"""A tournament's seating (issue 34): on the configurations real tournaments used, the median
over seeds 1–5 is at least as good as the best published schedules (DimTom's) on every measure
at once; the rules hold for any tournament; ``mafia-seating`` prints it.

CI seats seed 1 alone (the seating is reproducible: seed 1's figures are the same on every
machine, and each beats the published ones on its own); the claim of the median of five is the
documented full run (about a minute and a half of one core):

    SEATING_SEEDS=5 .venv/bin/python -m pytest tests/nights/test_tournament_seating.py
"""

from __future__ import annotations

import json
import os
import statistics
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.seating import PUBLISHED  # DimTom's figures, issue 34's table
from seating import SEATS, TOURNAMENT_EFFORT, Evening, fairness, seat
from seating.cli import main
from tests.timing import scaled


def tournament(players: int, tables: int, rounds: int, seed: int, **more) -> Evening:
    everyone = list(range(1, players + 1))
    return Evening(everyone, tables, rounds, seed, tournament=True, **more)


SEEDS = int(os.environ.get("SEATING_SEEDS", "1"))


@pytest.mark.slow  # seatings of a few seconds each: the targets are the medians of five seeds
@pytest.mark.parametrize("config", sorted(PUBLISHED))
def test_the_median_of_the_seeds_beats_the_published_schedule_on_every_measure(config):
    players, tables, rounds = config
    figures, seconds = [], []
    for seed in range(1, SEEDS + 1):
        started = time.process_time()  # the processor's time: other tests share the machine
        done = seat(tournament(players, tables, rounds, seed))
        seconds.append(time.process_time() - started)
        figures.append(fairness(done, list(range(1, players + 1))))
    worst, squares, never, repeats = PUBLISHED[config]
    assert statistics.median_low((f.most_meetings, f.pairs_at_most) for f in figures) <= worst
    assert statistics.median(f.squares for f in figures) <= squares
    assert statistics.median(f.never_met for f in figures) <= never
    assert statistics.median(f.seat_repeats for f in figures) <= repeats
    assert all(f.games_spread <= 1 for f in figures)
    assert max(seconds) < scaled(10), seconds


@st.composite
def tournaments(draw):
    tables = draw(st.integers(1, 3))
    players = SEATS * tables + draw(st.integers(0, 12))
    rounds = draw(st.integers(1, 8))
    fewer = draw(st.integers(0, rounds - 1)) if tables > 1 else 0
    counts = [tables] * (rounds - fewer) + [tables - 1] * fewer
    # The rules hold at any effort: checked at a tenth of it (the full effort's evenness is the
    # published-schedule test's, kept ``slow``).
    return tournament(
        players, tables, rounds, draw(st.integers(0, 10**6)), table_counts=counts,
        effort=TOURNAMENT_EFFORT // 10,
    )  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(tournaments())
def test_every_tournament_keeps_the_rules(evening):
    rounds = seat(evening)
    assert len(rounds) == evening.rounds and seat(evening) == rounds  # reproducible
    everyone = set(evening.players)
    games = dict.fromkeys(everyone, 0)
    for number, done in enumerate(rounds):
        assert len(done.tables) == evening.tables_in(number)
        seated = [p for table in done.tables for p in table]
        assert all(len(table) == SEATS for table in done.tables)
        assert len(seated) == len(set(seated)) and set(seated) | set(done.out) == everyone
        for player in seated:
            games[player] += 1
    assert max(games.values()) - min(games.values()) <= 1  # the same games, ± 1
    figures = fairness(rounds, evening.players)
    if max(games.values()) <= SEATS:
        assert figures.seat_repeats == 0  # nobody has a seat twice while it can hold


def test_twenty_one_players_ten_rounds_at_two_tables_then_one_at_one():
    counts = [2] * 10 + [1]
    rounds = seat(tournament(21, 2, 11, 1, table_counts=counts))
    assert [len(done.tables) for done in rounds] == counts
    figures = fairness(rounds, list(range(1, 22)))
    assert figures.games_spread == 0 and figures.seat_repeats == 0  # ten games each


def test_the_command_line_prints_the_seating(capsys, tmp_path):
    assert main(["--players", "25", "--tables", "2", "--rounds", "10", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == "seating-2" and data["seed"] == 3
    assert data["players"] == [str(n) for n in range(1, 26)]
    first = data["rounds"][0]
    assert [len(t["seats"]) for t in first["tables"]] == [10, 10] and len(first["out"]) == 5
    assert data["fairness"]["seat_repeats"] == 0
    again = seat(tournament(25, 2, 10, 3))
    assert [int(p) for p in first["tables"][0]["seats"]] == list(again[0].tables[0])

    names = tmp_path / "players.txt"
    names.write_text("\n".join(f"Игрок {n}" for n in range(1, 22)) + "\n", encoding="utf-8")
    code = main(["--names", str(names), "--tables", "2", "--rounds", "11", "--tables-last",
                 "1:1", "--format", "csv"])  # fmt: skip
    assert code == 0
    sheet = capsys.readouterr().out.splitlines()
    assert sheet[0] == "Игра,Стол," + ",".join(f"Место {n}" for n in range(1, 11))
    assert sheet[-5].startswith("11,1,Игрок") and sheet[-4].startswith("11,отдыхают,")
    assert "алгоритм seating-2" in sheet[-2] and "повторов места: 0" in sheet[-1]


@pytest.mark.parametrize(
    ("arguments", "told"),
    [
        (["--tables", "1", "--rounds", "2"], "нужно --players или --names"),
        (["--players", "9", "--tables", "1", "--rounds", "2"],
         "на 1 стол по 10 нужно хотя бы 10 игроков, а их 9"),
        (["--players", "30", "--tables", "2", "--rounds", "3", "--tables-last", "2:1"],
         "меньше столов, чем --tables"),
        (["--players", "30", "--tables", "2", "--rounds", "3", "--tables-last", "x"],
         "СТОЛЫ:ИГРЫ"),
    ],
)  # fmt: skip
def test_the_command_line_refuses_in_russian(capsys, arguments, told):
    assert main(arguments) == 2
    assert told in capsys.readouterr().err
