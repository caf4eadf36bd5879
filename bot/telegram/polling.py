"""Long polling that acknowledges an update only after it was handled.

aiogram's own polling moves the ``getUpdates`` offset past an update as soon as it has received
it, before its handler runs: a crash then loses the judge's tap. Here a batch is handled first and
acknowledged by the next ``getUpdates`` call, so a crash means the batch comes again; the
``UpdateJournal`` skips the updates of it that had been handled.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from datetime import timedelta
from typing import Any

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.dispatcher.event.bases import UNHANDLED
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError
from aiogram.types import TelegramObject, Update

from bot.core.clock import Clock
from bot.core.db import Database
from bot.telegram.middlewares import Handler

log = logging.getLogger(__name__)
POLL_TIMEOUT = 25  # seconds Telegram holds a getUpdates call open while nothing happens
KEEP_JOURNAL = timedelta(days=2)  # Telegram keeps an unacknowledged update for 24 hours


class UpdateJournal(BaseMiddleware):
    """Skips an update handled before; records it once its handler has returned."""

    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock
        # The newest update handled, by bot: Telegram numbers updates in order, so only an
        # update up to it can have been handled already (a batch that comes again).
        self._newest: dict[int, int] = {}

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        assert isinstance(event, Update)
        bot: Bot = data["bot"]
        if await self._handled_before(bot.id, event.update_id):
            log.info("Update %s was handled before a restart; skipped", event.update_id)
            return UNHANDLED
        result = await handler(event, data)
        await self.database.write(
            "INSERT OR IGNORE INTO handled_updates (bot_id, update_id, handled_at) "
            "VALUES (?, ?, ?)",
            (bot.id, event.update_id, self.clock.iso()),
        )
        self._newest[bot.id] = max(self._newest[bot.id], event.update_id)
        return result

    async def _handled_before(self, bot_id: int, update_id: int) -> bool:
        newest = self._newest.get(bot_id)
        if newest is None:
            row = await self.database.fetchone(
                "SELECT max(update_id) FROM handled_updates WHERE bot_id = ?", (bot_id,)
            )
            newest = self._newest[bot_id] = row[0] if row and row[0] is not None else -1
        if update_id > newest:
            return False
        row = await self.database.fetchone(
            "SELECT 1 FROM handled_updates WHERE bot_id = ? AND update_id = ?", (bot_id, update_id)
        )
        return row is not None

    async def forget_old(self) -> None:
        cutoff = (self.clock.now() - KEEP_JOURNAL).isoformat(timespec="seconds")
        async with self.database.transaction() as connection:
            await connection.execute("DELETE FROM handled_updates WHERE handled_at < ?", (cutoff,))


async def poll(dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event) -> None:
    """Fetch, handle, then acknowledge (by the next fetch's offset) until ``stop`` is set.

    The updates of one batch are handled concurrently, as aiogram does; the next batch is fetched
    when all of them have finished, so shutting down between batches leaves nothing half-done."""
    allowed = dispatcher.resolve_used_update_types()
    offset: int | None = None
    delay = 1.0
    while not stop.is_set():
        fetch = asyncio.create_task(
            bot.get_updates(offset=offset, timeout=POLL_TIMEOUT, allowed_updates=allowed)
        )
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({fetch, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not fetch.done():
            fetch.cancel()
            break
        try:
            updates = fetch.result()
        except TelegramRetryAfter as error:
            await _sleep_or_stop(stop, float(error.retry_after))
            continue
        except (TelegramNetworkError, TelegramServerError) as error:
            log.warning("getUpdates failed (%s); retrying in %.0f s", error, delay)
            await _sleep_or_stop(stop, delay)
            delay = min(delay * 2, 30.0)
            continue
        delay = 1.0
        if not updates:
            continue
        await asyncio.gather(*(_handle(dispatcher, bot, update) for update in updates))
        offset = updates[-1].update_id + 1
    if offset is not None:  # acknowledge the last batch, so that a clean restart starts after it
        # If this fails, the journal skips those updates after the restart.
        with suppress(TelegramNetworkError, TelegramServerError, TelegramRetryAfter):
            await bot.get_updates(offset=offset, timeout=0, limit=1, allowed_updates=allowed)


async def _handle(dispatcher: Dispatcher, bot: Bot, update: Update) -> None:
    try:
        await dispatcher.feed_update(bot, update)
    except Exception:  # the errors router answered the person; keep polling
        log.exception("Update %s failed", update.update_id)


async def _sleep_or_stop(stop: asyncio.Event, seconds: float) -> None:
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
