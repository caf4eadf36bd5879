"""/stats: a player's statistics from the games run in the app (his own in private, another's by
nickname), the boards over a tournament or all time, and the short block /me and /player show
(issue 48 §3). The numbers are ``PlayerStatistics``'; the words ``bot.texts.statistics``'."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bot.callbacks import StatsCB
from bot.club.players import Player, PlayerDirectory
from bot.rating.service import RatingError, Ratings
from bot.rating.statistics import PlayerStatistics
from bot.telegram.keyboards import button, column, in_rows, keyboard
from bot.telegram.screen import Screen
from bot.texts import common
from bot.texts import record as record_texts
from bot.texts import statistics as texts
from bot.texts.markup import quote


def _share(key: str, number: Fraction | None) -> float | None:
    """A share drawn as a bar (a mean per game is not one)."""
    if number is None or key in texts.MEANS:
        return None
    return round(float(number), 3)


ALL_TIME = ("всё", "все", "всё время", "все время", "всегда")


class StatisticsScreens:
    def __init__(
        self, statistics: PlayerStatistics, ratings: Ratings, players: PlayerDirectory
    ) -> None:
        self.statistics = statistics
        self.ratings = ratings
        self.players = players

    async def command(self, args: str | None, user_id: int, private: bool) -> Screen:
        """``/stats``: in private his own and the boards' menu, in the club chat the menu;
        ``/stats доска [турнир|всё]``: a board; ``/stats Ник``: a player's."""
        words = " ".join((args or "").split())[:200]
        if not words:
            return await self._own(user_id) if private else self.menu()
        for alias, key in sorted(texts.BOARDS.items(), key=lambda item: -len(item[0])):
            if words.lower() == alias or words.lower().startswith(f"{alias} "):
                return await self._board_named(key, words[len(alias) :].strip())
        return await self._player_named(words)

    def menu(self, text: str = texts.MENU) -> Screen:
        keys = dict.fromkeys(texts.BOARDS.values())
        buttons = [button(texts.BOARD_TITLE[key], StatsCB(k=key, t=0)) for key in keys]
        return Screen(text, keyboard(in_rows(buttons, 2)))

    async def tapped(self, data: StatsCB) -> Screen:
        """A board's or a player's button; a forged one is a stale button."""
        if data.k:
            if data.k not in texts.BOARD_TITLE:
                return Screen(toast=common.STALE_BUTTON, alert=True)
            return await self._board(data.k, data.t or None)
        player = await self.players.get(data.p)
        if player is None:
            return Screen(toast=common.STALE_BUTTON, alert=True)
        return await self.of_player(player, own=False)

    async def of_player(self, player: Player, own: bool) -> Screen:
        mine = await self.statistics.of_player(player.id)
        whom = "ваша" if own else f"игрока {quote(player.nickname)}"
        return Screen(texts.full(whom, mine, await self.statistics.average(), own))

    async def short(self, player: Player, own: bool) -> str | None:
        """The few numbers under /me and /player, or None before any game of his is counted."""
        mine = await self.statistics.of_player(player.id)
        more = "" if own else f" {player.nickname}"
        return texts.short(mine, await self.statistics.average(), quote(more))

    async def blocks(self, player_id: int) -> list[dict[str, Any]]:
        """The record page's blocks: each role's statistics, his value beside the club's average
        player, the games counted and what the number says; none before a game is counted."""
        mine = await self.statistics.of_player(player_id)
        average = await self.statistics.average()
        found = []
        for title, keys in texts.BLOCKS:
            rows = [
                {
                    "label": texts.LABEL[key], "hint": texts.HINT[key], "games": mine[key].games,
                    "mine": texts.value(key, mine[key].value),
                    "club": texts.value(key, average.get(key)),
                    "share": _share(key, mine[key].value),
                    "club_share": _share(key, average.get(key)),
                }
                for key in keys if key in mine and mine[key].games
            ]  # fmt: skip
            if rows:
                found.append({"title": title, "rows": rows})
        return found

    async def _own(self, user_id: int) -> Screen:
        player_id = await self.ratings.linked_player(user_id)
        player = await self.players.get(player_id) if player_id else None
        if player is None:
            return self.menu(f"{record_texts.NOT_LINKED}\n\n{texts.MENU}")
        screen = await self.of_player(player, own=True)
        return Screen(screen.text, self.menu().markup)

    async def _board_named(self, key: str, rest: str) -> Screen:
        if not rest or rest.lower() in ALL_TIME:
            return await self._board(key, None)
        try:
            tournament = await self.ratings.tournament(rest)
        except RatingError as error:
            return Screen(error.message)
        return await self._board(key, tournament.id)

    async def _board(self, key: str, tournament_id: int | None) -> Screen:
        board = await self.statistics.board(key, tournament_id)
        where = texts.BOARD_ALL_TIME
        if tournament_id is not None:
            tournament = await self.ratings.tournaments.get(tournament_id)
            if tournament is None:
                return Screen(toast=common.STALE_BUTTON, alert=True)
            where = f"«{tournament.title}»"
        names = await self.players.many([player for player, _ in board.ranked])
        rows = [
            (names[p].nickname if p in names else "—", ratio, p in board.provisional)
            for p, ratio in board.ranked
        ]
        text = texts.board(key, where, rows, board.left_out, self.statistics.least_games,
                           board.average)  # fmt: skip
        if tournament_id is not None:
            return Screen(text, column([button(texts.ALL_TIME_BUTTON, StatsCB(k=key, t=0))]))
        current = await self.ratings.tournaments.current_tournament()
        if current is None:
            return Screen(text)
        label = texts.TOURNAMENT_BUTTON.format(title=current.title[:40])
        return Screen(text, column([button(label, StatsCB(k=key, t=current.id))]))

    async def _player_named(self, words: str) -> Screen:
        player = await self.players.by_nickname(words)
        if player is not None:
            return await self.of_player(player, own=False)
        found = await self.players.close_to(words) + await self.players.search(words)
        matches = list({p.id: p for p in found}.values())
        if len(matches) == 1:
            return await self.of_player(matches[0], own=False)
        if not matches:
            return Screen(texts.not_a_board(words))
        buttons = [button(p.nickname, StatsCB(p=p.id)) for p in matches]
        return Screen(record_texts.several_players(words), column(buttons))
