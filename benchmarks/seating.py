"""The evening's seating: how fair it is beside random seating, and how long it takes.

    python -m benchmarks.seating [--random 1000]

For each evening (players × tables × rounds) the bot's seating (``seating``) is
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

from benchmarks.seating_bounds import lower_bound, random_seating
from seating import Evening, Fairness, fairness, seat

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


# A tournament's seating beside the best published schedules (DimTom's, issue 34): players,
# tables, rounds → the worst pair (how many pairs meet that often), Σ meetings², pairs that
# never meet, seats repeated.
PUBLISHED = {
    (25, 2, 10): ((6, 1), 2984, 0, 1),
    (30, 3, 10): ((6, 2), 4600, 1, 13),
    (36, 3, 12): ((6, 1), 4656, 2, 15),
    (12, 1, 12): ((9, 12), 4428, 0, 2),
    (20, 2, 10): ((8, 1), 4516, 3, 5),
    (26, 2, 13): ((7, 1), 4518, 0, 6),
}


@dataclass(frozen=True)
class Tournament:
    config: tuple[int, int, int]
    worst: tuple[int, int]  # the median over seeds 1–5 of each measure
    squares: float
    never: float
    repeats: float
    spread: int  # the largest spread of games
    seconds: float  # the slowest seed's

    def beats(self) -> bool:
        worst, squares, never, repeats = PUBLISHED[self.config]
        return (self.worst <= worst and self.squares <= squares and self.never <= never
                and self.repeats <= repeats and self.spread <= 1)  # fmt: skip


def tournaments(seeds: int = 5) -> list[Tournament]:
    results = []
    for config in PUBLISHED:
        players, tables, rounds = config
        everyone = list(range(1, players + 1))
        figures, seconds = [], []
        for seed in range(1, seeds + 1):
            started = time.perf_counter()
            done = seat(Evening(everyone, tables, rounds, seed, tournament=True))
            seconds.append(time.perf_counter() - started)
            figures.append(fairness(done, everyone))
        results.append(
            Tournament(
                config, statistics.median_low((f.most_meetings, f.pairs_at_most) for f in figures),
                statistics.median(f.squares for f in figures),
                statistics.median(f.never_met for f in figures),
                statistics.median(f.seat_repeats for f in figures),
                max(f.games_spread for f in figures), max(seconds),
            )
        )  # fmt: skip
    return results


def tournament_table(results: list[Tournament]) -> list[str]:
    lines = [
        "| players / tables / rounds | worst pair (pairs): DimTom · ours | Σ meetings² | "
        "pairs that never meet | seats repeated | ours: slowest seed s |",
        "|---|---|---|---|---|---|",
    ]
    for t in results:
        worst, squares, never, repeats = PUBLISHED[t.config]
        lines.append(
            f"| {' / '.join(map(str, t.config))} | {worst[0]} ({worst[1]}) · {t.worst[0]} "
            f"({t.worst[1]}) | {squares} · {t.squares:.0f} | {never} · {t.never:.0f} "
            f"| {repeats} · {t.repeats:.0f} | {t.seconds:.1f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=1000)
    parser.add_argument("--seeds", type=int, default=5, help="seeds of each tournament")
    args = parser.parse_args()
    print("\n".join(table(measure(args.random))))
    print()
    print("\n".join(tournament_table(tournaments(args.seeds))))


if __name__ == "__main__":
    main()
