"""Benchmark: standings of synthetic distances (not a test; run it by hand).

    python -m benchmarks.scoring_standings [--sizes 1000 10000 100000] [--players 300]

Reports seconds (best of a few runs), microseconds per game, and two ratios that mean something on
a shared, noisy machine: each size's time per game against the smallest size's (≈1.0 means linear
growth), and each time against a calibration loop that only walks the same seats (the cost of
scoring relative to merely touching the data).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from decimal import Decimal

from scoring import Game, Role, SeatEntry, Winner, builtin, compute

ROLES = [Role.CIVILIAN] * 6 + [Role.SHERIFF, Role.MAFIA, Role.MAFIA, Role.DON]
EXTRAS = [Decimal(0)] * 6 + [Decimal("0.1"), Decimal("0.25"), Decimal("0.5")]


def synthetic_distance(games: int, players: int, seed: int = 1) -> list[Game]:
    rng = random.Random(seed)
    names = [f"Игрок {i}" for i in range(players)]
    ruleset = builtin("rules-8")
    result = []
    for number in range(games):
        seated = rng.sample(names, 10)
        roles = ROLES[:]
        rng.shuffle(roles)
        winner = rng.choice((Winner.RED, Winner.RED, Winner.BLACK, Winner.BLACK, Winner.DRAW))
        first_killed = rng.choice([None, *range(1, 11)])
        best_move = None
        if first_killed is not None:
            best_move = tuple(rng.sample([s for s in range(1, 11) if s != first_killed], 3))
        seats = []
        for seat in range(10):
            extra = Decimal(0) if winner is Winner.DRAW else rng.choice(EXTRAS)
            penalties: tuple[str, ...] = ()
            if rng.random() < 0.05 and roles[seat].team.value == "red":
                penalties = ("8.5.2",)
            seats.append(SeatEntry(seated[seat], roles[seat], extra, penalties))
        stage = "main" if number < games * 0.8 else "final"
        result.append(Game(f"g{number}", winner, tuple(seats), stage, first_killed, best_move))
    assert ruleset.penalty("8.5.2") is not None
    return result


def best_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def walk(games: list[Game]) -> int:
    """Calibration: touch every seat once, doing no scoring."""
    count = 0
    for game in games:
        for seat in game.players:
            count += len(seat.name) + len(seat.penalties)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ruleset = builtin("rules-8")
    print(f"{'games':>8} {'seconds':>9} {'µs/game':>9} {'per-game ratio':>15} {'vs walk':>8}")
    base_per_game = None
    for size in args.sizes:
        games = synthetic_distance(size, args.players)
        seconds = best_time(lambda g=games: compute(g, ruleset, seed=7), args.repeat)
        walk_seconds = best_time(lambda g=games: walk(g), args.repeat)
        per_game = seconds / size
        base_per_game = base_per_game or per_game
        print(
            f"{size:>8} {seconds:>9.3f} {per_game * 1e6:>9.1f} "
            f"{per_game / base_per_game:>15.2f} {seconds / walk_seconds:>8.1f}"
        )


if __name__ == "__main__":
    main()
