"""A tournament's standings, kept game by game and always equal to the scoring core's.

The standings are a ``scoring.kept.KeptStandings`` per tournament: a saved, corrected or annulled
game is put into it (or dropped) and only its ten players' rows and places change, so a Confirm
in a 10,000-game tournament costs what a Confirm in a 10-game one does. Players are named by
their nicknames, so an exported protocol gives the same standings, lot included. What changed is
told by the tournament's ``revision`` (kept by triggers, see migration 0007), which comes with the
tournament's row a request reads anyway; which games changed, by the change sequence (migration
0015: triggers number every change to a game, its seats or its protests), so only those games
are read. A change that touches everyone — a new ruleset or seed, a rename (the lot
follows the nickname), a merge, many games at once (an import) — builds the standings anew, in a
worker thread, beside the kept ones that requests go on reading meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from bot.club.tournaments import Tournament, Tournaments
from bot.core import club_scope
from bot.core.db import ApartReader, Database
from bot.core.memory import release_memory, settle_built
from bot.core.tasks import ClubWarmUps
from bot.tables import tournaments as tournament_rows
from bot.tables.games import SEAT_COLUMNS, protocol_of, seat_columns
from bot.vocabulary.statuses import GameStatus, ProtestStatus
from bot.vocabulary.window import ProtestWindow
from scoring import Game, Result, Role, Ruleset, SeatScore, Standing, compute
from scoring.kept import KeptStandings, RoleTotals

log = logging.getLogger(__name__)
# The boards kept in memory (least recently used first out) hold at most this many games
# together, the newest always kept: four seasons of 10,000 games, or the current tournaments of
# some hundred clubs playing tonight — a count of boards would let a few big ones take the
# memory, or evict twenty small ones that twenty clubs ask for at once.
KEPT_GAMES = 40_000
_NEVER = datetime.max.replace(tzinfo=UTC)


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
    """One counted game of one player: the game's facts and his seat's points in it."""

    facts: GameFacts
    seat: SeatScore
    weight: Fraction = Fraction(1)  # his points' weight: the game's stage's
    game: Game | None = None  # the protocol (who else sat there, in which role)

    @property
    def total(self) -> Fraction:
        """What the game counts for in the standings: his points × the stage's weight."""
        total = self.seat.total
        return total if self.weight == 1 else total * self.weight


@dataclass
class _Kept:
    """One tournament's kept standings and what they were made of."""

    rules: tuple[Any, ...]  # the ruleset's reference and data, the lot's seed, stage weights
    names: dict[int, str]  # player id → nickname
    seen: int  # the change sequence's number they are up to date with
    facts: dict[str, GameFacts]  # scoring game id → facts
    standings: KeptStandings
    # What was read off each player's own games (his games, his company, his awards), kept
    # until one of his games changes: /me at 10,000 games does not score his 300 games again.
    by_player: dict[int, dict[str, Any]] = field(default_factory=dict)

    def forget_players_of(self, game_ids: Iterable[str]) -> None:
        ids = {nickname: player_id for player_id, nickname in self.names.items()}
        for game_id in game_ids:
            game = self.standings.games.get(game_id)
            for seat in game.players if game is not None else ():
                self.by_player.pop(ids.get(seat.name, -1), None)


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class FrozenBoard:
    """A board's games as of one moment (``Board.frozen``), to compute away from the loop."""

    games: list[Game]
    facts: dict[str, GameFacts]
    ruleset: Ruleset
    seed: int
    weights: dict[str, Decimal]

    @property
    def result(self) -> Result:
        return compute(self.games, self.ruleset, self.seed, self.weights or None)


