"""Telegram failing for a while: an answer to somebody's update waits and is sent again.

While an update is handled (``in_update``), a request Telegram refuses for its flood limit waits
the ``retry_after`` it asks for, and one that meets a server error or a broken connection is
tried again with a growing pause — for ``patience`` seconds in all, on the update's own task
(other people's updates go on meanwhile). After that the request fails with ``TelegramDown``:
the update journal (``bot.telegram.polling``) hands a text answer to the outbox, which keeps it
across restarts and sends it once Telegram is back, and handles any other update again after the
recovery. A button's answer is given up quietly after a few seconds: Telegram forgets a button
press after about fifteen, and the message itself shows the result.

Outside an update — the outbox, polling, the start-up — requests are left to their callers,
which schedule their own retries.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import (
    ClientDecodeError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import AnswerCallbackQuery, TelegramMethod
from aiogram.methods.base import Response, TelegramType

if TYPE_CHECKING:
    from aiogram import Bot

log = logging.getLogger(__name__)
# The outbox honours flood waits per chat itself and must not sleep inside one request while other
# chats wait: in its task this is False and a flood wait is passed on at once.
waits_here: ContextVar[bool] = ContextVar("waits_here", default=True)
# True while an update is handled: its requests are the answers somebody waits for.
in_update: ContextVar[bool] = ContextVar("in_update", default=False)

PATIENCE = 60.0  # seconds an answer keeps trying before the outbox takes it over
BUTTON_PATIENCE = 8.0  # a button's answer: Telegram forgets the press after about 15 s
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 8.0  # after a server error or a broken connection
LONGEST_FLOOD_WAIT = 60.0  # outside an update: a longer flood wait is the caller's to schedule
# A server error, a broken connection, or a proxy's HTML error page instead of an answer
FAILURES = (TelegramServerError, TelegramNetworkError, ClientDecodeError)


class TelegramDown(Exception):
    """Telegram did not take a request within the patience; ``method`` is what was asked."""

    def __init__(self, method: TelegramMethod[Any], cause: BaseException) -> None:
        super().__init__(f"{type(method).__name__}: {type(cause).__name__}: {cause}")
        self.method = method


@dataclass
class TelegramState:
    """Whether Telegram took the latest request of an answer (the outbox and the poll loop
    read it to know Telegram is back)."""

    failing_since: float | None = None  # the loop's time of the first failure of an outage
    failures: int = 0
    listeners: list[Callable[[], None]] = field(default_factory=list)  # told when it is back

    def failed(self, now: float) -> None:
        if self.failing_since is None:
            self.failing_since = now
        self.failures += 1

    def answered(self) -> None:
        if self.failing_since is None:
            return
        self.failing_since = None
        for listener in self.listeners:
            listener()

    @property
    def up(self) -> bool:
        return self.failing_since is None


class Patience(BaseRequestMiddleware):
    """Flood waits, server errors and broken connections of an update's requests, waited out
    for ``patience`` seconds (see the module's text)."""

    def __init__(self, patience: float = PATIENCE, state: TelegramState | None = None) -> None:
        self.patience = patience
        self.state = state or TelegramState()

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if not in_update.get() or not waits_here.get():
            response = await self._outside(make_request, bot, method)
            if not type(method).__name__.endswith("GetUpdates"):  # a send went through
                self.state.answered()
            return response
        loop = asyncio.get_running_loop()
        button = isinstance(method, AnswerCallbackQuery)
        give_up = loop.time() + (min(self.patience, BUTTON_PATIENCE) if button else self.patience)
        pause = FIRST_PAUSE
        cause: BaseException
        while True:
            try:
                response = await make_request(bot, method)
            except TelegramRetryAfter as error:
                wait, cause = float(error.retry_after), error
            except FAILURES as error:
                wait, cause = pause, error
                pause = min(pause * 2, LONGEST_PAUSE)
            else:
                self.state.answered()
                return response
            self.state.failed(loop.time())
            if loop.time() + wait > give_up:
                if button:  # the message shows the result; the press is forgotten anyway
                    log.info("Callback answer given up: %s", cause)
                    return cast(Response[Any], Response[bool](ok=True, result=True))
                raise TelegramDown(method, cause) from cause
            log.info("%s: %s; trying again in %.1f s", type(method).__name__, cause, wait)
            await asyncio.sleep(wait)

    @staticmethod
    async def _outside(
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        """A short flood wait is waited once more (a start-up's menus); the outbox's are its own."""
        for attempt in (1, 2, 3, 4):
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as error:
                if attempt == 4 or error.retry_after > LONGEST_FLOOD_WAIT or not waits_here.get():
                    raise
                await asyncio.sleep(error.retry_after)
        raise AssertionError("unreachable")


def telegram_state(bot: Bot) -> TelegramState:
    """The state the bot's ``Patience`` keeps (a fresh one for a bot without it)."""
    for middleware in bot.session.middleware._middlewares:
        if isinstance(middleware, Patience):
            return middleware.state
    return TelegramState()
