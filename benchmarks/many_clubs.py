"""Many clubs on one bot: 300 clubs in one database, 20 of them playing a busy evening at once.

    python -m benchmarks.many_clubs            # 300 clubs, 50,000 games, 20 evenings at once
    python -m benchmarks.many_clubs --quick    # 12 clubs, 2 evenings: that it runs
    python -m benchmarks.many_clubs --keep /tmp/clubs.sqlite3   # build once, reuse after
    python -m benchmarks.many_clubs --engine postgres                 # on PostgreSQL, one bot
    python -m benchmarks.many_clubs --engine postgres --processes 2   # two bots, one webhook

The database is built first, in this process, through the bot's own services (each club made as
joining makes it, its first admin, its judges, its season imported as ``/import`` imports one,
thirty of its players linked to their Telegram accounts): the 20 busy clubs have 150 players and
1,000 games each, the other 280 share the rest (25 players, about 107 games each); the clubs'
nicknames overlap, as players who play in two clubs do. Then ``python -m bot`` runs on it as its
own process, a service for many clubs (``CLUB_SIGNUP=open``), polling the fake Bot API.

In each busy club, four judges seat their tables by ``/game`` in private and run their games in
the Mini App (opened from the club's link: ``start_param`` club<id>), one API call per event, a
tap every 1–3 s, then Confirm; two games each. Meanwhile each club's thirty players ask
``/rating`` (two in three) or ``/me`` in private, each every 4–12 s: six hundred people, about 75
requests a second (in the one-club busy night thirty people ask every 1–3 s: each person here
asks four times less often, the bot gets five times as many). Measured: /rating and /me, every
API call, Confirm, the time from Confirm to the announcement in the club's own group (per club:
the outbox's fairness), how long the private results took to leave, flood waits, what the bot
answered per second, its resident memory. The floors, in the same run: the same people paced the
same on a bare aiogram echo bot, and the same API calls on a bare aiohttp server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import aiohttp
from aiogram.types import User

from benchmarks import engines
from benchmarks.live_app import _call, _game, echo_web
from benchmarks.processes import Fleet, ask, free_port, percentile, running, webhook_fleet
from bot.app import open_database
from bot.core import club_scope
from bot.core.config import Settings
from bot.rating.interchange import Importer
from bot.services import build_services
from bot.vocabulary.rights import Right
from tests.club import Taps
from tests.fakes.bot_api import TOKEN
from tests.fakes.people import Person
from tests.protocols import protocol_bytes, random_protocol
from tests.webapp import init_data

OPERATOR = 900_000_001
FIRST_CHAT = -1_002_000_000_000


@dataclass(frozen=True)
class Shape:
    clubs: int
    busy: int  # clubs playing an evening at once
    players: int  # players' rows in all clubs
    games: int  # games in all clubs
    busy_players: int  # each busy club's
    busy_games: int  # each busy club's
    tables: int  # judges per busy club
    askers: int  # players asking /rating and /me per busy club
    rounds: int  # games per table tonight
    ask_every: tuple[float, float]  # seconds between one person's requests
    tap_every: tuple[float, float]  # seconds between a judge's taps in the app
    saturation_s: float = 20.0  # everyone asking back to back, on the bot and on the echo bot


Store = Path | str  # an SQLite file, or a PostgreSQL database's URL

FULL = Shape(300, 20, 10_000, 50_000, 150, 1_000, 4, 30, 2, (4.0, 12.0), (1.0, 3.0))
QUICK = Shape(12, 2, 300, 1_200, 60, 300, 2, 5, 1, (2.0, 4.0), (0.05, 0.1), 3.0)  # that it runs


@dataclass(frozen=True)
class Planned:
    """One club of the built database."""

    number: int  # 0 … clubs − 1; the first ``busy`` play tonight
    title: str
    chat_id: int
    admin: int
    nicknames: list[str]
    games: int
    judges: list[int] = field(default_factory=list)
    askers: list[int] = field(default_factory=list)  # linked to nicknames[: len(askers)]
    club_id: int = 0


def plan(shape: Shape) -> list[Planned]:
    """Who is in which club: the busy clubs first, then the rest share what is left of the
    players and games. Nicknames come from one pool of ``players`` names, each club's a window
    that overlaps its neighbour's by a tenth (people who play in two clubs)."""
    quiet = shape.clubs - shape.busy
    quiet_players = shape.players - shape.busy * shape.busy_players
    quiet_games = shape.games - shape.busy * shape.busy_games
    assert quiet_players >= 10 * quiet and quiet_games >= quiet, "too few for the quiet clubs"
    clubs, start = [], 0
    for number in range(shape.clubs):
        if number < shape.busy:
            players, games = shape.busy_players, shape.busy_games
        else:
            at = number - shape.busy
            players = quiet_players // quiet + (at < quiet_players % quiet)
            games = quiet_games // quiet + (at < quiet_games % quiet)
        nicknames = [f"Игрок{(start + n) % shape.players:05d}" for n in range(players)]
        start += players - players // 10  # the next club shares a tenth of these names
        busy = number < shape.busy
        judges = [20_000_000 + number * 10 + t for t in range(shape.tables)] if busy else []
        askers = [10_000_000 + number * 1_000 + n for n in range(shape.askers)] if busy else []
        clubs.append(
            Planned(
                number,
                f"Клуб {number + 1}",
                FIRST_CHAT - number,
                30_000_000 + number,
                nicknames,
                games,
                judges,
                askers,
            )
        )
    return clubs


