"""What /rating, /me and /player ask of the club's data: which tournament, board and row."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo

from bot.club.players import Player, nickname_key
from bot.club.tournaments import Tournament, Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.rating.boards import table
from bot.rating.company import head_to_head
from bot.rating.record import LAST_GAMES, PARTNER_GAMES, record
from bot.rating.standings import Board, Standings
from bot.tables import players as player_rows
from bot.texts import rating as texts
from bot.vocabulary.ratings import HeadToHead, Kind, Record, Table
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.window import ProtestWindow


class RatingError(Refusal):
    """The request cannot be answered (no such tournament, board or period); the message is
    Russian and says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message, RefusalKind.NOT_FOUND)


@dataclass(frozen=True, slots=True)
class Request:
    kind: Kind
    tournament: str  # words naming a tournament; empty: the current one


def parse_request(args: str | None) -> Request:
    """``/rating``, ``/rating avg``, ``/rating шериф осенний``, ``/rating осенний кубок``."""
    kind = Kind.TOTAL
    rest = []
    for word in (args or "").split():
        board = texts.BOARD_WORDS.get(nickname_key(word))
        if board is not None and kind is Kind.TOTAL:
            kind = board
        else:
            rest.append(word)
    return Request(kind, " ".join(rest))


class Ratings:
    def __init__(
        self,
        database: Database,
        tournaments: Tournaments,
        standings: Standings,
        clock: Clock,
        window: ProtestWindow,
        partner_games: int = PARTNER_GAMES,
        zone: tzinfo | None = None,
    ) -> None:
        self.database = database
        self.tournaments = tournaments
        self.standings = standings
        self.clock = clock
        self.window = window
        self.partner_games = partner_games  # shared games a teammate or rival needs
        self.zone = zone or ZoneInfo("UTC")  # the club's: an evening is a local date
        # by tournament: the revision its tables were made of, and each table with its expiry
        self._tables: dict[int, tuple[int, dict[Kind, tuple[Table, datetime]]]] = {}

    async def tournament(self, asked: str) -> Tournament:
        """The tournament a player named by part of its title; the current one when unnamed."""
        if not asked:
            current = await self.tournaments.current_tournament()
            if current is None:
                raise RatingError(texts.NO_TOURNAMENT)
            return current
        everyone = await self.tournaments.all()
        listed = [t for t in everyone if not t.archived]  # an archived one: by its full title
        key = nickname_key(asked)
        exact = [t for t in everyone if nickname_key(t.title) == key]
        found = exact or [t for t in listed if key in nickname_key(t.title)]
        if not found:
            raise RatingError(texts.unknown_tournament(asked, [t.title for t in listed[:10]]))
        if len(found) > 1:
            raise RatingError(texts.several_tournaments(asked, [t.title for t in found[:10]]))
        return found[0]

    async def by_id(self, tournament_id: int) -> Tournament:
        found = await self.tournaments.get(tournament_id)
        if found is None:
            raise RatingError(texts.NO_SUCH_TOURNAMENT)
        return found

    async def board(self, tournament: Tournament) -> Board:
        return await self.standings.board(tournament)

    async def top(self, tournament: Tournament, count: int) -> list[int]:
        """The players of the first ``count`` places of the tournament's table (a final's)."""
        board = await self.board(tournament)
        return [board.player_id(row) for row in board.standings[:count]]

    async def named_board(self, args: str | None) -> tuple[Tournament, Board]:
        """A command's tournament (by part of its title; the current one without) and its
        standings; ``RatingError`` when there is no such tournament."""
        tournament = await self.tournament((args or "").strip())
        return tournament, await self.board(tournament)

    async def table(self, tournament: Tournament, kind: Kind) -> tuple[Table, datetime]:
        """A board's table as of now. Made once per revision of the data and kept until the
        clock alone changes it (a game's protest window closes: its players lose ⏳), so that
        thirty players asking at once cost one computation."""
        board = await self.standings.board(tournament)
        now = self.clock.now()
        revision, tables = self._tables.get(tournament.id, (None, {}))
        if revision != board.revision:
            tables = {}
            self._tables[tournament.id] = (board.revision, tables)
        kept = tables.get(kind)
        if kept is not None and now < kept[1]:
            return kept[0], now
        made = table(board, kind, board.tournament.min_games, now, self.window)
        tables[kind] = (made, board.next_provisional_change(now, self.window))
        return made, now

    async def next_change(self, tournament: Tournament) -> datetime:
        """When a row of the tournament's tables next loses its ⏳ by the clock alone."""
        board = await self.standings.board(tournament)
        return board.next_provisional_change(self.clock.now(), self.window)

    async def record(
        self, tournament: Tournament, player: Player, last_games: int | None = LAST_GAMES
    ) -> tuple[Record, datetime]:
        board = await self.standings.board(tournament)
        now = self.clock.now()
        found = record(
            board, player.id, player.nickname, now, self.window, self.partner_games, self.zone,
            last_games,
        )  # fmt: skip
        return found, now

    async def head_to_head(
        self, tournament: Tournament, first: Player, second: Player
    ) -> HeadToHead:
        board = await self.standings.board(tournament)
        return head_to_head(board.played(first.id), first.nickname, second.nickname)

    async def linked_player(self, user_id: int) -> int | None:
        linked = await player_rows.linked_to(self.database, user_id)
        return linked[0] if linked else None

    async def set_min_games(self, tournament_id: int, value: int | None) -> None:
        await self.tournaments.set_min_games(tournament_id, value)


def pages_of(rows: int, page_size: int = texts.PAGE_SIZE) -> int:
    return max(1, -(-rows // page_size))
