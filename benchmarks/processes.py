"""Bots under measurement as child processes, polling the fake Bot API served by this process.

The bot (``python -m bot``) and the floor it is compared with (a bare aiogram echo bot,
``benchmarks.echo_bot``) run the same way: their own process and interpreter, the fake Telegram
server and the simulated people in this one. Their logs go to a file (a pipe nobody reads would
fill up and stop them), and their peak resident memory is read from ``/proc`` before they stop.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import socket
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from tests.fakes.bot_api import TOKEN, FakeBotAPI
from tests.fakes.people import Person, World
from tests.fakes.server import FakeTelegramServer
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, ROOT

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Running:
    world: World
    process: asyncio.subprocess.Process
    folder: Path

    def peak_rss_mb(self) -> float:
        """The process's peak resident memory so far (VmHWM), in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def rss_mb(self) -> float:
        """The process's resident memory now (VmRSS), in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    def cpu_seconds(self) -> float:
        """The processor time the process has used so far, user and system, in seconds."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS

    def log(self) -> str:
        return (self.folder / "bot.log").read_text(errors="replace")


def _environment(url: str, folder: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "TELEGRAM_"))},
        "BOT_TOKEN": TOKEN,
        "TELEGRAM_API_URL": url,
        "DATABASE_PATH": str(folder / "club.sqlite3"),
        "ADMIN_IDS": str(ADMIN_ID),
        "CLUB_CHAT_ID": str(CLUB_CHAT_ID),
        "PYTHONPATH": str(ROOT),
    }


async def _fake_telegram(groups: dict[int, str] | None) -> tuple[FakeTelegramServer, str, World]:
    api = FakeBotAPI()
    server = FakeTelegramServer(api)
    url = await server.start()
    world = World(api)
    world.group(CLUB_CHAT_ID)
    for chat_id, title in (groups or {}).items():
        world.group(chat_id, title)
    return server, url, world


async def _start(module: str, args: Sequence[str], env: dict[str, str], folder: Path) -> Any:
    with (folder / "bot.log").open("wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", module, *args,
            cwd=folder, env=env, stdout=log, stderr=log,
        )  # fmt: skip


async def _stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), 20)
        except TimeoutError:
            process.kill()
            await process.wait()


@asynccontextmanager
async def running(
    module: str,
    args: Sequence[str] = (),
    env: dict[str, str] | None = None,
    groups: dict[int, str] | None = None,
) -> AsyncIterator[Running]:
    """``python -m module`` polling a fresh fake Telegram (with the club's group); ``env``: more
    settings; ``groups``: more groups (id → title) the fake knows."""
    server, url, world = await _fake_telegram(groups)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        process = await _start(module, args, {**_environment(url, folder), **(env or {})}, folder)
        try:
            await world.api.wait_for(lambda: any(m == "getUpdates" for m, _ in world.api.calls), 30)
            yield Running(world, process, folder)
        finally:
            await _stop(process)
            await server.stop()


@dataclass
class Fleet:
    """The bot under measurement as one process or several, each serving the Mini App at one of
    ``bases`` (…/app/): what is measured of it is the sum of its processes."""

    world: World
    members: list[Running]
    bases: list[str]

    def __post_init__(self) -> None:
        self._turns = itertools.cycle(self.bases)

    def base(self) -> str:
        """Where the next call of the Mini App goes (the proxy's round robin)."""
        return next(self._turns)

    def cpu_seconds(self) -> float:
        return sum(member.cpu_seconds() for member in self.members)

    def rss_mb(self) -> float:
        return sum(member.rss_mb() for member in self.members)

    def peak_rss_mb(self) -> float:
        return sum(member.peak_rss_mb() for member in self.members)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def webhook_fleet(
    count: int, env: dict[str, str], groups: dict[int, str] | None = None, connections: int = 40
) -> AsyncIterator[Fleet]:
    """``count`` bots (``python -m bot``) on one database behind one webhook address, as behind
    the documented Caddy: the fake Telegram posts up to ``connections`` updates at once (never two
    of one chat), each to the next process in turn, and the Mini App's calls go round as well."""
    server, url, world = await _fake_telegram(groups)
    ports = [free_port() for _ in range(count)]
    turns = itertools.cycle(ports)
    delivery = asyncio.create_task(world.api.deliver_webhooks(
        lambda _registered: f"http://127.0.0.1:{next(turns)}/tg/hook", connections
    ))  # fmt: skip
    members: list[Running] = []
    with tempfile.TemporaryDirectory() as name:
        try:
            for number, port in enumerate(ports, start=1):
                folder = Path(name) / f"bot-{number}"
                folder.mkdir()
                settings = {
                    **_environment(url, folder), **env, "PROCESS_NAME": f"bot-{number}",
                    "WEBHOOK_URL": "https://club.example/tg/hook", "WEBHOOK_SECRET": "bench-9",
                    "WEBHOOK_LISTEN": f"127.0.0.1:{port}",
                }  # fmt: skip
                members.append(Running(world, await _start("bot", (), settings, folder), folder))
            for port in ports:
                await _listening(f"http://127.0.0.1:{port}/healthz")
            yield Fleet(world, members, [f"http://127.0.0.1:{port}/app/" for port in ports])
        finally:
            for member in members:
                await _stop(member.process)
            world.api.closing = True
            await delivery
            await server.stop()


async def _listening(url: str, seconds: float = 60.0) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(int(seconds * 10)):
            try:
                async with session.get(url):
                    return
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
    raise TimeoutError(f"{url} did not answer in {seconds:.0f} s")


async def ask(person: Person, text: str, timeout: float = 60.0) -> float:
    """Send ``text`` and wait for the bot's answer; the milliseconds it took."""
    started = time.perf_counter()
    await person.send(text)
    await person.reply(timeout=timeout)
    return (time.perf_counter() - started) * 1e3


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
