"""``games`` and ``game_seats``: saved games and their ten seats.

The one writer of both tables and the one mapping between their rows and ``Protocol``: a new
per-seat field goes into ``protocol_of`` and ``_seat_rows`` here and nowhere else.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Change, Database, Reader, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.protocol import SEATS, Protocol
from bot.vocabulary.statuses import GameStatus, ProtestStatus
from bot.vocabulary.window import ProtestWindow
from scoring import Removal, Role, Winner


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    tournament_id: int
    stage_id: int
    judge_id: int
    ended_at: datetime  # the winner tap
    status: GameStatus  # as stored: decisions and the passing of the window write it
    protocol: Protocol
    protests_from: datetime  # the later of the end and the publication (ProtestWindow)
    pending_protests: int = 0
    replay_of: int | None = None  # the annulled game this one replays (§8.9)

    @property
    def table(self) -> int:
        return self.protocol.table

    @property
    def number(self) -> int:
        return self.protocol.number

    def deadline(self, window: ProtestWindow) -> datetime:
        return window.deadline(self.protests_from)

    def open_for_protest(self, now: datetime, window: ProtestWindow) -> bool:
        return window.is_open(self.status, self.protests_from, now)

    def status_at(self, now: datetime, window: ProtestWindow) -> GameStatus:
        pending = bool(self.pending_protests)
        return window.status_at(self.status, self.protests_from, pending, now)


# -- rows ↔ values --------------------------------------------------------------------------------

_ROLES = {role.value: role for role in Role}
_WINNERS = {winner.value: winner for winner in Winner}
_REMOVALS: dict[str | None, Removal | None] = {None: None, **{r.value: r for r in Removal}}


@lru_cache(maxsize=256)
def _decimal(text: str) -> Decimal:
    return Decimal(text)


@lru_cache(maxsize=256)
def _codes(text: str) -> tuple[str, ...]:
    return () if text == "[]" else tuple(json.loads(text))


def protocol_of(row: Any, seats: Sequence[Any]) -> Protocol:
    """A saved game's protocol from its ``games`` row and its ten ``game_seats`` rows."""
    roles = [_ROLES[seat["role"]] for seat in seats]
    return Protocol(
        table=row["table_number"],
        number=row["game_number"],
        players=tuple(seat["player_id"] for seat in seats),
        sheriff=roles.index(Role.SHERIFF) + 1,
        don=roles.index(Role.DON) + 1,
        mafia=tuple(index + 1 for index, role in enumerate(roles) if role is Role.MAFIA),
        winner=_WINNERS[row["winner"]],
        first_killed=row["first_killed"],
        night_done=True,
        best_move=tuple(json.loads(row["best_move"])) if row["best_move"] else (),
        extras=tuple(_decimal(seat["extra"]) for seat in seats),
        penalties=tuple(_codes(seat["penalties"]) for seat in seats),
        fouls=tuple(seat["fouls"] for seat in seats),
        technical_fouls=tuple(seat["technical_fouls"] for seat in seats),
        removals=tuple(_REMOVALS[seat["removal"]] for seat in seats),
    )


def _stored(row: Any, seats: Sequence[Any]) -> StoredGame:
    return StoredGame(
        id=row["id"],
        tournament_id=row["tournament_id"],
        stage_id=row["stage_id"],
        judge_id=row["judge_id"],
        ended_at=datetime.fromisoformat(row["ended_at"]),
        status=GameStatus(row["status"]),
        protocol=protocol_of(row, seats),
        protests_from=datetime.fromisoformat(row["protests_from"]),
        pending_protests=row["pending_protests"],
        replay_of=row["replay_of"],
    )


def _game_values(protocol: Protocol) -> tuple[Any, ...]:
    assert protocol.winner is not None
    best_move = json.dumps(list(protocol.best_move)) if protocol.best_move else None
    return (
        protocol.table, protocol.number, protocol.winner.value, protocol.first_killed, best_move,
    )  # fmt: skip


def _seat_rows(game_id: int, protocol: Protocol) -> list[tuple[Any, ...]]:
    rows = []
    for seat in SEATS:
        role = protocol.role(seat)
        assert role is not None
        removal = protocol.removal(seat)
        rows.append((
            game_id, seat, protocol.player(seat), role.value, str(protocol.extra(seat)),
            json.dumps(list(protocol.seat_penalties(seat))), protocol.seat_fouls(seat),
            protocol.seat_technical_fouls(seat), removal.value if removal else None,
        ))  # fmt: skip
    return rows


