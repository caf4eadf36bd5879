"""What a row of each kind sends: an announcement and its notes, a private result, a kept post
drawn as it is now, a file, a question's copies closed, a plain message. The worker
(``bot.delivery.worker``) decides when a row goes; this decides what going means, and records
it delivered in the same transaction as its effect."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import FSInputFile, InlineKeyboardMarkup

from bot.announce.announcer import Announcer
from bot.club.members import MemberDirectory
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.outbox import Kind, enqueue
from bot.delivery.pacing import Pacing
from bot.vocabulary.change_note import read_note
from bot.vocabulary.notices import Notice

log = logging.getLogger(__name__)
SEND_TIMEOUT = 20.0  # seconds one send may take before it counts as a failure and is retried
KEPT_INTERVAL = 3.0  # seconds between two edits of one kept post (a rush of sign-up taps)
# Draws a kept post by its key: its text and buttons now, or None when it is to show no more.
KeptPost = Callable[[outbox.PostKey], Awaitable[tuple[str, InlineKeyboardMarkup | None] | None]]


class RowSender:
    def __init__(
        self, database: Database, clock: Clock, announcer: Announcer, members: MemberDirectory,
        pacing: Pacing, kept_posts: Mapping[str, KeptPost] | None = None,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.announcer = announcer
        self.members = members
        self.pacing = pacing
        self.kept_posts = dict(kept_posts or {})  # by the key's owner: who draws the post
        self._kept_drawn: dict[tuple[str, str], float] = {}  # (key, chat) → when last drawn
        self.send_timeout = SEND_TIMEOUT

    async def send(self, bot: Bot, row: Any, chat_id: int) -> bool:
        """Whether a message went to Telegram (a kept post nobody draws any more did not)."""
        kind = Kind(row["kind"])
        now = self.clock.iso()
        if kind is Kind.ANNOUNCE:
            published = await self.announcer.publish(
                bot, row["game_id"], chat_id, self.send_timeout
            )
            async with self.database.transaction() as tx:
                await Announcer.record(tx, row["game_id"], chat_id, published)
                await outbox.delivered(tx, row["id"])
                if row["body"] and (published.visibly_changed or read_note(row["body"])[1]):
                    await enqueue(
                        tx, row["chat"], Kind.CHANGE_NOTE, now,
                        game_id=row["game_id"], body=row["body"],
                    )  # fmt: skip
            return True
        if kind is Kind.CHANGE_NOTE:
            await self.announcer.publish_note(
                bot, row["game_id"], chat_id, row["body"], self.send_timeout
            )
        elif kind is Kind.REPLY:
            await self.announcer.publish_reply(
                bot, row["game_id"], chat_id, row["body"], self.send_timeout
            )
        elif kind is Kind.RESULT:
            await self._send_result(bot, row, chat_id)
        elif kind is Kind.CLOSE:
            await self._close_copies(bot, row, chat_id)
            return True
        elif kind is Kind.DOCUMENT:
            await self._send_document(bot, row, chat_id)
        elif kind is Kind.KEPT:
            return await self._send_kept(bot, row, chat_id)
        else:
            timeout = round(self.send_timeout)
            sent = await bot.send_message(
                chat_id, row["body"], reply_markup=markup_of(row), request_timeout=timeout
            )
            if row["copy_key"]:
                async with self.database.transaction() as tx:
                    await outbox.copy_sent(tx, row["copy_key"], chat_id, sent.message_id)
                    await outbox.delivered(tx, row["id"])
                return True
        await self.drop(row)
        return True

    def kept_wait(self, row: Any) -> float:
        last = self._kept_drawn.get((row["body"], row["chat"]), -math.inf)
        return last + KEPT_INTERVAL - self.pacing.now()

    async def _send_kept(self, bot: Bot, row: Any, chat_id: int) -> bool:
        """A kept post (a sign-up list, a seating) drawn as it is now: edited where it was sent,
        sent anew when it never was or is gone; one nobody draws any more is dropped."""
        key = outbox.PostKey.parse(row["body"])
        draw = self.kept_posts.get(key.owner) if key is not None else None
        drawn = await draw(key) if key is not None and draw is not None else None
        if key is None or drawn is None:
            await self.drop(row)
            return False
        text, markup = drawn
        timeout = round(self.send_timeout)
        shown = _digest(text, markup)
        kept = await outbox.kept_message(self.database, key, chat_id)
        message_id = kept[0] if kept is not None else None
        if kept is not None and kept[1] == shown:  # it shows this already: no edit to refuse
            async with self.database.transaction() as tx:
                await outbox.delivered(tx, row["id"])
            return False
        if message_id is not None:
            try:
                await bot.edit_message_text(
                    text, chat_id=chat_id, message_id=message_id, reply_markup=markup,
                    request_timeout=timeout,
                )  # fmt: skip
            except TelegramBadRequest as error:
                if "not modified" in error.message.lower():
                    pass  # it shows this already
                elif _is_gone(error):
                    message_id = None  # deleted in the chat, or too old: sent anew below
                else:
                    raise
        async with self.database.transaction() as tx:
            if message_id is None:
                sent = await bot.send_message(
                    chat_id, text, reply_markup=markup, request_timeout=timeout
                )
                message_id = sent.message_id
            await outbox.kept_sent(tx, key, chat_id, message_id, shown)
            await outbox.delivered(tx, row["id"])
        self._kept_drawn[(row["body"], row["chat"])] = self.pacing.now()
        return True

    async def _send_document(self, bot: Bot, row: Any, chat_id: int) -> None:
        """A file from the server's disk; one removed since it was queued is not sent."""
        data = json.loads(row["body"])
        path = Path(data["path"])
        if not await asyncio.to_thread(path.is_file):
            log.info("Message %s dropped: %s is gone", row["id"], path.name)
            return
        await bot.send_document(
            chat_id, FSInputFile(path), caption=data.get("caption"),
            request_timeout=round(self.send_timeout * 3),
        )  # fmt: skip

    async def _close_copies(self, bot: Bot, row: Any, chat_id: int) -> None:
        """The question's copies in this chat lose their buttons and say how it was answered.

        Edited first, forgotten after: a crash in between edits them again, which Telegram
        answers with "not modified"; a copy deleted in the chat is nothing to close."""
        copies = await self.database.fetchall(
            "SELECT message_id FROM sent_copies WHERE copy_key = ? AND chat_id = ?",
            (row["copy_key"], chat_id),
        )
        for copy in copies:
            try:
                await bot.edit_message_text(
                    row["body"], chat_id=chat_id, message_id=copy["message_id"],
                    reply_markup=None, request_timeout=round(self.send_timeout),
                )  # fmt: skip
            except TelegramBadRequest as error:
                if not _is_gone(error):
                    raise
        async with self.database.transaction() as tx:
            await outbox.take_copies(tx, row["copy_key"], chat_id)
            await outbox.delivered(tx, row["id"])

    async def _send_result(self, bot: Bot, row: Any, chat_id: int) -> None:
        """A player's own result; skipped if he switched these off since it was queued."""
        if not await self.members.wants(chat_id, Notice.RESULTS):
            return
        personal = await self.announcer.personal(row["game_id"], int(row["body"]))
        if personal is None:
            return
        text, open_ = personal
        # The row's buttons (filing a protest) only while the game may still be protested.
        markup = markup_of(row) if open_ else None
        await bot.send_message(
            chat_id, text, reply_markup=markup, request_timeout=round(self.send_timeout)
        )

    async def drop(self, row: Any) -> None:
        async with self.database.transaction() as tx:
            await outbox.delivered(tx, row["id"])


def _digest(text: str, markup: InlineKeyboardMarkup | None) -> str:
    """What a kept post shows, in a few bytes: its text and its buttons."""
    buttons = markup.model_dump_json(exclude_none=True) if markup is not None else ""
    return hashlib.sha256(f"{text}\x00{buttons}".encode()).hexdigest()[:32]


def markup_of(row: Any) -> InlineKeyboardMarkup | None:
    return InlineKeyboardMarkup.model_validate_json(row["markup"]) if row["markup"] else None


_COPY_GONE = (
    "not modified",  # closed by an attempt a crash cut short
    "message to edit not found",  # deleted in the chat
    "message can't be edited",  # too old
    "message_id_invalid",
)


def _is_gone(error: TelegramAPIError) -> bool:
    """An edit of a copy that needs none: already closed, deleted, or past editing."""
    description = error.message.lower()
    return any(gone in description for gone in _COPY_GONE)
