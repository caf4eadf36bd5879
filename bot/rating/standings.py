"""A tournament's standings, computed by the scoring core and kept until the data changes.

Every counted game of the tournament goes to ``scoring.compute`` — the code path of
``python -m scoring standings`` — with players named by their nicknames, so an exported protocol
gives the same standings, lot included. The result is kept per tournament and reused while the
tournament's ``revision`` (kept by triggers, see migration 0007) is unchanged: the revision comes
with the tournament's row the request reads anyway, so kept standings cost no query; a saved,
corrected or annulled game, a rename or a merge makes the next request recompute.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.club.tournaments import Tournament, Tournaments
from bot.core.db import Database
from bot.core.tasks import cancelled
from bot.tables.games import protocol_of
from bot.vocabulary.statuses import GameStatus, ProtestStatus
from bot.vocabulary.window import ProtestWindow
from scoring import (
    Game,
    GameScore,
    Result,
    Ruleset,
    SeatScore,
    Standing,
    score_games,
)
from scoring.engine import cycle_collection_paused, standings

log = logging.getLogger(__name__)
KEPT_TOURNAMENTS = 4


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the standings need to know about a game beyond its protocol."""

    game_id: int
    table: int
    number: int
    ended_at: datetime
    stored_status: GameStatus
    protests_from: datetime
    pending_protest: bool = False

    def provisional_at(self, now: datetime, window: ProtestWindow) -> bool:
        """Protests may still change it: its window is open or a protest awaits a decision
        (imported games are final at once)."""
        return window.provisional(self.stored_status, self.protests_from, self.pending_protest, now)


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

    def prepare(self, window: ProtestWindow | None) -> None:
        """Make what requests read: the per-player index and, given the window, open games."""
        self._index()
        if window is not None:
            self._open_games(window)

    def provisional(self, player_id: int, now: datetime, window: ProtestWindow) -> bool:
        """Whether one of the player's counted games may still change."""
        last = self._open_games(window).get(player_id)
        return last is not None and now < last

    def next_provisional_change(self, now: datetime, window: ProtestWindow) -> datetime:
        """When the next player's ``provisional`` turns false by the clock alone."""
        ahead = [until for until in self._open_games(window).values() if until > now]
        return min(ahead, default=datetime.max.replace(tzinfo=UTC))

    def _open_games(self, window: ProtestWindow) -> dict[int, datetime]:
        """By player: until when one of his counted games may still change (if it may)."""
        if self._open_until is None:
            latest: dict[int, datetime] = {}
            provisional = GameStatus.PROVISIONAL
            for player, games in self._index().items():
                open_games = [g.facts for g in games if g.facts.stored_status is provisional]
                if any(facts.pending_protest for facts in open_games):
                    latest[player] = datetime.max.replace(tzinfo=UTC)
                elif open_games:
                    opened = max(facts.protests_from for facts in open_games)
                    latest[player] = window.deadline(opened)
            self._open_until = latest
        return self._open_until


# A game's version: any change to a game writes an audit record (saved, corrected, merged,
# annulled, imported), so its newest audit id — with its status and update time — tells whether
# the parsed copy kept from the last computation is still the game as stored.
_HEADS_QUERY = """
SELECT g.id, g.table_number, g.game_number, g.winner, g.first_killed, g.best_move, g.ended_at,
       g.protests_from,
       g.status, g.updated_at, s.name AS stage,
       (SELECT max(a.id) FROM audit_log AS a WHERE a.game_id = g.id) AS audit_id,
       EXISTS (SELECT 1 FROM protests AS p WHERE p.game_id = g.id AND p.status = ?)
           AS pending
FROM games AS g JOIN stages AS s ON s.id = g.stage_id
WHERE g.tournament_id = ? AND g.status != ?
ORDER BY g.id
"""
_ALL_SEATS_QUERY = """
SELECT gs.game_id, gs.seat, gs.role, gs.extra, gs.penalties, gs.player_id
FROM game_seats AS gs JOIN games AS g ON g.id = gs.game_id
WHERE g.tournament_id = ? AND g.status != ?
ORDER BY gs.game_id, gs.seat
"""
_SOME_SEATS_QUERY = """
SELECT game_id, seat, role, extra, penalties, player_id FROM game_seats
WHERE game_id IN ({marks}) ORDER BY game_id, seat
"""
_FEW = 400  # fewer changed games than this are read by id; more, with the whole tournament
_ANNULLED = GameStatus.ANNULLED.value
_STATUSES = {status.value: status for status in GameStatus}