_SEAT_COLUMN_NAMES = (
    "game_id", "seat", "player_id", "role", "extra", "penalties", "fouls", "technical_fouls",
    "removal",
)  # fmt: skip
SEAT_COLUMNS = ", ".join(_SEAT_COLUMN_NAMES)  # what ``protocol_of`` reads of a seat
_SEAT_INSERT = (
    f"INSERT INTO game_seats ({SEAT_COLUMNS}) VALUES ({', '.join('?' * len(_SEAT_COLUMN_NAMES))})"
)


def seat_columns(alias: str) -> str:
    """The seat columns of ``game_seats AS alias``, for a query that joins it."""
    return ", ".join(f"{alias}.{name}" for name in _SEAT_COLUMN_NAMES)


# Written into the SQL, not bound: SQLite uses the partial index games_provisional (migration
# 0009) only for a literal that matches its WHERE.
_PROVISIONAL = f"status = '{GameStatus.PROVISIONAL.value}'"
_AWAITS_NO_DECISION = (
    "NOT EXISTS (SELECT 1 FROM protests AS p WHERE p.game_id = games.id "
    f"AND p.status = '{ProtestStatus.PENDING.value}')"
)


# -- reading --------------------------------------------------------------------------------------


async def load(database: Database, where: str, parameters: Sequence[Any]) -> list[StoredGame]:
    """Games matching ``where`` (on ``games``), with their seats, in two queries."""
    rows, seats = await asyncio.gather(  # asked at once: one wait, not two
        database.fetchall(
            "SELECT *, (SELECT count(*) FROM protests AS p WHERE p.game_id = games.id "
            f"AND p.status = ?) AS pending_protests FROM games WHERE {where} ORDER BY id",
            (ProtestStatus.PENDING.value, *parameters),
        ),
        database.fetchall(
            f"SELECT {SEAT_COLUMNS} FROM game_seats "
            f"WHERE game_id IN (SELECT id FROM games WHERE {where}) ORDER BY game_id, seat",
            parameters,
        ),
    )
    by_game: dict[int, list[Any]] = {}
    for seat in seats:
        by_game.setdefault(seat["game_id"], []).append(seat)
    return [_stored(row, by_game[row["id"]]) for row in rows]


async def awaiting_replay(reader: Reader, tournament_id: int, table: int) -> tuple[int, int] | None:
    """The table's newest annulled game that no game replays yet: (its id, its number)."""
    row = await reader.one(
        "SELECT id, game_number FROM games AS g WHERE tournament_id = ? AND table_number = ? "
        "AND status = ? AND NOT EXISTS (SELECT 1 FROM games AS r WHERE r.replay_of = g.id) "
        "ORDER BY id DESC LIMIT 1",
        (tournament_id, table, GameStatus.ANNULLED.value),
    )
    return (int(row[0]), int(row[1])) if row else None


# -- writing --------------------------------------------------------------------------------------


async def insert(
    tx: Transaction,
    *,
    tournament_id: int,
    stage_id: int,
    protocol: Protocol,
    judge_id: int,
    ended_at: str,
    submission_key: str,
    now: str,
    status: GameStatus = GameStatus.PROVISIONAL,
    replay_of: int | None = None,
) -> int:
    """A new game with its seats; its id. Protests count from the later of its end and now,
    when it is published (``ProtestWindow``). ``replay_of``: the annulled game it replays."""
    game_id = await tx.insert(
        "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner, "
        "first_killed, best_move, judge_id, ended_at, protests_from, status, submission_key, "
        "created_at, updated_at, replay_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            tournament_id, stage_id, *_game_values(protocol), judge_id, ended_at,
            max(ended_at, now, key=datetime.fromisoformat), status.value, submission_key, now,
            now, replay_of,
        ),
    )  # fmt: skip
    await tx.executemany(_SEAT_INSERT, _seat_rows(game_id, protocol))
    tx.changed(Change.STANDINGS, Change.SCHEDULE)
    return game_id


@dataclass(frozen=True, slots=True)
class NewGames:
    """Many final games' rows, made away from the event loop (``new_games``) and written in
    three statements (``insert_many``): an imported season of 40,000 games holds the writing
    lock for a second or two, not the half a minute of one statement per row."""

    games: list[tuple[Any, ...]]
    seats: list[tuple[Any, ...]]


def new_games(
    first_id: int, tournament_id: int, stage_ids: Sequence[int], protocols: Sequence[Protocol],
    submission_keys: Sequence[str], judge_id: int, now: str,
) -> NewGames:  # fmt: skip
    """The rows of final games numbered from ``first_id`` (CPU only: for a worker thread)."""
    games, seats = [], []
    for offset, (stage_id, protocol, key) in enumerate(
        zip(stage_ids, protocols, submission_keys, strict=True)
    ):
        game_id = first_id + offset
        games.append((
            game_id, tournament_id, stage_id, *_game_values(protocol), judge_id, now, now,
            GameStatus.FINAL.value, key, now, now, None,
        ))  # fmt: skip
        seats += _seat_rows(game_id, protocol)
    return NewGames(games, seats)


