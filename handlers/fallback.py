"""What nobody else understood: stale or forged buttons, unknown commands and stray texts."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message

from bot.texts import common as texts


async def unknown_button(callback: CallbackQuery) -> None:
    await callback.answer(texts.STALE_BUTTON, show_alert=True)


async def unknown_message(message: Message) -> None:
    await message.answer(texts.NOT_UNDERSTOOD)


def build_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    # In groups the bot stays quiet about chatter; in private it always answers something.
    router.message.register(unknown_message, F.chat.type == ChatType.PRIVATE)
    return router
