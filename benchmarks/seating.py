"""The evening's seating: how fair it is beside random seating, and how long it takes.

    python -m benchmarks.seating [--random 1000]

For each evening (players × tables × rounds) the bot's seating (``bot.nights.seating``) is
compared with ``--random`` random seatings of the same evening: the most times a pair shares a
table and how many pairs do (beside the counting lower bound), the sum of squared meeting counts,
and seats a player got twice. The floor for the time is one random seating's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from bot.nights.seating import Evening, Fairness, fairness, lower_bound, random_seating, seat

EVENINGS = [(20, 2, 3), (20, 2, 4), (27, 2, 4), (40, 4, 5), (30, 3, 6)]


@dataclass(frozen=True)
class Figures:
    players: int
    tables: int
    rounds: int
    ours: Fairness
    bound: tuple[int, int]
    random_most: float  # the median over random seatings
    random_squares: float
    random_best_squares: int
    random_repeats: float
    seconds: float
    random_seconds: float


def measure(samples: int) -> list[Figures]:
    rng = random.Random(2026)
    figures = []
    for players, tables, rounds in EVENINGS:
        everyone = list(range(1, players + 1))
        started = time.perf_counter()
        ours = fairness(seat(Evening(everyone, tables, rounds, seed=1)), everyone)
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        randoms = [fairness(random_seating(everyone, tables, rounds, rng), everyone)
                   for _ in range(samples)]  # fmt: skip
        random_seconds = (time.perf_counter() - started) / samples
        figures.append(
            Figures(
                players, tables, rounds, ours, lower_bound(players, tables, rounds),
                statistics.median(f.most_meetings for f in randoms),
                statistics.median(f.squares for f in randoms),
                min(f.squares for f in randoms),
                statistics.median(f.seat_repeats for f in randoms),
                seconds, random_seconds,
            )
        )  # fmt: skip
    return figures


def table(figures: list[Figures]) -> list[str]:
    lines = [
        "| evening | most meetings (bound; random median) | pairs that often (bound) "
        "| Σ meetings² (random median; best of random) | seats twice (random median) "
        "| seating ms (one random seating ms) |",
        "|---|---|---|---|---|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.players} × {f.tables} tables × {f.rounds} rounds "
            f"| {f.ours.most_meetings} ({f.bound[0]}; {f.random_most:.0f}) "
            f"| {f.ours.pairs_at_most} ({f.bound[1] or '–'}) "
            f"| {f.ours.squares} ({f.random_squares:.0f}; {f.random_best_squares}) "
            f"| {f.ours.seat_repeats} ({f.random_repeats:.0f}) "
            f"| {f.seconds * 1e3:.0f} ({f.random_seconds * 1e3:.2f}) |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=1000)
    args = parser.parse_args()
    print("\n".join(table(measure(args.random))))


if __name__ == "__main__":
    main()
