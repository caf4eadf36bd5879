"""/tv: the club's TV screen link for an admin or head judge (in private: it is a secret)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import Message

from bot.telegram.filters import PRIVATE, command
from bot.texts import tv as texts
from bot.tv.service import ClubTv
from bot.vocabulary.rights import Member


async def cmd_tv(message: Message, command: CommandObject, member: Member, tv: ClubTv) -> None:
    await message.answer(await tv.link(member, command.args), disable_web_page_preview=True)


async def in_group(message: Message) -> None:
    await message.answer(texts.IN_PRIVATE)


def build_router() -> Router:
    router = Router(name="tv")
    router.message.register(cmd_tv, command("tv"), PRIVATE)
    router.message.register(in_group, command("tv"))
    return router
