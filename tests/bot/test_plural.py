"""Numbers meet words in their right form everywhere."""

import pytest

from bot.texts.closing import average
from bot.texts.plural import games, games_accusative, games_genitive


@pytest.mark.parametrize(
    ("count", "nominative", "genitive", "accusative"),
    [
        (1, "1 игра", "1 игры", "1 игру"),
        (3, "3 игры", "3 игр", "3 игры"),
        (5, "5 игр", "5 игр", "5 игр"),
        (11, "11 игр", "11 игр", "11 игр"),
        (14, "14 игр", "14 игр", "14 игр"),
        (21, "21 игра", "21 игры", "21 игру"),
        (112, "112 игр", "112 игр", "112 игр"),
    ],
)
def test_games(count: int, nominative: str, genitive: str, accusative: str) -> None:
    assert games(count) == nominative and games_genitive(count) == genitive
    assert games_accusative(count) == accusative


def test_a_nominees_average_is_over_his_games_in_the_accusative() -> None:
    """Found walking an evening: «в среднем 1 за 1 игра»."""
    assert average("Сова", "1", 1).endswith("в среднем 1 за 1 игру")
