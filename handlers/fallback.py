"""What nobody else understood: stale or forged buttons, unknown commands and stray texts."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message

from bot.telegram.filters import PRIVATE, Check, command
from bot.telegram.menus import COMMANDS, nearest
from bot.texts import common as texts
from bot.vocabulary.rights import Member


async def unknown_button(callback: CallbackQuery) -> None:
    await callback.answer(texts.STALE_BUTTON, show_alert=True)


async def unknown_message(message: Message, member: Member) -> None:
    """In private: the nearest command to what he wrote, or the general hint."""
    meant = nearest(message.text or "", member)
    if meant is None:
        await message.answer(texts.NOT_UNDERSTOOD)
    else:
        await message.answer(texts.did_you_mean(meant.name, meant.description))


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
    router.message.register(private_only_command, command(*(c.name for c in COMMANDS)))
    return router
