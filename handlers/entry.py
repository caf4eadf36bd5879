"""Result entry: judges fill in a protocol in a private chat, in one message edited in place."""

from __future__ import annotations

from contextlib import suppress

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.announce.announcer import Announcer
from bot.callbacks import EntryCB, GameCB
from bot.club.games import SaveError
from bot.core.config import Settings
from bot.core.rights import Member
from bot.entry.drafts import Draft
from bot.entry.editor import Editor, EntryError
from bot.texts import common as texts
from bot.views import entry as view

_PRIVATE = F.chat.type == ChatType.PRIVATE


class EntryState(StatesGroup):
    editing = State()


async def show_editor(
    bot: Bot, chat_id: int, draft: Draft, editor: Editor, message_id: int | None
) -> None:
    """Render the draft into its editor message (a new one when ``message_id`` is None).

    The draft is stored before it is shown: whatever happens to the message, the database holds
    the truth, and a tap on an outdated screen redraws it from there."""
    draft.rev += 1
    ctx = await editor.context(draft)
    text, markup = view.render(draft, ctx)
    draft.notice = None  # a notice is shown once
    await editor.drafts.save(draft, message_id)
    if message_id is not None:
        try:
            await bot.edit_message_text(
                text, chat_id=chat_id, message_id=message_id, reply_markup=markup
            )
        except TelegramBadRequest as error:
            if "not modified" not in str(error):
                message_id = None  # the editor message is gone: show a new one
    if message_id is None:
        sent = await bot.send_message(chat_id, text, reply_markup=markup)
        await editor.drafts.save(draft, sent.message_id)


async def open_editor(
    bot: Bot, chat_id: int, member: Member, state: FSMContext, editor: Editor
) -> None:
    if not member.is_judge:
        await bot.send_message(chat_id, texts.NOT_A_JUDGE)
        return
    existing = await editor.drafts.of_judge(member.user_id)
    if existing is not None:
        draft = existing[0]
        draft.notice = "Продолжаем незаконченный протокол. Чтобы начать заново, нажмите «Отменить»."
    else:
        try:
            draft = await editor.new_draft(member)
        except EntryError as error:
            await bot.send_message(chat_id, error.message)
            return
    await state.set_state(EntryState.editing)
    await show_editor(bot, chat_id, draft, editor, message_id=None)


async def cmd_game(
    message: Message, bot: Bot, member: Member, state: FSMContext, editor: Editor
) -> None:
    await open_editor(bot, message.chat.id, member, state, editor)


async def cmd_game_in_group(message: Message, bot: Bot) -> None:
    me = await bot.me()
    await message.answer(texts.entry_in_private(me.username))


async def on_text(
    message: Message, bot: Bot, member: Member, state: FSMContext, editor: Editor
) -> None:
    loaded = await editor.drafts.of_judge(member.user_id)
    if loaded is None or not member.is_judge:
        await state.clear()
        await message.answer(texts.NO_OPEN_DRAFT)
        return
    draft, message_id = loaded
    try:
        await editor.on_text(draft, message.text or "", member)
    except EntryError as error:
        draft.notice = error.message
    with suppress(TelegramBadRequest):  # keep the chat to the one editor message
        await message.delete()
    await show_editor(bot, message.chat.id, draft, editor, message_id)


async def on_other_message(message: Message) -> None:
    await message.answer(texts.ENTRY_NEEDS_TEXT)


async def on_button(
    callback: CallbackQuery,
    callback_data: EntryCB,
    bot: Bot,
    member: Member,
    state: FSMContext,
    editor: Editor,
    announcer: Announcer,
    settings: Settings,
) -> None:
    if not member.is_judge:
        await callback.answer(texts.NOT_A_JUDGE, show_alert=True)
        return
    loaded = await editor.drafts.of_judge(member.user_id)
    if loaded is None or loaded[0].id != callback_data.d:
        already = await editor.games.by_submission(callback_data.d)
        await callback.answer(texts.ALREADY_SAVED if already else texts.DRAFT_CLOSED)
        return
    draft, _ = loaded
    message = callback.message
    assert isinstance(message, Message)
    if callback_data.r != draft.rev and callback_data.a != "cancel":
        await show_editor(bot, message.chat.id, draft, editor, message.message_id)
        await callback.answer(texts.SCREEN_CHANGED)
        return
    if callback_data.a == "ok":
        await _confirm(callback, draft, message, member, state, editor, announcer, settings)
        return
    if callback_data.a == "cancel":
        await editor.drafts.discard(draft.id)
        await state.clear()
        await bot.edit_message_text(
            texts.CORRECTION_CANCELLED if draft.game_id else texts.DRAFT_CANCELLED,
            chat_id=message.chat.id,
            message_id=message.message_id,
        )
        await callback.answer()
        return
    toast = None
    try:
        await editor.on_button(draft, callback_data.a, callback_data.v, member)
    except EntryError as error:
        draft.notice = toast = error.message
    await state.set_state(EntryState.editing)
    await show_editor(bot, message.chat.id, draft, editor, message.message_id)
    await callback.answer(toast)


