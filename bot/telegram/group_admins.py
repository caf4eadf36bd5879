"""Whether a person is an admin of a group, as Telegram says (``getChatMember``)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramAPIError

_ADMINS = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}


async def is_group_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """False also when Telegram cannot say (the bot is no longer in the group)."""
    try:
        found = await bot.get_chat_member(chat_id, user_id)
    except TelegramAPIError:
        return False
    return found.status in _ADMINS


async def group_title(bot: Bot, chat_id: int) -> str | None:
    """The group's title (None: the bot cannot see the group)."""
    try:
        chat = await bot.get_chat(chat_id)
    except TelegramAPIError:
        return None
    return chat.title or str(chat_id)
