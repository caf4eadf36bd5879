"""A word to the person while the database is held by another program (a backup tool, an
``sqlite3`` shell, a second process): his update waits and will be answered, and he is told so
once instead of hearing nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, TypeVar

from aiogram import BaseMiddleware, Bot
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramAPIError
from aiogram.types import TelegramObject, Update

from bot.core.db import Database
from bot.texts import common as texts

log = logging.getLogger(__name__)
T = TypeVar("T")
NOTICE_AFTER = 2.0  # seconds an update waits for the database before its person is told
_TOLD_KEPT = 1000  # updates remembered as told (a person hears it once per update)


class BusyWord(BaseMiddleware):
    """An outer middleware of every update, and the poll loop's wrapper of the batch's storing:
    when the work waits longer than ``NOTICE_AFTER`` on a database another program holds, each
    person behind the updates hears it once (private chats and buttons only: a group is not
    written to for every message)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._told: dict[int, None] = {}

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        return await self.waiting(data["bot"], [event], handler(event, data))

    async def waiting(self, bot: Bot, updates: list[Update], work: Awaitable[T]) -> T:
        """``work``, and the busy word to the people of ``updates`` if it waits too long."""
        task = asyncio.ensure_future(work)
        try:
            done, _ = await asyncio.wait({task}, timeout=NOTICE_AFTER)
            if not done and self.database.busy:
                for update in updates:
                    await self._tell(bot, update)
            return await task
        finally:
            if not task.done():  # cancelled from outside: so is the work
                task.cancel()
                with suppress(asyncio.CancelledError):
                    await task

    async def _tell(self, bot: Bot, update: Update) -> None:
        if update.update_id in self._told:
            return
        self._told[update.update_id] = None
        while len(self._told) > _TOLD_KEPT:
            del self._told[next(iter(self._told))]
        try:
            if update.callback_query is not None:
                await bot.answer_callback_query(update.callback_query.id, texts.DATABASE_BUSY)
            elif update.message is not None and update.message.chat.type == ChatType.PRIVATE:
                await bot.send_message(update.message.chat.id, texts.DATABASE_BUSY)
        except TelegramAPIError as error:  # the word is a courtesy: its failure changes nothing
            log.info("The busy word to update %s was not delivered: %s", update.update_id, error)
