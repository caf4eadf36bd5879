"""Which process does the deployment's background work: sends the outbox (Telegram's limits are
the bot token's, and a chat's messages keep their order) and runs the scheduled jobs (a protest
window closes once, a reminder goes once). On SQLite that is the one process; on PostgreSQL the
first to start, and when it stops or dies, the process that was waiting takes over at once (the
lead is an advisory lock on a connection of its own: the server lets it go with the
connection)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.core.db import Database
from bot.core.tasks import cancelled

log = logging.getLogger(__name__)


class Lead:
    def __init__(self, database: Database) -> None:
        self.database = database
        self.leading = False
        self._keeping: asyncio.Task[None] | None = None

    async def start(
        self, work: Callable[[], Awaitable[None]], rest: Callable[[], Awaitable[None]]
    ) -> None:
        """``work`` now if this process leads, else once it does; ``rest`` when it no longer
        does (the server restarted: another process may lead now), and ``work`` again once it
        leads again."""
        if await self.database.lead_now():
            self.leading = True
            await work()
        else:
            log.info(
                "Another process sends the outbox and runs the jobs; this one waits to take over"
            )
        self._keeping = asyncio.get_running_loop().create_task(self._keep(work, rest), name="lead")

    async def _keep(
        self, work: Callable[[], Awaitable[None]], rest: Callable[[], Awaitable[None]]
    ) -> None:
        while True:
            if not self.leading:
                await self.database.lead()
                self.leading = True
                log.info("This process now sends the outbox and runs the jobs")
                await work()
            await self.database.lead_lost()
            self.leading = False
            log.warning(
                "This process lost the lead (the database server restarted or cannot be "
                "reached): it stops sending until it leads again"
            )
            await rest()

    async def stop(self) -> None:
        await cancelled(self._keeping)
        self._keeping = None