class Board:
    """A tournament's standings as of one revision of its data.

    The rows are fixed when the board is made; a player's games and role totals are read from
    the kept standings, which move on with the next change — a board is read right after it is
    obtained, in the same step of the event loop, never across an ``await``.
    """

    def __init__(self, tournament: Tournament, revision: int, kept: _Kept) -> None:
        self.tournament = tournament
        self.revision = revision
        self.standings: tuple[Standing, ...] = kept.standings.standings
        self.game_count = len(kept.standings.games)
        self.facts = kept.facts
        self.player_ids = {nickname: player_id for player_id, nickname in kept.names.items()}
        self._kept = kept
        self._rows: dict[int, Standing] | None = None
        self._open_until: dict[int, datetime] | None = None

    def player_id(self, row: Standing) -> int:
        return self.player_ids[row.name]

    def row_of(self, player_id: int) -> Standing | None:
        if self._rows is None:
            self._rows = {self.player_ids[row.name]: row for row in self.standings}
        return self._rows.get(player_id)

    def played(self, player_id: int) -> list[PlayedGame]:
        """A player's counted games, oldest first (kept: do not change the list)."""
        return self.kept_for(player_id, "played", lambda: self._played(player_id))

    def kept_for(self, player_id: int, what: str, make: Callable[[], T]) -> T:
        """What ``make`` reads off the player's own games, made once until one of them
        changes (``what`` names it; the same name must always be made the same way)."""
        kept = self._kept.by_player.setdefault(player_id, {})
        if what not in kept:
            kept[what] = make()
        found: T = kept[what]
        return found

    def _played(self, player_id: int) -> list[PlayedGame]:
        name = self._kept.names.get(player_id)
        if name is None:
            return []
        played = [
            PlayedGame(self.facts[game.id], seat, self.weight(game.stage), game)
            for game, seat in self._kept.standings.seats_of(name)
        ]
        played.sort(key=lambda item: (item.facts.ended_at, item.facts.game_id))
        return played

    def role_totals(self, player_id: int) -> dict[Role, RoleTotals]:
        """A player's games, wins and points per role (do not change what it returns)."""
        name = self._kept.names.get(player_id)
        return self._kept.standings.role_totals(name) if name is not None else {}

    def frozen(self) -> FrozenBoard:
        """What a computation in a worker thread needs, copied now: the kept standings move on
        with the next saved game while the thread works (an export of 40,000 games)."""
        games = sorted(self._kept.standings.games.values(), key=lambda game: int(game.id))
        facts = {game.id: self.facts[game.id] for game in games}
        return FrozenBoard(
            games, facts, self.tournament.ruleset(), self.tournament.seed, self.weights
        )

    @property
    def result(self) -> Result:
        """Every game's points and the standings from nothing, by ``scoring.compute`` (for a
        file: an export costs what the command line's computation does)."""
        games = sorted(self._kept.standings.games.values(), key=lambda game: int(game.id))
        weights = self.weights
        return compute(
            games, self.tournament.ruleset(), self.tournament.seed, weights if weights else None
        )

    @property
    def weights(self) -> dict[str, Decimal]:
        """Stage name → weight, for the stages that weigh other than 1."""
        return _weights(self._kept.rules)

    def weight(self, stage: str) -> Fraction:
        return Fraction(self._kept.standings.weights.get(stage, 1))

    def provisional(self, player_id: int, now: datetime, window: ProtestWindow) -> bool:
        """Whether one of the player's counted games may still change."""
        last = self._open_games(window).get(player_id)
        return last is not None and now < last

    def next_provisional_change(self, now: datetime, window: ProtestWindow) -> datetime:
        """When the next player's ``provisional`` turns false by the clock alone."""
        ahead = [until for until in self._open_games(window).values() if until > now]
        return min(ahead, default=_NEVER)

    def _open_games(self, window: ProtestWindow) -> dict[int, datetime]:
        """By player: until when one of his counted games may still change (if it may)."""
        if self._open_until is None:
            latest: dict[int, datetime] = {}
            games = self._kept.standings.games
            for game_id, facts in self.facts.items():
                if facts.stored_status is not GameStatus.PROVISIONAL:
                    continue
                until = _NEVER if facts.pending_protest else window.deadline(facts.protests_from)
                for entry in games[game_id].players:
                    player = self.player_ids[entry.name]
                    if until > latest.get(player, _EPOCH):
                        latest[player] = until
            self._open_until = latest
        return self._open_until


