"""Announcing games in the club chat: one message per game, edited when the result changes.

What must be announced is queued in the outbox (``bot.delivery``) in the transaction that saved the
game; the outbox's worker calls ``publish`` and records its result in the same transaction that
removes the row. This module knows how an announcement looks and how it is sent or edited.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup, ReplyParameters

from bot.announce.message import AnnouncementData, announcement
from bot.club.elo import EloRatings
from bot.club.games import Games, GameStatus, StoredGame
from bot.club.members import MemberDirectory
from bot.club.players import PlayerDirectory
from bot.core.clock import Clock
from bot.core.club_scope import CLUB_ZONE
from bot.core.config import Settings
from bot.core.db import Database, Transaction
from bot.tables import protests
from bot.telegram.keyboards import column, link
from bot.texts import announce as announce_texts
from bot.texts import protests as protest_texts
from bot.texts.announce import change_note, discipline_line, penalty_line
from bot.texts.clock import date_time
from bot.texts.game import WINNER, discipline, seat_points
from bot.vocabulary.change_note import read_note
from bot.vocabulary.protocol import SEATS
from bot.vocabulary.statuses import ProtestStatus
from bot.vocabulary.window import ProtestWindow
from scoring.elo import Change

PROTEST_LINK = "protest"  # /start protest-<game>: the «⚠️ Протест» button of an announcement


def _seconds(timeout: float | None) -> int | None:
    return None if timeout is None else max(1, round(timeout))


_GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")


@dataclass(frozen=True, slots=True)
class Published:
    message_id: int
    text: str
    visibly_changed: bool  # an earlier version was shown and this one reads differently


class Announcer:
    def __init__(
        self,
        settings: Settings,
        database: Database,
        games: Games,
        players: PlayerDirectory,
        members: MemberDirectory,
        clock: Clock,
        window: ProtestWindow,
        elo: EloRatings | None = None,
    ) -> None:
        self.elo = elo  # the red team's chance before the game, a player's rating change
        self.window = window
        self.settings = settings
        self.database = database
        self.games = games
        self.players = players
        self.members = members
        self.clock = clock

    async def publish(
        self, bot: Bot, game_id: int, chat_id: int, timeout: float | None = None
    ) -> Published:
        """Send the game's announcement to ``chat_id``, or edit the one already there."""
        row = await self.database.fetchone(
            "SELECT chat_id, message_id, rendered FROM announcements WHERE game_id = ?", (game_id,)
        )
        text, game = await self._drawn(game_id)
        markup = await self._markup(bot, game)
        shown = row is not None and row["message_id"] is not None and row["chat_id"] == chat_id
        if not shown:
            sent = await bot.send_message(
                chat_id, text, reply_markup=markup, request_timeout=_seconds(timeout)
            )
            return Published(sent.message_id, text, visibly_changed=False)
        assert row is not None
        message_id, rendered = int(row["message_id"]), row["rendered"]
        if text == rendered:
            return Published(message_id, text, visibly_changed=False)
        try:
            await bot.edit_message_text(
                text, chat_id=chat_id, message_id=message_id, reply_markup=markup,
                request_timeout=_seconds(timeout),
            )  # fmt: skip
        except TelegramBadRequest as error:
            description = error.message.lower()
            if "not modified" in description:  # edited by an attempt a crash cut short
                return Published(message_id, text, visibly_changed=True)
            if not any(gone in description for gone in _GONE):
                raise
            # Deleted in the chat: announce anew.
            sent = await bot.send_message(
                chat_id, text, reply_markup=markup, request_timeout=_seconds(timeout)
            )
            return Published(sent.message_id, text, visibly_changed=False)
        return Published(message_id, text, visibly_changed=True)

    async def publish_note(
        self, bot: Bot, game_id: int, chat_id: int, keys: str, timeout: float | None = None
    ) -> None:
        """A short reply under the announcement saying what a correction changed."""
        game = await self.games.get(game_id)
        row = await self.database.fetchone(
            "SELECT message_id FROM announcements WHERE game_id = ? AND chat_id = ?",
            (game_id, chat_id),
        )
        assert game is not None
        reply = (
            ReplyParameters(message_id=row["message_id"], allow_sending_without_reply=True)
            if row is not None
            else None
        )
        parts, protesters = read_note(keys)
        text = change_note(game.table, game.number, parts)
        if protesters:
            text = f"{protest_texts.changed_by_protest(protesters)}\n{text}"
        await bot.send_message(chat_id, text, reply_parameters=reply)

    @staticmethod
    async def record(tx: Transaction, game_id: int, chat_id: int, published: Published) -> None:
        """Remember where the announcement lives (inside the outbox's delivery transaction).
        This module owns the ``announcements`` table."""
        await tx.execute(
            "INSERT INTO announcements (game_id, chat_id, message_id, rendered, pending) "
            "VALUES (?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET "
            "chat_id = excluded.chat_id, message_id = excluded.message_id, "
            "rendered = excluded.rendered",
            (game_id, chat_id, published.message_id, published.text),
        )

    async def game_of_message(self, chat_id: int, message_id: int) -> int | None:
        """The game whose announcement this message is (a reply to it names the game)."""
        row = await self.database.fetchone(
            "SELECT game_id FROM announcements WHERE chat_id = ? AND message_id = ?",
            (chat_id, message_id),
        )
        return int(row[0]) if row else None

    async def render_if_exists(self, game_id: int) -> str | None:
        """A game's protocol with every seat's points, as the announcement shows it; None when
        there is no such game (a forged button)."""
        if await self.games.get(game_id) is None:
            return None
        return await self.render(game_id)

    async def render(self, game_id: int) -> str:
        text, _ = await self._drawn(game_id)
        return text

    async def _drawn(self, game_id: int) -> tuple[str, StoredGame]:
        """The announcement's text, and the game as it was read for it."""
        game, tournament, stage, score = await self.games.scored_in_stage(game_id)
        protocol = game.protocol
        # What the text needs besides the game, asked at once: one wait for the database
        # instead of four in a row (each is a turn of the loop behind everyone else's work).
        players, protests_filed, replays, red_chance = await asyncio.gather(
            self.players.many([p for p in protocol.players if p is not None]),
            self._protests(game_id),
            self._replayed_number(game.replay_of),
            self._red_chance(game_id),
        )
        judge = await self.members.full_name(game.judge_id)
        ruleset = tournament.ruleset()
        deadline = game.deadline(self.window)
        assert protocol.winner is not None
        data = AnnouncementData(
            tournament=tournament.title,
            stage=stage.name,
            table=game.table,
            number=game.number,
            winner=protocol.winner,
            judge=judge or "—",
            nicknames=[players[p].nickname if p in players else "?" for p in protocol.players],
            penalties=[
                [
                    (code, item.description if (item := ruleset.penalty(code)) else "")
                    for code in protocol.seat_penalties(seat)
                ]
                for seat in SEATS
            ],
            discipline=[ruleset.discipline(protocol.removed(seat)) for seat in SEATS],
            score=score,
            first_killed=protocol.first_killed,
            best_move=list(protocol.best_move),
            deadline=deadline,
            final=game.status_at(self.clock.now(), self.window) is GameStatus.FINAL,
            protests=protests_filed,
            waiting=bool(game.pending_protests) and self.clock.now() >= deadline,
            replays=replays,
            weight=stage.weight,
            red_chance=red_chance,
        )
        return announcement(data, CLUB_ZONE), game

    async def _red_chance(self, game_id: int) -> float | None:
        if self.elo is None:
            return None
        state = await self.elo.state()
        rated = state.rated.get(game_id)
        if rated is None or not state.chance_proven(self.settings.elo_chance_games):
            return None
        return rated.red_chance

    async def _rating_change(self, game_id: int, player_id: int) -> Change | None:
        if self.elo is None:
            return None
        rated = (await self.elo.state()).rated.get(game_id)
        if rated is None:
            return None
        return rated.change_of(str(player_id))

    async def _replayed_number(self, game_id: int | None) -> int | None:
        replayed = await self.games.get(game_id) if game_id is not None else None
        return replayed.number if replayed is not None else None

    async def _protests(self, game_id: int) -> tuple[tuple[ProtestStatus, str, str | None], ...]:
        found = await protests.of_game(self.database, game_id)
        return tuple((protest.status, protest.nickname, protest.reason) for protest in found)

    async def _markup(self, bot: Bot, game: StoredGame) -> InlineKeyboardMarkup | None:
        """«⚠️ Протест» under an announcement while protests may be filed: it opens the private
        chat with the bot on that game."""
        if not game.open_for_protest(self.clock.now(), self.window):
            return None
        me = await bot.me()
        url = f"https://t.me/{me.username}?start={PROTEST_LINK}-{game.id}"
        return column([link(protest_texts.CLUB_PROTEST_BUTTON, url)])

    async def personal(self, game_id: int, player_id: int) -> tuple[str, bool] | None:
        """A player's own result of a game, and whether he may still protest it; None when the
        game is annulled or he did not play it."""
        game, tournament, _, score = await self.games.scored_in_stage(game_id)
        if score is None:
            return None
        seat = game.protocol.seat_of(player_id)
        if seat is None:
            return None
        player = await self.players.get(player_id)
        assert player is not None and game.protocol.winner
        ruleset = tournament.ruleset()
        scored = score.seats[seat - 1]
        points = ruleset.discipline(scored.removed)
        lines = [seat_points(scored, player.nickname, points)]
        for code in game.protocol.seat_penalties(seat):
            item = ruleset.penalty(code)
            lines.append(penalty_line(code, item.description if item else ""))
        if told := discipline(scored.fouls, scored.technical_fouls, scored.removed, points):
            lines.append(discipline_line(told))
        change = await self._rating_change(game_id, player_id)
        if change is not None:
            lines.append(announce_texts.rating_change(change.track, change.before, change.after))
        window = self.window
        open_ = game.open_for_protest(self.clock.now(), window)
        text = protest_texts.private_result(
            "\n".join(lines), game.table, game.number, tournament.title,
            WINNER[game.protocol.winner], date_time(game.deadline(window), CLUB_ZONE),
            open_,
        )  # fmt: skip
        return text, open_

    async def publish_reply(
        self, bot: Bot, game_id: int, chat_id: int, text: str, timeout: float | None = None
    ) -> None:
        """A text under the game's announcement (a decision on a protest, a replay)."""
        row = await self.database.fetchone(
            "SELECT message_id FROM announcements WHERE game_id = ? AND chat_id = ?",
            (game_id, chat_id),
        )
        reply = (
            ReplyParameters(message_id=row["message_id"], allow_sending_without_reply=True)
            if row is not None and row["message_id"] is not None
            else None
        )
        await bot.send_message(
            chat_id, text, reply_parameters=reply, request_timeout=_seconds(timeout)
        )
