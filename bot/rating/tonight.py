"""The evening's results: tonight's table, the best player, the nominations a tournament's
closing names (sheriff, don, red, black, best moves) and the 3-of-3 best moves, from tonight's
games, each scored as its stage stands (Ci included), ordered by the scoring core's own
standings (§8.7 tie-breaks and the lot)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from bot.rating.nominations import Nominations, nominate
from scoring import GameScore, Ruleset, Standing
from scoring.engine import standings

BEST_MIN_GAMES = 3  # the best player of the evening played at least this many games tonight


@dataclass(frozen=True, slots=True)
class Tonight:
    table: tuple[Standing, ...]  # everyone who played tonight, best first
    best: Standing | None  # the best of those with ``BEST_MIN_GAMES`` games
    nominations: Nominations  # the tournament's nominations, for tonight's games
    best_moves: tuple[tuple[str, int, int], ...]  # (player, table, game) of each 3-of-3


def tonight(
    games: Sequence[tuple[int, int, GameScore]], ruleset: Ruleset, seed: int,
    min_games: int = BEST_MIN_GAMES, *, fair_play: bool = False,
    weights: Mapping[str, Decimal] | None = None,
) -> Tonight:  # fmt: skip
    """``games``: (table, game number, its points) of each counted game of the evening;
    ``fair_play``: whether «Честная игра» is named (with the best player's minimum of games);
    ``weights``: stage → weight, as the tournament's standings weigh its games (a final's
    points count × its weight here too)."""
    scores = [score for _, _, score in games]
    table = standings(scores, ruleset, seed, weights)
    best = next((row for row in table if row.games >= min_games), None)
    return Tonight(
        table=table,
        best=best,
        nominations=nominate(  # one evening: a game in the role
            scores, table, min_games=1, fair_play=min_games if fair_play else None
        ),
        best_moves=tuple(
            (seat.name, number, game_number)
            for number, game_number, score in games
            for seat in score.seats
            if seat.best_move_guessed == 3
        ),
    )
