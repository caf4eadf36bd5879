"""The club's Elo ratings, red and black (scoring/elo.py; docs/rating.md): every counted game of
every tournament, imported seasons included, replayed in the order the games ended.

The ratings are brought up to date when a game changes anywhere (the change sequence of
migration 0015 moves), in a worker thread on a read connection of its own. Only the changed
games are read; the replay restarts from the first game whose place or content changed, from the
nearest kept checkpoint before it. A game saved tonight ends last, so it costs one game's
replay, not 10,000. A change that touches many games (an import, a merge) reads everything again.
Either way the result is what a replay from nothing gives (tests/bot/test_elo_kept.py says so
after random sequences of changes).
"""

from __future__ import annotations

import asyncio
import logging
from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass

from bot.core import club_scope
from bot.core.db import ApartReader, Database
from bot.core.memory import settle_built
from bot.core.tasks import ClubWarmUps
from bot.vocabulary.statuses import GameStatus
from scoring.elo import BLACK, RED, RESULT, Brier, BrierSums, EloSettings, Rated, Ratings, Seat
from scoring.model import RED_ROLES, Role, Winner

log = logging.getLogger(__name__)
CHECKPOINT_EVERY = 1000  # games between kept states (and the last): a replay restarts from one
MANY_CHANGES = 500  # changed games beyond which reading everything again is cheaper

_SEQ = "SELECT coalesce(max(seq), 0) FROM game_changes"
_CHANGED = "SELECT game_id FROM game_changes WHERE seq > ?"
_COUNTED = f"status != '{GameStatus.ANNULLED.value}'"
_OF_CLUB = "tournament_id IN (SELECT id FROM tournaments WHERE club_id = ?)"
_HEADS = f"SELECT id, ended_at, winner FROM games WHERE {_COUNTED} AND {_OF_CLUB}"
_SEATS = (
    "SELECT gs.game_id, gs.role, gs.player_id FROM game_seats AS gs JOIN games AS g "
    f"ON g.id = gs.game_id WHERE g.{_COUNTED} AND g.{_OF_CLUB} ORDER BY gs.game_id, gs.seat"
)
_TRACK = {role.value: RED if role in RED_ROLES else BLACK for role in Role}
_WINNER = {winner.value: RESULT[winner] for winner in Winner}

Key = tuple[str, int]  # (ended_at, game id): the order the games ended


@dataclass(frozen=True, slots=True)
class EloState:
    """The ratings after every counted game, and each game as rated. Never changed once made:
    bringing it up to date makes a new one, so a reader is never shown half a replay."""

    seq: int
    ratings: Ratings
    rated: dict[int, Rated]  # by game id
    keys: tuple[Key, ...]  # the counted games in the order they were replayed
    # index i → the ratings before the i-th game, and the measure's sums over the games before it
    checkpoints: dict[int, tuple[Ratings, BrierSums]]
    measured: Brier  # how well the chance predicted the club's own games (scoring.elo.brier)
    games_of: dict[str, list[Key]]  # a player's games, in replay order (never changed in place)
    replayed: int  # the games this state replayed: what bringing it up to date cost

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(game_id for _, game_id in self.keys)

    def player(self, player_id: int, track: str) -> tuple[float, int]:
        """His rating on the track and the games it counts (the start and 0: none yet)."""
        key = (str(player_id), track)
        return self.ratings.of(*key), self.ratings.games.get(key, 0)

    def chance_proven(self, minimum_games: int) -> bool:
        """Whether the chance has earned being shown: over at least ``minimum_games`` of the
        club's games it predicted better than always saying the base rate. A chance that does
        worse would only mislead (docs/rating.md)."""
        found = self.measured
        return found.games >= minimum_games and found.score < found.base_rate_score

    def curve(self, player_id: int) -> tuple[tuple[float, float], ...]:
        """His (red, black) ratings before his first game and after each of his games, in the
        order they were replayed (the track he did not play on stays as it was)."""
        name = str(player_id)
        start = self.ratings.settings.start
        red = black = start
        points = [(red, black)]
        for _, game_id in self.games_of.get(name, ()):
            change = self.rated[game_id].change_of(name)
            assert change is not None  # his games are the games he played
            if change.track == RED:
                red = change.after
            else:
                black = change.after
            points.append((red, black))
        return tuple(points) if len(points) > 1 else ()