def people(club: Planned) -> list[tuple[int, str]]:
    """The club's admin, judges and players who ask, with their names in Telegram."""
    return [
        (club.admin, f"Админ {club.number + 1}"),
        *((judge, f"Судья {judge}") for judge in club.judges),
        *((asker, f"Игрок {asker}") for asker in club.askers),
    ]


def settings_for(store: Store) -> Settings:
    return Settings(
        bot_token=TOKEN, club_signup="open", operator_ids=frozenset({OPERATOR}),
        **({"database_url": store} if isinstance(store, str) else {"database_path": store}),
    )  # fmt: skip


async def build(store: Store, clubs: list[Planned], seed: int = 1) -> list[Planned]:
    """The database of every club (an SQLite file, or a PostgreSQL database's URL), written
    through the bot's services; the clubs with their ids."""
    settings = settings_for(store)
    database = await open_database(settings)
    try:
        services = build_services(settings, database)
        await services.clubs.ensure_from_environment()
        importer = Importer(database, services.clock)
        made = []
        for planned in clubs:
            club = await services.clubs.create(
                services.clubs.new(planned.title, planned.chat_id), planned.admin
            )
            for user_id, name in people(planned):  # each has talked to the bot
                await services.members.resolve(User(id=user_id, is_bot=False, first_name=name))
            with club_scope.within(club):
                await services.members.grant(planned.admin, Right.ADMIN, planned.admin)
                protocol = random_protocol(
                    planned.nicknames, planned.games, seed=seed + planned.number,
                    stages=3 if planned.games >= 300 else 1,
                )  # fmt: skip
                await importer.run(
                    protocol_bytes(protocol), "Сезон", planned.admin, f"bench-{planned.number}"
                )
                for judge in planned.judges:
                    await services.members.grant(judge, Right.JUDGE, planned.admin)
                for user_id, nickname in zip(planned.askers, planned.nicknames, strict=False):
                    await services.identity.link(user_id, nickname, user_id)
            made.append(_with_id(planned, club.id))
        await services.standings.stop()  # the warm-ups the imports set going
        await services.elo.stop()
        return made
    finally:
        await database.close()