async def next_id(tx: Transaction) -> int:
    row = await tx.one("SELECT coalesce(max(id), 0) + 1 FROM games")
    return int(row[0]) if row else 1


# A row of ``NewGames.games``:
GAME_COLUMN_NAMES = (
    "id", "tournament_id", "stage_id", "table_number", "game_number", "winner", "first_killed",
    "best_move", "judge_id", "ended_at", "protests_from", "status", "submission_key",
    "created_at", "updated_at", "replay_of",
)  # fmt: skip
SEAT_COLUMN_NAMES = _SEAT_COLUMN_NAMES  # a row of ``NewGames.seats``


async def insert_many(tx: Transaction, rows: NewGames) -> None:
    columns = ", ".join(GAME_COLUMN_NAMES)
    marks = ", ".join("?" * len(GAME_COLUMN_NAMES))
    await tx.executemany(f"INSERT INTO games ({columns}) VALUES ({marks})", rows.games)
    await tx.executemany(_SEAT_INSERT, rows.seats)
    tx.changed(Change.STANDINGS, Change.SCHEDULE)


async def insert_staged(
    tx: Transaction, schema: str, first_id: int, tournament_id: int, stage_ids: Sequence[int]
) -> None:
    """The games and seats of an import's staging file (attached as ``schema``, written by
    ``bot.tables.staging``) copied in, in two statements: a game's id there is its index, its
    stage the stage's index — here they become ``first_id`` + index and ``stage_ids[index]``."""
    stages = " ".join("WHEN ? THEN CAST(? AS BIGINT)" for _ in stage_ids)
    stage_values = [value for pair in enumerate(stage_ids) for value in pair]
    rest = ", ".join(GAME_COLUMN_NAMES[3:])
    await tx.execute(
        f"INSERT INTO games ({', '.join(GAME_COLUMN_NAMES)}) "
        f"SELECT id + ?, ?, CASE stage_id {stages} END, {rest} "
        f"FROM {schema}.staged_games ORDER BY id",
        (first_id, tournament_id, *stage_values),
    )
    await tx.execute(
        f"INSERT INTO game_seats ({SEAT_COLUMNS}) "
        f"SELECT game_id + ?, {', '.join(_SEAT_COLUMN_NAMES[1:])} "
        f"FROM {schema}.staged_seats ORDER BY game_id, seat",
        (first_id,),
    )
    tx.changed(Change.STANDINGS, Change.SCHEDULE)


async def rewrite(tx: Transaction, game_id: int, protocol: Protocol, now: str) -> None:
    """A correction: the game's protocol replaced whole."""
    await tx.execute(
        "UPDATE games SET table_number = ?, game_number = ?, winner = ?, first_killed = ?, "
        "best_move = ?, updated_at = ? WHERE id = ?",
        (*_game_values(protocol), now, game_id),
    )
    await tx.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
    await tx.executemany(_SEAT_INSERT, _seat_rows(game_id, protocol))
    tx.changed(Change.STANDINGS)


async def status_of(reader: Reader, game_id: int) -> GameStatus | None:
    """The stored status, or None when there is no such game."""
    row = await reader.one("SELECT status FROM games WHERE id = ?", (game_id,))
    return GameStatus(row[0]) if row else None


@dataclass(frozen=True, slots=True)
class Seated:
    """Who sat where in a stored game, and what its statistics are filed under."""

    tournament_id: int
    ended_at: str
    annulled: bool
    players: dict[int, int]  # seat → player


async def seated(reader: Reader, game_id: int) -> Seated | None:
    row = await reader.one(
        "SELECT games.tournament_id, games.ended_at, games.status FROM games "
        "JOIN tournaments AS t ON t.id = games.tournament_id WHERE games.id = ? AND t.club_id = ?",
        (game_id, club_id()),
    )
    if row is None:
        return None
    seats = await reader.all("SELECT seat, player_id FROM game_seats WHERE game_id = ?", (game_id,))
    return Seated(row[0], row[1], row[2] == GameStatus.ANNULLED.value, {s[0]: s[1] for s in seats})


async def counted_ended_between(
    reader: Reader, tournament_id: int, start: datetime, end: datetime
) -> list[int]:
    """The tournament's games, annulled ones aside, that ended in [``start``, ``end``)."""
    rows = await reader.all(
        "SELECT id, ended_at FROM games WHERE tournament_id = ? AND status != ? ORDER BY id",
        (tournament_id, GameStatus.ANNULLED.value),
    )
    return [row[0] for row in rows if start <= datetime.fromisoformat(row[1]) < end]


