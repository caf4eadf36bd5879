"""Admin commands: appointing judges, tournaments and their stages and rulesets.

The whole router needs the admin right (its filter); anyone else who tries one of these is told
it is for admins only."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, Message, User

from bot.admin.service import APPOINT, ClubAdmin
from bot.callbacks import AdminAction, AdminCB
from bot.telegram.filters import HAS_TEXT, PLAIN_TEXT, PRIVATE, admin, command, not_admin
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import answer, show
from bot.texts import admin as texts
from bot.texts import tournaments as tournament_texts
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
    message = callback.message if isinstance(callback.message, Message) else None
    screen = await club_admin.tapped(callback_data, message.message_id if message else 0)
    await callback.answer(screen.toast, show_alert=screen.alert)
    if message is not None:
        await show(message, screen, tapped=True)


class Renaming(StatesGroup):
    title = State()  # an admin types a tournament's new title (data: tournament)


async def on_rename_button(
    callback: CallbackQuery, callback_data: AdminCB, state: FSMContext, club_admin: ClubAdmin
) -> None:
    screen = await club_admin.ask_rename(callback_data.t)
    if screen is None:
        await callback.answer(tournament_texts.NO_SUCH_TOURNAMENT, show_alert=True)
        return
    await callback.answer()
    await state.set_state(Renaming.title)
    await state.update_data(tournament=callback_data.t)
    if isinstance(callback.message, Message):
        await answer(callback.message, screen)


async def on_new_title(message: Message, state: FSMContext, club_admin: ClubAdmin) -> None:
    """The new title. A text of several lines is no title but a judge's paste: the question is
    dropped and the text goes on to the handlers that take it."""
    if "\n" in (message.text or ""):
        await state.clear()
        raise SkipHandler
    tournament_id = (await state.get_data()).get("tournament", 0)
    screen, over = await club_admin.rename(tournament_id, message.text or "")
    if over:
        await state.clear()
    await answer(message, screen)


async def on_rename_not_text(message: Message) -> None:
    await message.answer(tournament_texts.NEW_TITLE_MISSING)


async def cmd_cancel_rename(message: Message, state: FSMContext) -> None:
    await state.clear()
    await message.answer(tournament_texts.RENAME_CANCELLED)


async def not_an_admin(event: Message | CallbackQuery) -> None:
    await lacks_right(event, texts.NOT_AN_ADMIN)


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
    admins.message.register(cmd_cancel_rename, command("cancel"), StateFilter(Renaming.title))
    admins.message.register(on_new_title, StateFilter(Renaming.title), PRIVATE, PLAIN_TEXT)
    admins.message.register(on_rename_not_text, StateFilter(Renaming.title), PRIVATE, ~HAS_TEXT)
    admins.callback_query.register(on_rename_button, AdminCB.filter(F.a == AdminAction.RENAME))
    admins.callback_query.register(on_admin_button, AdminCB.filter())
    others = Router(name="admin-refused")  # a router's own handlers come before its children's
    others.message.register(not_an_admin, command(*ANYWHERE, *PRIVATE_ONLY), not_admin)
    others.callback_query.register(not_an_admin, AdminCB.filter())
    root.include_routers(admins, others)
    return root
