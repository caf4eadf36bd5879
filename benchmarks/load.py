"""Replies per second under load: the bot beside a bare aiogram echo bot on the same fake server.

    python -m benchmarks.load [--users 50] [--rounds 10] [--games 1000 10000]

``users`` people each send a command and wait for the answer, ``rounds`` times, all at once.
The echo bot (``benchmarks.echo_bot``) answers the same messages first: the floor. Then the club's
bot answers ``/help`` (its cheapest command) and ``/rating`` on a tournament of N imported games.
Each figure is reported with its share of the floor measured in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.processes import Running, ask, percentile, running
from tests.fakes.people import Person
from tests.harness import ADMIN_ID
from tests.protocols import protocol_bytes, random_protocol

PLAYERS = 300


@dataclass(frozen=True)
class Load:
    what: str
    replies_per_second: float
    p50_ms: float
    p99_ms: float
    peak_rss_mb: float


async def measure_load(people: Sequence[Person], text: str, rounds: int) -> list[float]:
    """Every person sends ``text`` and waits for the answer, ``rounds`` times, all at once."""

    async def one(person: Person) -> list[float]:
        return [await ask(person, text) for _ in range(rounds)]

    return [ms for latencies in await asyncio.gather(*map(one, people)) for ms in latencies]


async def _loaded(bot: Running, what: str, text: str, people: list[Person], rounds: int) -> Load:
    started = time.perf_counter()
    latencies = await measure_load(people, text, rounds)
    elapsed = time.perf_counter() - started
    return Load(
        what,
        len(latencies) / elapsed,
        statistics.median(latencies),
        percentile(latencies, 0.99),
        bot.peak_rss_mb(),
    )


def _people(bot: Running, count: int) -> list[Person]:
    return [bot.world.person(f"Игрок {n}", username=f"player{n}") for n in range(count)]


async def echo_floor(users: int, rounds: int) -> Load:
    async with running("benchmarks.echo_bot") as bot:
        people = _people(bot, users)
        await measure_load(people, "/help", 1)  # warm-up: connections, first-call costs
        return await _loaded(bot, "echo bot (floor)", "/help", people, rounds)


async def import_games(bot: Running, games: int) -> None:
    """An admin imports a protocol file of ``games`` games of 300 players in 3 stages."""
    admin = bot.world.person("Админ", user_id=ADMIN_ID, username="boss")
    await ask(admin, "/start")
    names = [f"Игрок{n:03d}" for n in range(PLAYERS)]
    data = protocol_bytes(random_protocol(names, games, seed=games, stages=3))
    await admin.send_file("season.json", data, "/import Сезон")
    reply = await admin.reply(timeout=600)
    assert "Готово" in reply.text, reply.text


async def club_bot(users: int, rounds: int, games: Sequence[int]) -> list[Load]:
    figures = []
    async with running("bot") as bot:
        people = _people(bot, users)
        await measure_load(people, "/start", 1)  # they open the bot: members, menus
        await measure_load(people, "/help", 1)
        figures.append(await _loaded(bot, "/help", "/help", people, rounds))
    for size in games:
        async with running("bot") as bot:
            await import_games(bot, size)
            people = _people(bot, users)
            await measure_load(people, "/start", 1)
            await measure_load(people, "/rating", 1)
            what = f"/rating, {size:,} games"
            figures.append(await _loaded(bot, what, "/rating", people, rounds))
    return figures


async def measure(users: int, rounds: int, games: Sequence[int]) -> list[Load]:
    floor = await echo_floor(users, rounds)
    return [floor, *await club_bot(users, rounds, games)]


def table(figures: list[Load]) -> list[str]:
    floor = figures[0]
    lines = [
        "| what | replies/s | share of the floor | p50 ms | p99 ms | peak RSS MB |",
        "|---|---|---|---|---|---|",
    ]
    for load in figures:
        lines.append(
            f"| {load.what} | {load.replies_per_second:.0f} | "
            f"{load.replies_per_second / floor.replies_per_second:.0%} | {load.p50_ms:.1f} | "
            f"{load.p99_ms:.1f} | {load.peak_rss_mb:.0f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, nargs="*", default=[1_000, 10_000])
    args = parser.parse_args()
    print("\n".join(table(asyncio.run(measure(args.users, args.rounds, args.games)))))


if __name__ == "__main__":
    main()
