"""Statistics from the counters (issue 48 §2): each counts only the games that can say it, and
says how many; the club's average player is the mean over players with enough games."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.live import Kind, Layer, replay
from scoring.statistics import BY_KEY, STATISTICS, Ratio, club_average, statistics
from scoring.stats import counters
from tests.live_games import Table

ALL = [layer.value for layer in Layer]


def game_log() -> list[dict[str, object]]:
    """1 sheriff, 2 don, 3 and 4 mafia. Day 1: 3 nominated by 5, all vote 3 out. Night 1: the
    sheriff checks 4, the don checks 1 (found him), the two blacks split and miss. Day 2: 4
    nominated by 1, the reds vote 4 out; the reds win after night 2 and day 3."""
    table = Table(0)
    tap = table.tap
    for seat, role in ((1, "sheriff"), (2, "don"), (3, "mafia"), (4, "mafia")):
        tap(Kind.ROLE, seat=seat, role=role)
    tap(Kind.NEXT)
    tap(Kind.NOMINATE, seat=3, by=5)
    tap(Kind.NEXT)
    tap(Kind.HANDS, **{"for": 3, "seats": list(range(1, 11))})
    tap(Kind.VOTE, out=[3])
    tap(Kind.LAST_WORDS, seat=3, black=[5], red=[1])
    tap(Kind.NEXT)
    tap(Kind.CHECK, by="sheriff", seat=4)
    tap(Kind.CHECK, by="don", seat=1)
    tap(Kind.SHOT, seat=None, by=[[2, 7], [4, 8]])
    tap(Kind.NEXT)
    tap(Kind.NOMINATE, seat=4, by=1)
    tap(Kind.NOMINATE, seat=7, by=2)
    tap(Kind.NEXT)
    tap(Kind.HANDS, **{"for": 4, "seats": [1, 5, 6, 8, 9, 10]})
    tap(Kind.HANDS, **{"for": 7, "seats": [2, 4, 7]})
    tap(Kind.VOTE, out=[4])
    tap(Kind.NEXT)
    tap(Kind.SHOT, seat=1)
    tap(Kind.NEXT)
    tap(Kind.NOMINATE, seat=2, by=5)
    tap(Kind.NEXT)
    tap(Kind.VOTE, out=[2])
    return table.log


def test_one_game_read_into_the_statistics_of_each_seat() -> None:
    state = replay(game_log())
    assert state.over and state.winner.value == "red" and not state.skipped
    rows = counters(state, ALL)
    sheriff, don, five = (statistics([rows[seat]]) for seat in (1, 2, 5))
    assert sheriff["sheriff_black_checks"] == Ratio(1, 1, 1)
    assert sheriff["sheriff_first_night_black"] == Ratio(1, 1, 1)
    assert sheriff["sheriff_found_by_don"] == Ratio(1, 1, 1)
    assert sheriff["votes_on_blacks"] == Ratio(1, 1, 1)  # day 2's hand; day 1 not counted
    assert sheriff["strong_hand"] == Ratio(1, 1, 1)
    assert sheriff["nominated_blacks"] == Ratio(1, 1, 1)
    assert sheriff["left_shot"] == Ratio(1, 1, 1) and sheriff["wins_sheriff"] == Ratio(1, 1, 1)
    assert don["don_found_sheriff"] == Ratio(1, 1, 1)
    assert don["don_found_sheriff_first_night"] == Ratio(1, 1, 1)
    assert don["votes_on_sheriff"] == Ratio(0, 1, 1)  # he raised his hand for 7
    assert don["shots2_miss"] == Ratio(1, 1, 1)  # night 1: two alive (3 left), they split
    assert don["shots1_ok"] == Ratio(1, 1, 1)  # night 2: he alone is left, and hits
    assert don["wins_don"] == Ratio(0, 1, 1) and don["wins_civilian"] == Ratio(0, 0, 0)
    assert statistics([rows[3]])["last_words_right"] == Ratio(1, 2, 1)  # 5 is red, 1 red
    assert statistics([rows[4]])["votes_from_reds"] == Ratio(6, 1, 1)
    assert statistics([rows[4]])["checked_by_sheriff"] == Ratio(1, 1, 1)
    assert five["nominated_blacks"] == Ratio(2, 2, 1) and five["survived"] == Ratio(1, 1, 1)


def test_a_statistic_whose_layer_was_not_recorded_counts_no_game() -> None:
    state = replay(game_log())
    bare = statistics([counters(state, [], checks=False)[1]])
    for key in ("votes_on_blacks", "nominated_blacks", "sheriff_black_checks",
                "sheriff_found_by_don", "strong_hand"):  # fmt: skip
        assert bare[key] == Ratio(0, 0, 0) and bare[key].value is None, key
    assert bare["wins_sheriff"] == Ratio(1, 1, 1)  # the game itself always says


@pytest.mark.parametrize("seed", range(4))
def test_no_statistic_counts_more_games_than_its_layer_had(seed: int) -> None:
    """Twenty random games, half with every layer: a layer's statistic counts at most the
    layered ones; every share is between 0 and 1."""
    rows = []
    for number in range(20):
        layered = number % 2 == 0
        state = Table(seed * 100 + number, layers=layered).play()
        rows.append(counters(state, ALL if layered else [])[1 + number % 10])
    found = statistics(rows)
    for key in ("votes_on_blacks", "nominated_blacks", "shots3_ok", "last_words_right"):
        assert found[key].games <= 10, key
    for statistic in STATISTICS:
        ratio = found[statistic.key]
        assert ratio.games <= 20
        if statistic.key not in ("fouls", "votes_from_reds", "nominated_by_reds"):
            assert 0 <= ratio.part <= ratio.whole, statistic.key


def test_the_club_average_is_the_mean_of_players_with_enough_games() -> None:
    players = [
        {"first_killed": Ratio(1, 4, 4)},
        {"first_killed": Ratio(3, 4, 4)},
        {"first_killed": Ratio(1, 1, 1)},  # one game: too few
    ]
    assert club_average(players, least_games=3) == {"first_killed": Fraction(1, 2)}
    assert club_average(players, least_games=5) == {}
    assert len(BY_KEY) == len(STATISTICS) >= 25
