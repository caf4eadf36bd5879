"""Elo with red and black tracks (scoring/elo.py): the chance, zero-sum changes, the prior, the
tracks kept apart, and a replay that depends only on the games and their order."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.elo import BLACK, RED, BrierSums, EloSettings, Ratings, brier, replay
from tests.scoring.helpers import game
from tests.scoring.test_properties import games


def test_at_equal_ratings_and_no_history_the_chance_is_even_and_moves_are_zero_sum():
    state = Ratings()
    played = state.play(game("red", id="g1"))
    assert played.red_chance == 0.5
    reds = [c for c in played.changes if c.track == RED]
    blacks = [c for c in played.changes if c.track == BLACK]
    assert len(reds) == 7 and len(blacks) == 3
    assert all(math.isclose(c.delta, 20 * 0.5) for c in reds)  # K · (1 − ½)
    assert all(math.isclose(c.delta, -20 * 0.5 * 7 / 3) for c in blacks)
    assert math.isclose(sum(c.delta for c in played.changes), 0, abs_tol=1e-9)


def test_the_chance_follows_the_team_averages_and_the_learned_prior():
    state = Ratings(EloSettings(start=1500))
    for name in ("P1", "P3", "P5", "P6", "P8", "P10", "P2"):  # the red seats of the layout
        state.rating[(name, RED)] = 1600
    assert math.isclose(state.chance(game("red")), 1 / (1 + 10 ** (-100 / 400)))
    # Three black wins so far: p = (0 + 10/2) / (3 + 10) — the red side's prior is against it.
    state.red_results, state.played = 0, 3
    prior = 400 * math.log10((5 / 13) / (8 / 13))
    assert math.isclose(state.chance(game("red")), 1 / (1 + 10 ** ((-100 - prior) / 400)))


def test_a_draw_is_half_a_win_and_tracks_are_kept_apart():
    state = Ratings()
    state.play(game("draw", id="g1"))
    assert all(v == 1500 for v in state.rating.values())  # chance ½, result ½: no surprise
    # P4 played mafia: his black track moved, his red one is untouched.
    state.play(game("black", id="g2"))
    assert state.of("P4", BLACK) > 1500 and ("P4", RED) not in state.rating
    assert state.games[("P4", BLACK)] == 2


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), min_size=1, max_size=30), st.floats(1, 60))
def test_the_sum_of_ratings_never_drifts_and_a_replay_is_the_games_alone(distance, k):
    config = EloSettings(k=k)
    state, rated = replay(distance, config)
    tracked = len(state.rating)
    assert math.isclose(sum(state.rating.values()), 1500 * tracked, rel_tol=0, abs_tol=1e-6)
    again, rated_again = replay(list(distance), config)
    assert again.rating == state.rating and rated_again == rated
    assert all(0 < game.red_chance < 1 for game in rated)


def test_brier_beside_the_base_rate():
    rated = replay([game("red", id="g1"), game("black", id="g2"), game("black", id="g3")])[1]
    result = brier(rated)
    assert result.games == 3 and math.isclose(result.base_rate, 1 / 3)
    assert math.isclose(result.base_rate_score, ((2 / 3) ** 2 + 2 * (1 / 3) ** 2) / 3)
    expected = sum((g.red_chance - g.result) ** 2 for g in rated) / 3
    assert math.isclose(result.score, expected)
    assert brier([]).games == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), min_size=1, max_size=30), st.integers(0, 30))
def test_the_measure_carried_on_from_a_prefix_is_the_measure_of_all_float_for_float(
    distance, split
):
    rated = replay(distance)[1]
    split = min(split, len(rated))
    whole = BrierSums().carried(rated)
    assert BrierSums().carried(rated[:split]).carried(rated[split:]) == whole
    found = whole.measure()
    base = sum(g.result for g in rated) / len(rated)
    assert math.isclose(found.base_rate, base)
    flat = sum((base - g.result) ** 2 for g in rated) / len(rated)
    assert math.isclose(found.base_rate_score, flat, abs_tol=1e-12)
