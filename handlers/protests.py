"""Protests: filing (private button, the announcement's button, /protest), the head judge's
decisions, /protests, /replay (§8.9) and /settings for the private results."""

from __future__ import annotations

from contextlib import suppress

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, CommandObject, CommandStart, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.announce.announcer import PROTEST_LINK, Announcer
from bot.callbacks import GameAction, GameCB, ProtestAction, ProtestCB
from bot.club.members import MemberDirectory
from bot.club.protests import ProtestError, Protests
from bot.core.config import Settings
from bot.core.parsing import InputError, table_and_game
from bot.core.rights import Member, Right
from bot.delivery.worker import Outbox
from bot.entry.editor import Editor
from bot.telegram.filters import GROUP, HAS_TEXT, PLAIN_TEXT, PRIVATE, head_judge
from bot.texts import protests as texts
from bot.texts.clock import date_time
from handlers.entry import show


class Flow(StatesGroup):
    text = State()  # a player writes his protest (data: game)
    reason = State()  # a head judge writes the reason of a decision (data: protest, action)


def _decision_buttons(protest_id: int) -> str:
    builder = InlineKeyboardBuilder()
    for label, action in (
        (texts.REJECT, ProtestAction.REJECT),
        (texts.CHANGE, ProtestAction.CHANGE),
        (texts.REPLAY, ProtestAction.REPLAY),
    ):
        builder.button(text=label, callback_data=ProtestCB(a=action, i=protest_id))
    builder.adjust(3)
    return builder.as_markup().model_dump_json(exclude_none=True)


async def _deciders(members: MemberDirectory) -> list[int]:
    """Head judges; when the club has none, its admins."""
    everyone = await members.everyone_with_rights()
    heads = [m.user_id for m in everyone if Right.HEAD_JUDGE in m.rights]
    return heads or [m.user_id for m in everyone if m.is_admin]


# -- filing ---------------------------------------------------------------------------------------


async def _ask_text(
    message: Message, state: FSMContext, protests: Protests, settings: Settings, user_id: int,
    game_id: int,
) -> None:  # fmt: skip
    try:
        game = await protests.check(user_id, game_id)
    except ProtestError as error:
        await message.answer(error.message)
        return
    await state.set_state(Flow.text)
    await state.update_data(game=game_id)
    when = date_time(game.deadline, settings.zone)
    await message.answer(texts.ask_text(game.table, game.number, when))


async def on_file_button(
    callback: CallbackQuery, callback_data: ProtestCB, state: FSMContext, protests: Protests,
    settings: Settings,
) -> None:  # fmt: skip
    try:
        await protests.check(callback.from_user.id, callback_data.i)
    except ProtestError as error:
        await callback.answer(error.message, show_alert=True)
        return
    await callback.answer()
    if isinstance(callback.message, Message):
        await _ask_text(
            callback.message, state, protests, settings, callback.from_user.id, callback_data.i
        )


async def from_announcement_link(
    message: Message, command: CommandObject, state: FSMContext, protests: Protests,
    settings: Settings, member: Member,
) -> None:  # fmt: skip
    raw = (command.args or "").removeprefix(f"{PROTEST_LINK}-")
    game_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 12 else 0
    await _ask_text(message, state, protests, settings, member.user_id, game_id)


async def cmd_protest_private(
    message: Message, member: Member, protests: Protests, settings: Settings
) -> None:
    games = await protests.open_games(member.user_id)
    if not games:
        await message.answer(texts.NOTHING_OPEN)
        return
    builder = InlineKeyboardBuilder()
    for game in games[:10]:
        when = date_time(game.deadline, settings.zone)
        builder.button(
            text=texts.open_game_button(game.table, game.number, when),
            callback_data=ProtestCB(a=ProtestAction.FILE, i=game.game_id),
        )
    builder.adjust(1)
    await message.answer(texts.CHOOSE_GAME, reply_markup=builder.as_markup())


async def _file(
    user_id: int, game_id: int, text: str, protests: Protests, members: MemberDirectory,
    announcer: Announcer, outbox: Outbox,
) -> str:  # fmt: skip
    protocol = await announcer.render_if_exists(game_id) or ""
    protest = await protests.file(
        user_id, game_id, text, await _deciders(members), _decision_buttons, protocol
    )
    outbox.wake()
    return texts.receipt(protest.table, protest.number)


