"""Telegram's flood limits: every request that is told to wait, waits and is sent again."""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar
from typing import TYPE_CHECKING

from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods import TelegramMethod
from aiogram.methods.base import Response, TelegramType

if TYPE_CHECKING:
    from aiogram import Bot

log = logging.getLogger(__name__)
# The outbox honours flood waits per chat itself and must not sleep inside one request while other
# chats wait: in its task this is False and a flood wait is passed on at once.
waits_here: ContextVar[bool] = ContextVar("waits_here", default=True)


class RetryAfter(BaseRequestMiddleware):
    """Waits the ``retry_after`` Telegram asks for and repeats the request, a few times at most;
    a longer wait is left to the caller (the announcer keeps its messages pending)."""

    def __init__(self, attempts: int = 4, longest_wait: float = 60.0) -> None:
        self.attempts = attempts
        self.longest_wait = longest_wait

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        for attempt in range(1, self.attempts + 1):
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as error:
                too_long = error.retry_after > self.longest_wait
                if attempt == self.attempts or too_long or not waits_here.get():
                    raise
                log.info(
                    "Flood limit on %s: waiting %s s", type(method).__name__, error.retry_after
                )
                await asyncio.sleep(error.retry_after)
        raise AssertionError("unreachable")
