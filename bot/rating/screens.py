"""The rating wing's screens: /rating pages with their buttons, the group's summary, the
pictures, /mingames, and a player's record (/me, /player).

Pages already drawn are kept (``_Pages``): thirty players asking at once mostly see the same page
of the same table, and drawing it (twenty rows of numbers, eight buttons) was a fifth of a
/rating under load."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import tzinfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import PlayerCB, RatingAction, RatingCB, RecordCB
from bot.club.elo import EloRatings, EloState
from bot.club.players import Player, PlayerDirectory
from bot.core import club_scope
from bot.core.parsing import small_number
from bot.rating.periods import GameResults
from bot.rating.record import LAST_GAMES
from bot.rating.service import RatingError, Ratings, pages_of, parse_request
from bot.rating.statistics_screens import StatisticsScreens
from bot.tables.tournaments import Tournament
from bot.telegram.keyboards import button, column, keyboard, link
from bot.telegram.screen import Picture, Screen, with_web_app
from bot.telegram.sent_pictures import SentPictures
from bot.texts import common
from bot.texts import live as live_texts
from bot.texts import rating as texts
from bot.texts import record as record_texts
from bot.texts.clock import clock_time
from bot.texts.record import ELO_WORDS
from bot.vocabulary.ratings import Kind, Record, Table
from scoring.elo import BLACK, RED

DEEP_LINK = "rating"  # /start rating-<tournament>-<board>


def _keyboard(tournament_id: int, kind: Kind, number: int, pages: int) -> InlineKeyboardMarkup:
    """◀ ▶ (when there is a page that way), the other boards three in a row, the picture."""

    def tap(text: str, action: RatingAction, board: Kind, page: int) -> InlineKeyboardButton:
        return button(text, RatingCB(a=action, t=tournament_id, k=board, p=page))

    arrows = []
    if number > 1:
        arrows.append(tap(texts.PREVIOUS, RatingAction.PAGE, kind, number - 1))
    if number < pages:
        arrows.append(tap(texts.NEXT, RatingAction.PAGE, kind, number + 1))
    boards = [
        tap(texts.BOARD_BUTTON[other], RatingAction.PAGE, other, 1)
        for other in Kind
        if other is not kind
    ]
    picture = [tap(texts.PICTURE, RatingAction.PICTURE, kind, number)]
    return keyboard([arrows, boards[:3], boards[3:], picture])


@dataclass(frozen=True, slots=True)
class _Drawn:
    table: Table  # kept alive with its page, so that its id cannot be reused meanwhile
    screen: Screen


class _Pages:
    """Pages already drawn, by the table they show, the page, the reader's row and the minute."""

    SIZE = 256

    def __init__(self) -> None:
        self._drawn: OrderedDict[tuple[int, str, int, int | None, str], _Drawn] = OrderedDict()

    def get(
        self, table: Table, title: str, number: int, mine: int | None, as_of: str
    ) -> Screen | None:
        key = (id(table), title, number, mine, as_of)
        drawn = self._drawn.get(key)
        if drawn is None or drawn.table is not table:  # an id reused by a newer table
            return None
        self._drawn.move_to_end(key)
        return drawn.screen

    def put(
        self, table: Table, title: str, number: int, mine: int | None, as_of: str, screen: Screen
    ) -> None:
        self._drawn[(id(table), title, number, mine, as_of)] = _Drawn(table, screen)
        if len(self._drawn) > self.SIZE:
            self._drawn.popitem(last=False)


def _kind(value: str) -> Kind:
    return Kind(value) if value in Kind.__members__.values() else Kind.TOTAL


ELO_ROWS = 20
_VS_SPLIT = re.compile(r"\s+(?:—|–|-|vs|против|и)\s+|\s*/\s*", re.IGNORECASE)


