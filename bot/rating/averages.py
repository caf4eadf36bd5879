"""Each player's average over some games — in one role, or in every game (``/rating 01.12 дон``,
the app's «За дни · Дон»): one ranking for the chat and the page. Pure: scored games in, rows
out; a game's points count × its stage's weight, as the tournament's table counts them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring import GameScore, Outcome, Role


@dataclass(frozen=True, slots=True)
class Average:
    name: str
    games: int  # in the role (or in all)
    wins: int
    total: Fraction  # weighted points over those games
    additional: Fraction
    ci: Fraction

    @property
    def value(self) -> Fraction:
        return self.total / self.games


def averages(
    scores: Iterable[GameScore], role: Role | None, weights: Mapping[str, Decimal] | None = None
) -> list[Average]:
    """Best average first; on a tie the one with more games, then by name."""
    weights = weights or {}
    kept: dict[str, list[Fraction]] = {}  # name → [games, wins, total, additional, ci]
    for score in scores:
        weight = Fraction(weights.get(score.game.stage, 1))
        for seat in score.seats:
            if role is None or seat.role is role:
                sums = kept.setdefault(seat.name, [Fraction(0)] * 5)
                sums[0] += 1
                sums[1] += seat.outcome is Outcome.WIN
                sums[2] += seat.total * weight
                sums[3] += seat.additional * weight
                sums[4] += seat.ci * weight
    rows = [
        Average(name, int(games), int(wins), total, additional, ci)
        for name, (games, wins, total, additional, ci) in kept.items()
    ]
    return sorted(rows, key=lambda row: (-row.value, -row.games, row.name))