async def annul(tx: Transaction, game_id: int, now: str) -> None:
    await tx.execute(
        "UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
        (GameStatus.ANNULLED.value, now, game_id),
    )
    tx.changed(Change.STANDINGS, Change.SCHEDULE)


async def finalize(tx: Transaction, game_ids: Sequence[int], now: str) -> None:
    """Store «final» for provisional games whose window closed and that await no decision."""
    await tx.executemany(
        "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
        [(GameStatus.FINAL.value, now, game_id, GameStatus.PROVISIONAL.value)
         for game_id in game_ids],
    )  # fmt: skip
    if game_ids:
        tx.changed(Change.STANDINGS)


_OF_CLUB = "tournament_id IN (SELECT id FROM tournaments WHERE club_id = ?)"


async def due_to_finalize(tx: Transaction, cutoff: str, game_id: int | None = None) -> list[int]:
    """Provisional games (all, or the one) whose window opened at or before ``cutoff`` and that
    await no decision on a protest."""
    rows = await tx.all(
        f"SELECT id FROM games WHERE {_PROVISIONAL} AND protests_from <= ? "
        f"AND id = coalesce(?, id) AND {_AWAITS_NO_DECISION} AND {_OF_CLUB} ORDER BY id",
        (cutoff, game_id, club_id()),
    )
    return [int(row[0]) for row in rows]


async def earliest_open(reader: Reader) -> str | None:
    """The earliest ``protests_from`` of a provisional game of the club at hand awaiting no
    decision (maybe long past: then it is due to be made final)."""
    row = await reader.one(
        f"SELECT min(protests_from) FROM games WHERE {_PROVISIONAL} AND {_AWAITS_NO_DECISION} "
        f"AND {_OF_CLUB}",
        (club_id(),),
    )
    return str(row[0]) if row and row[0] else None


async def clubs_with_open_games(reader: Reader) -> set[int]:
    """The clubs with a provisional game (across clubs, in one read: the scheduler asks only
    these clubs when their windows close)."""
    rows = await reader.all(
        f"SELECT DISTINCT t.club_id FROM games JOIN tournaments AS t ON t.id = games.tournament_id "
        f"WHERE {_PROVISIONAL}"
    )
    return {int(row[0]) for row in rows}


async def move_player(tx: Transaction, duplicate_id: int, kept_id: int) -> list[int]:
    """Every seat of the duplicate becomes the kept player's; the games touched."""
    rows = await tx.all(
        "SELECT game_id FROM game_seats WHERE player_id = ? ORDER BY game_id", (duplicate_id,)
    )
    await tx.execute(
        "UPDATE game_seats SET player_id = ? WHERE player_id = ?", (kept_id, duplicate_id)
    )
    if rows:
        tx.changed(Change.STANDINGS)
    return [int(row[0]) for row in rows]


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------


async def archived(reader: Reader) -> Archive:
    """The club's games and their seats, as an archive carries them."""
    return {
        "games": rows_of(await reader.all(
            "SELECT g.* FROM games AS g JOIN tournaments AS t ON t.id = g.tournament_id "
            "WHERE t.club_id = ? ORDER BY g.id", (club_id(),)
        )),
        "game_seats": rows_of(await reader.all(
            "SELECT s.* FROM game_seats AS s JOIN games AS g ON g.id = s.game_id "
            "JOIN tournaments AS t ON t.id = g.tournament_id WHERE t.club_id = ? "
            "ORDER BY s.game_id, s.seat", (club_id(),)
        )),
    }  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's games and seats, numbered on from this database's last game (tournaments,
    stages and players moved first): two statements, however many games."""
    games = by_id(archive.get("games", []))
    first = await next_id(tx)
    for offset, row in enumerate(games):
        moved.new("games", row["id"], first + offset)
    await tx.executemany(
        f"INSERT INTO games ({', '.join(GAME_COLUMN_NAMES)}) VALUES ({marks(GAME_COLUMN_NAMES)})",
        [
            values(
                row, GAME_COLUMN_NAMES, id=moved.of("games", row["id"]),
                tournament_id=moved.of("tournaments", row["tournament_id"]),
                stage_id=moved.of("stages", row["stage_id"]),
                submission_key=moved.key(row["submission_key"]),
                replay_of=moved.of("games", row.get("replay_of")),
            )
            for row in games
        ],
    )  # fmt: skip
    await tx.executemany(_SEAT_INSERT, [
        values(
            row, _SEAT_COLUMN_NAMES, game_id=moved.of("games", row["game_id"]),
            player_id=moved.of("players", row["player_id"]),
        )
        for row in archive.get("game_seats", [])
    ])  # fmt: skip
    tx.changed(Change.STANDINGS, Change.SCHEDULE)
