"""/tv: the club's TV screen link for an admin or head judge (in private: it is a secret)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import Message

from bot.screen.service import ClubScreen
from bot.telegram.filters import PRIVATE, command
from bot.texts import screen as texts
from bot.vocabulary.rights import Member


async def cmd_tv(
    message: Message, command: CommandObject, member: Member, screen: ClubScreen
) -> None:
    await message.answer(await screen.link(member, command.args), disable_web_page_preview=True)


async def in_group(message: Message) -> None:
    await message.answer(texts.IN_PRIVATE)


def build_router() -> Router:
    router = Router(name="screen")
    router.message.register(cmd_tv, command("tv"), PRIVATE)
    router.message.register(in_group, command("tv"))
    return router