@dataclass
class _Parsed:
    """A tournament's games as last parsed, reused while each game's version is unchanged."""

    names: dict[int, str]  # player id → nickname when parsed (a rename re-parses everything)
    games: dict[int, tuple[tuple[Any, ...], Game, GameFacts]] = field(default_factory=dict)
    # by stage: the ruleset and the versions of its games when scored, and their points
    stages: dict[str, tuple[tuple[Any, ...], tuple[GameScore, ...]]] = field(default_factory=dict)


def _score_by_stage(parsed: _Parsed, ruleset: Ruleset, rules: Any, seed: int) -> Result:
    """``scoring.compute`` of all the games, re-scoring only the stages that changed.

    A game's points depend on its own stage only (Ci counts a stage's games), so a stage whose
    games are unchanged keeps its points: a game confirmed in the last stage of a 10,000-game
    tournament re-scores that stage, then the standings are summed over all games. The result is
    the one ``compute`` gives (tests/handlers/test_standings_kept.py compares them).
    """
    by_stage: dict[str, list[Game]] = {}
    versions: dict[str, list[Any]] = {}
    for version, game, _ in parsed.games.values():
        by_stage.setdefault(game.stage, []).append(game)
        versions.setdefault(game.stage, []).append((game.id, version))
    scores: dict[str, GameScore] = {}
    with cycle_collection_paused():
        for stage, stage_games in by_stage.items():
            key = (rules, tuple(versions[stage]))
            known = parsed.stages.get(stage)
            if known is not None and known[0] == key:
                stage_scores = known[1]
            else:
                stage_scores = score_games(stage_games, ruleset)
                parsed.stages[stage] = (key, stage_scores)
            scores.update((scored.game.id, scored) for scored in stage_scores)
        ordered = tuple(scores[game.id] for _, game, _ in parsed.games.values())
        return Result(ruleset, standings(ordered, ruleset, seed), ordered)


def _version(head: Any) -> tuple[Any, ...]:
    return (head["audit_id"], head["status"], head["updated_at"], head["stage"], head["pending"])


def _game(head: Any, seats: list[Any], names: dict[int, str]) -> tuple[Game, GameFacts]:
    game = protocol_of(head, seats).to_game(str(head["id"]), head["stage"], names)
    facts = GameFacts(
        game_id=head["id"],
        table=head["table_number"],
        number=head["game_number"],
        ended_at=datetime.fromisoformat(head["ended_at"]),
        stored_status=_STATUSES[head["status"]],
        protests_from=datetime.fromisoformat(head["protests_from"]),
        pending_protest=bool(head["pending"]),
    )
    return game, facts


def _by_game(rows: list[Any]) -> dict[int, list[Any]]:
    seats: dict[int, list[Any]] = {}
    for row in rows:
        seats.setdefault(row["game_id"], []).append(row)
    return seats


