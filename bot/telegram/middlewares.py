"""Per-update context: the member behind the update, and the count of updates in progress."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.enums import ChatType
from aiogram.types import Chat, TelegramObject, User

from bot.club.members import MemberDirectory
from bot.telegram.menus import publish_menu

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]


class MemberMiddleware(BaseMiddleware):
    """Puts ``member`` (with the user's rights) into the handler's data, and shows him the
    command menu of his rights when it is not shown yet (first write, or rights changed)."""

    def __init__(self, directory: MemberDirectory) -> None:
        self.directory = directory

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is not None and not user.is_bot:
            member, menu_outdated = await self.directory.resolve_with_menu(user)
            data["member"] = member
            chat: Chat | None = data.get("event_chat")
            private = chat is not None and chat.type == ChatType.PRIVATE
            if private and menu_outdated:
                bot: Bot = data["bot"]
                if await publish_menu(bot, member):
                    await self.directory.menu_published(member)
        return await handler(event, data)


class InFlightMiddleware(BaseMiddleware):
    """Counts updates being handled, so that shutdown can let them finish their writes."""

    def __init__(self) -> None:
        self._active = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        self._active += 1
        self._idle.clear()
        try:
            return await handler(event, data)
        finally:
            self._active -= 1
            if self._active == 0:
                self._idle.set()

    async def drained(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


class HandledLog(BaseMiddleware):
    """One record per handled message or button, with the update's fields (``LOG_FORMAT=json``):
    update id, user, chat, the handler that took it and how long it took."""

    def __init__(self) -> None:
        self.log = logging.getLogger("bot.updates")

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        started = time.perf_counter()
        try:
            return await handler(event, data)
        finally:
            callback = getattr(data.get("handler"), "callback", None)
            update = data.get("event_update")
            user: User | None = data.get("event_from_user")
            chat: Chat | None = data.get("event_chat")
            self.log.info("handled", extra={
                "update_id": update.update_id if update is not None else None,
                "user": user.id if user is not None else None,
                "chat": chat.id if chat is not None else None,
                "handler": f"{callback.__module__}.{callback.__qualname__}" if callback else None,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            })  # fmt: skip
