"""Filters that run in the event loop.

aiogram calls a filter that is not a coroutine function — a magic ``F`` expression, a lambda —
through ``asyncio.to_thread``: a hand-off to a worker thread and back for every check of every
update. Under load (50 players × /help) that was four thread hand-offs per update and a quarter
of the bot's time. Every filter of the bot is therefore awaitable: ``Check`` wraps a magic
filter, and the rights are coroutine functions. ``tests/handlers/test_filters.py`` keeps it so.
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot, F
from aiogram.enums import ChatType
from aiogram.filters import Command, Filter
from aiogram.types import Message, TelegramObject
from aiogram.utils.magic_filter import MagicFilter

from bot.core.config import Settings
from bot.vocabulary.rights import Member


class Check(Filter):
    """A magic filter (``F.text``, ``F.chat.type == …``) resolved in the event loop."""

    def __init__(self, magic: MagicFilter) -> None:
        self.magic = magic

    async def __call__(self, event: TelegramObject) -> bool:
        return bool(self.magic.resolve(event))

    def __invert__(self) -> Check:  # type: ignore[override]
        return Check(~self.magic)


PRIVATE = Check(F.chat.type == ChatType.PRIVATE)
GROUP = Check(F.chat.type.in_({ChatType.GROUP, ChatType.SUPERGROUP}))
HAS_TEXT = Check(F.text)
PLAIN_TEXT = Check(F.text & ~F.text.startswith("/"))  # a text that is not a command


async def admin(event: TelegramObject, member: Member) -> bool:
    return member.is_admin


async def operator(event: TelegramObject, settings: Settings) -> bool:
    """One of the deployment's operators (``OPERATOR_IDS``), in whichever club or none."""
    user = getattr(event, "from_user", None)
    return user is not None and settings.is_operator(user.id)


async def not_admin(event: TelegramObject, member: Member) -> bool:
    return not member.is_admin


async def head_judge(event: TelegramObject, member: Member) -> bool:
    return member.is_head_judge


async def judge(event: TelegramObject, member: Member) -> bool:
    return member.is_judge


class _Command(Command):
    """aiogram's command filter, which first looks at the command's word alone: an update passes
    some thirty command filters on its way to its handler, and a full parse for each (with the
    bot's mention) was a third of the bot's own time per update."""

    def __init__(self, *names: str) -> None:
        super().__init__(*names, ignore_case=True)
        self._words = frozenset(name for name in self.commands if isinstance(name, str))

    async def __call__(self, message: Message, bot: Bot) -> bool | dict[str, Any]:
        text = message.text or message.caption if isinstance(message, Message) else None
        if not text or text[0] != "/":
            return False
        word = text.split(maxsplit=1)[0][1:].partition("@")[0]  # as aiogram reads it
        if word.casefold() not in self._words:
            return False
        return await super().__call__(message, bot)


def command(*names: str) -> Command:
    """A command filter that ignores case: «/Rating» and «/RATING» are /rating."""
    return _Command(*names)
