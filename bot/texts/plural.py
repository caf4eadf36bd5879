"""Numbers next to Russian words: «1 игра», «3 игры», «5 игр», «11 игр», «21 игра»."""

from __future__ import annotations


def plural(count: int, one: str, few: str, many: str) -> str:
    teens = 11 <= count % 100 <= 14
    word = many if teens else {1: one, 2: few, 3: few, 4: few}.get(count % 10, many)
    return f"{count} {word}"


def games(count: int) -> str:
    return plural(count, "игра", "игры", "игр")


def games_accusative(count: int) -> str:
    """After «за»: «за 1 игру», «за 3 игры», «за 5 игр», «за 21 игру»."""
    return plural(count, "игру", "игры", "игр")


def games_genitive(count: int) -> str:
    """After «не меньше», «сыграл»: «1 игры», «3 игр», «5 игр»."""
    return plural(count, "игры", "игр", "игр")
