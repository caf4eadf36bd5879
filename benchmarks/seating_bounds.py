"""What a seating's fairness is measured against (benchmarks/seating.py and the seating tests):
random seatings, and the counting bound no seating beats."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from seating import SEATS, Round


def random_seating(
    players: Sequence[int], tables: int, rounds: int, rng: random.Random
) -> list[Round]:
    """What fairness is measured against: each round shuffled and cut into tables."""
    result = []
    for _ in range(rounds):
        shuffled = list(players)
        rng.shuffle(shuffled)
        seated = tuple(tuple(shuffled[t * SEATS : (t + 1) * SEATS]) for t in range(tables))
        result.append(Round(seated, tuple(shuffled[tables * SEATS :])))
    return result


def lower_bound(players: int, tables: int, rounds: int) -> tuple[int, int]:
    """No seating does better than this: (the largest meeting count, pairs meeting so often).

    Two counting arguments. A player in g games has 9·g table-mates among the others, so some
    pair meets at least ⌈9·g / (players − 1)⌉ times. And when everybody plays every round, each
    player's tables form one of tables^k sequences over k rounds: with more players than
    sequences, two share one and meet in all k rounds; the fewest such pairs is when the players
    fill the sequences evenly.
    """
    seated = SEATS * tables
    games = math.ceil(rounds * seated / players) if players else 0
    most = math.ceil((SEATS - 1) * games / (players - 1)) if players > 1 else 0
    pairs = 0
    if players == seated and players > tables**rounds:
        # Everybody plays every round, in one of tables^rounds sequences of tables.
        sequences = tables**rounds
        filled, left = divmod(players, sequences)
        most = max(most, rounds)
        pairs = left * math.comb(filled + 1, 2) + (sequences - left) * math.comb(filled, 2)
    return most, pairs
