"""How long a database trip waits while the event loop is busy, by the switch interval.

    python -m benchmarks.switch_interval

aiosqlite runs each statement on its own thread and hands the answer back to the event loop, so
every trip needs the interpreter lock twice. While the loop runs Python (three tasks doing 4 ms
of work per turn here, as a busy night's handlers do), the thread gets the lock only when the
loop's thread gives it up: every ``sys.getswitchinterval()`` seconds, 5 ms by default. The bot
sets 0.5 ms (``bot.app.SWITCH_INTERVAL``); this shows what that buys, beside the default, in
turns in one run.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

import aiosqlite

from bot.app import SWITCH_INTERVAL

DEFAULT_INTERVAL = 0.005
TRIPS = 400


async def _busy(stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        while time.perf_counter() - started < 0.004:
            sum(range(200))
        await asyncio.sleep(0.001)


async def trips(interval: float) -> list[float]:
    """Milliseconds per one-statement write while three tasks keep the loop busy."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    try:
        with tempfile.TemporaryDirectory() as folder:
            database = await aiosqlite.connect(Path(folder) / "trips.sqlite3", isolation_level=None)
            await database.execute("PRAGMA journal_mode = WAL")
            await database.execute("CREATE TABLE t (a)")
            stop = asyncio.Event()
            workers = [asyncio.create_task(_busy(stop)) for _ in range(3)]
            taken = []
            for number in range(TRIPS):
                started = time.perf_counter()
                await database.execute("INSERT INTO t VALUES (?)", (number,))
                taken.append((time.perf_counter() - started) * 1e3)
            stop.set()
            await asyncio.gather(*workers)
            await database.close()
        return sorted(taken)
    finally:
        sys.setswitchinterval(previous)


def main() -> None:
    print("| switch interval | trip p50 ms | p90 ms | p99 ms |\n|---|---|---|---|")
    for interval in (DEFAULT_INTERVAL, SWITCH_INTERVAL, DEFAULT_INTERVAL, SWITCH_INTERVAL):
        taken = asyncio.run(trips(interval))
        p50, p90, p99 = (taken[int(share * len(taken))] for share in (0.5, 0.9, 0.99))
        print(f"| {interval * 1e3:.1f} ms | {p50:.1f} | {p90:.1f} | {p99:.1f} |")


if __name__ == "__main__":
    main()
