"""The results of some games as one table: an evening's (its results post and picture,
``/rating вечер``), a day's (``/rating 01.12``) or some days' (``/rating 01.11-30.11``), each game
scored as its stage stands."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from decimal import Decimal

from bot.club.games import Games
from bot.club.options import ClubOptions
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournament, Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.rating import tonight
from bot.rating.averages import averages
from bot.rating.nominations import nominee_lines
from bot.tables import games as game_rows
from bot.tables import nights as night_rows
from bot.texts import nights as texts
from bot.texts import rating as rating_texts
from bot.texts.points import show
from bot.vocabulary.names import name_key
from bot.vocabulary.protocol import player_key
from bot.vocabulary.ratings import Kind
from bot.vocabulary.statuses import GameStatus
from scoring import GameScore

_DAY = r"(\d{1,2})\.(\d{1,2})(?:\.(\d{2}|\d{4}))?"
_PERIOD = re.compile(rf"^{_DAY}(?:\s*[-–—]\s*{_DAY})?$")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The games some words name (an evening, a day, some days) and how to title them."""

    title: str
    tournament: Tournament
    game_ids: list[int]
    kind: Kind  # the board asked for beside the days (the sum when none)
    best_of: str  # «Лучший игрок вечера/дня/этих дней»


@dataclass(frozen=True, slots=True)
class Found:
    """Some games' results, as the posts and pictures show them."""

    tonight: tonight.Tonight  # the seats named by the players' nicknames
    count: int  # the games counted
    provisional: bool  # one of them may still be protested


