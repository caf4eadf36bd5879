"""The two ways tests run the bot.

``dispatcher_world``: the real Dispatcher (all routers and middlewares) in this process, fed real
``Update`` objects, talking to the fake Bot API over HTTP on 127.0.0.1.

``BotProcess``: the real ``python -m bot`` in a child process, long-polling the fake Bot API.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.types import Update

from bot.app import create_bot, create_dispatcher, open_database, prepare_bot
from bot.core.clock import Clock
from bot.core.config import Settings, load_settings
from bot.core.db import Database
from bot.services import Services, build_services
from tests import warm_start
from tests.fakes.bot_api import TOKEN, FakeBotAPI
from tests.fakes.pacing import SkippedPacing
from tests.fakes.people import World
from tests.fakes.server import FakeTelegramServer
from tests.timing import scaled

ROOT = Path(__file__).resolve().parent.parent
CLUB_CHAT_ID = -1001234567890
ADMIN_ID = 900001
STALL_SECONDS = 5.0  # the outbox delivering nothing this long is stuck
# The first picture starts the drawing worker (a process that imports matplotlib): seconds on a
# busy two-core machine running the suite in parallel.
PICTURE_SECONDS = 30.0


class PlainHTTPSession(AiohttpSession):
    """aiogram's session, closed without its 0.25 s wait «for SSL connections to close»: the fake
    Bot API is plain HTTP on the loopback (a quarter of a second in each of ~300 tests)."""

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()


@dataclass
class DispatcherWorld(World):
    settings: Settings = None  # type: ignore[assignment]
    database: Database = None  # type: ignore[assignment]
    bot: Bot = None  # type: ignore[assignment]
    dispatcher: Dispatcher = None  # type: ignore[assignment]
    clock: Clock = None  # type: ignore[assignment]
    pacing: SkippedPacing = None  # type: ignore[assignment]
    services: Services = None  # type: ignore[assignment]

    async def announced(self) -> None:
        """Wait until the outbox has delivered everything queued.

        The outbox's pacing (one message a second into a private chat, an edit of a kept post
        every few seconds) is skipped meanwhile, not waited out: the wait fails only when the
        outbox delivers nothing for five seconds."""
        outbox = self.services.outbox
        left = await self._queued()
        async with self.pacing.hurry():
            while True:
                try:
                    await asyncio.wait_for(outbox.idle.wait(), scaled(STALL_SECONDS))
                    return
                except TimeoutError:
                    now = await self._queued()
                    if now >= left:
                        raise
                    left = now

    async def _queued(self) -> int:
        row = await self.database.fetchone("SELECT count(*) FROM outbox")
        return int(row[0]) if row else 0

    def __init__(self, api: FakeBotAPI) -> None:
        super().__init__(api, self._feed)

    async def _feed(self, update: dict[str, Any]) -> None:
        await self.dispatcher.feed_update(
            self.bot, Update.model_validate(update, context={"bot": self.bot})
        )


_POSTGRES: dict[Path, str] = {}  # TEST_ENGINE=postgres: each test folder's database


@asynccontextmanager
async def dispatcher_world(
    tmp_path: Path,
    api: FakeBotAPI | None = None,
    *,
    refusals_expected: tuple[str, ...] = (),
    **settings: Any,
) -> AsyncIterator[DispatcherWorld]:
    """``refusals_expected``: Telegram's refusals the test's own world causes (the bot kicked
    from the club chat) and that the bot must take in its stride; any other is a lost message."""
    pacing = SkippedPacing()
    api = api or FakeBotAPI()
    if api.clock is time.monotonic:
        api.clock = pacing.now  # Telegram's limits kept in the time the outbox keeps them in
    server = FakeTelegramServer(api)
    url = await server.start()
    world = DispatcherWorld(api)
    world.pacing = pacing
    defaults: dict[str, Any] = {
        "bot_token": TOKEN,
        "database_path": tmp_path / "club.sqlite3",
        "telegram_api_url": url,
        "admin_ids": str(ADMIN_ID),
        "club_chat_id": CLUB_CHAT_ID,
    }
    if os.environ.get("TEST_ENGINE") == "postgres":  # a world on PostgreSQL (README)
        from tests.postgres import fresh_database_url

        if tmp_path not in _POSTGRES:  # a world opened again in one folder: a restart
            _POSTGRES[tmp_path] = await fresh_database_url()
        defaults["database_url"] = _POSTGRES[tmp_path]
    world.settings = load_settings(**{**defaults, **settings})
    world.group(CLUB_CHAT_ID)
    world.database = await open_database(world.settings)
    world.bot = create_bot(world.settings, PlainHTTPSession)
    world.clock = Clock()
    world.services = build_services(world.settings, world.database, world.clock, pacing)
    world.dispatcher = create_dispatcher(world.services)
    await prepare_bot(world.bot, world.services.members, app_page=world.settings.webapp_page)
    await world.dispatcher.emit_startup(bot=world.bot)
    try:
        yield world
    finally:
        await world.dispatcher.emit_shutdown(bot=world.bot)
        await world.bot.session.close()
        await world.database.close()
        await server.stop()
    assert api.unanswered_callbacks() == [], (
        f"every callback query must be answered: {api.unanswered_report()}"
    )
    # A flood wait is retried, an edit that changes nothing (two taps racing to show the same
    # saved game) is caught by the bot and loses nothing, and a player who never opened the bot
    # cannot be written to first (his private result is skipped); every other refusal is a lost
    # message.
    expected = ("message is not modified", "bot can't initiate conversation", *refusals_expected)
    refused = [
        error.description
        for error in api.message_errors()
        if error.code != 429 and not any(text in error.description for text in expected)
    ]
    assert refused == [], f"Telegram would have refused these messages: {refused[:5]}"


class BotProcess:
    """``python -m bot`` as a child process, with its own environment and data folder."""

    def __init__(self, api_url: str, workdir: Path, **env: str) -> None:
        self.workdir = workdir
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "TELEGRAM_"))},
            "BOT_TOKEN": TOKEN,
            "TELEGRAM_API_URL": api_url,
            "DATABASE_PATH": str(workdir / "data" / "club.sqlite3"),
            "ADMIN_IDS": str(ADMIN_ID),
            "CLUB_CHAT_ID": str(CLUB_CHAT_ID),
            "PYTHONPATH": str(ROOT),
            "LOG_LEVEL": "INFO",
            **env,
        }
        self.process: asyncio.subprocess.Process | warm_start.WarmProcess | None = None
        self.output = b""

    async def start(self) -> None:
        if warm_start.available(self.env):
            self.process = await warm_start.start(self.workdir, self.env)
            return
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot",
            cwd=self.workdir, env=self.env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip

    async def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int:
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(sig)
        stdout, _ = await asyncio.wait_for(self.process.communicate(), scaled(timeout))
        self.output += stdout or b""
        return self.process.returncode if self.process.returncode is not None else -1

    async def run_to_exit(self, timeout: float = 20.0) -> tuple[int, str]:
        await self.start()
        assert self.process is not None
        stdout, _ = await asyncio.wait_for(self.process.communicate(), scaled(timeout))
        return self.process.returncode or 0, (stdout or b"").decode()

    def text(self) -> str:
        return self.output.decode(errors="replace")
