"""Admin commands: appointing judges, tournaments and their stages and rulesets.

The whole router needs the admin right (its filter); anyone else who tries one of these is told
it is for admins only."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message, User

from bot.admin.service import APPOINT, ClubAdmin
from bot.callbacks import AdminCB
from bot.telegram.filters import PRIVATE, admin, command, not_admin
from bot.telegram.screen import answer
from bot.texts import admin as texts
from bot.vocabulary.rights import Member


def _replied(message: Message) -> User | None:
    reply = message.reply_to_message
    return reply.from_user if reply is not None else None


async def cmd_appoint(
    message: Message, command: CommandObject, member: Member, club_admin: ClubAdmin
) -> None:
    assert message.bot is not None
    screen = await club_admin.appoint(
        message.bot, member, command.command.casefold(), command.args, _replied(message)
    )
    await answer(message, screen)


async def cmd_unjudge(
    message: Message, command: CommandObject, member: Member, club_admin: ClubAdmin
) -> None:
    assert message.bot is not None
    screen = await club_admin.unjudge(message.bot, member, command.args, _replied(message))
    await answer(message, screen)


async def cmd_staff(message: Message, club_admin: ClubAdmin) -> None:
    await answer(message, await club_admin.staff())


async def cmd_new_tournament(
    message: Message, command: CommandObject, member: Member, club_admin: ClubAdmin
) -> None:
    request = f"message:{message.chat.id}:{message.message_id}"  # redelivered: created once
    await answer(message, await club_admin.new_tournament(member, command.args, request))


async def cmd_tournaments(message: Message, club_admin: ClubAdmin) -> None:
    await answer(message, await club_admin.tournament_list())


async def cmd_new_stage(message: Message, command: CommandObject, club_admin: ClubAdmin) -> None:
    await answer(message, await club_admin.new_stage(command.args))


async def cmd_ruleset(message: Message, club_admin: ClubAdmin) -> None:
    await answer(message, await club_admin.ruleset())


async def on_admin_button(
    callback: CallbackQuery, callback_data: AdminCB, club_admin: ClubAdmin
) -> None:
    screen = await club_admin.tapped(callback_data)
    await callback.answer(screen.toast, show_alert=screen.alert)
    if isinstance(callback.message, Message):
        await answer(callback.message, screen)


async def not_an_admin(event: Message | CallbackQuery) -> None:
    if isinstance(event, CallbackQuery):
        await event.answer(texts.NOT_AN_ADMIN, show_alert=True)
    else:
        await event.answer(texts.NOT_AN_ADMIN)


ANYWHERE = (*APPOINT, "unjudge")
PRIVATE_ONLY = ("staff", "newtournament", "tournaments", "newstage", "ruleset")


def build_router() -> Router:
    """Admin commands (the router needs the right); then the refusal for everyone else."""
    root = Router(name="admin")
    admins = Router(name="admin-only")
    admins.message.filter(admin)
    admins.callback_query.filter(admin)
    admins.message.register(cmd_appoint, command(*APPOINT))
    admins.message.register(cmd_unjudge, command("unjudge"))
    admins.message.register(cmd_staff, command("staff"), PRIVATE)
    admins.message.register(cmd_new_tournament, command("newtournament"), PRIVATE)
    admins.message.register(cmd_tournaments, command("tournaments"), PRIVATE)
    admins.message.register(cmd_new_stage, command("newstage"), PRIVATE)
    admins.message.register(cmd_ruleset, command("ruleset"), PRIVATE)
    admins.callback_query.register(on_admin_button, AdminCB.filter())
    others = Router(name="admin-refused")  # a router's own handlers come before its children's
    others.message.register(not_an_admin, command(*ANYWHERE, *PRIVATE_ONLY), not_admin)
    others.callback_query.register(not_an_admin, AdminCB.filter())
    root.include_routers(admins, others)
    return root