async def on_protest_text(
    message: Message, state: FSMContext, protests: Protests, members: MemberDirectory,
    announcer: Announcer, outbox: Outbox, member: Member,
) -> None:  # fmt: skip
    game_id = (await state.get_data()).get("game", 0)
    try:
        receipt = await _file(
            member.user_id, game_id, message.text or "", protests, members, announcer, outbox
        )
    except ProtestError as error:
        await message.answer(error.message)
        if not error.retry:  # an empty or too long text is asked for again
            await state.clear()
        return
    await state.clear()
    await message.answer(receipt)


async def on_non_text_in_flow(message: Message) -> None:
    await message.answer(texts.EMPTY)


async def cmd_protest_group(
    message: Message, command: CommandObject, protests: Protests, members: MemberDirectory,
    announcer: Announcer, outbox: Outbox, member: Member, settings: Settings, bot: Bot,
) -> None:  # fmt: skip
    """``/protest текст`` as a reply to the game's announcement in the club chat."""
    reply = message.reply_to_message
    game_id = None
    if reply is not None and reply.from_user is not None and reply.from_user.is_bot:
        game_id = await announcer.game_of_message(message.chat.id, reply.message_id)
    if game_id is None:
        await message.reply(texts.GROUP_USAGE)
        return
    text = command.args or ""
    try:
        receipt = await _file(member.user_id, game_id, text, protests, members, announcer, outbox)
    except ProtestError as error:
        await message.reply(error.message)
        return
    await message.reply(receipt)


async def cmd_cancel(message: Message, state: FSMContext) -> None:
    current = await state.get_state()
    await state.clear()
    await message.answer(
        texts.CANCELLED if current == Flow.text.state else texts.DECISION_CANCELLED
    )


# -- deciding -------------------------------------------------------------------------------------


async def on_decision_button(
    callback: CallbackQuery, callback_data: ProtestCB, state: FSMContext, protests: Protests,
    member: Member, editor: Editor, bot: Bot,
) -> None:  # fmt: skip
    if not member.is_head_judge:
        await callback.answer(texts.NOT_A_DECIDER, show_alert=True)
        return
    try:
        protest = await protests.can_decide(callback_data.i)
    except ProtestError as error:
        await callback.answer(error.message, show_alert=True)
        return
    message = callback.message if isinstance(callback.message, Message) else None
    if callback_data.a is ProtestAction.SHOW:
        await callback.answer()
        if message is not None:
            await message.answer(
                texts.for_deciders(
                    protest.table, protest.number, protest.nickname, protest.text, ""
                ),
                reply_markup=_markup(_decision_buttons(protest.id)),
            )
        return
    if callback_data.a is ProtestAction.CHANGE:
        await protests.start_change(protest.id, member.user_id)
        screen = await editor.on_game_button(
            member, GameCB(a=GameAction.CORRECT, g=protest.game_id)
        )
        await callback.answer(screen.toast or texts.CHANGE_OPENED, show_alert=bool(screen.toast))
        if message is not None:
            await show(bot, message.chat.id, screen, editor)
        return
    await callback.answer()
    await state.set_state(Flow.reason)
    await state.update_data(protest=protest.id, action=callback_data.a.value)
    if message is not None:
        ask = texts.ASK_REJECT_REASON if callback_data.a is ProtestAction.REJECT else (
            texts.ASK_REPLAY_REASON
        )  # fmt: skip
        await message.answer(ask)


