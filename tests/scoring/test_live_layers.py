"""The log's optional layers (issue 48 §1): who nominated whom, every raised hand with re-votes
and «поднять всех», each black's shot when they disagree, the leavers' last words. A layer
never changes the game: a game recorded with them gives exactly the protocol of the same game
without them; a replay, a repeated event and an undo behave as for every other event."""

from __future__ import annotations

import random

import pytest

from scoring.live import Hands, Kind, Layer, Left, LogError, Skip, check_event, check_log, replay
from scoring.stats import counters
from tests.live_games import Table

NAMES = [f"Игрок{n}" for n in range(1, 11)]


@pytest.mark.parametrize("seed", range(120))
def test_a_game_with_every_layer_is_the_same_game(seed: int) -> None:
    bare, layered = Table(seed), Table(seed, layers=True)
    plain, full = bare.play(), layered.play()
    assert not full.skipped
    assert full.to_game(NAMES, "g", "основной") == plain.to_game(NAMES, "g", "основной")
    assert (full.out, full.shots, full.checks) == (plain.out, plain.shots, plain.checks)
    assert replay(layered.log) == full  # a replay is the same state
    copies = layered.log + layered.rng.sample(layered.log, min(8, len(layered.log)))
    assert replay(copies) == full  # a repeated event counts once


@pytest.mark.parametrize("seed", range(40))
def test_the_layers_add_up(seed: int) -> None:
    """Each hand once a round, only for the day's nominees; each nominator once a day; each
    shooter a black at the table; last words only of one who left, once."""
    state = Table(seed, layers=True).play()
    rounds: dict[tuple[int, int], list[int]] = {}
    for hands in state.hands:
        rounds.setdefault((hands.day, hands.round), []).extend(hands.voters)
    for voters in rounds.values():
        assert len(voters) == len(set(voters))
    days: dict[int, list[int]] = {}
    for day, _, by in state.nominations:
        if by is not None:
            days.setdefault(day, []).append(by)
    assert all(len(set(bys)) == len(bys) for bys in days.values())
    assert all(state.role(black).team.value == "black" for _, black, _ in state.shooters)
    assert set(state.last_words) <= set(state.out)


def layered_day() -> Table:
    """Roles 1 sheriff, 2 don, 3 and 4 mafia; day 1 with 5 and 6 nominated by 7 and 8."""
    table = Table(0)
    for seat, role in ((1, "sheriff"), (2, "don"), (3, "mafia"), (4, "mafia")):
        table.tap(Kind.ROLE, seat=seat, role=role)
    table.tap(Kind.NEXT)
    table.tap(Kind.NOMINATE, seat=5, by=7)
    table.tap(Kind.NOMINATE, seat=6, by=8)
    return table


def event(kind: Kind, **fields: object) -> dict[str, object]:
    return {"id": "x", "kind": kind.value, **fields}


