"""Result entry: judges fill in a protocol in a private chat, in one message edited in place.

Each handler parses the update, asks the ``Editor`` for the screen, and shows it.
"""

from __future__ import annotations

from contextlib import suppress

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EntryCB, GameCB
from bot.entry.editor import Editor
from bot.telegram.filters import HAS_TEXT, PLAIN_TEXT, PRIVATE, command, judge
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import show
from bot.texts import entry as texts
from bot.vocabulary.rights import Member


async def cmd_game(message: Message, member: Member, editor: Editor) -> None:
    await show(message, await editor.open(member), shown=editor.shown)


async def cmd_games(message: Message, member: Member, editor: Editor) -> None:
    await show(message, await editor.correctable(member), shown=editor.shown)


async def cmd_game_in_group(message: Message, member: Member) -> None:
    """/game in a group: a judge is sent to the private chat; anyone else is told who enters."""
    if not member.is_judge:
        await message.answer(texts.NOT_A_JUDGE)
        return
    me = await message.bot.me() if message.bot else None
    await message.answer(texts.in_private(me.username if me else None))


async def is_editing(message: Message, member: Member, editor: Editor) -> bool:
    """Texts go to the editor only while the judge has a draft open (stored once: the draft)."""
    return await editor.is_editing(member.user_id)


async def on_text(message: Message, member: Member, editor: Editor) -> None:
    screen = await editor.on_text(member, message.text or "", message.message_id)
    if screen.consumed and screen.text is not None:
        with suppress(TelegramBadRequest):  # keep the chat to the one editor message
            await message.delete()
    await show(message, screen, shown=editor.shown)


async def on_other_message(message: Message) -> None:
    await message.answer(texts.NEEDS_TEXT)


async def on_button(
    callback: CallbackQuery, callback_data: EntryCB, member: Member, editor: Editor
) -> None:
    message = callback.message
    if not isinstance(message, Message):  # too old for Telegram to show us
        await callback.answer(texts.STALE_BUTTON)
        return
    screen = await editor.on_button(member, callback_data, message.message_id)
    await show(message, screen, tapped=True, shown=editor.shown)
    await callback.answer(screen.toast, show_alert=screen.alert)


async def on_game_button(
    callback: CallbackQuery, callback_data: GameCB, member: Member, editor: Editor
) -> None:
    screen = await editor.on_game_button(member, callback_data)
    await callback.answer(screen.toast, show_alert=screen.alert)
    if isinstance(callback.message, Message):
        await show(callback.message, screen, shown=editor.shown)


async def not_a_judge(message: Message) -> None:
    await lacks_right(message, texts.NOT_A_JUDGE)


async def not_a_judge_button(callback: CallbackQuery) -> None:
    await lacks_right(callback, texts.NOT_A_JUDGE)


def build_router() -> Router:
    """Result entry needs the judge right (the judges' router filter); then what everyone else
    is told. A router's own handlers come before its children's, so both are children."""
    root = Router(name="entry")
    judges = Router(name="entry-judges")
    judges.message.filter(judge)
    judges.callback_query.filter(judge)
    judges.message.register(cmd_game, command("game"), PRIVATE)
    judges.message.register(cmd_games, command("games"), PRIVATE)
    judges.message.register(on_text, PRIVATE, PLAIN_TEXT, is_editing)
    judges.message.register(on_other_message, PRIVATE, ~HAS_TEXT, is_editing)
    judges.callback_query.register(on_button, EntryCB.filter())
    judges.callback_query.register(on_game_button, GameCB.filter())
    others = Router(name="entry-others")
    others.message.register(cmd_game_in_group, command("game", "games"), ~PRIVATE)
    others.message.register(not_a_judge, command("game", "games"), PRIVATE)
    others.callback_query.register(not_a_judge_button, EntryCB.filter())
    others.callback_query.register(not_a_judge_button, GameCB.filter())
    root.include_routers(judges, others)
    return root
