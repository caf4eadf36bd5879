"""The club's Elo ratings, red and black (scoring/elo.py; docs/rating.md): every counted game of
every tournament, imported seasons included, replayed in the order the games ended.

The replay is kept until a game changes anywhere (the change sequence of migration 0015 moves):
then it is made again, from the first game, in a worker thread on a read connection of its own.
A replay from nothing is what the ratings are by definition, so a correction, an annulment, a
merge or an import can never leave them out of step.
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass

from bot.core.db import Database
from scoring import Game, Role, SeatEntry, Winner
from scoring.elo import EloSettings, Rated, Ratings, replay

_SEQ = "SELECT coalesce(max(seq), 0) FROM game_changes"
_HEADS = "SELECT id, winner FROM games WHERE status != 'annulled' ORDER BY ended_at, id"
_SEATS = (
    "SELECT gs.game_id, gs.role, gs.player_id FROM game_seats AS gs JOIN games AS g "
    "ON g.id = gs.game_id WHERE g.status != 'annulled' ORDER BY gs.game_id, gs.seat"
)
_ROLES = {role.value: role for role in Role}
_WINNERS = {winner.value: winner for winner in Winner}


@dataclass(frozen=True, slots=True)
class EloState:
    """The ratings after every counted game, and each game as rated (by game id)."""

    seq: int
    ratings: Ratings
    rated: dict[int, Rated]
    order: tuple[int, ...]  # the game ids in the order they were replayed

    def player(self, player_id: int, track: str) -> tuple[float, int]:
        """His rating on the track and the games it counts (the start and 0: none yet)."""
        key = (str(player_id), track)
        return self.ratings.of(*key), self.ratings.games.get(key, 0)


class EloRatings:
    def __init__(self, database: Database, settings: EloSettings | None = None) -> None:
        self.database = database
        self.settings = settings or EloSettings()
        self._state: EloState | None = None
        self._lock = asyncio.Lock()

    async def state(self) -> EloState:
        """The ratings as of now (replayed again only when a game changed since)."""
        row = await self.database.fetchone(_SEQ)
        seq = int(row[0]) if row else 0
        if self._state is not None and self._state.seq == seq:
            return self._state
        async with self._lock:  # thirty requests after one change replay once
            if self._state is None or self._state.seq != seq:
                self._state = await self.database.read_apart(
                    lambda connection: _replayed(connection, self.settings)
                )
            return self._state


def _replayed(connection: sqlite3.Connection, settings: EloSettings) -> EloState:
    seq = int(connection.execute(_SEQ).fetchone()[0])
    winners = {row[0]: _WINNERS[row[1]] for row in connection.execute(_HEADS)}
    seats: dict[int, list[SeatEntry]] = {}
    for game_id, role, player_id in connection.execute(_SEATS):
        seats.setdefault(game_id, []).append(SeatEntry(str(player_id), _ROLES[role]))
    games = [
        Game(str(game_id), winner, tuple(seats[game_id]))
        for game_id, winner in winners.items()
        if len(seats.get(game_id, ())) == 10
    ]
    ratings, rated = replay(games, settings)
    return EloState(
        seq, ratings, {int(item.game_id): item for item in rated},
        tuple(int(game.id) for game in games),
    )  # fmt: skip
