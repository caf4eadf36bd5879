"""Admin commands: appointing judges, tournaments and their stages and rulesets."""

from __future__ import annotations

from html import escape

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.callbacks import AdminCB
from bot.club.members import KnownMember, MemberDirectory
from bot.club.tournaments import Tournament, TournamentError, Tournaments
from bot.core.config import Settings
from bot.core.rights import Member, Right
from bot.telegram.menus import publish_menu
from bot.texts import common as texts
from scoring import RulesetError
from scoring.rulesets import BUILT_IN

_APPOINT = {"judge": Right.JUDGE, "headjudge": Right.HEAD_JUDGE, "admin": Right.ADMIN}
_RIGHT_NAMES = {
    Right.JUDGE: "судья",
    Right.HEAD_JUDGE: "главный судья",
    Right.ADMIN: "администратор",
}


async def _target(
    message: Message, command: CommandObject, members: MemberDirectory
) -> KnownMember | None:
    """The person a command names: ``@username`` or id as its argument, or the replied-to."""
    if command.args:
        return await members.find(command.args.split()[0])
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and not reply.from_user.is_bot:
        await members.resolve(reply.from_user)
        return await members.get(reply.from_user.id)
    return None


async def cmd_appoint(
    message: Message, command: CommandObject, bot: Bot, member: Member, members: MemberDirectory
) -> None:
    right = _APPOINT[command.command]
    target = await _target(message, command, members)
    if target is None:
        await message.answer(
            f"Кого назначить? Напишите /{command.command} @username или числовой id, "
            "или ответьте этой командой на сообщение человека. Человек должен хотя бы раз "
            "написать боту или в чат клуба."
        )
        return
    added = await members.grant(target.user_id, right, member.user_id)
    await publish_menu(bot, await members.member(target.user_id))
    verb = "назначен" if added else "уже"
    await message.answer(f"{escape(target.label)} — {verb} {_RIGHT_NAMES[right]}.")


async def cmd_unjudge(
    message: Message, command: CommandObject, bot: Bot, members: MemberDirectory,
    settings: Settings,
) -> None:  # fmt: skip
    target = await _target(message, command, members)
    if target is None:
        await message.answer("С кого снять права? Напишите /unjudge @username или id.")
        return
    taken = await members.revoke_all(target.user_id)
    await publish_menu(bot, await members.member(target.user_id))
    lines = []
    if taken:
        names = ", ".join(_RIGHT_NAMES[r] for r in taken)
        lines.append(f"{escape(target.label)}: сняты права ({names}).")
    else:
        lines.append(f"У {escape(target.label)} не было назначенных прав.")
    if settings.is_admin(target.user_id):
        lines.append("Он остаётся администратором: его id указан в ADMIN_IDS.")
    await message.answer("\n".join(lines))


async def cmd_staff(message: Message, members: MemberDirectory) -> None:
    staff = await members.staff()
    if not staff:
        await message.answer("Судьи пока не назначены. Назначить: /judge @username.")
        return
    lines = ["<b>Судьи и администраторы</b>"]
    for known in staff:
        rights = ", ".join(_RIGHT_NAMES[r] for r in sorted(known.rights))
        lines.append(f"• {escape(known.label)} (id {known.user_id}) — {rights}")
    await message.answer("\n".join(lines))


def _ruleset_keyboard(tournament_id: int, settings: Settings) -> InlineKeyboardMarkup:
    choices = list(BUILT_IN)
    if settings.ruleset not in BUILT_IN:
        choices.append(settings.ruleset)
    rows = [
        [
            InlineKeyboardButton(
                text=f"Правила: {name}",
                callback_data=AdminCB(a="rs", t=tournament_id, v=str(i)).pack(),
            )
        ]
        for i, name in enumerate(choices)
    ]
    return InlineKeyboardMarkup(inline_keyboard=rows)


async def cmd_new_tournament(
    message: Message, command: CommandObject, member: Member, tournaments: Tournaments,
    settings: Settings,
) -> None:  # fmt: skip
    try:
        tournament = await tournaments.create(command.args or "", settings.ruleset, member.user_id)
    except (TournamentError, RulesetError) as error:
        await message.answer(escape(str(error)))
        return
    await message.answer(
        f"Турнир «{escape(tournament.title)}» создан и стал текущим; этап «основной». "
        f"Правила: {escape(tournament.ruleset_ref)}. Сменить их можно до первой игры:",
        reply_markup=_ruleset_keyboard(tournament.id, settings),
    )