_EPOCH = datetime.min.replace(tzinfo=UTC)


# The games of a tournament (counted ones) or the games changed since a number of the change
# sequence (migration 0015), annulled ones too: those leave the standings.
_HEADS = """
SELECT g.id, g.table_number, g.game_number, g.winner, g.first_killed, g.best_move, g.ended_at,
       g.protests_from, g.status, s.name AS stage,
       EXISTS (SELECT 1 FROM protests AS p WHERE p.game_id = g.id AND p.status = ?)
           AS pending
FROM games AS g JOIN stages AS s ON s.id = g.stage_id
"""
_WEIGHTS_QUERY = "SELECT name, weight FROM stages WHERE tournament_id = ? AND weight != '1'"
_REVISION_QUERY = """
SELECT revision, (SELECT coalesce(max(seq), 0) FROM game_changes) FROM tournaments WHERE id = ?
"""
_ALL_HEADS_QUERY = _HEADS + "WHERE g.tournament_id = ? AND g.status != ? ORDER BY g.id"
# A deleted game has no row: its status reads NULL, and it leaves the standings as annulled does.
_CHANGED_HEADS_QUERY = """
SELECT c.game_id AS id, g.table_number, g.game_number, g.winner, g.first_killed, g.best_move,
       g.ended_at, g.protests_from, g.status, s.name AS stage,
       EXISTS (SELECT 1 FROM protests AS p WHERE p.game_id = c.game_id AND p.status = ?)
           AS pending
FROM game_changes AS c
LEFT JOIN games AS g ON g.id = c.game_id LEFT JOIN stages AS s ON s.id = g.stage_id
WHERE c.tournament_id = ? AND c.seq > ?
ORDER BY c.game_id
"""
_ALL_SEATS_QUERY = f"""
SELECT {seat_columns("gs")}
FROM game_seats AS gs JOIN games AS g ON g.id = gs.game_id
WHERE g.tournament_id = ? AND g.status != ?
ORDER BY gs.game_id, gs.seat
"""
_SOME_SEATS_QUERY = f"""
SELECT {SEAT_COLUMNS} FROM game_seats
WHERE game_id IN ({{marks}}) ORDER BY game_id, seat
"""
_FEW = 400  # fewer changed games than this are put one by one; more, built anew
_ANNULLED = GameStatus.ANNULLED.value
_STATUSES = {status.value: status for status in GameStatus}


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


def _parsed(
    heads: Iterable[Any], seat_rows: list[Any], names: dict[int, str]
) -> list[tuple[Any, Game, GameFacts]]:
    """The games of ``heads`` (whose seats are among ``seat_rows``): head, game, facts."""
    seats: dict[int, list[Any]] = {}
    for row in seat_rows:
        seats.setdefault(row["game_id"], []).append(row)
    return [(head, *_game(head, seats[head["id"]], names)) for head in heads]


# The nicknames of the tournament's club only: a deployment of many clubs has their players in
# one table, and each refresh of a board reads these again.
_NAMES_QUERY = (
    "SELECT id, nickname FROM players WHERE club_id = "
    "(SELECT club_id FROM tournaments WHERE id = ?)"
)


