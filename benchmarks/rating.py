"""Benchmark: /rating and /me as players feel them, on tournaments of growing size.

    python -m benchmarks.rating [--sizes 200 1000 10000] [--requests 200]

For each size an admin imports a protocol file of that many games (300 players, 3 stages) through
the real Dispatcher and the fake Bot API, then one player sends /rating again and again; each
latency is measured from the update entering the Dispatcher to the reply being stored by the fake
Telegram. Reported: the import time, the first /rating after the import (the standings were
computed in the background meanwhile), p50/p99 of the following ones (kept standings), /me p99
(its text; then with the chart), and the ratio of each size's p99 to the smallest size's.
The target (issue 9): /rating p99 < 100 ms at 10,000 games.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol

PLAYERS = 300


@dataclass
class Figures:
    games: int
    import_s: float
    first_ms: float
    p50_ms: float
    p99_ms: float
    me_p99_ms: float
    chart_p99_ms: float


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


async def _timed(person, text: str) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    await person.send(text)
    await person.reply(timeout=60)
    return (time.perf_counter() - started) * 1e3


async def measure(games: int, requests: int) -> Figures:
    names = [f"Игрок{n:03d}" for n in range(PLAYERS)]
    data = protocol_bytes(random_protocol(names, games, seed=games, stages=3))
    with tempfile.TemporaryDirectory() as folder:
        async with dispatcher_world(Path(folder)) as world:
            admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
            player = world.person("Игрок", username="player")
            await player.send("/start")
            await player.reply()
            started = time.perf_counter()
            await admin.send_file("season.json", data, "/import Сезон")
            reply = await admin.reply(timeout=600)
            assert "Готово" in reply.text, reply.text
            import_s = time.perf_counter() - started
            await admin.send(f"/link @player {names[7]}")
            await admin.reply()
            await world.services.standings._warming  # what the import started
            first = await _timed(player, "/rating")
            latencies = [await _timed(player, "/rating") for _ in range(requests)]
            me, chart = [], []
            for _ in range(max(10, requests // 10)):
                started = time.perf_counter()
                mark = world.api.version
                await player.send("/me")
                await world.api.wait_for(
                    lambda: any(
                        m.changed_at > mark and "👤" in m.text  # noqa: B023 (awaited here)
                        for m in player.bot_messages()[-3:]
                    ),
                    timeout=60,
                )
                me.append((time.perf_counter() - started) * 1e3)
                await world.api.wait_for(lambda: player.last().photo, timeout=60)
                chart.append((time.perf_counter() - started) * 1e3)
        return Figures(
            games,
            import_s,
            first,
            statistics.median(latencies),
            _p99(latencies),
            _p99(me),
            _p99(chart),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 10000])
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    print(
        f"{'games':>6} {'import s':>9} {'first ms':>9} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'/me p99':>8} {'+chart p99':>11} {'p99 ratio':>10}"
    )
    base = None
    for size in args.sizes:
        figures = asyncio.run(measure(size, args.requests))
        base = base or figures.p99_ms
        print(
            f"{size:>6} {figures.import_s:>9.2f} {figures.first_ms:>9.1f} {figures.p50_ms:>7.1f} "
            f"{figures.p99_ms:>7.1f} {figures.me_p99_ms:>8.1f} {figures.chart_p99_ms:>11.1f} "
            f"{figures.p99_ms / base:>10.2f}"
        )


if __name__ == "__main__":
    main()
