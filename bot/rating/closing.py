"""/closetournament: the tournament is closed and the club chat gets its final table and its
nominations (issue 21, §4), as a kept post drawn when it goes, with «🖼 Картинкой»."""

from __future__ import annotations

import asyncio
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import ClosingCB
from bot.club.tournaments import Tournament, Tournaments
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.rating.boards import default_min_games
from bot.rating.nominations import nominate, nominee_lines
from bot.rating.service import RatingError, Ratings
from bot.rating.standings import Board
from bot.tables import tournaments as rows
from bot.telegram.keyboards import button, keyboard
from bot.telegram.screen import Picture
from bot.texts import closing as texts
from bot.texts import rating as rating_texts
from bot.texts.clock import clock_time
from bot.texts.points import show
from bot.vocabulary.ratings import Kind
from bot.vocabulary.rights import Member

post_key = rows.closing_post_key


class Closing:
    def __init__(
        self, database: Database, clock: Clock, tournaments: Tournaments, ratings: Ratings,
        zone: ZoneInfo,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.tournaments = tournaments
        self.ratings = ratings
        self.zone = zone

    async def close(self, member: Member, args: str | None) -> str:
        if not member.is_admin:
            return texts.ONLY_ADMIN
        try:
            tournament, board = await self.ratings.named_board(args)
        except RatingError as error:
            return error.message
        if not board.game_count:
            return texts.NO_GAMES
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            first = await rows.close(tx, tournament.id, now)
            if first:
                await outbox.enqueue_live(tx, outbox.CLUB, post_key(tournament.id), now)
        return texts.closed(tournament.title) if first else texts.already(tournament.title)

    @staticmethod
    async def redraw_for(tx: Transaction, game_id: int, now: str) -> None:
        """A game corrected or annulled: its tournament's final table follows, once posted."""
        tournament_id = await rows.closed_with_game(tx, game_id)
        if tournament_id is not None:
            await outbox.enqueue_live(tx, outbox.CLUB, post_key(tournament_id), now)

    async def draw(self, key: outbox.PostKey) -> tuple[str, InlineKeyboardMarkup | None] | None:
        """The closing post of a tournament by its key."""
        tournament = await self.tournaments.get(key.id)
        if tournament is None:
            return None
        board = await self.ratings.board(tournament)
        result = await asyncio.to_thread(lambda: board.result)  # from nothing: a second at 10k
        minimum = self._minimum(tournament, board)
        found = nominate(result.games, result.standings, minimum, board.weight)
        now = self.clock.now()
        provisional = any(
            board.provisional(board.player_id(row), now, self.ratings.window)
            for row in result.standings
        )
        text = texts.post(
            tournament.title, board.game_count,
            [(row.place, row.name, show(row.total), row.games) for row in result.standings],
            texts.winner(found.winner.name, show(found.winner.total)) if found.winner else None,
            nominee_lines(found), minimum, provisional,
        )  # fmt: skip
        data = ClosingCB(t=tournament.id)
        return text, keyboard([[button(rating_texts.PICTURE, data)]])

    @staticmethod
    def _minimum(tournament: Tournament, board: Board) -> int:
        """The tournament's minimum of games for averages (/mingames, else the boards' own)."""
        if tournament.min_games is not None:
            return max(1, tournament.min_games)
        return max(1, default_min_games(board, Kind.AVERAGE))

    async def picture(self, tournament_id: int) -> Picture | None:
        """The final table's first page as a picture (the rating's own drawing)."""
        from bot.rating import pictures  # lazy: the drawing library loads on first use

        tournament = await self.tournaments.get(tournament_id)
        if tournament is None:
            return None
        table, now = await self.ratings.table(tournament, Kind.TOTAL)
        drawing = pictures.standings_picture(
            tournament.title, table, 1, 1, None, clock_time(now, self.zone)
        )
        png = await pictures.render_async(drawing)
        caption = texts.picture_caption(tournament.title)
        return Picture(png, f"tournament-{tournament_id}.png", caption)
