"""One ranking by average for the chat's period boards and the page's: best first, more games
on a tie, then the name; a game's points × its stage's weight; counters never weighted."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bot.rating.averages import averages
from scoring import Role, resolve_ruleset, score_games
from scoring.protocol_json import load_protocol
from tests.protocols import protocol_bytes, random_protocol


def scored(seed: int):
    protocol = random_protocol([f"И{n:02d}" for n in range(1, 13)], 12, seed=seed, stages=2)
    distance, ruleset = load_protocol(protocol_bytes(protocol).decode(), resolve_ruleset)
    return score_games(distance.games, ruleset)


def test_best_first_then_more_games_then_the_name():
    for seed in range(5):
        rows = averages(scored(seed), None)
        keys = [(-row.value, -row.games, row.name) for row in rows]
        assert keys == sorted(keys)
        assert sum(row.games for row in rows) == 12 * 10  # every seat once


def test_a_role_counts_only_its_games_and_a_stage_weighs_points_not_counters():
    scores = scored(7)
    dons = averages(scores, Role.DON)
    assert sum(row.games for row in dons) == 12  # one don a game
    stages = {score.game.stage for score in scores}
    heavy = {stage: Decimal("1.5") for stage in stages}
    weighed = {row.name: row for row in averages(scores, Role.DON, heavy)}
    for row in dons:
        assert weighed[row.name].total == row.total * Fraction(3, 2)
        assert weighed[row.name].games == row.games and weighed[row.name].wins == row.wins