class Standings:
    """Boards per tournament, recomputed only when the tournament's data changed."""

    def __init__(
        self, database: Database, tournaments: Tournaments, window: ProtestWindow | None = None
    ) -> None:
        self.database = database
        self.tournaments = tournaments
        self.window = window  # the protest window: which games are still provisional
        self._boards: OrderedDict[int, Board] = OrderedDict()
        self._parsed: dict[int, _Parsed] = {}
        self._lock = asyncio.Lock()
        self._warming: asyncio.Task[None] | None = None

    async def _revision(self, tournament_id: int) -> int | None:
        row = await self.database.fetchone(
            "SELECT revision FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return int(row[0]) if row else None

    def refresh_soon(self) -> None:
        """After a game is saved: compute the current tournament's standings now, in the
        background, so that the next /rating finds them ready."""
        if self._warming is None or self._warming.done():
            self._warming = asyncio.get_running_loop().create_task(self._warm())

    async def _warm(self) -> None:
        try:
            current = await self.tournaments.current()
            if current is not None:
                await self.board(current[0])
        except Exception:  # a failed warm-up costs only speed: the next request computes
            log.exception("Refreshing the standings failed")

    async def stop(self) -> None:
        await cancelled(self._warming)

    async def board(self, tournament: Tournament) -> Board:
        """The standings as of ``tournament``'s revision (read with it, in this request) or
        newer."""
        kept = self._boards.get(tournament.id)
        if kept is not None and kept.revision >= tournament.revision:
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
                evicted, _ = self._boards.popitem(last=False)
                self._parsed.pop(evicted, None)
            return board

    async def _compute(self, tournament: Tournament) -> Board:
        # The revision is read with the games in one snapshot (a read transaction on the second
        # connection), so a save meanwhile can only make the board look older than it is (and
        # be recomputed), never newer; and the bot's own connection is not held up meanwhile.
        kept = self._parsed.get(tournament.id)
        async with self.database.snapshot() as connection:
            cursor = await connection.execute(
                "SELECT revision FROM tournaments WHERE id = ?", (tournament.id,)
            )
            revision = int((await cursor.fetchone())[0])  # type: ignore[index]
            cursor = await connection.execute("SELECT id, nickname FROM players")
            names = {row[0]: row[1] for row in await cursor.fetchall()}
            cursor = await connection.execute(
                _HEADS_QUERY, (ProtestStatus.PENDING.value, tournament.id, _ANNULLED)
            )
            heads = list(await cursor.fetchall())
            if kept is None or kept.names != names:
                kept = _Parsed(names)
            changed = [
                head for head in heads
                if (known := kept.games.get(head["id"])) is None or known[0] != _version(head)
            ]  # fmt: skip
            if len(changed) >= _FEW:
                cursor = await connection.execute(_ALL_SEATS_QUERY, (tournament.id, _ANNULLED))
                seat_rows = list(await cursor.fetchall())
            elif changed:
                marks = ",".join("?" * len(changed))
                cursor = await connection.execute(
                    _SOME_SEATS_QUERY.format(marks=marks), [head["id"] for head in changed]
                )
                seat_rows = list(await cursor.fetchall())
            else:
                seat_rows = []
        seats = _by_game(seat_rows)
        parsed = _Parsed(names, stages=kept.stages)
        for head in heads:
            known = kept.games.get(head["id"])
            version = _version(head)
            if known is not None and known[0] == version:
                parsed.games[head["id"]] = known
            else:
                parsed.games[head["id"]] = (version, *_game(head, seats[head["id"]], names))
        self._parsed[tournament.id] = parsed
        fresh = await self.tournaments.get(tournament.id)  # after: a newer ruleset is harmless
        assert fresh is not None
        facts = {game.id: game_facts for _, game, game_facts in parsed.games.values()}
        player_ids = {nickname: player_id for player_id, nickname in names.items()}
        rules = (fresh.ruleset_ref, fresh.ruleset_data)
        result = await asyncio.to_thread(
            _score_by_stage, parsed, fresh.ruleset(), rules, fresh.seed
        )
        board = Board(fresh, revision, result, player_ids, facts)
        # Its per-player index (a hundred thousand entries at 10,000 games) is made here, in the
        # worker thread, not by the first request in the event loop.
        await asyncio.to_thread(board.prepare, self.window)
        return board
