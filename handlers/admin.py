"""Admin commands: appointing judges, tournaments and their stages and rulesets."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message, Update

from bot.admin.screens import ruleset_choices, ruleset_screen, staff_screen, tournaments_screen
from bot.callbacks import AdminAction, AdminCB
from bot.club.members import KnownMember, MemberDirectory
from bot.club.tournaments import Tournament, TournamentError, Tournaments
from bot.core.config import Settings
from bot.core.parsing import MAX_TELEGRAM_ID, InputError, user_reference
from bot.telegram.filters import PRIVATE, admin, not_admin
from bot.telegram.menus import publish_menu
from bot.telegram.screen import answer
from bot.texts import admin as texts
from bot.texts import common
from bot.texts import entry as entry_texts
from bot.texts import tournaments as tournament_texts
from bot.texts.markup import quote
from bot.vocabulary.rights import Member, Right
from scoring import RulesetError

_APPOINT = {"judge": Right.JUDGE, "headjudge": Right.HEAD_JUDGE, "admin": Right.ADMIN}


class _Unknown(Exception):
    """The command names someone the bot cannot find; the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


async def _target(
    message: Message, command: CommandObject, members: MemberDirectory
) -> KnownMember | None:
    """The person a command names: ``@username`` or id as its argument, or the replied-to.

    None when the command names nobody; ``_Unknown`` when it names someone the bot never saw."""
    if command.args:
        reference = command.args.split()[0]
        try:
            parsed = user_reference(reference)
        except InputError as error:
            raise _Unknown(error.message) from None
        found = await members.find(parsed)
        if found is None:
            raise _Unknown(texts.never_wrote(reference))
        return found
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and not reply.from_user.is_bot:
        await members.resolve(reply.from_user)
        return await members.get(reply.from_user.id)
    return None


async def _refresh_menu(bot: Bot, members: MemberDirectory, user_id: int) -> None:
    member = await members.member(user_id)
    if await publish_menu(bot, member):
        await members.menu_published(member)


async def cmd_appoint(
    message: Message, command: CommandObject, bot: Bot, member: Member, members: MemberDirectory
) -> None:
    right = _APPOINT[command.command]
    try:
        target = await _target(message, command, members)
    except _Unknown as unknown:
        await message.answer(unknown.message)
        return
    if target is None:
        await message.answer(texts.whom_to_appoint(command.command))
        return
    tell = texts.you_were_appointed(right) if target.user_id != member.user_id else None
    added = await members.grant(target.user_id, right, member.user_id, tell)
    await _refresh_menu(bot, members, target.user_id)
    await message.answer(texts.appointed(target.label, right, added))


async def cmd_unjudge(
    message: Message, command: CommandObject, bot: Bot, members: MemberDirectory,
    settings: Settings,
) -> None:  # fmt: skip
    try:
        target = await _target(message, command, members)
    except _Unknown as unknown:
        await message.answer(unknown.message)
        return
    if target is None:
        await message.answer(texts.WHOM_TO_REVOKE)
        return
    taken = await members.revoke_all(target.user_id)
    await _refresh_menu(bot, members, target.user_id)
    lines = [texts.revoked(target.label, taken)]
    if settings.is_admin(target.user_id):
        lines.append(texts.STAYS_ADMIN)
    await message.answer("\n".join(lines))


async def cmd_staff(message: Message, members: MemberDirectory) -> None:
    await answer(message, staff_screen(await members.staff()))


async def cmd_new_tournament(
    message: Message, command: CommandObject, member: Member, tournaments: Tournaments,
    settings: Settings, event_update: Update,
) -> None:  # fmt: skip
    request = f"update:{event_update.update_id}"  # handled twice after a crash: created once
    try:
        tournament = await tournaments.create(
            command.args or "", settings.ruleset, member.user_id, request
        )
    except (TournamentError, RulesetError) as error:
        await message.answer(quote(error))
        return
    text = tournament_texts.created(
        tournament.title, tournament.ruleset_ref, tournament_texts.FIRST_STAGE
    )
    await answer(message, ruleset_screen(text, tournament.id, settings))


