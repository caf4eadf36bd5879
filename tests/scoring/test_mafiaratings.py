"""Our counters against MafiaRatings' own (issue 48 §4): its eleven sample games, turned into our
app's log with every layer, give per player the same nominations, votes, deaths, warnings and
checks, per black the same shots, per sheriff the same finds and per don the same night he found
the sheriff. Where a definition differs, docs/statistics.md says how, and the test names it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.live import Left, replay
from scoring.stats import SeatCounters, counters
from tests.mafiaratings import LAYERS, to_log

SAMPLE = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "mafiaratings_sample.json").read_text("utf-8")
)
GAMES = {game["id"]: game for game in SAMPLE["games"]}
KILL_TYPE = {None: 0, Left.VOTED: 1, Left.SHOT: 2, Left.FOULS: 3, Left.TECHNICAL: 3,
             Left.JUDGE: 5, Left.PPK: 6}  # fmt: skip
ROLE = {"civilian": 0, "sheriff": 1, "mafia": 2, "don": 3}


def ours(game_id: int) -> dict[int, SeatCounters]:
    state = replay(to_log(GAMES[game_id]))
    assert state.over
    assert not [why for _, why in state.skipped if why != "game_over"], state.skipped
    return counters(state, LAYERS)


def player_row(row: SeatCounters) -> dict[str, Any]:
    """Our counters in MafiaRatings' columns (its rounds count days from 0: our day 1 is its 0)."""
    assert row.voted is not None and row.voted_by is not None
    assert row.nominated is not None and row.nominated_by is not None
    how = row.left.how if row.left else None
    kill_round = -1
    if row.left is not None:
        kill_round = row.left.round - 1 if row.left.by_day else row.left.round
    return {
        "number": row.seat, "role": ROLE[row.role.value],
        "voted_civil": row.voted["civilian"], "voted_mafia": row.voted["black"],
        "voted_sheriff": row.voted["sheriff"], "voted_by_civil": row.voted_by["civilian"],
        "voted_by_mafia": row.voted_by["black"], "voted_by_sheriff": row.voted_by["sheriff"],
        "nominated_civil": row.nominated["civilian"], "nominated_mafia": row.nominated["black"],
        "nominated_sheriff": row.nominated["sheriff"],
        "nominated_by_civil": row.nominated_by["civilian"],
        "nominated_by_mafia": row.nominated_by["black"],
        "nominated_by_sheriff": row.nominated_by["sheriff"],
        "kill_round": kill_round, "kill_type": KILL_TYPE[how], "warns": row.fouls,
        "checked_by_don": -1 if row.checked_by_don is None else row.checked_by_don,
        "checked_by_sheriff": -1 if row.checked_by_sheriff is None else row.checked_by_sheriff,
        "won": int(bool(row.won)),
    }  # fmt: skip


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_players_counters_equal_mafiaratings(game_id: int) -> None:
    mine = ours(game_id)
    theirs = [row for row in SAMPLE["players"] if row["game_id"] == game_id]
    assert len(theirs) == 10
    for expected in theirs:
        got = player_row(mine[expected["number"]])
        assert got == {k: v for k, v in expected.items() if k != "game_id"}, expected["number"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_blacks_shots_and_the_checks_equal_mafiaratings(game_id: int) -> None:
    mine = ours(game_id)
    for expected in (r for r in SAMPLE["mafiosos"] if r["game_id"] == game_id):
        shooting = mine[expected["number"]].shooting
        assert shooting is not None
        got = {
            f"shots{n}_{what}": getattr(shooting, what)[n]
            for n, whats in ((1, ("ok", "miss")), (2, ("ok", "miss", "blank")),
                             (3, ("ok", "miss", "blank", "fail")))
            for what in whats
        }  # fmt: skip
        assert got == {k: v for k, v in expected.items() if k.startswith("shots")}
    for expected in (r for r in SAMPLE["sheriffs"] if r["game_id"] == game_id):
        found = mine[expected["number"]].sheriff_found
        assert found == {"red": expected["civil_found"], "black": expected["mafia_found"]}
    for expected in (r for r in SAMPLE["dons"] if r["game_id"] == game_id):
        night = mine[expected["number"]].don_found_sheriff
        assert (-1 if night is None else night) == expected["sheriff_found"]
