"""Keeps aiogram's response models alive between requests.

aiogram parses every answer of the Bot API with ``Response[method.__returning__]``, a pydantic
generic model. pydantic caches such parametrized models in a ``WeakValueDictionary``, and a model
class lives in reference cycles: when the cyclic garbage collector runs between two requests (it
does, in a bot that allocates), the class is freed and the next request builds it again — about
9 ms of schema building for each message sent. Measured under load (50 players asking /rating):
223 rebuilds of ``Response[Message]`` in 400 requests, more than half of the bot's time.

One strong reference per method type, taken on its first request, makes it a dictionary lookup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.methods import TelegramMethod
from aiogram.methods.base import Response, TelegramType

if TYPE_CHECKING:
    from aiogram import Bot


class KeepResponseModels(BaseRequestMiddleware):
    def __init__(self) -> None:
        self._kept: dict[type[TelegramMethod[Any]], type[Response[Any]]] = {}

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        kind = type(method)
        if kind not in self._kept:
            self._kept[kind] = Response[method.__returning__]  # type: ignore[name-defined]
        return await make_request(bot, method)