class GameResults:
    def __init__(
        self, database: Database, clock: Clock, zone: tzinfo, tournaments: Tournaments,
        games: Games, players: PlayerDirectory, options: ClubOptions,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.zone = zone
        self.tournaments = tournaments
        self.games = games
        self.players = players
        self.options = options

    async def of_games(self, tournament: Tournament, game_ids: list[int]) -> Found:
        """The results of some games of a tournament (annulled ones aside)."""
        scored, provisional = await self._scored(game_ids)
        fair_play = await self.options.fair_play()
        weights = await self.tournaments.weights(tournament.id)
        found = tonight.tonight(
            scored, tournament.ruleset(), tournament.seed, fair_play=fair_play, weights=weights
        )
        return Found(found, len(scored), provisional)

    async def _scored(self, game_ids: list[int]) -> tuple[list[tuple[int, int, GameScore]], bool]:
        """(table, game number, points) of each game still counted, its seats named by the
        players' nicknames — as the tournament's standings name them, so that a lot among equals
        falls the same way in both; whether one of them may still be protested."""
        now = self.clock.now()
        nicknames = {player_key(p): name for p, name in (await self.players.nicknames()).items()}
        scored = []
        provisional = False
        for game_id in game_ids:
            stored, score = await self.games.scored(game_id)
            if score is None:
                continue  # annulled since
            scored.append((stored.table, stored.number, _by_nickname(score, nicknames)))
            provisional |= stored.status_at(now, self.games.window) is GameStatus.PROVISIONAL
        return scored, provisional

    async def _board(self, kind: Kind, game_ids: list[int], title: str) -> str:
        """``/rating 01.12 дон``: those games' board — each player's average in the role (or in
        every game, for «среднее»), the most games first on a tie."""
        scored, provisional = await self._scored(game_ids)
        weights = await self.weights_of(game_ids)
        rows = averages((score for _, _, score in scored), kind.role, weights)
        worded_rows = [(row.name, show(row.value), row.games, show(row.total)) for row in rows]
        return texts.period_board(
            title, rating_texts.BOARD_TITLE[kind], len(scored), worded_rows, provisional
        )

    async def weights_of(self, game_ids: list[int]) -> dict[str, Decimal]:
        """Stage → weight of the tournament the games are of (one tournament's, as chosen)."""
        if not game_ids:
            return {}
        game = await self.games.get(game_ids[0])
        return await self.tournaments.weights(game.tournament_id) if game else {}

    async def period(self, words: str | None) -> str | None:
        """``/rating вечер`` (the last evening), ``/rating 01.12`` (a day), ``/rating
        01.11-30.11`` (days): the table of those games; None when the words name none."""
        chosen = await self.chosen(words)
        if chosen is None or isinstance(chosen, str):
            return chosen
        if chosen.kind is not Kind.TOTAL:
            return await self._board(chosen.kind, chosen.game_ids, chosen.title)
        found = await self.of_games(chosen.tournament, chosen.game_ids)
        return worded(found, chosen.title, chosen.best_of)

    async def chosen(self, words: str | None) -> Chosen | str | None:
        """The games the words name («вечер», «01.12», «01.11-30.11», a board word beside the
        days); why there are none, in words; None when the words name no games."""
        text = " ".join((words or "").lower().split())
        if text in texts.EVENING_WORDS:
            return await self._last_evening()
        kind, text = _board_word(text)
        days = _days(text, self.clock.now().astimezone(self.zone).date())
        if days is None:
            return None
        first, last = days
        tournament = await self.tournaments.current_tournament()
        if tournament is None:
            return texts.NO_TOURNAMENT
        start = datetime.combine(first, time(0), self.zone).astimezone(UTC)
        end = datetime.combine(last + timedelta(days=1), time(0), self.zone).astimezone(UTC)
        ids = await game_rows.counted_ended_between(self.database, tournament.id, start, end)
        title = texts.period_title(first, last)
        if not ids:
            return texts.no_games_then(title)
        best_of = texts.BEST_OF_DAY if first == last else texts.BEST_OF_DAYS
        return Chosen(title, tournament, ids, kind, best_of)

    async def _last_evening(self) -> Chosen | str:
        night = await night_rows.latest(self.database)
        if night is None:
            return texts.NO_EVENING_YET
        tournament = await self.tournaments.get(night.tournament_id)
        assert tournament is not None
        ids = [game_id for _, _, game_id in await night_rows.night_games(self.database, night.id)]
        if not ids:
            return texts.evening_not_played(date.fromisoformat(night.date))
        title = texts.results_title(
            date.fromisoformat(night.date), night.tournament_day, night.final_top is not None
        )
        best_of = texts.evening_word(night.tournament_day, night.final_top is not None)
        return Chosen(title, tournament, ids, Kind.TOTAL, best_of)

    async def scored(self, game_ids: list[int]) -> tuple[list[GameScore], set[str]]:
        """The points of each game still counted (seats named by nickname, as ``_scored``),
        and the nicknames of the players of those that may still be protested."""
        now = self.clock.now()
        nicknames = {player_key(p): name for p, name in (await self.players.nicknames()).items()}
        scores: list[GameScore] = []
        open_to_protest: set[str] = set()
        for game_id in game_ids:
            stored, score = await self.games.scored(game_id)
            if score is None:
                continue  # annulled since
            scores.append(_by_nickname(score, nicknames))
            if stored.status_at(now, self.games.window) is GameStatus.PROVISIONAL:
                open_to_protest.update(seat.name for seat in scores[-1].seats)
        return scores, open_to_protest


def _board_word(text: str) -> tuple[Kind, str]:
    """«01.12 дон» → (the don's board, «01.12»); the sum when no board is named."""
    words = text.split()
    for index, word in enumerate(words):
        kind = rating_texts.BOARD_WORDS.get(name_key(word))
        if kind is not None:
            return kind, " ".join(words[:index] + words[index + 1 :])
    return Kind.TOTAL, text


def worded(found: Found, title: str, best_of: str = texts.BEST_OF_EVENING) -> str:
    """The results as the club chat reads them: the table, the best, the nominations."""
    table = found.tonight
    best = table.best
    return texts.results_post(
        title, found.count,
        [(r.name, show(r.total), r.games, r.wins, r.lot) for r in table.table],
        texts.best_of_evening(best.name, show(best.total), best.games) if best else None,
        nominee_lines(table.nominations, lambda name: name),
        [texts.best_move_at(name, number, game) for name, number, game in table.best_moves],
        found.provisional, tonight.BEST_MIN_GAMES, best_of,
    )  # fmt: skip


def _days(text: str, today: date) -> tuple[date, date] | None:
    """``01.12`` or ``01.11-30.11`` (years optional: the latest such day not after today)."""
    found = _PERIOD.match(text)
    if found is None:
        return None
    groups = found.groups()

    def day_of(d: str, m: str, y: str | None) -> date | None:
        year = (int(y) + (2000 if len(y) == 2 else 0)) if y else today.year
        try:
            value = date(year, int(m), int(d))
        except ValueError:
            return None
        return value.replace(year=value.year - 1) if not y and value > today else value

    first = day_of(*groups[:3])
    last = day_of(*groups[3:]) if groups[3] else first
    if first is not None and last is not None and last < first and not groups[5]:
        try:  # «01.11-31.12» on 3.12: to the end of this year
            last = last.replace(year=last.year + 1)
        except ValueError:  # 29.02
            return None
    if first is None or last is None or last < first:
        return None
    return first, last


def _by_nickname(score: GameScore, nicknames: dict[str, str]) -> GameScore:
    """The game's points with each seat named by its player's nickname (his key if unknown)."""
    seats = tuple(seat._replace(name=nicknames.get(seat.name, seat.name)) for seat in score.seats)
    return GameScore(score.game, seats)
