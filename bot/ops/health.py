"""What an operator needs to see: is the bot well (``GET /healthz``), and ``/status`` for admins.

Healthy means the database answers and Telegram was reached recently (the last successful
``getUpdates``); the outbox backlog, its oldest row's age and whether the club chat can be written
to are reported beside, not counted against health: a restart would not cure them.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from aiohttp import web

from bot.core.backup import DailyBackups
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.lead import Lead
from bot.delivery.club_chat import ClubChat
from bot.telegram.dead_letters import DeadLetters
from bot.telegram.polling import POLL_TIMEOUT, PollState
from bot.telegram.screen import Screen
from bot.telegram.webhook import Route, serve
from bot.texts import ops as texts

log = logging.getLogger(__name__)
# A long poll returns at least every POLL_TIMEOUT seconds; twice that and a retry's back-off
# without one success means Telegram has not been reached.
TELEGRAM_SILENCE = timedelta(seconds=2 * POLL_TIMEOUT + 30)


@dataclass(frozen=True, slots=True)
class Health:
    healthy: bool
    database: bool
    telegram_seconds_ago: float | None  # since the last successful getUpdates
    outbox_backlog: int
    outbox_oldest_seconds: float | None
    club_chat_ok: bool
    dead_updates: int
    engine: str  # "sqlite" or "postgres"
    process: str  # which of the deployment's processes answered (PROCESS_NAME)
    leading: bool  # this process sends the outbox and runs the jobs (bot/core/lead.py)

    def json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


class Operations:
    def __init__(
        self, database: Database, clock: Clock, polling: PollState, club_chat: ClubChat,
        dead: DeadLetters, daily: DailyBackups | None, version: str, process: str, lead: Lead,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.polling = polling
        self.club_chat = club_chat
        self.dead = dead
        self.daily = daily
        self.version = version
        self.process = process
        self.lead = lead
        self.started = time.monotonic()  # uptime by the process's clock: a clock jump is no age

    async def health(self) -> Health:
        now = self.clock.now()
        try:
            backlog = await self.database.fetchone("SELECT count(*), min(created_at) FROM outbox")
            database = backlog is not None
            club_ok = not await self.club_chat.with_problems()
            dead = await self.dead.count()
        except Exception as error:  # the database failed: report it, never raise from a probe
            self.database.log_failure(log, error, "Health check: the database does not answer")
            return Health(
                False, False, self._since_poll(now), 0, None, False, 0, self.database.engine,
                self.process, self.lead.leading,
            )  # fmt: skip
        count, oldest = (int(backlog[0]), backlog[1]) if backlog else (0, None)
        age = (now - datetime.fromisoformat(oldest)).total_seconds() if oldest else None
        since = self._since_poll(now)
        reached = since is not None and since <= TELEGRAM_SILENCE.total_seconds()
        return Health(
            database and reached, database, since, count, age, club_ok, dead,
            self.database.engine, self.process, self.lead.leading,
        )  # fmt: skip

    def _since_poll(self, now: datetime) -> float | None:
        last = self.polling.last_ok
        return round((now - last).total_seconds(), 1) if last is not None else None

    async def status(self, *, whole: bool = False) -> Screen:
        """/status for admins: version, uptime, the database, the outbox, the last backup;
        ``whole``: for an operator, every club's chats instead of the club's own."""
        health = await self.health()
        failing = await self.club_chat.with_problems() if whole else None
        games = await self.database.fetchone("SELECT count(*) FROM games")
        size = await self.database.size()
        copies = self.daily.copies() if self.daily is not None else None
        last_backup = copies[-1][0] if copies else None
        return Screen(texts.status(
            version=self.version, uptime=timedelta(seconds=time.monotonic() - self.started),
            process=self.process, database=self.database.describe(), database_bytes=size,
            games=int(games[0]) if games else 0,
            backlog=health.outbox_backlog, oldest_seconds=health.outbox_oldest_seconds,
            telegram_seconds_ago=health.telegram_seconds_ago, club_chat_ok=health.club_chat_ok,
            chats_failing=failing,
            dead_updates=health.dead_updates, daily_backups=self.daily is not None,
            last_backup=last_backup, server_copies=self.database.shared,
        ))  # fmt: skip


def health_route(operations: Operations) -> Route:
    """``GET /healthz``: 200 when healthy, 503 when not, the details as JSON."""

    async def healthz(request: web.Request) -> web.Response:
        health = await operations.health()
        return web.Response(
            text=health.json(), status=200 if health.healthy else 503,
            content_type="application/json",
        )  # fmt: skip

    return ("GET", "/healthz", healthz)


async def serve_health(operations: Operations, host: str, port: int) -> web.AppRunner:
    """``/healthz`` on a server of its own (polling mode, ``HEALTH_LISTEN``)."""
    runner = await serve([health_route(operations)], host, port, grace=1.0)
    log.info("Health check listening on http://%s:%s/healthz", host, port)
    return runner
