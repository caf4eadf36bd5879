"""How much slower this machine is than the one the suite's clocks were set on.

The suite's real-time figures — how long a test may run, how long a wait for the bot lasts,
how quickly an answer must come — were set on a machine where the whole suite took 4 minutes.
The machines that run it are shared: on a day when the same processor runs Python three times
slower (seen: the suite took 12 minutes and the bot's start-up 7 s of processor time), fixed
figures turn a slow machine into failing tests. So each test process measures a small fixed
piece of pure Python once, against what it took on the reference machine, and every real-time
figure is multiplied by that ``SLOWNESS`` (never below 1: a faster machine keeps the figures).

``TEST_SLOWNESS=2.5`` in the environment sets it instead of measuring (to reproduce a run).
"""

from __future__ import annotations

import os
import statistics
import time

REFERENCE_SECONDS = 0.031  # the piece below on the machine the figures were set on
MOST = 8.0  # beyond this the machine is broken, not slow: the tests should say so


def _piece() -> int:
    counts: dict[int, int] = {}
    for i in range(200_000):
        counts[i % 1000] = counts.get(i % 1000, 0) + len(str(i))
    return len(counts)


def _measure() -> float:
    took = []
    for _ in range(5):
        started = time.perf_counter()
        _piece()
        took.append(time.perf_counter() - started)
    return statistics.median(took) / REFERENCE_SECONDS


def _slowness() -> float:
    given = os.environ.get("TEST_SLOWNESS")
    return min(MOST, max(1.0, float(given) if given else _measure()))


SLOWNESS = _slowness()


def scaled(seconds: float) -> float:
    """``seconds`` on the reference machine, in this machine's time."""
    return seconds * SLOWNESS


def ms(seconds: float) -> float:
    """``seconds`` on the reference machine, in this machine's milliseconds (Playwright's)."""
    return scaled(seconds) * 1000
