"""A button's answer that comes too late is a normal event, not an error.

Telegram accepts one answer per callback query, within about 15 seconds. A second answer (the same
update delivered again after a restart) or a late one (a slow handler, a flood wait) is refused
with "query is too old"; the person has already seen the result in the message itself, so the
refusal is logged on one line and the handler goes on as if the answer had been taken.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import AnswerCallbackQuery, TelegramMethod
from aiogram.methods.base import Response, TelegramType

if TYPE_CHECKING:
    from aiogram import Bot

log = logging.getLogger(__name__)
_EXPIRED = ("query is too old", "query id is invalid")


class ExpiredCallbackAnswers(BaseRequestMiddleware):
    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as error:
            expired = any(text in error.message.lower() for text in _EXPIRED)
            if not isinstance(method, AnswerCallbackQuery) or not expired:
                raise
            log.info("Callback query %s answered too late; skipped", method.callback_query_id)
            return cast(Response[Any], Response[bool](ok=True, result=True))
