"""The judge's app on a busy night: four tables run their games in the Mini App at once.

    python -m benchmarks.live_app [--games 1000 10000] [--tables 4] [--players 30]

``python -m bot`` runs as its own process (polling, the app on ``WEBAPP_LISTEN``) on a tournament
of N imported games. Four judges each seat ten players by /game and then play a random legal game
in the app: one API call per event, a tap every 0.2 s (faster than a judge taps), then Confirm;
meanwhile thirty players each ask /rating or /me every 1–3 s, as on the busy night, and have the
standings page open (the whole table every 2–4 s). Measured: every API call's latency (p50 /
p99), Confirm's, the standings page's, and each page's weight (the judge's, the players' three,
the club's TV) and, with Debian's chromium, the time until it shows what it is for (loopback,
beside a blank page's). The floor of the API: the same calls, paced the same, to a bare aiohttp
server that echoes the body (``benchmarks.echo_web``), in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from benchmarks.busy_night import NICKNAMES, _players, _staff
from benchmarks.load import import_games
from benchmarks.processes import free_port, percentile, running
from tests.club import Taps
from tests.harness import ADMIN_ID
from tests.live_games import Table
from tests.webapp import init_data

TAP_SECONDS = 0.2
PHONE = {"width": 360, "height": 780}
TV = {"width": 1920, "height": 1080}


@dataclass
class Figures:
    games: int
    api_ms: list[float] = field(default_factory=list)
    standings_ms: list[float] = field(default_factory=list)  # the standings page's API
    confirm_ms: list[float] = field(default_factory=list)
    floor_ms: list[float] = field(default_factory=list)
    page_bytes: dict[str, int] = field(default_factory=dict)  # by page
    ready_ms: dict[str, list[float]] = field(default_factory=dict)  # by page
    blank_ms: list[float] = field(default_factory=list)  # the browser's own floor


async def _call(session: aiohttp.ClientSession, url: str, data: str, body: dict) -> float:
    started = time.perf_counter()
    async with session.post(url, json=body, headers={"Authorization": f"tma {data}"}) as answer:
        assert answer.status == 200, await answer.text()
        await answer.read()
    return (time.perf_counter() - started) * 1e3


async def _table(base: str, user_id: int, seed: int, figures: Figures) -> None:
    data = init_data(user_id)
    log = _game(seed)
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}api/open", json={},
                                headers={"Authorization": f"tma {data}"}) as answer:  # fmt: skip
            live = (await answer.json())["live"]
        for event in log:
            await asyncio.sleep(TAP_SECONDS)
            body = {"live": live, "events": [event]}
            figures.api_ms.append(await _call(session, f"{base}api/events", data, body))
        figures.confirm_ms.append(await _call(session, f"{base}api/confirm", data, {"live": live}))


@asynccontextmanager
async def echo_web() -> AsyncIterator[str]:
    """The bare aiohttp echo server (``benchmarks.echo_web``) as a process, listening: its URL."""
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.echo_web", str(port)
    )
    try:
        url = f"http://127.0.0.1:{port}/echo"
        for _ in range(100):  # until it listens
            try:
                async with aiohttp.ClientSession() as session, session.post(url, json={}):
                    break
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
        yield url
    finally:
        process.terminate()
        await process.wait()


def _game(seed: int) -> list[dict]:
    table = Table(seed)
    table.play()
    return table.log


async def _readers(base: str, users: list[int], done: asyncio.Event, figures: Figures) -> None:
    """Players with the standings page open: each asks for the whole table every 2–4 s."""
    rng = random.Random(len(users))

    async def one(user_id: int) -> None:
        data = init_data(user_id)
        async with aiohttp.ClientSession() as session:
            while not done.is_set():
                await asyncio.sleep(rng.uniform(2.0, 4.0))
                figures.standings_ms.append(await _call(session, f"{base}api/standings", data, {}))

    await asyncio.gather(*map(one, users))


async def _floor(url: str, calls: int, figures: Figures) -> None:
    data = init_data(1)
    async with aiohttp.ClientSession() as session:
        for number in range(calls):
            await asyncio.sleep(TAP_SECONDS)
            body = {"live": 1, "events": [{"id": f"e{number}", "kind": "next"}]}
            figures.floor_ms.append(await _call(session, url, data, body))


@dataclass(frozen=True)
class Page:
    """One page of the app: its files (its weight) and what shows it is ready to use."""

    name: str
    address: str  # after the app's base
    files: tuple[str, ...]
    ready: str  # a selector that appears once the page shows what it is for
    telegram: bool = True  # opened inside Telegram (signed initData); the TV is a plain browser


def page_files(html: str, script: str, css: str = "style.css") -> tuple[str, ...]:
    """A page's files: its HTML, its style, its script and every module that imports (and the
    rules' data, when it reads them)."""
    static = Path(__file__).resolve().parent.parent / "bot" / "webapp" / "static"
    modules: list[str] = []
    waiting = [script]
    while waiting:
        name = waiting.pop(0)
        if name not in modules:
            modules.append(name)
            waiting += re.findall(r'from "\./([\w-]+\.js)"', (static / name).read_text("utf-8"))
    extra = ("rules.json",) if "rules.js" in modules else ()
    return (html, css, *modules, *extra)


PAGES = (
    Page("judge's table", "", page_files("", "app.js"), ".table .seat"),
    Page(
        "standings",
        "standings.html",
        page_files("standings.html", "standings.js"),
        "#standings tbody tr",
    ),
    Page(
        "record",
        "record.html?player=" + NICKNAMES[0],
        page_files("record.html", "record.js"),
        ".tile",
    ),
    Page(
        "tonight",
        "tonight.html",
        page_files("tonight.html", "tonight.js"),
        "#app p, .round",
    ),
    Page(
        "club's TV",
        "tv.html#{token}",
        page_files("tv.html", "tv.js", "tv.css"),
        "#standings tr",
        telegram=False,
    ),
)