def _built(connection: ApartReader, tournament: Tournament, rules: tuple[Any, ...]) -> _Kept:
    """The standings from nothing (in a worker thread, on a connection of its own: 10,000 games
    take a second). The seats are streamed into the standings game by game, so that a season's
    100,000 rows are never in memory at once."""
    pending = ProtestStatus.PENDING.value
    _, seen = connection.execute(_REVISION_QUERY, (tournament.id,)).fetchone()
    names = {row[0]: row[1] for row in connection.execute(_NAMES_QUERY, (tournament.id,))}
    heads = {
        row["id"]: row
        for row in connection.execute(_ALL_HEADS_QUERY, (pending, tournament.id, _ANNULLED))
    }
    facts: dict[str, GameFacts] = {}

    def games() -> Iterator[Game]:
        seats: list[Any] = []
        for seat in connection.execute(_ALL_SEATS_QUERY, (tournament.id, _ANNULLED)):
            if seats and seat["game_id"] != seats[0]["game_id"]:
                yield parsed(seats)
                seats = []
            seats.append(seat)
        if seats:
            yield parsed(seats)

    def parsed(seats: list[Any]) -> Game:
        game, facts_of_game = _game(heads.pop(seats[0]["game_id"]), seats, names)
        facts[game.id] = facts_of_game
        return game

    standings = KeptStandings(
        tournament.ruleset(), tournament.seed, games(), weights=_weights(rules)
    )
    return _Kept(rules, names, seen, facts, standings)


def _weights(rules: tuple[Any, ...]) -> dict[str, Decimal]:
    """The stages' weights kept with the rules: (name, weight) pairs, the weight as text."""
    return {name: Decimal(weight) for name, weight in rules[3]}


def _counted(head: Any) -> bool:
    """Whether a changed game counts: not annulled, and not deleted (no status at all)."""
    return head["status"] is not None and head["status"] != _ANNULLED


def _renamed(kept: _Kept, names: dict[int, str]) -> bool:
    """Whether a kept player's nickname changed or he is gone (merged): his rows move."""
    return any(names.get(player_id) != nickname for player_id, nickname in kept.names.items())


