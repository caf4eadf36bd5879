"""Protests: filing (private button, the announcement's button, /protest), the head judge's
decisions, /protests, /replay (§8.9) and /settings for the private results.

Each handler reads the update, makes one call to ``Protests`` (the reason and text flows keep
their step in the FSM state) and shows the screen it returns."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, Message

from bot.announce.announcer import PROTEST_LINK
from bot.callbacks import ProtestAction, ProtestCB
from bot.entry.editor import Editor
from bot.protests.service import ProtestError, Protests
from bot.telegram.filters import GROUP, HAS_TEXT, PLAIN_TEXT, PRIVATE, command
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import Screen, answer, show
from bot.texts import protests as texts
from bot.vocabulary.rights import Member


class Flow(StatesGroup):
    text = State()  # a player writes his protest (data: game)
    reason = State()  # a head judge writes the reason of a decision (data: protest, action)


# -- filing ---------------------------------------------------------------------------------------


async def _ask_text(message: Message, state: FSMContext, game_id: int, screen: Screen) -> None:
    """The player is asked for his protest's text (a refusal was raised before this)."""
    await state.set_state(Flow.text)
    await state.update_data(game=game_id)
    await answer(message, screen)


async def on_file_button(
    callback: CallbackQuery, callback_data: ProtestCB, state: FSMContext, protests: Protests
) -> None:
    await protests.check(callback.from_user.id, callback_data.i)
    screen = await protests.ask(callback.from_user.id, callback_data.i)
    await callback.answer()
    if isinstance(callback.message, Message):
        await _ask_text(callback.message, state, callback_data.i, screen)


async def from_announcement_link(
    message: Message, command: CommandObject, state: FSMContext, protests: Protests
) -> None:
    raw = (command.args or "").removeprefix(f"{PROTEST_LINK}-")
    game_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 12 else 0
    screen = await protests.ask(message.chat.id, game_id)  # a private chat: the person's id
    await _ask_text(message, state, game_id, screen)


async def cmd_protest_private(message: Message, member: Member, protests: Protests) -> None:
    await answer(message, await protests.open_games_screen(member.user_id))


async def on_protest_text(
    message: Message, state: FSMContext, protests: Protests, member: Member
) -> None:
    game_id = (await state.get_data()).get("game", 0)
    try:
        receipt = await protests.file(member.user_id, game_id, message.text or "")
    except ProtestError as error:  # answered by the errors router
        if not error.retry:  # an empty or too long text is asked for again
            await state.clear()
        raise
    await state.clear()
    await answer(message, receipt)


async def on_non_text_in_flow(message: Message) -> None:
    await message.answer(texts.EMPTY)


async def cmd_protest_group(
    message: Message, command: CommandObject, protests: Protests, member: Member
) -> None:
    """``/protest текст`` as a reply to the game's announcement in the club chat."""
    reply = message.reply_to_message
    by_bot = reply is not None and reply.from_user is not None and reply.from_user.is_bot
    replied_to = reply.message_id if reply is not None and by_bot else None
    screen = await protests.file_in_group(
        message.chat.id, replied_to, member.user_id, command.args or ""
    )
    await message.reply(screen.text or "")


async def cmd_cancel(message: Message, state: FSMContext) -> None:
    current = await state.get_state()
    await state.clear()
    await message.answer(
        texts.CANCELLED if current == Flow.text.state else texts.DECISION_CANCELLED
    )


# -- deciding -------------------------------------------------------------------------------------


async def on_decision_button(
    callback: CallbackQuery, callback_data: ProtestCB, state: FSMContext, protests: Protests,
) -> None:  # fmt: skip
    message = callback.message if isinstance(callback.message, Message) else None
    if callback_data.a is ProtestAction.SHOW:
        screen = await protests.shown_to_decider(callback_data.i)
    else:
        screen = Screen(
            texts.ASK_REJECT_REASON
            if callback_data.a is ProtestAction.REJECT
            else texts.ASK_REPLAY_REASON
        )
        await protests.can_decide(callback_data.i)
    await callback.answer()
    if callback_data.a is not ProtestAction.SHOW:
        await state.set_state(Flow.reason)
        await state.update_data(protest=callback_data.i, action=callback_data.a.value)
    if message is not None:
        await answer(message, screen)


async def on_change_button(
    callback: CallbackQuery, callback_data: ProtestCB, member: Member, editor: Editor
) -> None:
    """«Change the result»: the game's protocol opens in the editor; saving it decides."""
    screen = await editor.change_for_protest(member, callback_data.i)
    await callback.answer(screen.toast or texts.CHANGE_OPENED, show_alert=screen.alert)
    if isinstance(callback.message, Message):
        await show(callback.message, screen, shown=editor.shown)


async def on_reason_text(
    message: Message, state: FSMContext, protests: Protests, member: Member
) -> None:
    data = await state.get_data()
    action = ProtestAction(data.get("action", ProtestAction.REJECT.value))
    decide = protests.replay if action is ProtestAction.REPLAY else protests.reject
    try:
        screen = await decide(data.get("protest", 0), member.user_id, message.text or "")
    except ProtestError as error:  # answered by the errors router
        if not error.retry:
            await state.clear()
        raise
    await state.clear()
    await answer(message, screen)


async def not_a_decider_button(callback: CallbackQuery) -> None:
    await lacks_right(callback, texts.NOT_A_DECIDER)


async def cmd_protests(message: Message, protests: Protests) -> None:
    await answer(message, await protests.pending_screen())


async def cmd_replay(
    message: Message, command: CommandObject, protests: Protests, member: Member
) -> None:
    await answer(message, await protests.annul_by_words(command.args, member.user_id))


async def not_a_decider(message: Message) -> None:
    await lacks_right(message, texts.NOT_A_DECIDER)


async def decides(event: object, member: Member) -> bool:
    """The router's filter for decisions: the service's rule of who decides."""
    return Protests.may_decide(member)


def build_router() -> Router:
    router = Router(name="protests")
    router.message.register(
        from_announcement_link,
        CommandStart(deep_link=True, magic=F.args.startswith(PROTEST_LINK)),
        PRIVATE,
    )
    router.message.register(cmd_cancel, command("cancel"), PRIVATE, StateFilter(Flow))
    router.message.register(on_protest_text, StateFilter(Flow.text), PRIVATE, PLAIN_TEXT)
    router.message.register(on_reason_text, StateFilter(Flow.reason), PRIVATE, PLAIN_TEXT)
    router.message.register(on_non_text_in_flow, StateFilter(Flow.text), PRIVATE, ~HAS_TEXT)
    router.message.register(cmd_protest_private, command("protest"), PRIVATE)
    router.message.register(cmd_protest_group, command("protest"), GROUP)
    router.message.register(cmd_protests, command("protests"), PRIVATE, decides)
    router.message.register(cmd_replay, command("replay"), PRIVATE, decides)
    router.message.register(not_a_decider, command("protests", "replay"))
    router.callback_query.register(on_file_button, ProtestCB.filter(F.a == ProtestAction.FILE))
    router.callback_query.register(
        on_change_button, ProtestCB.filter(F.a == ProtestAction.CHANGE), decides
    )
    router.callback_query.register(on_decision_button, ProtestCB.filter(), decides)
    router.callback_query.register(not_a_decider_button, ProtestCB.filter())
    return router