async def cmd_tournaments(message: Message, tournaments: Tournaments) -> None:
    found = await tournaments.all()
    if not found:
        await message.answer("Турниров пока нет. Создать: /newtournament Название.")
        return
    lines = ["<b>Турниры</b>"]
    rows = []
    for tournament in found[:20]:
        mark = " — текущий" if tournament.is_current else ""
        lines.append(f"• {escape(tournament.title)} ({escape(tournament.ruleset_ref)}){mark}")
        if not tournament.is_current:
            rows.append([InlineKeyboardButton(
                text=f"Сделать текущим: {tournament.title[:40]}",
                callback_data=AdminCB(a="cur", t=tournament.id).pack(),
            )])  # fmt: skip
    await message.answer(
        "\n".join(lines), reply_markup=InlineKeyboardMarkup(inline_keyboard=rows) if rows else None
    )


async def cmd_new_stage(message: Message, command: CommandObject, tournaments: Tournaments) -> None:
    current = await _current_or_tell(message, tournaments)
    if current is None:
        return
    try:
        stage = await tournaments.new_stage(current.id, command.args or "")
    except TournamentError as error:
        await message.answer(escape(str(error)))
        return
    await message.answer(
        f"Начат этап «{escape(stage.name)}» турнира «{escape(current.title)}». "
        "Компенсация Ci на нём считается только по его играм."
    )


async def cmd_ruleset(message: Message, tournaments: Tournaments, settings: Settings) -> None:
    tournament = await _current_or_tell(message, tournaments)
    if tournament is None:
        return
    await message.answer(
        f"Турнир «{escape(tournament.title)}»: правила {escape(tournament.ruleset_ref)} — "
        f"{escape(tournament.ruleset().title)}.",
        reply_markup=_ruleset_keyboard(tournament.id, settings),
    )


async def on_admin_button(
    callback: CallbackQuery, callback_data: AdminCB, tournaments: Tournaments,
    settings: Settings,
) -> None:  # fmt: skip
    message = callback.message
    try:
        if callback_data.a == "cur":
            tournament = await tournaments.make_current(callback_data.t)
            text = f"Текущий турнир: «{escape(tournament.title)}»."
        elif callback_data.a == "rs":
            choices = list(BUILT_IN) + (
                [settings.ruleset] if settings.ruleset not in BUILT_IN else []
            )
            index = int(callback_data.v) if callback_data.v.isdigit() else -1
            if not 0 <= index < len(choices):
                raise TournamentError(texts.STALE_BUTTON)
            tournament = await tournaments.set_ruleset(callback_data.t, choices[index])
            text = f"Турнир «{escape(tournament.title)}»: правила {escape(tournament.ruleset_ref)}."
        else:
            raise TournamentError(texts.STALE_BUTTON)
    except (TournamentError, RulesetError) as error:
        await callback.answer(str(error)[:200], show_alert=True)
        return
    await callback.answer("Готово")
    if isinstance(message, Message):
        await message.answer(text)


async def _current_or_tell(message: Message, tournaments: Tournaments) -> Tournament | None:
    current = await tournaments.current()
    if current is None:
        await message.answer(texts.NO_TOURNAMENT)
        return None
    return current[0]


async def not_an_admin(event: Message | CallbackQuery) -> None:
    if isinstance(event, CallbackQuery):
        await event.answer(texts.NOT_AN_ADMIN, show_alert=True)
    else:
        await event.answer(texts.NOT_AN_ADMIN)


def _is_admin(event: object, member: Member) -> bool:
    return member.is_admin


ANYWHERE = ("judge", "headjudge", "admin", "unjudge")
PRIVATE_ONLY = ("staff", "newtournament", "tournaments", "newstage", "ruleset")


def build_router() -> Router:
    """Admin commands; anyone else who tries one is told it is for admins only."""
    router = Router(name="admin")
    private = F.chat.type == ChatType.PRIVATE
    router.message.register(cmd_appoint, Command("judge", "headjudge", "admin"), _is_admin)
    router.message.register(cmd_unjudge, Command("unjudge"), _is_admin)
    router.message.register(cmd_staff, Command("staff"), private, _is_admin)
    router.message.register(cmd_new_tournament, Command("newtournament"), private, _is_admin)
    router.message.register(cmd_tournaments, Command("tournaments"), private, _is_admin)
    router.message.register(cmd_new_stage, Command("newstage"), private, _is_admin)
    router.message.register(cmd_ruleset, Command("ruleset"), private, _is_admin)
    router.callback_query.register(on_admin_button, AdminCB.filter(), _is_admin)
    router.message.register(not_an_admin, Command(*ANYWHERE, *PRIVATE_ONLY))
    router.callback_query.register(not_an_admin, AdminCB.filter())
    return router
