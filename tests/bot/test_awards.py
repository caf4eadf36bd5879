"""Streaks and achievements from a player's games (bot/rating/awards.py)."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.rating.awards import achievements, streaks
from bot.rating.standings import GameFacts, PlayedGame
from bot.vocabulary.ratings import AchievementKind, Streaks
from bot.vocabulary.statuses import GameStatus
from scoring import builtin, compute
from tests.scoring.helpers import game

ZONE = ZoneInfo("Europe/Moscow")


def played(winners, days):
    """P2 (the sheriff of the helper's layout) in games won by ``winners``, on ``days``."""
    start = datetime(2026, 11, 1, 17, 0, tzinfo=UTC)  # 20:00 in Moscow
    games = [game(w, id=f"g{n}") for n, w in enumerate(winners, start=1)]
    scored = compute(games, builtin("rules-8")).games
    out = []
    for n, (score, day) in enumerate(zip(scored, days, strict=True), start=1):
        when = start + timedelta(days=day, minutes=n)
        facts = GameFacts(n, 1, n, when, GameStatus.FINAL, when)
        out.append(PlayedGame(facts, score.seats[1], game=score.game))
    return out


def test_streaks_count_wins_in_a_row_and_the_run_now():
    assert streaks(played(["red", "red", "black", "red", "red", "red"], [0] * 6)) == Streaks(3, 3)
    assert streaks(played(["red", "red", "red", "black"], [0] * 4)) == Streaks(3, 0)
    found = streaks(played(["red", "draw", "red"], [0, 0, 0]))
    assert (found.longest, found.current) == (1, 1)  # a draw breaks a run


def test_a_perfect_evening_is_one_local_date_with_three_wins_and_nothing_else():
    three = by_kind(achievements(played(["red"] * 3, [0, 0, 0]), ZONE))
    assert three[AchievementKind.PERFECT_EVENING].reached
    assert three[AchievementKind.SHERIFF_WINS].done == 3
    spoiled = by_kind(achievements(played(["red", "red", "black", "red"], [0] * 4), ZONE))
    assert spoiled[AchievementKind.PERFECT_EVENING].done == 0
    apart = by_kind(achievements(played(["red", "red", "red"], [0, 1, 1]), ZONE))
    assert apart[AchievementKind.PERFECT_EVENING].done == 2  # two evenings: 1 and 2 won
    assert apart[AchievementKind.EVERY_ROLE].done == 1  # only as sheriff


def by_kind(found):
    return {achievement.kind: achievement for achievement in found}