def _with_id(planned: Planned, club_id: int) -> Planned:
    return Planned(
        planned.number, planned.title, planned.chat_id, planned.admin, planned.nicknames,
        planned.games, planned.judges, planned.askers, club_id,
    )  # fmt: skip


@dataclass
class Evening:
    shape: Shape
    build_seconds: float = 0.0
    database_mb: float = 0.0
    rating_ms: list[float] = field(default_factory=list)
    me_ms: list[float] = field(default_factory=list)
    chart_ms: list[float] = field(default_factory=list)  # /me until its chart is there
    cold_ms: list[float] = field(default_factory=list)  # each busy club's first /rating
    cold_all_s: float = 0.0  # until every busy club's first /rating was answered
    warm_up_s: float = 0.0  # until everyone had his /rating, his /me and its chart
    charts_drawn: int = 0  # in the warm-up
    unanswered: int = 0  # requests not answered within a minute
    api_ms: list[float] = field(default_factory=list)
    confirm_ms: list[float] = field(default_factory=list)
    announce_ms: dict[int, list[float]] = field(default_factory=dict)  # by club
    floor_ms: list[float] = field(default_factory=list)  # the echo bot's, for the same people
    api_floor_ms: list[float] = field(default_factory=list)  # the echo server's
    private_results: int = 0
    drained_s: float = 0.0  # the last Confirm → the outbox's last private message
    flood_waits: int = 0
    seconds: float = 0.0  # the evening, first request to last announcement
    answered: int = 0  # requests and API calls answered in it
    bot_cpu: float = 0.0  # the bot's processor time in the evening, per second of it
    fake_cpu: float = 0.0  # this process's (the fake Telegram, the people, the app's callers)
    rss_mb: float = 0.0
    peak_rss_mb: float = 0.0
    floor_rss_mb: float = 0.0
    saturated: float = 0.0  # answers/s with everyone asking back to back
    floor_saturated: float = 0.0  # the echo bot's, the same people
    engine: str = "SQLite"
    processes: int = 1

    def announced(self) -> list[float]:
        return [ms for values in self.announce_ms.values() for ms in values]


async def _asker(
    person: Person, done: asyncio.Event, rng: random.Random, every: tuple[float, float],
    evening: Evening | None, floor: list[float],
) -> None:  # fmt: skip
    """One person asks until ``done``: /me one time in three, else /rating (on the floor:
    /rating, always). An answer that never comes is counted, and he goes on."""
    while not done.is_set():
        await asyncio.sleep(rng.uniform(*every))
        try:
            if evening is None:
                floor.append(await ask(person, "/rating"))
            elif rng.random() < 1 / 3:
                await _me(person, evening)
            else:
                evening.rating_ms.append(await ask(person, "/rating"))
        except TimeoutError:
            if evening is not None:
                evening.unanswered += 1


async def _me(person: Person, evening: Evening, timeout: float = 60.0) -> None:
    """/me: its text, then its chart (drawn in the background, a photo after the text): both
    are the answer, and the next request waits for the chart, as a person's eye does."""
    shown = len(person.private.history())
    started = time.perf_counter()
    evening.me_ms.append(await ask(person, "/me", timeout))
    await person.world.api.wait_for(
        lambda: any(m.photo for m in person.private.history()[shown:]), timeout
    )
    evening.chart_ms.append((time.perf_counter() - started) * 1e3)


