"""Players' statistics from the logs of games run in the app (issue 48 §2, §5), kept as games are
saved: each saved game's counters per player (``scoring.stats`` → ``scoring.statistics``) are
written once, and each player's sums with them, so a player's statistics are a few dozen rows
however many games he played. A saved game (and one saved before statistics existed, or from an
archive) is counted by the scheduler's job right after the commit, not inside Confirm's
transaction (docs/performance.md); a correction counts the game anew, an annulment takes it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.tables import games as game_rows
from bot.tables import live as live_rows
from bot.tables import statistics as rows
from bot.tables.statistics import Counted
from scoring.live import Kind, replay
from scoring.statistics import BY_KEY, Ratio, club_average, statistics
from scoring.stats import counters

BATCH = 50  # games counted in one transaction by the job: short enough not to hold others up


async def count_game(tx: Transaction, game_id: int) -> None:
    """The game's statistics written anew from its log (a game not run in the app has none)."""
    log = await live_rows.log_of_game(tx, game_id)
    seated = await game_rows.seated(tx, game_id)
    if log is None or seated is None:
        return
    counted: list[Counted] = []
    state = replay(log.events)
    if not seated.annulled and state.over and state.roles_complete:
        by_seat = counters(state, log.layers, checks=Kind.CHECK.value in log.kinds)
        for seat, row in by_seat.items():
            player = seated.players.get(seat)
            if player is None:
                continue
            for key, ratio in statistics([row]).items():
                if ratio.games:
                    counted.append(Counted(player, key, ratio.part, ratio.whole))
    await rows.rewrite_game(tx, game_id, seated.tournament_id, seated.ended_at, counted)


class PlayerStatistics:
    def __init__(self, database: Database, clock: Clock, least_games: int) -> None:
        self.database = database
        self.clock = clock
        self.least_games = least_games  # the club's average player counts those with as many
        self._averages: dict[int, dict[str, Fraction]] = {}  # club → its average player

    # -- keeping ---------------------------------------------------------------------------------

    async def results_changed(self, tx: Transaction, game_id: int, now: str) -> None:
        await count_game(tx, game_id)
        self._averages.pop(club_scope.club_id(), None)

    async def next_uncounted(self) -> datetime | None:
        """The job's due time: now, while the club has games left to count."""
        return self.clock.now() if await rows.uncounted(self.database, 1) else None

    async def count_uncounted(self) -> None:
        async with self.database.transaction() as tx:
            for game_id in await rows.uncounted(tx, BATCH):
                await count_game(tx, game_id)
        self._averages.pop(club_scope.club_id(), None)

    def forget_averages(self) -> None:
        """The clubs' average players are made again when next asked (a benchmark's worst case;
        a counted game forgets its own club's)."""
        self._averages.clear()

    # -- reading ---------------------------------------------------------------------------------

    async def of_player(self, player_id: int) -> dict[str, Ratio]:
        """His statistics in the club at hand; a statistic no game of his counts is absent."""
        return await rows.of_player(self.database, player_id)

    async def average(self) -> dict[str, Fraction]:
        """The club's average player: the mean of the players' own values, over those with at
        least ``least_games`` games counted in each statistic."""
        club = club_scope.club_id()
        found = self._averages.get(club)
        if found is None:
            players = await rows.of_club(self.database)
            found = self._averages[club] = club_average(players.values(), self.least_games)
        return found

    async def of_tournament(self, tournament_id: int) -> list[tuple[str, str, Ratio]]:
        """Every player's statistics over one tournament's games (the export's): nickname, key,
        sum."""
        return await rows.of_tournament(self.database, tournament_id)

    async def board(self, key: str, tournament_id: int | None) -> Board:
        """One statistic's board over a tournament (None: all time): the players with enough
        games best first, how many have fewer, the average of those on it, and who may still
        change (⏳)."""
        assert key in BY_KEY
        found = await rows.board(self.database, key, tournament_id)
        on = {p: ratio for p, ratio in found.items() if ratio.games >= self.least_games}
        lower_first = key in LOWER_FIRST

        def order(item: tuple[int, Ratio]) -> tuple[Fraction, int, int]:
            number = item[1].value or Fraction(0)
            return (number if lower_first else -number, -item[1].games, item[0])

        ranked = sorted(on.items(), key=order)
        values = [ratio.value for _, ratio in ranked if ratio.value is not None]
        average = sum(values, Fraction(0)) / len(values) if values else None
        open_ = await rows.with_provisional(self.database, key, tournament_id) if ranked else set()
        return Board(key, ranked, len(found) - len(on), average, open_)


LOWER_FIRST = frozenset({"fouls"})  # the fewest first: «Честная игра» reads the same way


@dataclass(frozen=True, slots=True)
class Board:
    key: str
    ranked: list[tuple[int, Ratio]]  # player, his value: best first
    left_out: int  # players with fewer games than the minimum
    average: Fraction | None  # the mean of the values on the board
    provisional: set[int]
