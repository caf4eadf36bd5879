"""/closetournament: the tournament is closed and the club chat gets its final table and its
nominations (issue 21, §4), as a kept post drawn when it goes, with «🖼 Картинкой»."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from datetime import tzinfo

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import ClosingCB, SeasonAction, SeasonCB
from bot.club.options import ClubOptions
from bot.club.tournaments import Tournament, TournamentError, Tournaments
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.rating.boards import default_min_games
from bot.rating.nominations import attendance, nominate, nominee_lines
from bot.rating.service import RatingError, Ratings
from bot.rating.standings import Board
from bot.tables import tournaments as rows
from bot.telegram.keyboards import button, column, keyboard
from bot.telegram.screen import Picture, Screen
from bot.texts import closing as texts
from bot.texts import rating as rating_texts
from bot.texts.clock import clock_time
from bot.texts.markup import plain
from bot.texts.points import show
from bot.vocabulary.ratings import Kind
from bot.vocabulary.rights import Member
from scoring import Standing

post_key = rows.closing_post_key
_NUMBER_AT_END = re.compile(r"^(.*?)(\d+)$")


def next_title(title: str) -> str:
    """The next season's title: the number it ends with, plus one («Сезон 3» → «Сезон 4»,
    «Осень 2026» → «Осень 2027»); else the title with «2»."""
    found = _NUMBER_AT_END.match(title)
    if found is None:
        return f"{title} 2"
    return f"{found.group(1)}{int(found.group(2)) + 1}"


def _season_buttons(tournament: Tournament) -> InlineKeyboardMarkup:
    return column([
        button(texts.next_button(next_title(tournament.title)),
               SeasonCB(a=SeasonAction.NEXT, t=tournament.id)),
        button(texts.REOPEN_BUTTON, SeasonCB(a=SeasonAction.REOPEN, t=tournament.id)),
    ])  # fmt: skip


class Closing:
    def __init__(
        self, database: Database, clock: Clock, tournaments: Tournaments, ratings: Ratings,
        zone: tzinfo, options: ClubOptions,
    ) -> None:  # fmt: skip
        self.database = database
        self.options = options
        self.clock = clock
        self.tournaments = tournaments
        self.ratings = ratings
        self.zone = zone

    async def close(self, member: Member, args: str | None) -> Screen:
        """The tournament takes no more games or evenings; its final table is posted. The admin
        is offered the next season in one tap, or to reopen it."""
        if not member.is_admin:
            return Screen(texts.ONLY_ADMIN)
        try:
            tournament, board = await self.ratings.named_board(args)
        except RatingError as error:
            return Screen(error.message)
        if not board.game_count:
            return Screen(texts.NO_GAMES)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            first = await rows.close(tx, tournament.id, now)
            if first:
                await outbox.enqueue_kept(tx, outbox.CLUB, post_key(tournament.id), now)
        text = texts.closed(tournament.title) if first else texts.already(tournament.title)
        return Screen(text, _season_buttons(tournament))

    async def season(self, member: Member, data: SeasonCB, request_key: str) -> Screen:
        """An admin's tap under the closing: the next season made current, or the closed
        tournament reopened. A second tap of the same button changes nothing twice."""
        if not member.is_admin:
            return Screen(toast=texts.ONLY_ADMIN, alert=True)
        closed = await self.tournaments.get(data.t)
        if closed is None:
            return Screen(toast=texts.GONE, alert=True)
        if data.a is SeasonAction.REOPEN:
            async with self.database.transaction() as tx:
                reopened = await rows.reopen(tx, closed.id)
            return Screen(
                texts.reopened(closed.title) if reopened else texts.not_closed(closed.title)
            )
        try:
            created = await self.tournaments.create(
                next_title(closed.title), closed.ruleset_ref, member.user_id, request_key
            )
        except TournamentError as error:
            return Screen(f"{error}\n\n{texts.NEXT_BY_HAND}")
        return Screen(texts.next_season(created.title))

    @staticmethod
    async def redraw_for(tx: Transaction, game_id: int, now: str) -> None:
        """A game corrected or annulled: its tournament's final table follows, once posted."""
        tournament_id = await rows.closed_with_game(tx, game_id)
        if tournament_id is not None:
            await outbox.enqueue_kept(tx, outbox.CLUB, post_key(tournament_id), now)

    async def draw(self, key: outbox.PostKey) -> tuple[str, InlineKeyboardMarkup | None] | None:
        """The closing post of a tournament by its key."""
        tournament = await self.tournaments.get(key.id)
        if tournament is None:
            return None
        board = await self.ratings.board(tournament)
        result = await asyncio.to_thread(lambda: board.result)  # from nothing: a second at 10k
        minimum = self._minimum(tournament, board)
        fair_play = minimum if await self.options.fair_play() else None
        found = nominate(  # /mingames for every board, else each board its own minimum
            result.games, result.standings, tournament.min_games, board.weight, fair_play
        )
        nominees = nominee_lines(found, say_unnamed=True) + self._attendance(
            board, result.standings
        )
        now = self.clock.now()
        provisional = any(
            board.provisional(board.player_id(row), now, self.ratings.window)
            for row in result.standings
        )
        text = texts.post(
            tournament.title, board.game_count,
            [(row.place, row.name, show(row.total), row.games) for row in result.standings],
            texts.winner(found.winner.name, show(found.winner.total)) if found.winner else None,
            nominees, dict(found.minimums), provisional,
        )  # fmt: skip
        data = ClosingCB(t=tournament.id)
        return text, keyboard([[button(rating_texts.PICTURE, data)]])

    def _attendance(self, board: Board, standings: Sequence[Standing]) -> list[tuple[str, str]]:
        """Most evenings (the days he played on, in the club's time) and most games."""
        rows = []
        for row in standings:
            played = board.played(board.player_id(row))
            days = {game.facts.ended_at.astimezone(self.zone).date() for game in played}
            rows.append((row.name, len(days), row.games))
        return attendance(rows)

    @staticmethod
    def _minimum(tournament: Tournament, board: Board) -> int:
        """The tournament's minimum of games for averages (/mingames, else the boards' own)."""
        if tournament.min_games is not None:
            return max(1, tournament.min_games)
        return max(1, default_min_games(board, Kind.AVERAGE))

    async def picture(self, tournament_id: int) -> Picture | None:
        """The final table, every row of it, and its nominations as one picture."""
        from bot.rating import pictures  # lazy: the drawing library loads on first use

        tournament = await self.tournaments.get(tournament_id)
        if tournament is None:
            return None
        table, now = await self.ratings.table(tournament, Kind.TOTAL)
        drawn = await self.draw(post_key(tournament_id))
        notes = _nominations_of(drawn[0]) if drawn else []
        caption = texts.picture_caption(tournament.title)
        as_of = clock_time(now, self.zone)
        drawing = pictures.standings_picture(  # every row on one picture, nominations under it
            tournament.title, table, 1, 1, None, as_of, size=len(table.rows), notes=notes,
            title=caption,
        )  # fmt: skip
        png = await pictures.render_async(drawing)
        return Picture(png, f"tournament-{tournament_id}.png", caption)


def _nominations_of(post: str) -> list[str]:
    """The closing post's nominations, as plain lines for its picture (the post's own words)."""
    part = post.split(texts.NOMINATIONS_HEADING, 1)
    if len(part) < 2:
        return []
    lines = (plain(line).strip() for line in part[1].splitlines())
    return [line for line in lines if line]