async def _table(
    bot: Fleet, club: Planned, judge: Person, table: int, shape: Shape,
    rng: random.Random, evening: Evening,
) -> None:  # fmt: skip
    """One judge's evening: each game seated by /game in private, played in the app, confirmed;
    the time until its announcement in the club's group."""
    taps = Taps(judge)
    group = bot.world.api.chats[club.chat_id]
    data = init_data(judge.id, start_param=f"club{club.club_id}")
    headers = {"Authorization": f"tma {data}"}
    async with aiohttp.ClientSession() as session:
        for round_number in range(shape.rounds):
            await taps.send("/game")
            if round_number == 0:
                await taps.press(next(b for b in judge.buttons() if b.endswith("изменить")))
                await taps.press(f"Стол {table}")
            await taps.send("\n".join(rng.sample(club.nicknames, 10)))
            async with session.post(f"{bot.base()}api/open", json={}, headers=headers) as answer:
                assert answer.status == 200, await answer.text()
                live = (await answer.json())["live"]
            for event in _game(rng.randrange(1 << 30)):
                await asyncio.sleep(rng.uniform(*shape.tap_every))
                body = {"live": live, "events": [event]}
                evening.api_ms.append(await _call(session, f"{bot.base()}api/events", data, body))
            shown = len(group.history())
            started = time.perf_counter()
            evening.confirm_ms.append(
                await _call(session, f"{bot.base()}api/confirm", data, {"live": live})
            )
            await bot.world.api.wait_for(
                lambda shown=shown: any(
                    m.from_bot and f"Стол {table}," in m.text for m in group.history()[shown:]
                ),
                timeout=120,
            )
            evening.announce_ms.setdefault(club.number, []).append(
                (time.perf_counter() - started) * 1e3
            )


def _private_results(bot: Fleet) -> list[float]:
    """When each player's own result («🎯 Ваш результат») was sent (the fake's clock)."""
    return [
        message.sent_clock
        for chat in bot.world.api.chats.values()
        if chat.type == "private"
        for message in chat.history()
        if message.from_bot and message.text.startswith("🎯 Ваш результат")
    ]


async def _cold_start(
    bot: Fleet, busy: list[Planned], askers: list[Person], shape: Shape, evening: Evening
) -> None:
    """Just started, as after a restart in the middle of twenty evenings: one player of every
    busy club asks /rating at once (each club's standings are read and built on its first
    request). Then everyone has looked at /rating and /me once before the evening measured —
    a service runs for weeks; what a restart costs is the cold figure."""
    first = askers[:: shape.askers]  # one per club
    started = time.perf_counter()
    evening.cold_ms = list(
        await asyncio.gather(*(ask(person, "/rating", timeout=600) for person in first))
    )
    evening.cold_all_s = time.perf_counter() - started
    started = time.perf_counter()
    warm = Evening(shape)

    async def looks(person: Person) -> None:
        await ask(person, "/rating", timeout=900)
        await _me(person, warm, timeout=900)

    await asyncio.gather(*map(looks, askers))
    evening.warm_up_s = time.perf_counter() - started
    evening.charts_drawn = len(warm.chart_ms)


@asynccontextmanager
async def serving(store: Store, clubs: list[Planned], processes: int) -> AsyncIterator[Fleet]:
    """The bot on ``store`` for many clubs: on SQLite one process polling, as a club runs it; on
    PostgreSQL ``processes`` behind one webhook address (one as well: the same way in, so that
    1 → 2 processes is the only change)."""
    groups = {club.chat_id: club.title for club in clubs}
    env = {
        "CLUB_CHAT_ID": "", "ADMIN_IDS": "", "CLUB_SIGNUP": "open",
        "OPERATOR_IDS": str(OPERATOR),
    }  # fmt: skip
    if isinstance(store, str):
        env["DATABASE_URL"] = store
        env["WEBAPP_URL"] = "https://club.example"
        async with webhook_fleet(processes, env, groups) as fleet:
            yield fleet
        return
    port = free_port()
    env["DATABASE_PATH"] = str(store)
    env["WEBAPP_URL"] = f"http://127.0.0.1:{port}"
    env["WEBAPP_LISTEN"] = f"127.0.0.1:{port}"
    async with running("bot", env=env, groups=groups) as bot:
        yield Fleet(bot.world, [bot], [f"http://127.0.0.1:{port}/app/"])