class EloRatings:
    def __init__(self, database: Database, settings: EloSettings | None = None) -> None:
        self.database = database
        self.settings = settings or EloSettings()
        self._states: dict[int, EloState] = {}  # by club: each club's ratings are its own
        self._locks: dict[int, asyncio.Lock] = {}  # by club: one club never waits for another
        self._warming = ClubWarmUps()

    def refresh_soon(self) -> None:
        """After a committed change of games (and at start-up): bring the ratings up to date
        now, in the background, so that the announcement and the next /rating elo find them
        ready instead of waiting for the replay."""
        self._warming.start(club_scope.maybe_club_id(), self._warm)

    async def _warm(self) -> EloState | None:
        if club_scope.maybe_club() is None:  # many clubs at start-up: each club's first
            return None  # request makes its own
        try:
            return await self.state()
        except Exception as error:  # a failed warm-up costs only speed: the next request replays
            self.database.log_failure(log, error, "Bringing the Elo ratings up to date failed")
            return None

    async def stop(self) -> None:
        await self._warming.stop()

    async def state(self) -> EloState:
        """The ratings as of now (brought up to date only when a game changed since)."""
        club = club_scope.club_id()
        row = await self.database.fetchone(_SEQ)
        seq = int(row[0]) if row else 0
        state = self._states.get(club)
        if state is not None and state.seq == seq:
            return state
        # thirty requests after one change replay once
        async with self._locks.setdefault(club, asyncio.Lock()):
            previous = self._states.get(club)
            if previous is None or previous.seq != seq:
                state = await self.database.read_apart(
                    lambda connection: brought_up(connection, previous, self.settings, club)
                )
                self._states[club] = state
                if state.replayed == len(state.keys):  # all of it made anew
                    settle_built(state.replayed)
            return self._states[club]


def brought_up(
    connection: ApartReader, previous: EloState | None, settings: EloSettings, club: int
) -> EloState:
    """The state as of the database now: ``previous`` with the changed games replayed, or a
    replay of everything when there is no previous state or too much changed."""
    seq = int(connection.execute(_SEQ).fetchone()[0])
    if previous is None:
        return _from_nothing(connection, seq, settings, club)
    changed = [row[0] for row in connection.execute(_CHANGED, (previous.seq,))]
    if len(changed) > MANY_CHANGES:
        return _from_nothing(connection, seq, settings, club)
    return _replayed_from_change(connection, seq, previous, changed, settings, club)


def _from_nothing(connection: ApartReader, seq: int, settings: EloSettings, club: int) -> EloState:
    games = _read(connection, club, None)
    keys = sorted(games)
    games_of: dict[str, list[Key]] = {}
    for key in keys:
        for name, _ in games[key][1]:
            games_of.setdefault(name, []).append(key)
    return _replay(seq, Ratings(settings), BrierSums(), {}, keys, 0, {}, games, games_of)


def _replayed_from_change(
    connection: ApartReader,
    seq: int,
    previous: EloState,
    changed: list[int],
    settings: EloSettings,
    club: int,
) -> EloState:
    keys = list(previous.keys)
    rated = dict(previous.rated)
    games_of = _CopiedOnWrite(previous.games_of)
    first = len(keys)
    for game_id in changed:
        old = rated.pop(game_id, None)
        if old is not None:  # its old place: the games after it move up by one
            key = _key_of(previous, game_id)
            index = bisect_left(keys, key)
            del keys[index]
            first = min(first, index)
            for name in old.names:
                games_of.remove(name, key)
    fresh = _read(connection, club, changed)  # another club's change: nothing read here
    for key, (_, seats) in fresh.items():
        insort(keys, key)
        first = min(first, bisect_left(keys, key))
        for name, _ in seats:
            games_of.add(name, key)
    start = max((i for i in previous.checkpoints if i <= first), default=0)
    kept = previous.checkpoints
    ratings, sums = kept[start] if start in kept else (Ratings(settings), BrierSums())
    # the every-thousandth before the restart; the end is the new state's own (_replay)
    checkpoints = {i: kept[i] for i in kept if i <= start and i % CHECKPOINT_EVERY == 0}
    return _replay(
        seq, ratings.copy(), sums, rated, keys, start, checkpoints, fresh, games_of.lists
    )


