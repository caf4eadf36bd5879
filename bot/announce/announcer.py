"""Announcing games in the club chat: one message per game, edited when the result changes.

Pending announcements are rows in the database, written in the same transaction as the game, so a
crash between saving and announcing loses nothing. One worker sends them in order. Telegram's flood
limit is waited out by the session (``bot.telegram.retry``); whatever still fails stays pending and
is tried again, so no announcement is ever dropped.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramServerError,
)
from aiogram.types import ReplyParameters

from bot.announce.message import AnnouncementData, announcement
from bot.club.games import Games, GameStatus
from bot.club.members import MemberDirectory
from bot.club.players import PlayerDirectory
from bot.club.protocol import SEATS
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database
from bot.texts.announce import change_note

log = logging.getLogger(__name__)
RETRY_DELAY = 5.0
T = TypeVar("T")


class Announcer:
    def __init__(
        self,
        settings: Settings,
        database: Database,
        games: Games,
        tournaments: Tournaments,
        players: PlayerDirectory,
        members: MemberDirectory,
        clock: Clock,
    ) -> None:
        self.settings = settings
        self.database = database
        self.games = games
        self.tournaments = tournaments
        self.players = players
        self.members = members
        self.clock = clock
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.idle = asyncio.Event()

    def start(self, bot: Bot) -> None:
        self._task = asyncio.create_task(self._run(bot), name="announcer")
        self.wake()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        self.idle.clear()
        self._wake.set()

    async def _run(self, bot: Bot) -> None:
        while True:
            self._wake.clear()
            try:
                await self.publish_pending(bot)
            except (TelegramNetworkError, TelegramServerError) as error:
                log.warning("Announcement delayed: %s", error)
                await asyncio.sleep(RETRY_DELAY)
                continue
            except Exception:
                log.exception("Announcement failed; will retry")
                await asyncio.sleep(RETRY_DELAY)
                continue
            self.idle.set()
            await self._wake.wait()

    async def publish_pending(self, bot: Bot) -> None:
        rows = await self.database.fetchall(
            "SELECT game_id, chat_id, message_id, rendered, change_note FROM announcements "
            "WHERE pending = 1 ORDER BY game_id"
        )
        for row in rows:
            await self._publish(bot, row)

    async def _publish(self, bot: Bot, row: object) -> None:
        game_id, chat_id = row["game_id"], row["chat_id"]  # type: ignore[index]
        message_id, rendered = row["message_id"], row["rendered"]  # type: ignore[index]
        note = row["change_note"]  # type: ignore[index]
        text = await self.render(game_id)
        if message_id is None:
            sent = await bot.send_message(chat_id, text)
            message_id = sent.message_id
        elif text != rendered:
            try:
                await bot.edit_message_text(text, chat_id=chat_id, message_id=message_id)
            except TelegramBadRequest as error:
                if "not modified" not in str(error):
                    # The message was deleted in the chat: announce anew.
                    sent = await bot.send_message(chat_id, text)
                    message_id = sent.message_id
        if note and rendered is not None and text != rendered:  # a change people can see
            game = await self.games.get(game_id)
            assert game is not None
            reply = change_note(game.table, game.number, note)
            with suppress(TelegramBadRequest, TelegramForbiddenError):
                await bot.send_message(
                    chat_id,
                    reply,
                    reply_parameters=ReplyParameters(
                        message_id=message_id, allow_sending_without_reply=True
                    ),
                )
        async with self.database.transaction() as connection:
            await connection.execute(
                "UPDATE announcements SET message_id = ?, rendered = ?, pending = 0, "
                "change_note = NULL WHERE game_id = ?",
                (message_id, text, game_id),
            )

    async def render(self, game_id: int) -> str:
        game, score = await self.games.scored(game_id)
        tournament = await self.tournaments.get(game.tournament_id)
        stage = await self.tournaments.stage(game.stage_id)
        assert tournament is not None and stage is not None
        protocol = game.protocol
        players = await self.players.many([p for p in protocol.players if p is not None])
        judge = await self.members.get(game.judge_id)
        ruleset = tournament.ruleset()
        deadline = game.deadline(self.settings.protest_window_minutes)
        assert protocol.winner is not None
        data = AnnouncementData(
            tournament=tournament.title,
            stage=stage.name,
            table=game.table,
            number=game.number,
            winner=protocol.winner,
            judge=judge.full_name if judge else "—",
            nicknames=[players[p].nickname if p in players else "?" for p in protocol.players],
            penalties=[
                [
                    (code, item.description if (item := ruleset.penalty(code)) else "")
                    for code in protocol.seat_penalties(seat)
                ]
                for seat in SEATS
            ],
            score=score,
            first_killed=protocol.first_killed,
            best_move=list(protocol.best_move),
            deadline=deadline,
            final=game.status_at(self.clock.now(), self.settings.protest_window_minutes)
            is GameStatus.FINAL,
        )
        return announcement(data, self.settings.zone)
