"""Streaks and achievements a player's protocols prove (issue 21, §4), with the progress
towards each: read from his games as the kept standings hold them, oldest first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, tzinfo

from bot.rating.standings import PlayedGame
from bot.vocabulary.ratings import Achievement, AchievementKind, Streaks
from scoring import Outcome, Role

THREE_OF_THREE, SHERIFF_WINS, DON_WINS, EVERY_ROLE, PERFECT_EVENING = AchievementKind
TARGETS = {THREE_OF_THREE: 1, SHERIFF_WINS: 10, DON_WINS: 5, EVERY_ROLE: 4, PERFECT_EVENING: 3}


def streaks(played: Sequence[PlayedGame]) -> Streaks:
    longest = current = 0
    for item in played:
        current = current + 1 if item.seat.outcome is Outcome.WIN else 0
        longest = max(longest, current)
    return Streaks(longest, current)


def achievements(played: Sequence[PlayedGame], zone: tzinfo) -> tuple[Achievement, ...]:
    """Each achievement with its progress. A perfect evening's progress is the best evening so
    far: the most games of one evening won with none lost or drawn (3 make it)."""
    wins = [item for item in played if item.seat.outcome is Outcome.WIN]
    by_day: dict[date, list[bool]] = {}
    for item in played:
        day = item.facts.ended_at.astimezone(zone).date()
        by_day.setdefault(day, []).append(item.seat.outcome is Outcome.WIN)
    best_evening = max((len(won) for won in by_day.values() if all(won)), default=0)
    done = {
        THREE_OF_THREE: sum(1 for item in played if item.seat.best_move_guessed == 3),
        SHERIFF_WINS: sum(1 for item in wins if item.seat.role is Role.SHERIFF),
        DON_WINS: sum(1 for item in wins if item.seat.role is Role.DON),
        EVERY_ROLE: len({item.seat.role for item in wins}),
        PERFECT_EVENING: best_evening,
    }
    return tuple(Achievement(kind, done[kind], TARGETS[kind]) for kind in AchievementKind)