class _CopiedOnWrite:
    """The players' game lists of a new state: a list the change touches is copied first, so
    the previous state, still read meanwhile, never changes."""

    def __init__(self, lists: dict[str, list[Key]]) -> None:
        self.lists = dict(lists)
        self._copied: set[str] = set()

    def _own(self, name: str) -> list[Key]:
        if name not in self._copied:
            self.lists[name] = list(self.lists.get(name, ()))
            self._copied.add(name)
        return self.lists[name]

    def remove(self, name: str, key: Key) -> None:
        games = self._own(name)
        games.pop(bisect_left(games, key))

    def add(self, name: str, key: Key) -> None:
        insort(self._own(name), key)


def _key_of(state: EloState, game_id: int) -> Key:
    # the keys are few enough to scan only when a game left (a correction, an annulment)
    return next(key for key in state.keys if key[1] == game_id)


def _replay(
    seq: int,
    ratings: Ratings,
    sums: BrierSums,
    rated: dict[int, Rated],
    keys: list[Key],
    start: int,
    checkpoints: dict[int, tuple[Ratings, BrierSums]],
    fresh: dict[Key, tuple[float, list[Seat]]],
    games_of: dict[str, list[Key]],
) -> EloState:
    """Replay ``keys[start:]`` from ``ratings``: the fresh games as read, the others as rated
    before (their seats and results did not change, only what they start from). ``sums``: the
    measure's sums over ``keys[:start]``, carried on over the games replayed (measuring all
    10,000 games again took most of a one-game replay)."""
    since = start  # the first game not yet in ``sums``
    for index in range(start, len(keys)):
        if index % CHECKPOINT_EVERY == 0:
            sums = sums.carried(rated[game_id] for _, game_id in keys[since:index])
            since = index
            checkpoints[index] = (ratings.copy(), sums)
        key = keys[index]
        game_id = key[1]
        if key in fresh:
            result, seats = fresh[key]
            rated[game_id] = ratings.play_seats(str(game_id), result, seats)
        else:
            rated[game_id] = ratings.again(rated[game_id])
    sums = sums.carried(rated[game_id] for _, game_id in keys[since:])
    # The ratings after the last game are a checkpoint too: tonight's next game ends last and
    # is replayed alone, not with every game since the last thousandth (up to 45 ms each).
    # ``ratings`` is this state's own and is never changed: a replay starts from a copy.
    checkpoints[len(keys)] = (ratings, sums)
    measured = sums.measure()
    replayed = len(keys) - start
    return EloState(seq, ratings, rated, tuple(keys), checkpoints, measured, games_of, replayed)


def _read(
    connection: ApartReader, club: int, game_ids: Iterable[int] | None
) -> dict[Key, tuple[float, list[Seat]]]:
    """The club's counted games (all, or those of ``game_ids``): each one's result and seats."""
    heads, seats_sql = _HEADS, _SEATS
    arguments: tuple[int, ...] = (club,)
    if game_ids is not None:
        ids = tuple(game_ids)
        marks = ",".join("?" * len(ids))
        heads = f"{_HEADS} AND id IN ({marks})"
        seats_sql = _SEATS.replace("ORDER BY", f"AND g.id IN ({marks}) ORDER BY")
        arguments = (club, *ids)
    found = {row[0]: (row[1], _WINNER[row[2]]) for row in connection.execute(heads, arguments)}
    # one (name, track) pair per player and track, shared by all his seats: 10,000 games read
    # at once leave no 100,000 small tuples behind to fragment the heap
    names: dict[int, str] = {}
    pairs: dict[tuple[int, str], Seat] = {}
    seats: dict[int, list[Seat]] = {}
    for game_id, role, player_id in connection.execute(seats_sql, arguments):
        pair = pairs.get((player_id, role))
        if pair is None:
            name = names.setdefault(player_id, str(player_id))
            pair = pairs[(player_id, role)] = (name, _TRACK[role])
        seats.setdefault(game_id, []).append(pair)
    return {
        (ended_at, game_id): (result, seats[game_id])
        for game_id, (ended_at, result) in found.items()
        if len(seats.get(game_id, ())) == 10
    }
