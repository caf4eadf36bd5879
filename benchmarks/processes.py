"""Bots under measurement as child processes, polling the fake Bot API served by this process.

The bot (``python -m bot``) and the floor it is compared with (a bare aiogram echo bot,
``benchmarks.echo_bot``) run the same way: their own process and interpreter, the fake Telegram
server and the simulated people in this one. Their logs go to a file (a pipe nobody reads would
fill up and stop them), and their peak resident memory is read from ``/proc`` before they stop.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

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


@asynccontextmanager
async def running(
    module: str,
    args: Sequence[str] = (),
    env: dict[str, str] | None = None,
    groups: dict[int, str] | None = None,
) -> AsyncIterator[Running]:
    """``python -m module`` polling a fresh fake Telegram (with the club's group); ``env``: more
    settings; ``groups``: more groups (id → title) the fake knows."""
    api = FakeBotAPI()
    server = FakeTelegramServer(api)
    url = await server.start()
    world = World(api)
    world.group(CLUB_CHAT_ID)
    for chat_id, title in (groups or {}).items():
        world.group(chat_id, title)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with (folder / "bot.log").open("wb") as log:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", module, *args,
                cwd=folder, env={**_environment(url, folder), **(env or {})}, stdout=log,
                stderr=log,
            )  # fmt: skip
        try:
            await api.wait_for(lambda: any(m == "getUpdates" for m, _ in api.calls), 30)
            yield Running(world, process, folder)
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(process.wait(), 20)
                except TimeoutError:
                    process.kill()
                    await process.wait()
            await server.stop()


async def ask(person: Person, text: str, timeout: float = 60.0) -> float:
    """Send ``text`` and wait for the bot's answer; the milliseconds it took."""
    started = time.perf_counter()
    await person.send(text)
    await person.reply(timeout=timeout)
    return (time.perf_counter() - started) * 1e3


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
