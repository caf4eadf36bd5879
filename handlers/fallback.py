"""What nobody else understood: stale or forged buttons, unknown commands and stray texts."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.telegram.filters import PRIVATE, Check
from bot.telegram.menus import COMMANDS
from bot.texts import common as texts


async def unknown_button(callback: CallbackQuery) -> None:
    await callback.answer(texts.STALE_BUTTON, show_alert=True)


async def unknown_message(message: Message) -> None:
    await message.answer(texts.NOT_UNDERSTOOD)


async def private_only_command(message: Message, bot: Bot) -> None:
    """One of the bot's commands that works only in a private chat, sent in a group."""
    me = await bot.me()
    await message.reply(texts.only_in_private(me.username))


async def button_outside_private(callback: CallbackQuery) -> None:
    """Every button with callback data lives in a private chat; one «pressed» in a group is
    forged (a group's announcement has only a link button)."""
    await callback.answer(texts.STALE_BUTTON, show_alert=True)


def private_buttons_only() -> Router:
    """Included first: callbacks from groups never reach a feature."""
    router = Router(name="private-buttons-only")
    router.callback_query.register(
        button_outside_private, Check(F.message.chat.type != ChatType.PRIVATE)
    )
    return router


def build_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    # In groups the bot stays quiet about chatter; in private it always answers something.
    router.message.register(unknown_message, PRIVATE)
    router.message.register(private_only_command, Command(*(c.name for c in COMMANDS)))
    return router
