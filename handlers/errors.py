"""The last resort: a failure is logged and the person gets a short Russian message."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent

from bot.texts import common as texts

log = logging.getLogger(__name__)


async def on_error(event: ErrorEvent) -> None:
    log.error("Update %s failed", event.update.update_id, exc_info=event.exception)
    update = event.update
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(texts.UNEXPECTED_ERROR, show_alert=True)
        elif update.message is not None:
            await update.message.answer(texts.UNEXPECTED_ERROR)
    except TelegramAPIError:
        log.warning("Could not tell the user about the failure of update %s", update.update_id)


def build_router() -> Router:
    router = Router(name="errors")
    router.errors.register(on_error)
    return router
