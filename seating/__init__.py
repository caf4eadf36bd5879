"""Fair seating of a club evening or a tournament: (players, tables, rounds, history, seed) →
seats. Pure, as ``scoring`` is: no I/O but its command line (``mafia-seating``, ``python -m
seating``); the bot's evenings (``bot/nights``) call it. docs/nights.md has the why."""

from seating.search import (
    EVENING_EFFORT,
    SEATS,
    TOURNAMENT_EFFORT,
    VERSION,
    Evening,
    Fairness,
    Round,
    SeatingError,
    fairness,
    seat,
)

__all__ = [
    "EVENING_EFFORT",
    "SEATS",
    "TOURNAMENT_EFFORT",
    "VERSION",
    "Evening",
    "Fairness",
    "Round",
    "SeatingError",
    "fairness",
    "seat",
]