async def cmd_tournaments(message: Message, tournaments: Tournaments) -> None:
    await answer(message, tournaments_screen(await tournaments.all()))


async def cmd_new_stage(message: Message, command: CommandObject, tournaments: Tournaments) -> None:
    current = await _current_or_tell(message, tournaments)
    if current is None:
        return
    try:
        stage = await tournaments.new_stage(current.id, command.args or "")
    except TournamentError as error:
        await message.answer(quote(error))
        return
    await message.answer(tournament_texts.stage_started(stage.name, current.title))


async def cmd_ruleset(message: Message, tournaments: Tournaments, settings: Settings) -> None:
    tournament = await _current_or_tell(message, tournaments)
    if tournament is None:
        return
    text = tournament_texts.ruleset_of(
        tournament.title, tournament.ruleset_ref, tournament.ruleset().title
    )
    await answer(message, ruleset_screen(text, tournament.id, settings))


async def on_admin_button(
    callback: CallbackQuery, callback_data: AdminCB, tournaments: Tournaments,
    settings: Settings,
) -> None:  # fmt: skip
    if not 0 < callback_data.t < MAX_TELEGRAM_ID:
        await callback.answer(common.STALE_BUTTON, show_alert=True)
        return
    try:
        if callback_data.a is AdminAction.MAKE_CURRENT:
            tournament = await tournaments.make_current(callback_data.t)
            text = tournament_texts.now_current(tournament.title)
        else:
            ref = ruleset_choices(settings).get(callback_data.v)
            if ref is None:
                raise TournamentError(common.STALE_BUTTON)
            tournament = await tournaments.set_ruleset(callback_data.t, ref)
            text = tournament_texts.ruleset_set(tournament.title, tournament.ruleset_ref)
    except (TournamentError, RulesetError) as error:
        await callback.answer(str(error)[:200], show_alert=True)
        return
    await callback.answer(texts.DONE)
    if isinstance(callback.message, Message):
        await callback.message.answer(text)


async def _current_or_tell(message: Message, tournaments: Tournaments) -> Tournament | None:
    current = await tournaments.current()
    if current is None:
        await message.answer(entry_texts.NO_TOURNAMENT)
        return None
    return current[0]


async def not_an_admin(event: Message | CallbackQuery) -> None:
    if isinstance(event, CallbackQuery):
        await event.answer(texts.NOT_AN_ADMIN, show_alert=True)
    else:
        await event.answer(texts.NOT_AN_ADMIN)


ANYWHERE = ("judge", "headjudge", "admin", "unjudge")
PRIVATE_ONLY = ("staff", "newtournament", "tournaments", "newstage", "ruleset")


def build_router() -> Router:
    """Admin commands; anyone else who tries one is told it is for admins only."""
    router = Router(name="admin")
    router.message.register(cmd_appoint, Command("judge", "headjudge", "admin"), admin)
    router.message.register(cmd_unjudge, Command("unjudge"), admin)
    router.message.register(cmd_staff, Command("staff"), PRIVATE, admin)
    router.message.register(cmd_new_tournament, Command("newtournament"), PRIVATE, admin)
    router.message.register(cmd_tournaments, Command("tournaments"), PRIVATE, admin)
    router.message.register(cmd_new_stage, Command("newstage"), PRIVATE, admin)
    router.message.register(cmd_ruleset, Command("ruleset"), PRIVATE, admin)
    router.callback_query.register(on_admin_button, AdminCB.filter(), admin)
    router.message.register(not_an_admin, Command(*ANYWHERE, *PRIVATE_ONLY), not_admin)
    router.callback_query.register(not_an_admin, AdminCB.filter())
    return router
