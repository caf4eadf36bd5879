"""Answers for what a handler raised: a ``Refusal`` (what was asked cannot be done) is the
service's Russian sentence — a message's answer, or a button's alert —; anything else is a
failure, logged, and the person gets a short Russian message."""

from __future__ import annotations

import logging
import sqlite3

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent

from bot.core.db import Database
from bot.telegram.polling import UpdateJournal
from bot.texts import common as texts
from bot.vocabulary.refusal import Refusal

log = logging.getLogger(__name__)


async def on_refusal(event: ErrorEvent) -> None:
    assert isinstance(event.exception, Refusal)
    await _tell(event, event.exception.message)


async def on_error(event: ErrorEvent, database: Database, journal: UpdateJournal) -> None:
    if database.lost(event.exception):  # not a failure: the update is handled again
        journal.again_later(event.update, event.exception)
        return
    log.error("Update %s failed", event.update.update_id, exc_info=event.exception)
    await _tell(event, texts.DISK_FULL if disk_full(event.exception) else texts.UNEXPECTED_ERROR)


def disk_full(error: BaseException) -> bool:
    """The server's disk (or the database's size limit) is full: nothing was written, and the
    person is told so, not «something went wrong»."""
    return isinstance(error, sqlite3.OperationalError) and "full" in str(error)


async def _tell(event: ErrorEvent, text: str) -> None:
    update = event.update
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text, show_alert=True)
        elif update.message is not None:
            await update.message.answer(text)
    except TelegramAPIError:
        log.warning("Could not answer update %s", update.update_id)


def build_router() -> Router:
    router = Router(name="errors")
    router.errors.register(on_refusal, ExceptionTypeFilter(Refusal))
    router.errors.register(on_error)
    return router
