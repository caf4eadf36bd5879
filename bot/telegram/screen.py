"""What a feature asks to show, and the one way it is shown.

A service returns a ``Screen``; the handler passes it to ``show`` (a message) or answers a
callback with its toast. Features never build Telegram calls of their own for this."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    WebAppInfo,
)

from bot.telegram.sent_pictures import SentPictures
from bot.texts import common as common_texts
from bot.texts import entry as entry_texts
from bot.texts.markup import plain


@dataclass(frozen=True, slots=True)
class Screen:
    """What to show after an update."""

    text: str | None = None  # None: nothing to show but the toast
    markup: InlineKeyboardMarkup | None = None
    edit: int | None = None  # the message to edit; None: send a new one
    draft_id: int | None = None  # a live editor: remember which message shows it
    moved_from: int | None = None  # an older message to turn into a "moved below" note
    toast: str | None = None
    alert: bool = False
    consumed: bool = True  # the person's typed message was used and may be deleted


def with_web_app(screen: Screen, label: str, url: str | None) -> Screen:
    """The screen with a web-app button under it (a private chat's only: Telegram refuses one
    elsewhere); as it is without ``url``."""
    if url is None or screen.text is None:
        return screen
    rows = list(screen.markup.inline_keyboard) if screen.markup else []
    rows.append([InlineKeyboardButton(text=label, web_app=WebAppInfo(url=url))])
    return replace(screen, markup=InlineKeyboardMarkup(inline_keyboard=rows))


Shown = Callable[[int, int], Awaitable[None]]  # (draft id, message id) of a newly sent editor


def already_shows(message: Message | None, screen: Screen) -> bool:
    """Whether the message shows this screen already (a repeated tap)."""
    if message is None or screen.text is None:
        return False
    if message.text != plain(screen.text):
        return False
    if message.reply_markup is None or screen.markup is None:
        return message.reply_markup is None and screen.markup is None
    shown = message.reply_markup.model_dump(exclude_none=True)
    return bool(shown == screen.markup.model_dump(exclude_none=True))


async def show(
    where: Message, screen: Screen, *, tapped: bool = False, shown: Shown | None = None
) -> None:
    """Show the screen in the chat of ``where``: edit the message the screen names, or send a
    new one (and report its id to ``shown``).

    ``tapped``: ``where`` is the message whose button was pressed; a screen it already shows is
    not sent again (Telegram refuses an edit that changes nothing)."""
    bot = where.bot
    assert bot is not None, "messages of handled updates are bound to their bot"
    await show_in(bot, where.chat.id, screen, shown=shown, unless_in=where if tapped else None)


async def show_in(
    bot: Bot, chat_id: int, screen: Screen, *, shown: Shown | None = None,
    unless_in: Message | None = None,
) -> None:  # fmt: skip
    """``show`` in a chat named by its id (a screen not asked for by a message: the Mini App's
    protocol sent to the judge's chat); not when ``unless_in`` shows it already."""
    if screen.moved_from is not None:
        with suppress(TelegramBadRequest):  # the old copy may be gone: nothing to tidy then
            await bot.edit_message_text(
                entry_texts.MOVED_BELOW, chat_id=chat_id, message_id=screen.moved_from
            )
    if screen.text is None or already_shows(unless_in, screen):
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
    if screen.draft_id is not None and shown is not None:
        await shown(screen.draft_id, sent.message_id)


async def answer(message: Message, screen: Screen) -> None:
    """Send the screen as a new message in the chat of ``message``."""
    if screen.text is not None:
        await message.answer(screen.text, reply_markup=screen.markup)


async def answer_choice(message: Message, screen: Screen) -> None:
    """A choice was made under ``message``: its buttons go (a copy tapped again is answered by
    the service), and the answer follows as a new message."""
    with suppress(TelegramBadRequest):  # gone already, or too old to edit
        await message.edit_reply_markup(reply_markup=None)
    await answer(message, screen)


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG to send as a photo, with its caption; or, when a picture showing the same was sent
    before (``sent_as``), that one's ``file_id`` instead of the PNG."""

    png: bytes
    filename: str
    caption: str
    shows: Hashable | None = None  # what it shows: its ``file_id`` is kept under it in ``kept``
    kept: SentPictures | None = None
    sent_as: str | None = None

    def photo(self) -> BufferedInputFile | str:
        return self.sent_as or BufferedInputFile(self.png, self.filename)

    def sent(self, message: Message) -> None:
        if self.kept is not None and self.shows is not None:
            self.kept.remember(self.shows, message)

    def refused(self) -> None:
        """Telegram refused it: a ``file_id`` it no longer knows is not offered again (never
        seen in practice: a bot's files stay valid for it)."""
        if self.kept is not None and self.shows is not None and self.sent_as is not None:
            self.kept.forget(self.shows)


async def send_privately(bot: Bot, user_id: int, picture: Picture) -> bool:
    """The picture in the person's private chat with the bot; False when the bot may not write
    to him there (he never opened it, or blocked it)."""
    try:
        sent = await bot.send_photo(user_id, picture.photo(), caption=picture.caption)
    except TelegramForbiddenError:
        return False
    except TelegramBadRequest:
        picture.refused()
        return False
    picture.sent(sent)
    return True


log = logging.getLogger(__name__)
_drawing: set[asyncio.Task[None]] = set()  # pictures being drawn and sent in the background

# Telegram shows the tapping person a spinner until the bot answers, and refuses an answer after
# about 15 s: a picture not drawn by then (a busy night, a slow machine) is answered for first.
PICTURE_ANSWER_WITHIN = 8.0  # seconds


async def picture_in_private(
    callback: CallbackQuery, drawing: Coroutine[Any, Any, Picture | None]
) -> None:
    """A picture asked for by a button in the club chat, sent to the one who tapped, in private:
    thirty taps must not post thirty pictures in the chat. The tap is answered when the picture
    is sent — or, if its drawing takes longer than ``PICTURE_ANSWER_WITHIN``, at once with «it
    will come», and the picture follows when drawn."""
    bot = callback.bot
    drawn = asyncio.get_running_loop().create_task(drawing)
    done, _ = await asyncio.wait({drawn}, timeout=PICTURE_ANSWER_WITHIN)
    if not done and bot is not None:
        await callback.answer(common_texts.PICTURE_COMING)
        _in_background(_send_when_drawn(bot, callback.from_user.id, drawn))
        return
    picture = await drawn
    if picture is None or bot is None:
        await callback.answer(common_texts.PICTURE_NOTHING, show_alert=True)
        return
    if not await send_privately(bot, callback.from_user.id, picture):
        me = await bot.me()
        text = common_texts.open_the_bot_for_picture(me.username or "")
        await callback.answer(text, show_alert=True)
        return
    await callback.answer(common_texts.PICTURE_SENT)


async def _send_when_drawn(bot: Bot, user_id: int, drawn: asyncio.Task[Picture | None]) -> None:
    try:
        picture = await drawn
        if picture is not None and not await send_privately(bot, user_id, picture):
            log.info("A picture drawn late could not be sent to %s in private", user_id)
    except Exception:  # the tap was answered; a lost picture must not stop anything
        log.exception("A picture could not be sent")


async def answer_picture(message: Message, picture: Picture) -> None:
    try:
        sent = await message.answer_photo(picture.photo(), caption=picture.caption)
    except TelegramBadRequest:
        picture.refused()
        raise
    picture.sent(sent)


def answer_picture_later(message: Message, drawn: Coroutine[Any, Any, Picture]) -> None:
    """Send the picture once it is drawn, without holding up the update that asked for it: a
    person's updates are handled in order, so his next command must not wait for a drawing
    (a second or more on a busy night). A picture that fails is only logged: its text is out."""

    async def send() -> None:
        try:
            await answer_picture(message, await drawn)
        except Exception:  # the text answered him; a lost picture must not stop anything
            log.exception("A picture could not be sent")

    _in_background(send())


def _in_background(sending: Coroutine[Any, Any, None]) -> None:
    """A picture's sending runs on its own, kept referenced until it ends."""
    task = asyncio.get_running_loop().create_task(sending)
    _drawing.add(task)
    task.add_done_callback(_drawing.discard)


async def stop_pictures() -> None:
    """At a stop: the pictures still being drawn are not sent (their texts were)."""
    for task in list(_drawing):
        task.cancel()
    await asyncio.gather(*_drawing, return_exceptions=True)
