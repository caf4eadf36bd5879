"""A tournament's standings, computed by the scoring core and kept until the data changes.

Every counted game of the tournament goes to ``scoring.compute`` — the code path of
``python -m scoring standings`` — with players named by their nicknames, so an exported protocol
gives the same standings, lot included. The result is kept per tournament and reused while the
tournament's ``revision`` (kept by triggers, see migration 0007) is unchanged: a request costs one
small query; a saved, corrected or annulled game, a rename or a merge makes the next request
recompute.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.club.tournaments import Tournament, Tournaments
from bot.core.db import Database
from scoring import Game, GameScore, Result, Role, SeatEntry, SeatScore, Standing, Winner, compute

KEPT_TOURNAMENTS = 4


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the standings need to know about a game beyond its protocol."""

    game_id: int
    table: int
    number: int
    ended_at: datetime
    stored_status: str

    def provisional_at(self, now: datetime, window: timedelta) -> bool:
        """Protests may still change it (imported and decided games are final at once)."""
        return self.stored_status == "provisional" and now < self.ended_at + window


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One counted game of one player: the game's points and his seat in it."""

    facts: GameFacts
    game: GameScore
    seat: SeatScore


@dataclass
class Board:
    """A tournament's standings as of one revision of its data."""

    tournament: Tournament
    revision: int
    result: Result
    player_ids: dict[str, int]  # nickname → player id
    facts: dict[str, GameFacts]  # scoring game id → facts
    _played: dict[int, list[PlayedGame]] | None = field(default=None, repr=False)
    _rows: dict[int, Standing] | None = field(default=None, repr=False)
    _open_until: dict[int, datetime] | None = field(default=None, repr=False)

    @property
    def standings(self) -> tuple[Standing, ...]:
        return self.result.standings

    @property
    def game_count(self) -> int:
        return len(self.result.games)

    def player_id(self, row: Standing) -> int:
        return self.player_ids[row.name]

    def row_of(self, player_id: int) -> Standing | None:
        if self._rows is None:
            self._rows = {self.player_ids[row.name]: row for row in self.standings}
        return self._rows.get(player_id)

    def played(self, player_id: int) -> list[PlayedGame]:
        """A player's counted games, oldest first."""
        return self._index().get(player_id, [])

    def _index(self) -> dict[int, list[PlayedGame]]:
        if self._played is None:
            played: dict[int, list[PlayedGame]] = {}
            for game in self.result.games:
                facts = self.facts[game.game.id]
                for seat in game.seats:
                    owner = self.player_ids[seat.name]
                    played.setdefault(owner, []).append(PlayedGame(facts, game, seat))
            for games in played.values():
                games.sort(key=lambda item: (item.facts.ended_at, item.facts.game_id))
            self._played = played
        return self._played

    def provisional(self, player_id: int, now: datetime, window: timedelta) -> bool:
        """Whether one of the player's counted games may still change."""
        if self._open_until is None:
            latest: dict[int, datetime] = {}
            for player, games in self._index().items():
                ends = [g.facts.ended_at for g in games if g.facts.stored_status == "provisional"]
                if ends:
                    latest[player] = max(ends)
            self._open_until = latest
        last = self._open_until.get(player_id)
        return last is not None and now < last + window


_GAMES_QUERY = """
SELECT g.id, g.table_number, g.game_number, g.winner, g.first_killed, g.best_move, g.ended_at,
       g.status, s.name AS stage, gs.seat, gs.role, gs.extra, gs.penalties,
       p.id AS player_id, p.nickname
FROM games AS g
JOIN stages AS s ON s.id = g.stage_id
JOIN game_seats AS gs ON gs.game_id = g.id
JOIN players AS p ON p.id = gs.player_id
WHERE g.tournament_id = ? AND g.status != 'annulled'
ORDER BY g.id, gs.seat
"""


def _games(rows: list[Any]) -> tuple[list[Game], dict[str, int], dict[str, GameFacts]]:
    games: list[Game] = []
    player_ids: dict[str, int] = {}
    facts: dict[str, GameFacts] = {}
    for start in range(0, len(rows), 10):
        seats = rows[start : start + 10]
        head = seats[0]
        key = str(head["id"])
        for seat in seats:
            player_ids[seat["nickname"]] = seat["player_id"]
        games.append(
            Game(
                id=key,
                winner=Winner(head["winner"]),
                players=tuple(
                    SeatEntry(
                        name=seat["nickname"],
                        role=Role(seat["role"]),
                        extra=Decimal(seat["extra"]),
                        penalties=tuple(json.loads(seat["penalties"])),
                    )
                    for seat in seats
                ),
                stage=head["stage"],
                first_killed=head["first_killed"],
                best_move=tuple(json.loads(head["best_move"])) if head["best_move"] else None,
            )
        )
        facts[key] = GameFacts(
            game_id=head["id"],
            table=head["table_number"],
            number=head["game_number"],
            ended_at=datetime.fromisoformat(head["ended_at"]),
            stored_status=head["status"],
        )
    return games, player_ids, facts


class Standings:
    """Boards per tournament, recomputed only when the tournament's data changed."""

    def __init__(self, database: Database, tournaments: Tournaments) -> None:
        self.database = database
        self.tournaments = tournaments
        self._boards: OrderedDict[int, Board] = OrderedDict()
        self._lock = asyncio.Lock()

    async def _revision(self, tournament_id: int) -> int | None:
        row = await self.database.fetchone(
            "SELECT revision FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return int(row[0]) if row else None

    async def board(self, tournament: Tournament) -> Board:
        kept = self._boards.get(tournament.id)
        revision = await self._revision(tournament.id)
        if kept is not None and kept.revision == revision:
            self._boards.move_to_end(tournament.id)
            return kept
        async with self._lock:  # two requests after one change compute once
            kept = self._boards.get(tournament.id)
            if kept is not None and kept.revision == await self._revision(tournament.id):
                return kept
            board = await self._compute(tournament)
            self._boards[tournament.id] = board
            self._boards.move_to_end(tournament.id)
            while len(self._boards) > KEPT_TOURNAMENTS:
                self._boards.popitem(last=False)
            return board

    async def _compute(self, tournament: Tournament) -> Board:
        # The revision is read with the games under one lock hold, so a save in between can
        # only make the board look older than it is (and be recomputed), never newer.
        async with self.database.read() as connection:
            cursor = await connection.execute(
                "SELECT revision FROM tournaments WHERE id = ?", (tournament.id,)
            )
            revision = int((await cursor.fetchone())[0])  # type: ignore[index]
            cursor = await connection.execute(_GAMES_QUERY, (tournament.id,))
            rows = list(await cursor.fetchall())
        fresh = await self.tournaments.get(tournament.id)  # after: a newer ruleset is harmless
        assert fresh is not None
        games, player_ids, facts = _games(rows)
        result = await asyncio.to_thread(compute, games, fresh.ruleset(), fresh.seed)
        return Board(fresh, revision, result, player_ids, facts)