def _markup(json_text: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup.model_validate_json(json_text)


async def on_reason_text(
    message: Message, state: FSMContext, protests: Protests, member: Member, outbox: Outbox
) -> None:
    data = await state.get_data()
    action = ProtestAction(data.get("action", ProtestAction.REJECT.value))
    try:
        if action is ProtestAction.REPLAY:
            decided = await protests.replay(
                data.get("protest", 0), member.user_id, message.text or ""
            )
        else:
            decided = await protests.reject(
                data.get("protest", 0), member.user_id, message.text or ""
            )
    except ProtestError as error:
        await message.answer(error.message)
        if not error.retry:
            await state.clear()
        return
    await state.clear()
    outbox.wake()
    await message.answer(texts.decided_for_decider(decided.table, decided.number, decided.status))


async def cmd_protests(message: Message, protests: Protests) -> None:
    pending = await protests.pending()
    if not pending:
        await message.answer(texts.NO_PENDING)
        return
    builder = InlineKeyboardBuilder()
    for protest in pending[:20]:
        builder.button(
            text=texts.pending_line(protest.table, protest.number, protest.nickname),
            callback_data=ProtestCB(a=ProtestAction.SHOW, i=protest.id),
        )
    builder.adjust(1)
    await message.answer(texts.pending_header(len(pending)), reply_markup=builder.as_markup())


async def cmd_replay(
    message: Message, command: CommandObject, protests: Protests, member: Member,
    outbox: Outbox,
) -> None:  # fmt: skip
    words = (command.args or "").split(maxsplit=2)
    if len(words) < 3:
        await message.answer(texts.ANNUL_USAGE)
        return
    try:
        table, number = table_and_game(f"{words[0]} {words[1]}")
        await protests.annul_by_number(table, number, member.user_id, words[2])
    except InputError as error:
        await message.answer(f"{error.message}\n\n{texts.ANNUL_USAGE}")
        return
    except ProtestError as error:
        await message.answer(error.message)
        return
    outbox.wake()
    await message.answer(texts.annulled_for_decider(table, number))


async def not_a_decider(message: Message) -> None:
    await message.answer(texts.NOT_A_DECIDER)


# -- settings -------------------------------------------------------------------------------------


async def cmd_settings(message: Message, member: Member, protests: Protests) -> None:
    on = await protests.private_results(member.user_id)
    text, markup = _settings_screen(on)
    await message.answer(text, reply_markup=markup)


def _settings_screen(on: bool) -> tuple[str, InlineKeyboardMarkup]:
    builder = InlineKeyboardBuilder()
    builder.button(
        text=texts.TURN_OFF if on else texts.TURN_ON,
        callback_data=ProtestCB(a=ProtestAction.SETTINGS, i=0 if on else 1),
    )
    return (texts.SETTINGS_ON if on else texts.SETTINGS_OFF), builder.as_markup()


async def on_settings_button(
    callback: CallbackQuery, callback_data: ProtestCB, member: Member, protests: Protests
) -> None:
    on = callback_data.i == 1
    await protests.set_private_results(member.user_id, on)
    await callback.answer()
    if isinstance(callback.message, Message):
        text, markup = _settings_screen(on)
        with suppress(TelegramBadRequest):  # «not modified»: a double tap
            await callback.message.edit_text(text, reply_markup=markup)


def build_router() -> Router:
    router = Router(name="protests")
    router.message.register(
        from_announcement_link,
        CommandStart(deep_link=True, magic=F.args.startswith(PROTEST_LINK)),
        PRIVATE,
    )
    router.message.register(cmd_cancel, Command("cancel"), PRIVATE, StateFilter(Flow))
    router.message.register(on_protest_text, StateFilter(Flow.text), PRIVATE, PLAIN_TEXT)
    router.message.register(on_reason_text, StateFilter(Flow.reason), PRIVATE, PLAIN_TEXT)
    router.message.register(on_non_text_in_flow, StateFilter(Flow.text), PRIVATE, ~HAS_TEXT)
    router.message.register(cmd_protest_private, Command("protest"), PRIVATE)
    router.message.register(cmd_protest_group, Command("protest"), GROUP)
    router.message.register(cmd_protests, Command("protests"), PRIVATE, head_judge)
    router.message.register(cmd_replay, Command("replay"), PRIVATE, head_judge)
    router.message.register(not_a_decider, Command("protests", "replay"))
    router.message.register(cmd_settings, Command("settings"), PRIVATE)
    router.callback_query.register(on_file_button, ProtestCB.filter(F.a == ProtestAction.FILE))
    router.callback_query.register(
        on_settings_button, ProtestCB.filter(F.a == ProtestAction.SETTINGS)
    )
    router.callback_query.register(on_decision_button, ProtestCB.filter())
    return router