async def evening_on(
    store: Store, clubs: list[Planned], shape: Shape, seed: int, processes: int = 1
) -> Evening:
    evening = Evening(shape)
    busy = [club for club in clubs if club.judges]
    async with serving(store, clubs, processes) as bot:
        world = bot.world
        judges = {c.number: [world.person(f"Судья {j}", user_id=j) for j in c.judges] for c in busy}
        askers = [world.person(f"Игрок {a}", user_id=a) for c in busy for a in c.askers]
        await _cold_start(bot, busy, askers, shape, evening)
        rng = random.Random(seed)
        done = asyncio.Event()
        load = [
            asyncio.create_task(
                _asker(p, done, random.Random(rng.random()), shape.ask_every, evening, [])
            )
            for p in askers
        ]
        sent_before = len(_private_results(bot))
        started, cpu, own = time.perf_counter(), bot.cpu_seconds(), time.process_time()
        await asyncio.gather(*(
            _table(bot, club, judge, table, shape, random.Random(rng.random()), evening)
            for club in busy for table, judge in enumerate(judges[club.number], start=3)
        ))  # fmt: skip
        evening.seconds = time.perf_counter() - started
        evening.bot_cpu = (bot.cpu_seconds() - cpu) / evening.seconds
        evening.fake_cpu = (time.process_time() - own) / evening.seconds
        last_confirm = time.monotonic()  # the fake's clock
        done.set()
        await asyncio.gather(*load)
        evening.answered = len(evening.rating_ms) + len(evening.me_ms) + len(evening.api_ms)
        evening.answered += len(evening.confirm_ms)
        await _drained(bot)
        sends = sorted(_private_results(bot))
        evening.private_results = len(sends) - sent_before
        evening.drained_s = max(0.0, sends[-1] - last_confirm) if sends else 0.0
        evening.flood_waits = sum(1 for error in world.api.message_errors() if error.code == 429)
        evening.saturated = await _saturated(askers, shape.saturation_s)
        evening.rss_mb = bot.rss_mb()
        evening.peak_rss_mb = bot.peak_rss_mb()
    await _floors(evening, len(askers), seed)
    return evening


async def _saturated(people: list[Person], seconds: float) -> float:
    """Answers per second when everyone asks /rating again the moment he is answered (no pause:
    the bot's ceiling, whatever the people's pace)."""
    answered = 0
    deadline = time.perf_counter() + seconds

    async def hurry(person: Person) -> None:
        nonlocal answered
        while time.perf_counter() < deadline:
            await ask(person, "/rating")
            answered += 1

    started = time.perf_counter()
    await asyncio.gather(*map(hurry, people))
    return answered / (time.perf_counter() - started)


async def _drained(bot: Fleet, quiet: float = 3.0) -> None:
    """Until the bot has sent nothing for ``quiet`` seconds: its outbox is empty."""
    count, since = -1, time.perf_counter()
    while time.perf_counter() - since < quiet:
        await asyncio.sleep(0.2)
        now = len(bot.world.api.calls)
        if now != count:
            count, since = now, time.perf_counter()