def test_each_layer_refuses_what_cannot_happen() -> None:
    table = layered_day()
    state = table.state()
    assert state.nominations == [(1, 5, 7), (1, 6, 8)]
    refused = replay([*table.log, event(Kind.NOMINATE, seat=9, by=7)]).skipped
    assert refused == [("x", Skip.NOMINATOR_ONCE)]
    assert replay([*table.log, event(Kind.HANDS, **{"for": 5, "seats": [1]})]).skipped == [
        ("x", Skip.VOTE_AFTER_DAY)
    ]
    table.tap(Kind.NEXT)  # the vote
    table.tap(Kind.HANDS, **{"for": 5, "seats": [1, 2, 3, 4, 5]})
    table.tap(Kind.HANDS, **{"for": 6, "seats": [6, 7, 8, 9, 10]})
    for wrong, why in (
        ({"for": 9, "seats": []}, Skip.HANDS_FOR_NOMINATED),
        ({"for": 6, "seats": [1]}, Skip.HANDS_ONCE),
    ):
        assert replay([*table.log, event(Kind.HANDS, **wrong)]).skipped == [("x", why)]
    table.tap(Kind.REVOTE)  # five against five: again
    table.tap(Kind.HANDS, **{"for": 6, "seats": [1, 2, 3, 4, 5, 7]})
    table.tap(Kind.VOTE, out=[6])
    table.tap(Kind.LAST_WORDS, seat=6, black=[2], red=[1, 9])
    state = table.state()
    assert state.hands[-1] == Hands(1, 1, 6, (1, 2, 3, 4, 5, 7))
    assert state.last_words == {6: ((2,), (1, 9))}
    again = replay([*table.log, event(Kind.LAST_WORDS, seat=6, black=[], red=[])]).skipped
    assert again == [("x", Skip.LAST_WORDS_RECORDED)]
    who = replay([*table.log, event(Kind.LAST_WORDS, seat=7, black=[], red=[])]).skipped
    assert who == [("x", Skip.LAST_WORDS_WHO)]
    table.tap(Kind.NEXT)  # night 1: the blacks disagree, the team's shot is 9
    wrong = event(Kind.SHOT, seat=9, by=[[2, 9], [5, 9]])  # 5 is red
    assert replay([*table.log, wrong]).skipped == [("x", Skip.SHOOTERS)]
    table.tap(Kind.SHOT, seat=9, by=[[2, 9], [3, 9], [4, 1]])
    assert table.state().shooters == [(1, 2, 9), (1, 3, 9), (1, 4, 1)]
    assert table.state().shots == [(1, 9)]


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "nominate", "seat": 5, "by": 11},
        {"kind": "nominate", "seat": 5, "who": 3},
        {"kind": "hands", "for": 5},
        {"kind": "hands", "for": 5, "seats": [1, 1]},
        {"kind": "hands", "for": "5", "seats": []},
        {"kind": "shot", "seat": 5, "by": []},
        {"kind": "shot", "seat": 5, "by": [[2, 5], [2, 6]]},
        {"kind": "shot", "seat": 5, "by": [[2]]},
        {"kind": "last_words", "seat": 5, "black": [5], "red": []},
        {"kind": "last_words", "seat": 5, "black": [1], "red": [1]},
        {"kind": "revote", "seat": 1},
    ],
)
def test_a_malformed_layer_event_is_no_event(bad: dict[str, object]) -> None:
    with pytest.raises(LogError):
        check_event({"id": "e", **bad})


def test_a_logs_layers_are_named_or_absent() -> None:
    events = [{"id": "e", "kind": "next", "at": "2026-12-05T19:00:00+00:00"}]
    assert check_log({"kinds": ["next"], "events": events}) is None  # made before the layers
    assert check_log({"kinds": ["next"], "events": events, "layers": ["hands"]}) is None
    assert "layers" in (check_log({"kinds": [], "events": [], "layers": ["spies"]}) or "")


@pytest.mark.parametrize("seed", range(60))
def test_the_counters_add_up(seed: int) -> None:
    """Votes given are votes received, nominations made are nominations received, each night
    hits at most one; the counters of an unrecorded layer are None, never zero."""
    state = Table(seed, layers=True).play()
    rows = counters(state, [layer.value for layer in Layer])
    total = sum
    assert total(sum(r.voted.values()) for r in rows.values()) == total(
        sum(r.voted_by.values()) for r in rows.values()
    )
    assert total(sum(r.nominated.values()) for r in rows.values()) == total(
        sum(r.nominated_by.values()) for r in rows.values()
    )
    for night in {n for n, _ in state.shots}:
        hit = [
            r for r in rows.values() if r.left and r.left.how is Left.SHOT and r.left.round == night
        ]
        assert len(hit) <= 1
    for row in rows.values():
        if row.shooting is not None:
            nights = sum(sum(part.values()) for part in vars(row.shooting).values())
            assert nights <= len(state.shots)
    bare = counters(state, [])
    assert all(
        r.voted is None and r.nominated is None and r.shooting is None for r in bare.values()
    )


@pytest.mark.parametrize("seed", range(30))
def test_a_repeated_event_or_a_replayed_log_changes_no_counter(seed: int) -> None:
    """A device sends events again (a lost acknowledgement), in any number and order of
    repeats: the log reads to the same counters; and reading it twice gives the same."""
    table = Table(seed, layers=True)
    state = table.play()
    every = [layer.value for layer in Layer]
    once = counters(state, every)
    rng = random.Random(seed)
    repeated = list(table.log)
    for event in rng.sample(table.log, min(8, len(table.log))):
        repeated.insert(rng.randint(repeated.index(event) + 1, len(repeated)), dict(event))
    assert counters(replay(repeated), every) == once
    assert counters(replay(table.log), every) == once