class Standings:
    """Boards per tournament, recomputed only when the tournament's data changed."""

    def __init__(
        self, database: Database, tournaments: Tournaments, window: ProtestWindow | None = None
    ) -> None:
        self.database = database
        self.tournaments = tournaments
        self.window = window  # the protest window: which games are still provisional
        self._boards: OrderedDict[int, Board] = OrderedDict()
        self._kept: dict[int, _Kept] = {}
        self._locks: dict[int, asyncio.Lock] = {}  # by tournament: clubs do not wait for others
        self._warming = ClubWarmUps()

    async def _revision(self, tournament_id: int) -> int | None:
        row = await self.database.fetchone(
            "SELECT revision FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return int(row[0]) if row else None

    def refresh_soon(self) -> None:
        """After a game is saved (or a season imported): compute the standings now, in the
        background, so that the next /rating finds them ready — the current tournament's, and
        the newest one's (an import makes a tournament that is not current yet: its first
        /rating, or «⭐ Сделать текущим», must not wait for seconds of building)."""
        self._warming.start(club_scope.maybe_club_id(), self._warm)

    async def _warm(self) -> None:
        if club_scope.maybe_club() is None:  # many clubs at start-up: each club's first
            return  # request makes its own
        try:
            current = await self.tournaments.current()
            if current is not None:
                await self.board(current[0])
            newest = max(await self.tournaments.all(), key=lambda t: t.id, default=None)
            if newest is not None and (current is None or newest.id != current[0].id):
                await self.board(newest)
        except Exception as error:  # a failed warm-up costs only speed: the next request computes
            self.database.log_failure(log, error, "Refreshing the standings failed")

    async def stop(self) -> None:
        await self._warming.stop()

    async def board(self, tournament: Tournament) -> Board:
        """The standings as of ``tournament``'s revision (read with it, in this request) or
        newer."""
        board = self._boards.get(tournament.id)
        if board is not None and board.revision >= tournament.revision:
            self._boards.move_to_end(tournament.id)
            return board
        # two requests after one change update once
        async with self._locks.setdefault(tournament.id, asyncio.Lock()):
            board = self._boards.get(tournament.id)
            if board is not None and board.revision == await self._revision(tournament.id):
                return board
            board = await self._update(tournament)
            self._boards[tournament.id] = board
            self._boards.move_to_end(tournament.id)
            self._evict()
            return board

    def _evict(self) -> None:
        held = sum(board.game_count for board in self._boards.values())
        while held > KEPT_GAMES and len(self._boards) > 1:
            evicted, board = self._boards.popitem(last=False)
            self._kept.pop(evicted, None)
            held -= board.game_count

    async def _update(self, tournament: Tournament) -> Board:
        # The revision and the changes are read in one snapshot (a read transaction on the
        # second connection), so a save meanwhile can only make the board look older than it is
        # (and be updated again), never newer; and the bot's own connection is not held up.
        pending = ProtestStatus.PENDING.value
        async with self.database.snapshot() as reader:
            head = await reader.one(_REVISION_QUERY, (tournament.id,))
            assert head is not None
            revision, seen = head[0], head[1]
            names = {row[0]: row[1] for row in await reader.all(_NAMES_QUERY, (tournament.id,))}
            # In the snapshot: a second connection asked for while this one is held could
            # wait for ever once every connection of the pool is so held (PostgreSQL).
            fresh = await tournament_rows.get(reader, tournament.id)
            assert fresh is not None
            weights = tuple(
                (row[0], row[1]) for row in await reader.all(_WEIGHTS_QUERY, (tournament.id,))
            )
            rules = (fresh.ruleset_ref, fresh.ruleset_data, fresh.seed, weights)
            kept = self._kept.get(tournament.id)
            if kept is not None and (kept.rules != rules or _renamed(kept, names)):
                kept = None
            changed: list[Any] = []
            if kept is not None:
                changed = await reader.all(
                    _CHANGED_HEADS_QUERY, (pending, tournament.id, kept.seen)
                )
                if len(changed) >= _FEW:  # an import into it, say: reading it all is quicker
                    kept = None
            seat_rows: list[Any] = []
            counted = [head["id"] for head in changed if _counted(head)]
            if kept is not None and counted:
                marks = ",".join("?" * len(counted))
                seat_rows = await reader.all(_SOME_SEATS_QUERY.format(marks=marks), counted)
        if kept is None:
            started = time.perf_counter()
            # Labelled with the revision read before ``fresh``, not the build's own: a change
            # committed meanwhile (/mingames, a rename) is in the build but not in ``fresh``,
            # and a board that looks older than it is is only updated again.
            built = await self.database.read_apart(
                lambda connection: _built(connection, fresh, rules)
            )
            log.info("Standings of tournament %s built anew from %s games in %.2f s",
                     tournament.id, len(built.facts), time.perf_counter() - started)  # fmt: skip
            self._kept[tournament.id] = built
            release_memory()  # what the build read and dropped
            settle_built(len(built.facts))
            return Board(fresh, revision, built)
        if changed:
            _put(kept, names, seen, changed, seat_rows)
        else:
            kept.names, kept.seen = names, seen
        self._kept[tournament.id] = kept
        return Board(fresh, revision, kept)


def _put(
    kept: _Kept, names: dict[int, str], seen: int, changed: list[Any], seat_rows: list[Any]
) -> None:
    """Bring kept standings up to date with a few changed games (in the event loop: each
    costs what its ten players' rows do)."""
    kept.forget_players_of(str(head["id"]) for head in changed)  # as they were
    kept.names = names  # the same nicknames, and maybe a newcomer's
    kept.seen = seen
    counted = []
    for head in changed:
        if not _counted(head):
            kept.facts.pop(str(head["id"]), None)
            kept.standings.drop(str(head["id"]))
        else:
            counted.append(head)
    parsed = _parsed(counted, seat_rows, names)
    for _, game, facts in parsed:
        kept.facts[game.id] = facts
    kept.standings.put_all(game for _, game, _ in parsed)
    kept.forget_players_of(game.id for _, game, _ in parsed)  # as they are now
