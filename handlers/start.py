"""/start and /help, in private chats and in groups."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import CommandStart
from aiogram.types import Message

from bot.core.config import Settings
from bot.entry.screens import enter_result_keyboard
from bot.telegram.filters import GROUP, PRIVATE, command
from bot.telegram.menus import listed
from bot.texts import common as texts
from bot.vocabulary.rights import Member


async def start_private(message: Message, member: Member, settings: Settings) -> None:
    markup = enter_result_keyboard() if member.is_judge else None
    operator = settings.is_operator(member.user_id)
    text = texts.start_private(member, listed(member, private=True), operator=operator)
    await message.answer(text, reply_markup=markup)


async def help_private(message: Message, member: Member, settings: Settings) -> None:
    operator = settings.is_operator(member.user_id)
    text = texts.help_private(member, listed(member, private=True), operator=operator)
    await message.answer(text)


async def start_group(message: Message, member: Member, bot: Bot) -> None:
    me = await bot.me()
    commands = listed(member, private=False)
    await message.answer(texts.start_group(member, me.username, message.chat.id, commands))


async def help_group(message: Message, member: Member, bot: Bot) -> None:
    me = await bot.me()
    await message.answer(texts.help_group(me.username, listed(member, private=False)))


def build_router() -> Router:
    router = Router(name="start")
    router.message.register(start_private, CommandStart(), PRIVATE)
    router.message.register(help_private, command("help"), PRIVATE)
    router.message.register(start_group, command("start"), GROUP)
    router.message.register(help_group, command("help"), GROUP)
    return router
