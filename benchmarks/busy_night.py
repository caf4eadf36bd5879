"""A busy club night end to end: judges confirm games while players ask /rating and /me.

    python -m benchmarks.busy_night [--games 1000 10000] [--judges 4] [--rounds 4] [--players 30]

``python -m bot`` runs as its own process on a tournament of N imported games (300 players,
3 stages). Four judges, each at his own table, enter games through the buttons, the way
``tests/club.py`` does (paste ten nicknames, mark the roles, the winner, the first night, the
best move), a tap every 0.2 s (faster than people tap), look at the summary and confirm;
meanwhile thirty linked players each ask /rating or /me every 1–3 s (fifteen requests a second).
Before the judges start, the head judge opens tonight's sign-up and thirty players tap «✋ Играю»
within five seconds while the judges enter their first games. Measured: /rating and /me (text)
latency, each sign-up tap until its answer and the edits of the sign-up post, the summary
screen's latency (the editor scores the game against its stage), the time from Confirm to the
announcement in the club chat, flood waits the fake Telegram had to impose, and the bot's
resident memory.
The floor is the same players' load on a bare aiogram echo bot in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from benchmarks.load import PLAYERS, import_games
from benchmarks.processes import Running, ask, percentile, running
from tests.club import Taps
from tests.fakes.people import Person
from tests.harness import ADMIN_ID, CLUB_CHAT_ID

NICKNAMES = [f"Игрок{n:03d}" for n in range(PLAYERS)]


@dataclass
class Night:
    games: int
    rating_ms: list[float] = field(default_factory=list)
    elo_ms: list[float] = field(default_factory=list)  # /rating elo: the club's Elo board
    me_ms: list[float] = field(default_factory=list)
    summary_ms: list[float] = field(default_factory=list)
    announce_ms: list[float] = field(default_factory=list)
    floor_ms: list[float] = field(default_factory=list)
    flood_waits: int = 0
    peak_rss_mb: float = 0.0
    rss_mb: float = 0.0
    floor_rss_mb: float = 0.0  # the echo bot's, after the same players' load
    signup_ms: list[float] = field(default_factory=list)  # a sign-up tap → its answer
    signup_edits: int = 0  # edits of the sign-up post the taps cost


async def _players(
    people: Sequence[Person], done: asyncio.Event, seed: int, night: Night | None,
    on_rating: list[float],
) -> None:  # fmt: skip
    """Each person asks every 1–3 s until ``done``: /me one time in three, /rating elo one in
    six, else /rating (the floor's people, ``night`` None, ask /rating only)."""
    rng = random.Random(seed)

    async def one(person: Person) -> None:
        while not done.is_set():
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            draw = rng.random()
            if night is not None and draw < 1 / 3:
                night.me_ms.append(await ask(person, "/me"))
            elif night is not None and draw < 1 / 2:
                night.elo_ms.append(await ask(person, "/rating elo"))
            else:
                on_rating.append(await ask(person, "/rating"))

    await asyncio.gather(*map(one, people))


async def _judge(judge: Person, table: int, rounds: int, rng: random.Random, night: Night) -> None:
    taps = Taps(judge)
    group = judge.world.api.chats[CLUB_CHAT_ID]
    for round_number in range(rounds):
        await taps.send("/game")
        if round_number == 0:  # his table; later games keep it
            label = next(b for b in judge.buttons() if b.endswith("изменить"))
            await taps.press(label)
            await taps.press(f"Стол {table}")
        await taps.send("\n".join(rng.sample(NICKNAMES, 10)))
        await taps.press("Далее ➡")
        for seat in (2, 9, 4, 7):
            await taps.seat(seat)
        await taps.press(rng.choice(["⚫ Чёрные", "🔴 Красные"]))
        await taps.seat(1)
        for seat in (4, 7, 9):
            await taps.seat(seat)
        started = time.perf_counter()
        await taps.press("К итогу ➡")
        night.summary_ms.append((time.perf_counter() - started) * 1e3)
        shown = len(group.history())
        started = time.perf_counter()
        await judge.press("✅ Подтвердить")
        await judge.world.api.wait_for(
            lambda shown=shown: any(
                m.from_bot and f"Стол {table}," in m.text for m in group.history()[shown:]
            ),
            timeout=60,
        )
        night.announce_ms.append((time.perf_counter() - started) * 1e3)
        await judge.reply()


async def _staff(bot: Running, judges: int, players: int) -> tuple[list[Person], list[Person]]:
    world = bot.world
    admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
    staff = [world.person(f"Судья {n}", username=f"judge{n}") for n in range(judges)]
    for judge in staff:
        await ask(judge, "/start")
        await ask(admin, f"/judge @{judge.user['username']}")
        # He is told through the outbox: read it before the first /game, as a person would.
        await world.api.wait_for(lambda judge=judge: "Вас назначили" in judge.last().text, 30)
    people = [world.person(f"Игрок {n}", username=f"player{n}") for n in range(players)]
    for number, person in enumerate(people):
        await ask(person, "/start")
        await ask(admin, f"/link @player{number} {NICKNAMES[number]}")
    return staff, people


# What an evening adds beside the judges: run with them, given the bot, the players, the figures.
EveningLoad = Callable[[Running, Sequence[Person], Night], Awaitable[None]]
SIGNUP_RUSH_SECONDS = 5.0


async def signup_rush(bot: Running, people: Sequence[Person], night: Night) -> None:
    """The evening's sign-up is open (``/night`` before the judges start): every player taps
    «✋ Играю» once, all within five seconds. Measured: each tap until its answer, and how many
    edits of the sign-up post the rush costs (they are coalesced)."""
    world, api = bot.world, bot.world.api
    group = api.chats[CLUB_CHAT_ID]
    post = await api.wait_for(
        lambda: next(
            (m for m in reversed(group.history()) if m.from_bot and "Записались" in m.text), None
        ),
        30,
    )
    data = next(b["callback_data"] for b in post.buttons() if b["text"] == "✋ Играю")
    edits = post.edits
    rng = random.Random(len(people))

    async def tap(person: Person) -> None:
        await asyncio.sleep(rng.uniform(0, SIGNUP_RUSH_SECONDS))
        started = time.perf_counter()
        update = api.callback(group, person.user, post, data)
        await world._deliver(update)
        query = api.callback_queries[update["callback_query"]["id"]]
        await api.wait_for(lambda: query.answered, 30)
        night.signup_ms.append((time.perf_counter() - started) * 1e3)

    await asyncio.gather(*map(tap, people))
    await api.wait_for(lambda: f"Записались: {len(people)}" in post.text, 60)
    night.signup_edits = post.edits - edits


async def one_night(
    floor: Running, games: int, judges: int, rounds: int, players: int,
    evening: EveningLoad | None = signup_rush,
) -> Night:  # fmt: skip
    night = Night(games)
    async with running("bot") as bot:
        await import_games(bot, games)
        staff, people = await _staff(bot, judges, players)
        for person in people:  # the first /me draws a chart: matplotlib is imported once
            await ask(person, "/rating")
        await ask(people[0], "/me")
        if evening is not None:  # the head judge opens tonight's sign-up
            admin = bot.world.person("Админ", user_id=ADMIN_ID, username="boss")
            await ask(admin, "/night 23:59")
        done = asyncio.Event()
        rng = random.Random(games)
        load = asyncio.create_task(_players(people, done, games, night, night.rating_ms))
        await asyncio.gather(
            *(
                _judge(judge, table, rounds, random.Random(rng.random()), night)
                for table, judge in enumerate(staff, start=3)  # an import fills tables 1 and 2
            ),
            *([evening(bot, people, night)] if evening is not None else []),
        )
        done.set()
        await load
        night.flood_waits = sum(1 for error in bot.world.api.message_errors() if error.code == 429)
        night.peak_rss_mb = bot.peak_rss_mb()
        night.rss_mb = bot.rss_mb()
    # The floor: the same players, paced the same, on the echo bot, for as many requests.
    echo_people = [floor.world.person(f"Игрок {n}") for n in range(players)]
    done = asyncio.Event()
    load = asyncio.create_task(_players(echo_people, done, games, None, night.floor_ms))
    asked = len(night.rating_ms) + len(night.elo_ms)
    await floor.world.api.wait_for(lambda: len(night.floor_ms) >= asked, timeout=600)
    done.set()
    await load
    night.floor_rss_mb = floor.rss_mb()
    return night


async def measure(sizes: Sequence[int], judges: int, rounds: int, players: int) -> list[Night]:
    async with running("benchmarks.echo_bot") as floor:
        return [await one_night(floor, size, judges, rounds, players) for size in sizes]


def _p(values: list[float], share: float) -> str:
    return f"{percentile(values, share):.0f}" if values else "–"


def table(nights: list[Night]) -> list[str]:
    lines = [
        "| games | /rating p50 / p99 ms | /rating elo p50 / p99 ms | echo floor p50 / p99 ms "
        "| /me p99 ms | summary p50 / p99 ms | Confirm → announced p50 / p99 ms | flood waits "
        "| RSS now / peak MB (echo) | sign-up tap p50 / p99 ms, post edits |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for night in nights:
        lines.append(
            f"| {night.games:,} | {_p(night.rating_ms, 0.5)} / {_p(night.rating_ms, 0.99)} "
            f"| {_p(night.elo_ms, 0.5)} / {_p(night.elo_ms, 0.99)} "
            f"| {_p(night.floor_ms, 0.5)} / {_p(night.floor_ms, 0.99)} "
            f"| {_p(night.me_ms, 0.99)} "
            f"| {_p(night.summary_ms, 0.5)} / {_p(night.summary_ms, 0.99)} "
            f"| {_p(night.announce_ms, 0.5)} / {_p(night.announce_ms, 0.99)} "
            f"| {night.flood_waits} | {night.rss_mb:.0f} / {night.peak_rss_mb:.0f} "
            f"({night.floor_rss_mb:.0f}) "
            f"| {_p(night.signup_ms, 0.5)} / {_p(night.signup_ms, 0.99)}, "
            f"{night.signup_edits} for {len(night.signup_ms)} taps |"
        )
    if len(nights) > 1:
        first, last = nights[0], nights[-1]

        def grown(values: str, share: float) -> str:
            before, after = getattr(first, values), getattr(last, values)
            if not before or not after:
                return "–"
            return f"×{percentile(after, share) / max(percentile(before, share), 1e-9):.1f}"

        lines.append(
            f"| growth {first.games:,} → {last.games:,} "
            f"| {grown('rating_ms', 0.5)} / {grown('rating_ms', 0.99)} "
            f"| {grown('elo_ms', 0.5)} / {grown('elo_ms', 0.99)} "
            f"| {grown('floor_ms', 0.5)} / {grown('floor_ms', 0.99)} | {grown('me_ms', 0.99)} "
            f"| {grown('summary_ms', 0.5)} / {grown('summary_ms', 0.99)} "
            f"| {grown('announce_ms', 0.5)} / {grown('announce_ms', 0.99)} | "
            f"| {last.rss_mb - first.rss_mb:+.0f} MB | {grown('signup_ms', 0.99)} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--judges", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--players", type=int, default=30)
    args = parser.parse_args()
    nights = asyncio.run(measure(args.games, args.judges, args.rounds, args.players))
    print("\n".join(table(nights)))


if __name__ == "__main__":
    main()
