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
    cpu_ms: float  # the process's processor time per reply: what the fake server cannot hide
    fake_cpu_ms: float = 0.0  # this process's (the fake Telegram and the people) per reply


async def measure_load(people: Sequence[Person], text: str, rounds: int) -> list[float]:
    """Every person sends ``text`` and waits for the answer, ``rounds`` times, all at once."""

    async def one(person: Person) -> list[float]:
        return [await ask(person, text) for _ in range(rounds)]

    return [ms for latencies in await asyncio.gather(*map(one, people)) for ms in latencies]


async def _loaded(bot: Running, text: str, people: list[Person], rounds: int) -> Load:
    started, cpu, own = time.perf_counter(), bot.cpu_seconds(), time.process_time()
    latencies = await measure_load(people, text, rounds)
    elapsed, cpu = time.perf_counter() - started, bot.cpu_seconds() - cpu
    own = time.process_time() - own
    return Load(
        text,
        len(latencies) / elapsed,
        statistics.median(latencies),
        percentile(latencies, 0.99),
        bot.peak_rss_mb(),
        cpu / len(latencies) * 1e3,
        own / len(latencies) * 1e3,
    )


def _people(bot: Running, count: int) -> list[Person]:
    return [bot.world.person(f"Игрок {n}", username=f"player{n}") for n in range(count)]


async def import_games(bot: Running, games: int) -> None:
    """An admin imports a protocol file of ``games`` games of 300 players in 3 stages."""
    admin = bot.world.person("Админ", user_id=ADMIN_ID, username="boss")
    await ask(admin, "/start")
    names = [f"Игрок{n:03d}" for n in range(PLAYERS)]
    data = protocol_bytes(random_protocol(names, games, seed=games, stages=3))
    await admin.send_file("season.json", data, "/import Сезон")
    reply = await admin.reply(timeout=600)
    assert "Готово" in reply.text, reply.text


@dataclass(frozen=True)
class Compared:
    """A command's load figures beside the echo floor's, measured in turns in the same run."""

    what: str
    floor: Load
    load: Load

    @property
    def share(self) -> float:
        return self.load.replies_per_second / self.floor.replies_per_second

    @property
    def cpu_ratio(self) -> float:
        return self.load.cpu_ms / self.floor.cpu_ms


async def side_by_side(
    what: str, floor: Running, bot: Running, text: str, users: int, rounds: int, repeats: int
) -> Compared:
    """The echo bot and the bot loaded in turns, ``repeats`` times; the median run of each."""
    echo_people, people = _people(floor, users), _people(bot, users)
    await measure_load(people, "/start", 1)  # they open the bot: members, menus
    await measure_load(echo_people, text, 1)  # warm-up: connections, first-call costs
    await measure_load(people, text, 1)
    floors, loads = [], []
    for _ in range(repeats):
        floors.append(await _loaded(floor, text, echo_people, rounds))
        loads.append(await _loaded(bot, text, people, rounds))
    return Compared(what, _median(floors), _median(loads))


def _median(runs: list[Load]) -> Load:
    return sorted(runs, key=lambda load: load.replies_per_second)[len(runs) // 2]


async def measure(users: int, rounds: int, games: Sequence[int], repeats: int) -> list[Compared]:
    figures = []
    async with running("benchmarks.echo_bot") as floor:
        async with running("bot") as bot:
            figures.append(await side_by_side("/help", floor, bot, "/help", users, rounds, repeats))
        for size in games:
            async with running("bot") as bot:
                await import_games(bot, size)
                what = f"/rating, {size:,} games"
                figures.append(
                    await side_by_side(what, floor, bot, "/rating", users, rounds, repeats)
                )
    return figures


def table(figures: list[Compared]) -> list[str]:
    lines = [
        "| command | replies/s | echo floor replies/s | share of the floor | p50 ms (floor) "
        "| p99 ms (floor) | CPU ms per reply (floor) | × floor CPU | peak RSS MB (floor) "
        "| the fake's CPU ms per reply |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for item in figures:
        load, floor = item.load, item.floor
        lines.append(
            f"| {item.what} | {load.replies_per_second:.0f} | {floor.replies_per_second:.0f} | "
            f"{item.share:.0%} | {load.p50_ms:.0f} ({floor.p50_ms:.0f}) | "
            f"{load.p99_ms:.0f} ({floor.p99_ms:.0f}) | "
            f"{load.cpu_ms:.2f} ({floor.cpu_ms:.2f}) | {item.cpu_ratio:.2f} | "
            f"{load.peak_rss_mb:.0f} ({floor.peak_rss_mb:.0f}) | {floor.fake_cpu_ms:.2f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, nargs="*", default=[1_000, 10_000])
    args = parser.parse_args()
    figures = asyncio.run(measure(args.users, args.rounds, args.games, args.repeats))
    print("\n".join(table(figures)))


if __name__ == "__main__":
    main()
