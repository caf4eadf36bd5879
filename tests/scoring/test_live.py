"""The live table protocol's log read into a game (scoring/live.py): random legal games give valid
protocols; a replay is the same state; a repeated event counts once; undo takes an event back."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring import ProtocolError, Removal, Role, Winner, builtin, validate_game
from scoring.live import Kind, LiveState, LogError, Phase, Skip, check_event, refusal, replay
from scoring.protocol_json import load_protocol
from tests.live_games import Table

RULES = builtin("rules-8")
NAMES = [f"Игрок{n}" for n in range(1, 11)]


def protocol_of(state: LiveState):
    return state.to_game(NAMES, "live", "основной")


@pytest.mark.parametrize("seed", range(150))
def test_a_random_legal_game_gives_a_valid_protocol(seed: int) -> None:
    table = Table(seed)
    state = table.play()
    assert state.over and not state.skipped
    game = protocol_of(state)
    assert validate_game(game, RULES) == []
    again = replay(table.log)
    assert again == state  # a replay is the same state
    copies = table.log + table.rng.sample(table.log, min(5, len(table.log)))
    assert protocol_of(replay(copies)) == game  # a repeated event counts once


@pytest.mark.parametrize("seed", range(50))
def test_undo_takes_back_exactly_the_event_it_names(seed: int) -> None:
    table = Table(seed)
    table.play()
    # Undo the last events one by one: each step is the game without them.
    log = list(table.log)
    for back in range(1, min(12, len(log)) + 1):
        target = log[-back]
        log_undone = [*table.log, *({"id": f"u{n}", "kind": "undo", "target": e["id"]}
                                    for n, e in enumerate(log[-back:]))]  # fmt: skip
        assert replay(log_undone) == replay(table.log[:-back])
        assert target["id"] not in replay(log_undone).applied
    # Undo back to the start: nothing is left.
    everything = [*table.log, *({"id": f"x{e['id']}", "kind": "undo", "target": e["id"]}
                                for e in reversed(table.log))]  # fmt: skip
    assert replay(everything) == LiveState()


def test_the_rules_of_discipline_in_the_log() -> None:
    table = Table(1)
    for seat, role in ((1, "sheriff"), (2, "don"), (3, "mafia"), (4, "mafia")):
        table.tap(Kind.ROLE, seat=seat, role=role)
    table.tap(Kind.NEXT)
    for _ in range(4):
        table.tap(Kind.FOUL, seat=7)
    state = table.state()
    assert state.out == {7: "fouls"} and state.fouls[6] == 4
    assert refusal(state, {"id": "z", "kind": "foul", "seat": 7}) is Skip.NOT_AT_TABLE
    table.tap(Kind.TECHNICAL, seat=8)
    table.tap(Kind.TECHNICAL, seat=8)
    assert table.state().out[8] == "technical"
    table.tap(Kind.REMOVAL, seat=9)
    assert table.state().removals[8] is Removal.JUDGE and not table.state().over
    table.tap(Kind.PPK, seat=3)  # a mafia's team defeat: red wins at once
    state = table.state()
    assert state.winner is Winner.RED and state.ended_by == "ppk"
    game = protocol_of(state)
    assert [seat.removed for seat in game.players][6:9] == ["fouls", "technical", "judge"]
    assert game.players[2].removal is Removal.PPK and validate_game(game, RULES) == []


def test_a_team_condition_ends_the_game_and_the_first_night_is_the_first_killed() -> None:
    table = Table(2)
    for seat, role in ((1, "sheriff"), (2, "don"), (3, "mafia"), (4, "mafia")):
        table.tap(Kind.ROLE, seat=seat, role=role)
    for _ in range(3):
        table.tap(Kind.NEXT)  # day 1, its vote with nobody put up, night 1
    assert table.state().phase is Phase.NIGHT and table.state().round == 1
    table.tap(Kind.SHOT, seat=5)
    table.tap(Kind.BEST_MOVE, seats=[2, 3, 4])
    state = table.state()
    assert state.first_killed == 5 and state.best_move == (2, 3, 4)
    table.tap(Kind.NEXT)
    table.tap(Kind.NOMINATE, seat=2)
    table.tap(Kind.NOMINATE, seat=3)
    table.tap(Kind.NEXT)
    table.tap(Kind.VOTE, out=[2, 3])  # «поднять всех»: both leave
    table.tap(Kind.NEXT)
    table.tap(Kind.SHOT, seat=None)
    table.tap(Kind.NEXT)
    table.tap(Kind.NOMINATE, seat=4)
    table.tap(Kind.NEXT)
    table.tap(Kind.VOTE, out=[4])
    state = table.state()
    assert state.winner is Winner.RED and state.ended_by == "rule"
    assert protocol_of(state).first_killed == 5
    assert state.role(6) is Role.CIVILIAN
    assert refusal(state, {"id": "q", "kind": "next"}) is Skip.GAME_OVER


@pytest.mark.parametrize(
    "event",
    [
        [],
        {"kind": "foul", "seat": 1},
        {"id": "", "kind": "foul", "seat": 1},
        {"id": "x" * 65, "kind": "foul", "seat": 1},
        {"id": "a", "kind": "dance"},
        {"id": "a", "kind": "foul", "seat": 11},
        {"id": "a", "kind": "foul", "seat": True},
        {"id": "a", "kind": "foul", "seat": 1, "extra": 1},
        {"id": "a", "kind": "vote", "out": [1, 1]},
        {"id": "a", "kind": "best_move", "seats": [1, 2]},
        {"id": "a", "kind": "end", "winner": "green"},
        {"id": "a", "kind": "role", "seat": 1, "role": "king"},
        {"id": "a", "kind": "check", "by": "mafia", "seat": 1},
        {"id": "a", "kind": "undo", "target": 3},
    ],
)
def test_what_is_not_an_event_is_refused(event: Any) -> None:
    with pytest.raises(LogError):
        check_event(event)


def test_an_event_that_no_longer_fits_after_an_undo_is_set_aside() -> None:
    log = [
        {"id": "r1", "kind": "role", "seat": 1, "role": "sheriff"},
        {"id": "r2", "kind": "role", "seat": 2, "role": "don"},
        {"id": "r3", "kind": "role", "seat": 3, "role": "mafia"},
        {"id": "r4", "kind": "role", "seat": 4, "role": "mafia"},
        {"id": "n1", "kind": "next"},
        {"id": "f1", "kind": "foul", "seat": 5},
        {"id": "u1", "kind": "undo", "target": "r4"},
    ]
    state = replay(log)
    assert state.skipped == [("n1", Skip.ROLES_BEFORE_NEXT)]
    assert state.phase is Phase.NIGHT and state.fouls[4] == 1


def _file_with_log(log) -> str:
    seats = [{"name": f"Игрок{n}", "role": "civilian"} for n in range(1, 11)]
    for seat, role in ((2, "sheriff"), (9, "don"), (4, "mafia"), (7, "mafia")):
        seats[seat - 1]["role"] = role
    game = {"id": "1", "winner": "black", "players": seats, "log": log}
    return json.dumps({"ruleset": "rules-8", "games": [game]}, ensure_ascii=False)


@pytest.mark.parametrize(
    ("log", "told"),
    [
        ([], "поле «log» — объект с полями «kinds», «events» и, может быть, «layers»"),
        ({"kinds": [], "events": [], "layers": ["spies"]},
         "«log.layers» — список записанных слоёв"),
        ({"kinds": ["dance"], "events": []}, "«log.kinds» — список видов событий"),
        ({"kinds": [], "events": [{"id": "a", "kind": "next"}]}, "объект со временем «at»"),
        ({"kinds": [], "events": [{"id": "a", "kind": "foul", "seat": 11, "at": "t"}]},
         "событие №1 в «log»: место — целое число от 1 до 10"),
    ],
)  # fmt: skip
def test_a_files_log_is_checked_and_refused_in_russian(log, told) -> None:
    with pytest.raises(ProtocolError) as refused:
        load_protocol(_file_with_log(log), builtin)
    assert [p.code for p in refused.value.problems] == ["log-invalid"]
    assert told in refused.value.problems[0].message


def test_a_files_log_is_kept_out_of_the_points() -> None:
    log = {"kinds": ["next"], "events": [{"id": "a", "kind": "next", "at": "2026-12-04T19:00"}]}
    with_log, _ = load_protocol(_file_with_log(log), builtin)
    without, _ = load_protocol(
        _file_with_log(log).replace(', "log": ' + json.dumps(log), ""), builtin
    )
    assert with_log == without
