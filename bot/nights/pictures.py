"""The evening's seating and results as pictures (drawn by the rating's drawing worker): the
seating by player — find your name, read your table and seat in every game — and tonight's
table with its points."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rating.drawing import StandingsPicture
from bot.texts import nights as texts

PLAYER_COLUMN = 0.34  # the nickname's share of the width; the games share the rest
PLAYER_COLUMN_MANY = 0.24  # … of a tournament day's many games


def seating_picture(
    title: str, subtitle: str, rounds: int, places: Sequence[tuple[str, Sequence[str]]]
) -> StandingsPicture:
    """``places``: (nickname, what he does in each game: «2 · 7» or «—») for each player."""
    many = rounds > texts.MANY_ROUNDS
    player = PLAYER_COLUMN_MANY if many else PLAYER_COLUMN
    step = (1 - player - 0.02) / max(1, rounds)
    return StandingsPicture(
        title=title,
        subtitle=subtitle,
        header=(
            texts.PICTURE_PLAYER,
            *(texts.picture_game(n, rounds) for n in range(1, rounds + 1)),
        ),
        rows=tuple((name, *cells) for name, cells in places),
        highlighted=None,
        legend=(texts.PICTURE_SEATING_LEGEND_SHORT if many else texts.PICTURE_SEATING_LEGEND,),
        columns=(0.01, *(player + step * i for i in range(rounds))),
    )


def results_picture(
    title: str, subtitle: str, rows: Sequence[tuple[str, ...]], legend: Sequence[str]
) -> StandingsPicture:
    """``rows``: (place, nickname, points, games, wins, additional, Ci), best first."""
    return StandingsPicture(
        title=title,
        subtitle=subtitle,
        header=texts.PICTURE_RESULTS_HEADER,
        rows=tuple(rows),
        highlighted=None,
        legend=tuple(legend),
    )
