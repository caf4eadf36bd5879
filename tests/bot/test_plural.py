"""Numbers meet words in their right form everywhere."""

import pytest

from bot.texts.plural import games, games_genitive


@pytest.mark.parametrize(
    ("count", "nominative", "genitive"),
    [
        (1, "1 игра", "1 игры"),
        (3, "3 игры", "3 игр"),
        (5, "5 игр", "5 игр"),
        (11, "11 игр", "11 игр"),
        (14, "14 игр", "14 игр"),
        (21, "21 игра", "21 игры"),
        (112, "112 игр", "112 игр"),
    ],
)
def test_games(count: int, nominative: str, genitive: str) -> None:
    assert games(count) == nominative and games_genitive(count) == genitive
