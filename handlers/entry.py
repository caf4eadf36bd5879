"""Result entry: judges fill in a protocol in a private chat, in one message edited in place.

Each handler parses the update, asks the ``Editor`` for the screen, and shows it.
"""

from __future__ import annotations

import html
import re
from contextlib import suppress

from aiogram import Bot, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EntryCB, GameCB
from bot.core.rights import Member
from bot.entry.editor import Editor, Screen
from bot.telegram.filters import HAS_TEXT, PLAIN_TEXT, PRIVATE
from bot.texts import entry as texts


def _already_shows(message: Message | None, screen: Screen) -> bool:
    """Whether the message shows this screen already (a repeated tap on a saved game)."""
    if message is None or screen.text is None:
        return False
    plain = html.unescape(re.sub(r"<[^>]+>", "", screen.text))
    if message.text != plain or message.reply_markup is None or screen.markup is None:
        return False
    shown = message.reply_markup.model_dump(exclude_none=True)
    return bool(shown == screen.markup.model_dump(exclude_none=True))


async def show(
    bot: Bot, chat_id: int, screen: Screen, editor: Editor, tapped: Message | None = None
) -> None:
    """Edit the message the screen names, or send a new one (and tell the editor its id)."""
    if screen.moved_from is not None:
        with suppress(TelegramBadRequest):  # the old copy may be gone: nothing to tidy then
            await bot.edit_message_text(
                texts.MOVED_BELOW, chat_id=chat_id, message_id=screen.moved_from
            )
    if screen.text is None or _already_shows(tapped, screen):
        return
    if screen.edit is not None:
        try:
            await bot.edit_message_text(
                screen.text, chat_id=chat_id, message_id=screen.edit, reply_markup=screen.markup
            )
            return
        except TelegramBadRequest as error:
            if "not modified" in str(error):
                return
            # The message is gone (deleted in the chat): show the screen anew below.
    sent = await bot.send_message(chat_id, screen.text, reply_markup=screen.markup)
    if screen.draft_id is not None:
        await editor.shown(screen.draft_id, sent.message_id)


async def cmd_game(message: Message, bot: Bot, member: Member, editor: Editor) -> None:
    await show(bot, message.chat.id, await editor.open(member), editor)


async def cmd_games(message: Message, bot: Bot, member: Member, editor: Editor) -> None:
    await show(bot, message.chat.id, await editor.correctable(member), editor)


async def cmd_game_in_group(message: Message, bot: Bot) -> None:
    me = await bot.me()
    await message.answer(texts.in_private(me.username))


async def is_editing(message: Message, member: Member, editor: Editor) -> bool:
    """Texts go to the editor only while the judge has a draft open (stored once: the draft)."""
    return member.is_judge and await editor.is_editing(member.user_id)


async def on_text(message: Message, bot: Bot, member: Member, editor: Editor) -> None:
    screen = await editor.on_text(member, message.text or "")
    if screen.consumed and screen.text is not None:
        with suppress(TelegramBadRequest):  # keep the chat to the one editor message
            await message.delete()
    await show(bot, message.chat.id, screen, editor)


async def on_other_message(message: Message) -> None:
    await message.answer(texts.NEEDS_TEXT)


async def on_button(
    callback: CallbackQuery, callback_data: EntryCB, bot: Bot, member: Member, editor: Editor
) -> None:
    message = callback.message
    if not isinstance(message, Message):  # too old for Telegram to show us
        await callback.answer(texts.STALE_BUTTON)
        return
    screen = await editor.on_button(member, callback_data, message.message_id)
    await show(bot, message.chat.id, screen, editor, tapped=message)
    await callback.answer(screen.toast, show_alert=screen.alert)


async def on_game_button(
    callback: CallbackQuery, callback_data: GameCB, bot: Bot, member: Member, editor: Editor
) -> None:
    screen = await editor.on_game_button(member, callback_data)
    await callback.answer(screen.toast, show_alert=screen.alert)
    if isinstance(callback.message, Message):
        await show(bot, callback.message.chat.id, screen, editor)


def build_router() -> Router:
    router = Router(name="entry")
    router.message.register(cmd_game, Command("game"), PRIVATE)
    router.message.register(cmd_game_in_group, Command("game", "games"), ~PRIVATE)
    router.message.register(cmd_games, Command("games"), PRIVATE)
    router.message.register(on_text, PRIVATE, PLAIN_TEXT, is_editing)
    router.message.register(on_other_message, PRIVATE, ~HAS_TEXT, is_editing)
    router.callback_query.register(on_button, EntryCB.filter())
    router.callback_query.register(on_game_button, GameCB.filter())
    return router