async def _floors(evening: Evening, people: int, seed: int) -> None:
    """The same people paced the same on the echo bot, for as many requests; the same API
    calls, paced the same, on the echo server."""
    shape = evening.shape
    asked = len(evening.rating_ms) + len(evening.me_ms)
    async with running("benchmarks.echo_bot") as floor:
        echo_people = [floor.world.person(f"Игрок {n}") for n in range(people)]
        rng = random.Random(seed)
        done = asyncio.Event()
        paced = [(person, random.Random(rng.random())) for person in echo_people]
        load = [
            asyncio.create_task(_asker(p, done, own, shape.ask_every, None, evening.floor_ms))
            for p, own in paced
        ]
        await floor.world.api.wait_for(lambda: len(evening.floor_ms) >= asked, timeout=900)
        done.set()
        await asyncio.gather(*load)
        evening.floor_saturated = await _saturated(echo_people, shape.saturation_s)
        evening.floor_rss_mb = floor.rss_mb()
    async with echo_web() as url:
        tables = shape.busy * shape.tables
        per_table = max(1, len(evening.api_ms) // tables)
        await asyncio.gather(
            *(_api_floor(url, per_table, shape, number, evening) for number in range(tables))
        )


async def _api_floor(url: str, calls: int, shape: Shape, seed: int, evening: Evening) -> None:
    rng = random.Random(seed)
    data = init_data(1)
    async with aiohttp.ClientSession() as session:
        for number in range(calls):
            await asyncio.sleep(rng.uniform(*shape.tap_every))
            body = {"live": 1, "events": [{"id": f"e{number}", "kind": "next"}]}
            evening.api_floor_ms.append(await _call(session, url, data, body))


async def measure(
    shape: Shape, seed: int = 1, keep: Path | None = None, engine: str = "sqlite",
    processes: int = 1, server: str | None = None,
) -> Evening:  # fmt: skip
    """Build the database (or reuse ``keep`` / the server's database built for the same shape)
    and run the evening on a copy of it, on ``engine`` with ``processes`` bots."""
    if engine == "postgres":
        evening = await _on_postgres(shape, seed, processes, server)
    else:
        assert processes == 1, "several processes share a PostgreSQL database"
        evening = await _on_sqlite(shape, seed, keep)
    evening.engine, evening.processes = _ENGINES[engine], processes
    return evening


_ENGINES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


async def _on_sqlite(shape: Shape, seed: int, keep: Path | None) -> Evening:
    with tempfile.TemporaryDirectory() as folder:
        path = keep or Path(folder) / "clubs.sqlite3"
        started = time.perf_counter()
        clubs = plan(shape)
        if keep is not None and keep.exists():  # noqa: ASYNC240 (nothing runs meanwhile)
            clubs = [_with_id(c, c.number + 1) for c in clubs]  # made in order, from id 1
        else:
            clubs = await build(path, clubs, seed)
        build_seconds = time.perf_counter() - started
        working = Path(folder) / "evening.sqlite3"  # the evening's writes never reach ``keep``
        working.write_bytes(path.read_bytes())
        evening = await evening_on(working, clubs, shape, seed)
        evening.build_seconds = build_seconds
        evening.database_mb = path.stat().st_size / 1e6
        return evening


async def _on_postgres(shape: Shape, seed: int, processes: int, given: str | None) -> Evening:
    """As on SQLite; the database built is kept on the server (``many_clubs_…``) and reused by
    the next run on the same server; the evening runs on a copy (``CREATE DATABASE … TEMPLATE``)."""
    server = engines.server(given)
    built = f"many_clubs_{shape.clubs}_{shape.games}_{seed}"
    started = time.perf_counter()
    clubs = plan(shape)
    if await engines.exists(server, built):
        clubs = [_with_id(c, c.number + 1) for c in clubs]
    else:  # built under another name: a build cut short is never taken for a whole one
        clubs = await build(await engines.create(server, f"{built}_building"), clubs, seed)
        await engines.rename(server, f"{built}_building", built)
    build_seconds = time.perf_counter() - started
    working = await engines.create(server, "many_clubs_evening", template=built)
    evening = await evening_on(working, clubs, shape, seed, processes)
    evening.build_seconds = build_seconds
    evening.database_mb = await engines.size_mb(server, built)
    return evening


def _p(values: Sequence[float], share: float) -> str:
    return f"{percentile(values, share):.0f}" if values else "–"


def fairness(evening: Evening) -> tuple[float, float]:
    """The announcement's median in the slowest and the quickest club, in ms."""
    medians = [statistics.median(v) for v in evening.announce_ms.values() if v]
    return (max(medians), min(medians)) if medians else (0.0, 0.0)


def table(evening: Evening) -> list[str]:
    shape = evening.shape
    slowest, quickest = fairness(evening)
    announced = evening.announced()
    return [
        "| engine, processes | clubs / players / games | built in s (MB) "
        "| busy clubs × tables, people asking "
        "| requests/s answered (unanswered) | CPU: the bot's / the fake's "
        "| /rating p50 / p99 ms | /me p50 / p99 ms (chart p99) "
        "| echo floor p50 / p99 ms | app's API p50 / p99 ms (floor) | Confirm p99 ms "
        "| announced p50 / p99 ms | slowest / quickest club's median ms "
        "| private results, sent within s of the last Confirm | flood waits "
        "| RSS now / peak MB (echo) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        f"| {evening.engine}, {evening.processes} "
        f"| {shape.clubs:,} / {shape.players:,} / {shape.games:,} "
        f"| {evening.build_seconds:.0f} ({evening.database_mb:.0f}) "
        f"| {shape.busy} × {shape.tables}, {shape.busy * shape.askers} "
        f"| {evening.answered / max(evening.seconds, 1e-9):.0f} ({evening.unanswered}) "
        f"| {evening.bot_cpu:.0%} / {evening.fake_cpu:.0%} "
        f"| {_p(evening.rating_ms, 0.5)} / {_p(evening.rating_ms, 0.99)} "
        f"| {_p(evening.me_ms, 0.5)} / {_p(evening.me_ms, 0.99)} ({_p(evening.chart_ms, 0.99)}) "
        f"| {_p(evening.floor_ms, 0.5)} / {_p(evening.floor_ms, 0.99)} "
        f"| {_p(evening.api_ms, 0.5)} / {_p(evening.api_ms, 0.99)} "
        f"({_p(evening.api_floor_ms, 0.5)} / {_p(evening.api_floor_ms, 0.99)}) "
        f"| {_p(evening.confirm_ms, 0.99)} "
        f"| {_p(announced, 0.5)} / {_p(announced, 0.99)} "
        f"| {slowest:.0f} / {quickest:.0f} "
        f"| {evening.private_results}, {evening.drained_s:.1f} | {evening.flood_waits} "
        f"| {evening.rss_mb:.0f} / {evening.peak_rss_mb:.0f} ({evening.floor_rss_mb:.0f}) |",
        "",
        "| just started: each busy club's first /rating, p50 / max ms | all answered in s "
        "| then everyone's first /rating, /me and chart: s (charts drawn) "
        "| saturated: /rating answered per s (echo floor) |",
        "|---|---|---|---|",
        f"| {_p(evening.cold_ms, 0.5)} / {_p(evening.cold_ms, 1.0)} | {evening.cold_all_s:.1f} "
        f"| {evening.warm_up_s:.0f} ({evening.charts_drawn}) "
        f"| {evening.saturated:.0f} ({evening.floor_saturated:.0f}) |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: that it runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--keep", type=Path, help="build the database here once and reuse it in later runs"
    )
    parser.add_argument("--rounds", type=int, help="games per table tonight")
    parser.add_argument("--engine", choices=sorted(_ENGINES), default="sqlite")
    parser.add_argument("--processes", type=int, default=1,
                        help="bots behind one webhook (PostgreSQL)")  # fmt: skip
    parser.add_argument("--database-url", help="a PostgreSQL server to use (its postgres "
                        "database's URL); else a throw-away one is started")  # fmt: skip
    parser.add_argument("--ask-every", type=float, nargs=2, metavar=("MIN", "MAX"),
                        help="seconds between one person's requests")  # fmt: skip
    args = parser.parse_args()
    shape = QUICK if args.quick else FULL
    if args.rounds is not None:
        shape = replace(shape, rounds=args.rounds)
    if args.ask_every is not None:
        shape = replace(shape, ask_every=tuple(args.ask_every))
    evening = asyncio.run(
        measure(shape, args.seed, args.keep, args.engine, args.processes, args.database_url)
    )
    print("\n".join(table(evening)))


if __name__ == "__main__":
    main()
