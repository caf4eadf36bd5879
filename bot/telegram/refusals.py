"""A command or button this person has no right to use here, answered in one way everywhere.

In private, a person of several clubs who has not chosen one yet has no club at hand, and so no
right in any: he is not refused but asked which club he means (``NoClub``: one tap, remembered),
and his command then works as in that club. Elsewhere he is told the right he lacks."""

from __future__ import annotations

from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message

from bot.core import club_scope


async def lacks_right(event: Message | CallbackQuery, text: str) -> None:
    message = event.message if isinstance(event, CallbackQuery) else event
    private = isinstance(message, Message) and message.chat.type == ChatType.PRIVATE
    if private and club_scope.maybe_club() is None:
        raise club_scope.NoClub
    if isinstance(event, CallbackQuery):
        await event.answer(text, show_alert=True)
    else:
        await event.answer(text)
