"""/start and /help, in private chats and in groups."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandStart
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.callbacks import GameCB
from bot.core.rights import Member
from bot.texts import common as texts

_PRIVATE = F.chat.type == ChatType.PRIVATE
_GROUP = F.chat.type.in_({ChatType.GROUP, ChatType.SUPERGROUP})


async def start_private(message: Message, member: Member) -> None:
    markup = None
    if member.is_judge:
        button = InlineKeyboardButton(
            text="📝 Внести результат", callback_data=GameCB(a="new").pack()
        )
        markup = InlineKeyboardMarkup(inline_keyboard=[[button]])
    await message.answer(texts.start_private(member).as_html(), reply_markup=markup)


async def help_private(message: Message, member: Member) -> None:
    await message.answer(texts.help_private(member).as_html())


async def start_group(message: Message, member: Member, bot: Bot) -> None:
    me = await bot.me()
    await message.answer(texts.start_group(member, me.username, message.chat.id).as_html())


def build_router() -> Router:
    router = Router(name="start")
    router.message.register(start_private, CommandStart(), _PRIVATE)
    router.message.register(help_private, Command("help"), _PRIVATE)
    router.message.register(start_group, Command("start", "help"), _GROUP)
    return router