async def _pages(base: str, user_id: int, token: str, figures: Figures, repeats: int) -> None:
    """Each page's weight and, with Debian's chromium, the time until it is ready (loopback),
    beside a blank page's in the same browser."""
    async with aiohttp.ClientSession() as session:
        for page in PAGES:
            for name in page.files:
                async with session.get(base + name) as answer:
                    figures.page_bytes[page.name] = figures.page_bytes.get(page.name, 0) + len(
                        await answer.read()
                    )
    try:
        from playwright.async_api import async_playwright

        from tests.browser import TELEGRAM_SCRIPT, telegram_stub
    except ImportError:
        return
    import shutil

    path = shutil.which("chromium")
    if path is None:
        return
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        for _ in range(repeats):
            for shown in PAGES:
                size = PHONE if shown.telegram else TV
                context = await browser.new_context(viewport=size)
                stub = telegram_stub(init_data(user_id))
                await context.route(TELEGRAM_SCRIPT, _stub_server(stub))
                page = await context.new_page()
                started = time.perf_counter()
                await page.goto("data:text/html,<p id=x>floor</p>")
                await page.locator("#x").wait_for()
                figures.blank_ms.append((time.perf_counter() - started) * 1e3)
                started = time.perf_counter()
                await page.goto(base + shown.address.format(token=token))
                await page.locator(shown.ready).first.wait_for()
                figures.ready_ms.setdefault(shown.name, []).append(
                    (time.perf_counter() - started) * 1e3
                )
                await context.close()
        await browser.close()


def _stub_server(stub: str):  # one argument: Playwright passes the request too to a second one
    async def serve(route) -> None:
        await route.fulfill(status=200, content_type="text/javascript", body=stub)

    return serve


async def one_night(games: int, tables: int, players: int, page_repeats: int = 5) -> Figures:
    figures = Figures(games)
    port = free_port()
    base = f"http://127.0.0.1:{port}/app/"
    env = {"WEBAPP_URL": f"http://127.0.0.1:{port}", "WEBAPP_LISTEN": f"127.0.0.1:{port}"}
    async with running("bot", env=env) as bot:
        await import_games(bot, games)
        staff, people = await _staff(bot, tables, players)
        rng = random.Random(games)
        for number, judge in enumerate(staff, start=3):  # an import fills tables 1 and 2
            taps = Taps(judge)
            await taps.send("/game")
            await taps.press(next(b for b in judge.buttons() if b.endswith("изменить")))
            await taps.press(f"Стол {number}")
            await taps.send("\n".join(rng.sample(NICKNAMES, 10)))
        done = asyncio.Event()
        rating: list[float] = []
        load = asyncio.create_task(_players(people, done, games, None, rating))
        readers = asyncio.create_task(_readers(base, [p.id for p in people], done, figures))
        admin = bot.world.person("Админ", user_id=ADMIN_ID, username="boss")
        await admin.send("/tv")
        token = re.search(r"tv\.html#([\w-]+)", (await admin.reply()).text)
        assert token is not None
        await _pages(base, staff[0].id, token.group(1), figures, page_repeats)
        await asyncio.gather(*(
            _table(base, judge.id, games + number, figures) for number, judge in enumerate(staff)
        ))  # fmt: skip
        done.set()
        await load
        await readers
    async with echo_web() as url:
        per_table = max(1, len(figures.api_ms) // tables)
        await asyncio.gather(*(_floor(url, per_table, figures) for _ in range(tables)))
    return figures


async def measure(
    sizes: list[int], tables: int, players: int, page_repeats: int = 5
) -> list[Figures]:
    return [await one_night(size, tables, players, page_repeats) for size in sizes]


def _p(values: list[float], share: float) -> str:
    return f"{percentile(values, share):.0f}" if values else "–"


def table(nights: list[Figures]) -> list[str]:
    lines = [
        "| games | API calls | API p50 / p99 ms | echo floor p50 / p99 ms | Confirm p50 / p99 ms "
        "| standings page's API p50 / p99 ms (calls) |",
        "|---|---|---|---|---|---|",
    ]
    for night in nights:
        lines.append(
            f"| {night.games:,} | {len(night.api_ms)} | {_p(night.api_ms, 0.5)} / "
            f"{_p(night.api_ms, 0.99)} | {_p(night.floor_ms, 0.5)} / {_p(night.floor_ms, 0.99)} "
            f"| {_p(night.confirm_ms, 0.5)} / {_p(night.confirm_ms, 0.99)} "
            f"| {_p(night.standings_ms, 0.5)} / {_p(night.standings_ms, 0.99)} "
            f"({len(night.standings_ms)}) |"
        )
    lines += [
        "",
        "| games | page | KB | ready p50 / max ms | blank page floor p50 ms |",
        "|---|---|---|---|---|",
    ]
    for night in nights:
        for page in PAGES:
            ready = night.ready_ms.get(page.name, [])
            weight = night.page_bytes.get(page.name, 0) / 1024
            lines.append(
                f"| {night.games:,} | {page.name} | {weight:.0f} "
                f"| {_p(ready, 0.5)} / {_p(ready, 1.0)} | {_p(night.blank_ms, 0.5)} |"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--players", type=int, default=30)
    args = parser.parse_args()
    nights = asyncio.run(measure(args.games, args.tables, args.players))
    print("\n".join(table(nights)))


if __name__ == "__main__":
    main()
