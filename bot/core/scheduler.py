"""Timed work that survives restarts: each job says when it is next due, derived from the
database, so nothing is lost while the bot is down — what fell due meanwhile runs at start-up.

A job is a name, a ``due()`` (when it must run next; None: nothing waits) and a ``run()``. The
scheduler sleeps until the earliest due time, at most ``CHECK_EVERY`` seconds, or until
``wake()`` (a committed change of what is due: ``Change.SCHEDULE``, wired in ``bot/app.py``).
Protest windows close here; the coming club nights (reminders, the evening's summary) and
scheduled backups join as jobs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime

from bot.core.clock import Clock
from bot.core.tasks import cancelled

log = logging.getLogger(__name__)
CHECK_EVERY = 60.0  # seconds; also the longest a due time set outside the bot can go unnoticed
SOONEST = 0.5  # seconds: a job due now is run, not spun on


@dataclass(frozen=True, slots=True)
class Job:
    name: str
    due: Callable[[], Awaitable[datetime | None]]
    run: Callable[[], Awaitable[object]]


class Scheduler:
    def __init__(
        self, clock: Clock, lost: Callable[[BaseException], bool] = lambda _error: False
    ) -> None:
        self.clock = clock
        self.lost = lost  # the database's: an error that says its server cannot be reached
        self._jobs: list[Job] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def add(
        self,
        name: str,
        due: Callable[[], Awaitable[datetime | None]],
        run: Callable[[], Awaitable[object]],
    ) -> None:
        self._jobs.append(Job(name, due, run))

    def wake(self) -> None:
        """What is due may have changed: look again now."""
        self._wake.set()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="scheduler")

    async def stop(self) -> None:
        await cancelled(self._task)
        self._task = None

    async def run_due(self) -> datetime | None:
        """Run every job that is due now; when the next one is due."""
        following: datetime | None = None
        for job in self._jobs:
            try:
                when = await job.due()
                if when is not None and when <= self.clock.now():
                    await job.run()
                    when = await job.due()
            except Exception as error:  # a failed round is retried; nothing due is lost meanwhile
                if self.lost(error):
                    log.warning("Scheduled job %s waits for the database: %s", job.name, error)
                else:
                    log.exception("Scheduled job %s failed", job.name)
                when = None
            if when is not None and (following is None or when < following):
                following = when
        return following

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            following = await self.run_due()
            wait = CHECK_EVERY
            if following is not None:
                ahead = (following - self.clock.now()).total_seconds()
                wait = min(CHECK_EVERY, max(SOONEST, ahead + SOONEST))
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
