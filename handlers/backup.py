"""/backup: an admin gets a consistent copy of the database as a file. In a deployment of many
clubs the database holds every club: only its operators (and the environment's admins) take it;
a club's admin takes his club with /archive."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.types import BufferedInputFile, Message

from bot.club.clubs import Clubs
from bot.core.backup import Backups
from bot.telegram.filters import PRIVATE, command
from bot.telegram.refusals import lacks_right
from bot.texts import admin as admin_texts
from bot.texts import backup as texts
from bot.vocabulary.rights import Member

log = logging.getLogger(__name__)


async def cmd_backup(message: Message, member: Member, backups: Backups, clubs: Clubs) -> None:
    if backups.database.shared:  # PostgreSQL: pg_dump's, on the server
        await message.answer(texts.ON_THE_SERVER)
        return
    backup = await backups.take()
    log.info("Backup of %d bytes taken for admin %s", len(backup.copy), member.user_id)
    if not backup.sendable:
        await message.answer(texts.too_big(len(backup.copy)))
        return
    await message.answer_document(
        BufferedInputFile(backup.copy, backup.name),
        caption=texts.caption(backup.taken, every_club=not clubs.one_club),
    )


async def may_back_up(message: Message, member: Member, clubs: Clubs) -> bool:
    if clubs.one_club:
        return member.is_admin
    return member.user_id in await clubs.deployment_admins()


async def not_an_admin(message: Message, member: Member, clubs: Clubs) -> None:
    if member.is_admin and not clubs.one_club:
        await message.answer(texts.WHOLE_DATABASE_IS_THE_OPERATORS)
        return
    await lacks_right(message, admin_texts.NOT_AN_ADMIN)


async def in_group(message: Message) -> None:
    await message.reply(texts.IN_PRIVATE)


def build_router() -> Router:
    router = Router(name="backup")
    router.message.register(cmd_backup, command("backup"), PRIVATE, may_back_up)
    router.message.register(not_an_admin, command("backup"), PRIVATE)
    router.message.register(in_group, command("backup"))
    return router
