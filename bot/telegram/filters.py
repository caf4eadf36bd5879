"""Filters that run in the event loop.

aiogram calls a filter that is not a coroutine function — a magic ``F`` expression, a lambda —
through ``asyncio.to_thread``: a hand-off to a worker thread and back for every check of every
update. Under load (50 players × /help) that was four thread hand-offs per update and a quarter
of the bot's time. Every filter of the bot is therefore awaitable: ``Check`` wraps a magic
filter, and the rights are coroutine functions. ``tests/handlers/test_filters.py`` keeps it so.
"""

from __future__ import annotations

from aiogram import F
from aiogram.enums import ChatType
from aiogram.filters import Command, Filter
from aiogram.types import TelegramObject
from aiogram.utils.magic_filter import MagicFilter

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


async def not_admin(event: TelegramObject, member: Member) -> bool:
    return not member.is_admin


async def head_judge(event: TelegramObject, member: Member) -> bool:
    return member.is_head_judge


async def judge(event: TelegramObject, member: Member) -> bool:
    return member.is_judge


def command(*names: str) -> Command:
    """A command filter that ignores case: «/Rating» and «/RATING» are /rating."""
    return Command(*names, ignore_case=True)