async def _confirm(
    callback: CallbackQuery,
    draft: Draft,
    message: Message,
    member: Member,
    state: FSMContext,
    editor: Editor,
    announcer: Announcer,
    settings: Settings,
) -> None:
    bot = callback.bot
    games = editor.games
    assert bot is not None
    try:
        saved = await games.save(draft, member, settings.protest_window_minutes)
    except SaveError as error:
        draft.notice = error.message
        if error.step:
            draft.step = error.step
        await show_editor(bot, message.chat.id, draft, editor, message.message_id)
        await callback.answer(error.message, show_alert=True)
        return
    if not saved.created:
        await callback.answer(texts.ALREADY_SAVED)
        return
    await state.clear()
    announcer.wake()
    ctx = await editor.context(draft)
    _, ctx.score = await games.scored(saved.game_id)
    text, markup = view.saved(draft, ctx, saved.game_id, settings.club_chat_id is not None)
    with suppress(TelegramBadRequest):
        await bot.edit_message_text(
            text, chat_id=message.chat.id, message_id=message.message_id, reply_markup=markup
        )
    await callback.answer("Сохранено ✅")


async def on_game_button(
    callback: CallbackQuery,
    callback_data: GameCB,
    bot: Bot,
    member: Member,
    state: FSMContext,
    editor: Editor,
    settings: Settings,
) -> None:
    message = callback.message
    games = editor.games
    assert isinstance(message, Message)
    if not member.is_judge:
        await callback.answer(texts.NOT_A_JUDGE, show_alert=True)
        return
    if callback_data.a == "new":
        await callback.answer()
        await open_editor(bot, message.chat.id, member, state, editor)
        return
    if callback_data.a != "fix":
        await callback.answer(texts.STALE_BUTTON)
        return
    game = await games.get(callback_data.g)
    if game is None:
        await callback.answer(texts.STALE_BUTTON)
        return
    if not games.can_correct(member, game, settings.protest_window_minutes):
        await callback.answer(texts.CANNOT_CORRECT, show_alert=True)
        return
    existing = await editor.drafts.of_judge(member.user_id)
    if existing is not None and existing[0].game_id != game.id:
        await callback.answer(texts.FINISH_DRAFT_FIRST, show_alert=True)
        return
    await callback.answer()
    draft = await editor.correction_draft(member, game.id)
    await state.set_state(EntryState.editing)
    await show_editor(bot, message.chat.id, draft, editor, message_id=None)


async def cmd_games(message: Message, member: Member, settings: Settings, editor: Editor) -> None:
    games = editor.games
    if not member.is_judge:
        await message.answer(texts.NOT_A_JUDGE)
        return
    current = await editor.tournaments.current()
    if current is None:
        await message.answer(texts.NO_TOURNAMENT)
        return
    tournament, _ = current
    recent = await games.recent(tournament.id, None if member.is_head_judge else member.user_id)
    correctable = [
        g for g in recent if games.can_correct(member, g, settings.protest_window_minutes)
    ]
    if not correctable:
        await message.answer(texts.NOTHING_TO_CORRECT)
        return
    keyboard = [
        [
            InlineKeyboardButton(
                text=f"✏️ Стол {g.table}, игра {g.number}",
                callback_data=GameCB(a="fix", g=g.id).pack(),
            )
        ]
        for g in correctable
    ]
    await message.answer(
        texts.CORRECTABLE_GAMES, reply_markup=InlineKeyboardMarkup(inline_keyboard=keyboard)
    )


def build_router() -> Router:
    router = Router(name="entry")
    router.message.register(cmd_game, Command("game"), _PRIVATE)
    router.message.register(cmd_game_in_group, Command("game", "games"), ~_PRIVATE)
    router.message.register(cmd_games, Command("games"), _PRIVATE)
    router.message.register(
        on_text, StateFilter(EntryState.editing), _PRIVATE, F.text, ~F.text.startswith("/")
    )
    router.message.register(on_other_message, StateFilter(EntryState.editing), _PRIVATE, ~F.text)
    router.callback_query.register(on_button, EntryCB.filter())
    router.callback_query.register(on_game_button, GameCB.filter())
    return router