class RatingScreens:
    def __init__(
        self, ratings: Ratings, players: PlayerDirectory, zone: tzinfo, results: GameResults,
        elo: EloRatings | None = None, elo_min_games: int = 5, elo_chance_games: int = 100,
        app_page: str | None = None, app_name: str | None = None,
        statistics: StatisticsScreens | None = None,
    ) -> None:  # fmt: skip
        self.ratings = ratings
        self.statistics = statistics  # the short block of /stats under /me and /player
        self.players = players
        self.zone = zone
        self.results = results
        self.elo = elo
        self.elo_min_games = elo_min_games
        self.elo_chance_games = elo_chance_games
        # the Mini App's pages, offered under /rating and /me in private (WEBAPP_URL)
        self.standings_page = f"{app_page}standings.html" if app_page else None
        self.record_page = f"{app_page}record.html" if app_page else None
        # the app's short name (@BotFather's /newapp): a link to it works in the club chat too
        self.app_name = app_name if app_page else None
        self._elo_ranked: tuple[EloState, list[_EloRow]] | None = None  # kept per state
        self._pages = _Pages()
        self.sent = SentPictures()  # the bot's pictures sent before: sent again by file_id

    async def _page(self, tournament: Tournament, kind: Kind, number: int, user_id: int) -> Screen:
        table, now = await self.ratings.table(tournament, kind)
        pages = pages_of(len(table.rows))
        if not 1 <= number <= pages:
            raise RatingError(texts.NO_SUCH_PAGE)
        mine = await self.ratings.linked_player(user_id)
        as_of = clock_time(now, self.zone)
        screen = self._pages.get(table, tournament.title, number, mine, as_of)
        if screen is None:
            text = texts.page(tournament.title, table, number, pages, mine, as_of)
            screen = Screen(text, _keyboard(tournament.id, kind, number, pages))
            self._pages.put(table, tournament.title, number, mine, as_of, screen)
        return screen

    async def private(self, args: str | None, user_id: int) -> Screen:
        """``/rating …`` in private: some games' results («вечер», «01.12», «01.11-30.11»), the
        Elo board («elo»), or the first page of the board and tournament asked for."""
        period = await self.results.period(args)
        if period is not None:
            return Screen(period)
        if (args or "").strip().casefold() in ELO_WORDS:
            return await self.elo_board(user_id)
        page = await self.first_page(args, user_id)
        return with_web_app(page, live_texts.STANDINGS_APP, self.standings_page)

    async def first_page(self, args: str | None, user_id: int) -> Screen:
        """``/rating`` in private: the first page of the board and tournament asked for."""
        request = parse_request(args)
        try:
            tournament = await self.ratings.tournament(request.tournament)
            return await self._page(tournament, request.kind, 1, user_id)
        except RatingError as error:
            return Screen(error.message)

    async def from_link(self, args: str | None, user_id: int) -> Screen:
        """The «Вся таблица» button in the group opens the private chat with ``/start rating-…``."""
        parts = (args or "").split("-")
        tournament_id = small_number(parts[1], 1, 2**31) if len(parts) > 1 else None
        kind = _kind(parts[2]) if len(parts) > 2 else Kind.TOTAL
        try:
            tournament = await self.ratings.by_id(tournament_id) if tournament_id else None
            tournament = tournament or await self.ratings.tournament("")
            page = await self._page(tournament, kind, 1, user_id)
        except RatingError as error:
            return Screen(error.message)
        return with_web_app(page, live_texts.STANDINGS_APP, self.standings_page)

    async def group(self, args: str | None, user_id: int, bot_username: str | None) -> Screen:
        """``/rating`` in the club chat: the top of the board and a button to the whole table;
        some games' results, as the evening's are posted."""
        period = await self.results.period(args)
        if period is not None:
            return Screen(period)
        request = parse_request(args)
        try:
            tournament = await self.ratings.tournament(request.tournament)
        except RatingError as error:
            return Screen(error.message)
        table, now = await self.ratings.table(tournament, request.kind)
        mine = await self.ratings.linked_player(user_id)
        text = texts.group_summary(tournament.title, table, mine, clock_time(now, self.zone))
        start = f"{DEEP_LINK}-{tournament.id}-{request.kind.value}"
        links = [link(texts.FULL_TABLE, f"https://t.me/{bot_username}?start={start}")]
        if self.app_name is not None:  # Telegram allows no web-app button here: a link to it
            club = f"club{club_scope.club_id()}"  # the page speaks of this club
            app = f"https://t.me/{bot_username}/{self.app_name}?startapp=standings-{club}"
            links.insert(0, link(texts.TABLE_IN_APP, app))
        return Screen(text, column(links))

    async def tapped(self, data: RatingCB, user_id: int, message_id: int) -> Screen:
        """A page or board button: that page in place of the tapped one; a picture button: the
        toast (the picture follows, ``picture``); a stale one: why not."""
        if data.k not in set(Kind):
            return Screen(toast=common.STALE_BUTTON, alert=True)
        try:
            tournament = await self.ratings.by_id(data.t)
            screen = await self._page(tournament, Kind(data.k), data.p, user_id)
        except RatingError as error:
            return Screen(toast=error.message, alert=True)
        if data.a is RatingAction.PICTURE:
            return Screen(toast=texts.DRAWING)
        return replace(screen, edit=message_id)

    async def picture(self, data: RatingCB, user_id: int) -> Picture:
        """The page of a board as a picture (after ``tapped`` said it exists)."""
        from bot.rating import pictures  # lazy: the drawing library loads on first use

        tournament = await self.ratings.by_id(data.t)
        table, now = await self.ratings.table(tournament, Kind(data.k))
        pages = pages_of(len(table.rows))
        mine = await self.ratings.linked_player(user_id)
        drawing = pictures.standings_picture(
            tournament.title, table, data.p, pages, mine, clock_time(now, self.zone)
        )
        caption = texts.picture_caption(tournament.title, data.p, pages)
        return await pictures.picture_of(drawing, f"rating-{data.p}.png", caption, self.sent)

    async def min_games(self, args: str | None) -> Screen:
        """``/mingames``: the boards' minimum of games, shown or set (``auto``: the default)."""
        try:
            tournament = await self.ratings.tournament("")
        except RatingError as error:
            return Screen(error.message)
        words = (args or "").strip()
        if not words:
            return Screen(texts.min_games_shown(tournament.title, tournament.min_games))
        automatic = words.casefold() in ("auto", "авто")
        value = None if automatic else small_number(words, 0, 1000)
        if value is None and not automatic:
            return Screen(texts.MIN_GAMES_INVALID)
        await self.ratings.set_min_games(tournament.id, value)
        return Screen(texts.min_games_set(tournament.title, value))

    # -- a player's record ---------------------------------------------------------------------

    async def find_player(
        self, args: str | None, last_games: int | None = LAST_GAMES
    ) -> tuple[Screen, Record | None]:
        """/player: a nickname (or part of one, or a typo of one), maybe followed by words naming
        a tournament as for /rating. One match: his record (``last_games`` of his games listed;
        None: all); several: a button each."""
        words = (args or "").split()
        if not words:
            return Screen(record_texts.PLAYER_USAGE), None
        for cut in range(len(words), 0, -1):  # «Лис осенний кубок»: the longest nickname first
            player = await self.players.by_nickname(" ".join(words[:cut]))
            if player is not None:
                return await self.record(player, " ".join(words[cut:]), last_games)
        text = " ".join(words)
        found = await self.players.close_to(text) + await self.players.search(text)
        matches = list({player.id: player for player in found}.values())
        if len(matches) == 1:
            return await self.record(matches[0], last_games=last_games)
        if not matches:
            return Screen(record_texts.no_player(text)), None
        buttons = [button(p.nickname, RecordCB(p=p.id)) for p in matches]
        return Screen(record_texts.several_players(text), column(buttons)), None

    async def versus(self, args: str | None, user_id: int) -> Screen:
        """``/vs Ник`` (the asker and him) or ``/vs Ник1 — Ник2``: head to head in the current
        tournament."""
        mine = await self.ratings.linked_player(user_id)
        me = await self.players.get(mine) if mine is not None else None
        words = " ".join((args or "").split())
        names = [part.strip() for part in _VS_SPLIT.split(words, maxsplit=1) if part.strip()]
        if not names:
            return Screen(record_texts.VS_USAGE)
        if len(names) == 1:
            if me is None:
                return Screen(f"{record_texts.NOT_LINKED}\n\n{record_texts.VS_USAGE}")
            first: Player | None = me
        else:
            first = await self.players.by_nickname(names[0])
            if first is None:
                return Screen(record_texts.vs_no_player(names[0]))
        second = await self.players.by_nickname(names[-1])
        if second is None:
            return Screen(record_texts.vs_no_player(names[-1]))
        assert first is not None
        if first.id == second.id:
            return Screen(record_texts.VS_SAME)
        try:
            tournament = await self.ratings.tournament("")
        except RatingError as error:
            return Screen(error.message)
        found = await self.ratings.head_to_head(tournament, first, second)
        return Screen(record_texts.head_to_head(found, tournament.title))

    async def elo_board(self, user_id: int) -> Screen:
        """``/rating elo``: the club's Elo ratings, both tracks, over every tournament."""
        if self.elo is None:
            return Screen(texts.NO_TOURNAMENT)
        state = await self.elo.state()
        if self._elo_ranked is None or self._elo_ranked[0] is not state:
            self._elo_ranked = (state, _elo_ranking(state, self.elo_min_games))
        rows = self._elo_ranked[1]
        mine = await self.ratings.linked_player(user_id)
        picked = [
            (place, row) for place, row in enumerate(rows, start=1)
            if place <= ELO_ROWS or row[1] == mine
        ]  # fmt: skip
        names = await self.players.many([row[1] for _, row in picked])
        shown = [
            (place, names[row[1]].nickname, row[0], row[2], row[3], row[1] == mine)
            for place, row in picked
        ]
        now = clock_time(self.ratings.clock.now(), self.zone)
        board = record_texts.elo_board(shown, len(state.keys), self.elo_min_games, len(rows), now)
        found = state.measured
        measure = record_texts.elo_measure(
            found.games, found.score, found.base_rate, found.base_rate_score,
            state.chance_proven(self.elo_chance_games), self.elo_chance_games,
        )  # fmt: skip
        return Screen(f"{board}\n\n{measure}" if measure else board)

    async def record_of(self, data: RecordCB) -> tuple[Screen, Record | None]:
        """A /player button: that player's record."""
        player = await self.players.get(data.p)
        if player is None:
            return Screen(toast=common.STALE_BUTTON, alert=True), None
        return await self.record(player)

    async def my_record(self, player: Player) -> tuple[Screen, Record | None]:
        """/me: his record, and the page with its charts when the app is served."""
        screen, data = await self.record(player, own=True)
        return with_web_app(screen, live_texts.RECORD_APP, self.record_page), data

    async def record(
        self,
        player: Player,
        tournament_words: str = "",
        last_games: int | None = LAST_GAMES,
        own: bool = False,
    ) -> tuple[Screen, Record | None]:
        """/me, /player: the record in the tournament named (the current one by default) as text,
        and the record itself when it has games to chart (``progress``: drawn after the text is
        on its way)."""
        try:
            tournament = await self.ratings.tournament(tournament_words)
        except RatingError as error:
            return Screen(error.message), None
        data, now = await self.ratings.record(tournament, player, last_games)
        if self.elo is not None and data.standing is not None:
            state = await self.elo.state()
            data = replace(
                data,
                elo=(state.player(player.id, RED), state.player(player.id, BLACK)),
                elo_curve=state.curve(player.id),
            )
        short = await self.statistics.short(player, own) if self.statistics else None
        text = record_texts.record_text(data, clock_time(now, self.zone), short)
        return Screen(text, _recent_games(data)), data if data.cumulative else None

    async def progress(self, data: Record) -> Picture:
        """His points game by game, as a picture."""
        from bot.rating import pictures  # lazy: the drawing library loads on first use

        caption = record_texts.CHART_CAPTION_ELO if data.elo_curve else record_texts.CHART_CAPTION
        chart = pictures.progress_chart(data)
        return await pictures.picture_of(chart, "progress.png", caption, self.sent)


_EloRow = tuple[float, int, tuple[float, int], tuple[float, int]]  # overall, id, red, black


def _elo_ranking(state: EloState, min_games: int) -> list[_EloRow]:
    """Everyone with ``min_games`` games, by the two tracks' mean weighted by their games."""
    players: dict[int, list[tuple[float, int]]] = {}
    for (name, track), games in state.ratings.games.items():
        players.setdefault(int(name), [(0.0, 0), (0.0, 0)])[track == BLACK] = (
            state.ratings.of(name, track),
            games,
        )
    rows = []
    for player_id, ((red, reds), (black, blacks)) in players.items():
        if reds + blacks < min_games:
            continue
        overall = (red * reds + black * blacks) / (reds + blacks)
        rows.append((overall, player_id, (red, reds), (black, blacks)))
    rows.sort(key=lambda row: (-row[0], row[1]))
    return rows


def _recent_games(data: Record) -> InlineKeyboardMarkup | None:
    if not data.recent or data.standing is None:
        return None
    return column(
        button(record_texts.recent_button(game), PlayerCB(g=game.game_id)) for game in data.recent
    )
