"""Saved games: writing a confirmed protocol in one transaction, corrections with an audit log,
and scoring a stage through the scoring core."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from typing import Any

import aiosqlite

from bot.club.protests import decide_by_change, queue_private_results
from bot.club.protocol import SEATS, Protocol
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.parsing import MAX_GAME_NUMBER, MAX_TABLE
from bot.core.rights import Member
from bot.delivery.queue import CLUB, Kind, enqueue
from scoring import (
    Game,
    GameScore,
    Ruleset,
    Team,
    Winner,
    compensation,
    score_games,
    validate_game,
)
from scoring.validation import Problem


class GameStatus(StrEnum):
    PROVISIONAL = "provisional"  # protests may still be filed
    FINAL = "final"
    ANNULLED = "annulled"  # does not count (a replay was ordered)


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    tournament_id: int
    stage_id: int
    judge_id: int
    ended_at: datetime
    status: GameStatus  # as stored: decisions and the passing of the window write it
    protocol: Protocol
    pending_protests: int = 0

    @property
    def table(self) -> int:
        return self.protocol.table

    @property
    def number(self) -> int:
        return self.protocol.number

    def deadline(self, window_minutes: int) -> datetime:
        return self.ended_at + timedelta(minutes=window_minutes)

    def open_for_protest(self, now: datetime, window_minutes: int) -> bool:
        return self.status is GameStatus.PROVISIONAL and now < self.deadline(window_minutes)

    def status_at(self, now: datetime, window_minutes: int) -> GameStatus:
        """provisional while protests may be filed or one is pending, then final; annulled
        stays annulled.

        Derived from the clock, so a window that closed while the bot was down is closed when it
        comes back; the stored status catches up later (``Protests.finalize_due``)."""
        if (
            self.status is GameStatus.PROVISIONAL
            and now >= self.deadline(window_minutes)
            and not self.pending_protests
        ):
            return GameStatus.FINAL
        return self.status


@dataclass(frozen=True, slots=True)
class Submission:
    """A confirmed protocol on its way into the database."""

    draft_id: int  # the draft it came from: a second Confirm of the same draft finds the game
    tournament_id: int
    stage_id: int
    protocol: Protocol
    ended_at: str | None
    game_id: int | None = None  # set for a correction


class SaveProblem(StrEnum):
    INCOMPLETE = "incomplete"  # not filled in, or the scoring core finds errors
    TOO_LATE = "too_late"  # a correction after the judge's window closed
    CLOSED = "closed"  # the draft is gone (saved or discarded meanwhile)
    NUMBER_TAKEN = "number_taken"  # the table and game number are used by another game


class SaveError(Exception):
    """The protocol cannot be saved as it is; the editor tells the judge why."""

    def __init__(self, problem: SaveProblem) -> None:
        super().__init__(problem.value)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Saved:
    game_id: int
    created: bool  # False: this draft had been saved before (a double tap, a repeated update)
    changed: bool = True  # False: a correction that changed nothing (nothing was written)


def submission_key(draft_id: int) -> str:
    return f"draft:{draft_id}"


class Games:
    def __init__(
        self, database: Database, clock: Clock, tournaments: Tournaments, club_chat_id: int | None
    ) -> None:
        self.database = database
        self.clock = clock
        self.tournaments = tournaments
        self.club_chat_id = club_chat_id

    # -- reading -------------------------------------------------------------------------------

    async def get(self, game_id: int) -> StoredGame | None:
        found = await self._load("id = ?", (game_id,))
        return found[0] if found else None

    async def _load(self, where: str, parameters: tuple[object, ...]) -> list[StoredGame]:
        """Games matching ``where`` (on ``games``), with their seats, in two queries."""
        rows = await self.database.fetchall(
            "SELECT *, (SELECT count(*) FROM protests AS p WHERE p.game_id = games.id "
            f"AND p.status = 'pending') AS pending_protests FROM games WHERE {where} ORDER BY id",
            parameters,
        )
        seats = await self.database.fetchall(
            f"SELECT * FROM game_seats WHERE game_id IN (SELECT id FROM games WHERE {where}) "
            "ORDER BY game_id, seat",
            parameters,
        )
        by_game: dict[int, list[Any]] = {}
        for seat in seats:
            by_game.setdefault(seat["game_id"], []).append(seat)
        return [_stored(row, by_game[row["id"]]) for row in rows]

    async def by_submission(self, draft_id: int) -> int | None:
        """The game a draft was saved as: a new game, or the game a correction rewrote."""
        key = submission_key(draft_id)
        row = await self.database.fetchone(
            "SELECT id FROM games WHERE submission_key = ? "
            "UNION ALL SELECT game_id FROM audit_log WHERE submission_key = ?",
            (key, key),
        )
        return int(row[0]) if row else None

    async def next_number(self, tournament_id: int, table: int) -> int | None:
        """The number after the table's highest; past 9999 the first number still free (an
        imported season may fill a table); None when the table has all 9999."""
        row = await self.database.fetchone(
            "SELECT coalesce(max(game_number), 0) + 1 FROM games "
            "WHERE tournament_id = ? AND table_number = ?",
            (tournament_id, table),
        )
        following = int(row[0]) if row else 1
        if following <= MAX_GAME_NUMBER:
            return following
        row = await self.database.fetchone(
            "SELECT min(number) FROM (SELECT 1 AS number UNION ALL "
            "SELECT game_number + 1 FROM games WHERE tournament_id = ?1 AND table_number = ?2) "
            "WHERE number <= ?3 AND number NOT IN "
            "(SELECT game_number FROM games WHERE tournament_id = ?1 AND table_number = ?2)",
            (tournament_id, table, MAX_GAME_NUMBER),
        )
        return int(row[0]) if row and row[0] is not None else None

    async def open_place(self, tournament_id: int, table: int) -> tuple[int, int]:
        """A table and a free game number: at ``table`` if it has one, else at the first table
        that has."""
        for candidate in (table, *range(1, MAX_TABLE + 1)):
            number = await self.next_number(tournament_id, candidate)
            if number is not None:
                return candidate, number
        return table, MAX_GAME_NUMBER  # 99 full tables: saving will say the number is taken

    async def number_taken(
        self, tournament_id: int, table: int, number: int, except_game: int | None
    ) -> bool:
        """Whether another game of the tournament has this table and game number."""
        row = await self.database.fetchone(
            "SELECT 1 FROM games WHERE tournament_id = ? AND table_number = ? "
            "AND game_number = ? AND id IS NOT ?",
            (tournament_id, table, number, except_game),
        )
        return row is not None

    async def last_table_of(self, judge_id: int, tournament_id: int) -> int | None:
        row = await self.database.fetchone(
            "SELECT table_number FROM games WHERE judge_id = ? AND tournament_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (judge_id, tournament_id),
        )
        return int(row[0]) if row else None

    async def recent(
        self, tournament_id: int, judge_id: int | None, limit: int = 10
    ) -> list[StoredGame]:
        """The newest games of a tournament, of one judge or of all; newest first."""
        where = (
            "id IN (SELECT id FROM games WHERE tournament_id = ? "
            "AND judge_id = coalesce(?, judge_id) ORDER BY id DESC LIMIT ?)"
        )
        return list(reversed(await self._load(where, (tournament_id, judge_id, limit))))

    # -- scoring -------------------------------------------------------------------------------

    async def score(
        self, protocol: Protocol, stage_id: int, ruleset: Ruleset, seed: int, game_id: int | None
    ) -> tuple[GameScore | None, list[Problem]]:
        """A complete protocol's points with Ci as the stage stands with it; or its problems."""
        stage = await self.tournaments.stage(stage_id)
        assert stage is not None
        game = protocol.to_game(str(game_id) if game_id else "draft", stage.name)
        problems = validate_game(game, ruleset)
        if problems:
            return None, problems
        return await self._score_in_stage(protocol, game, stage_id, ruleset, game_id), []

    async def scored(self, game_id: int) -> tuple[StoredGame, GameScore | None]:
        """A saved game with its points as its stage stands now (None when annulled)."""
        game = await self.get(game_id)
        assert game is not None
        tournament = await self.tournaments.get(game.tournament_id)
        stage = await self.tournaments.stage(game.stage_id)
        assert tournament is not None and stage is not None
        if game.status is GameStatus.ANNULLED:
            return game, None
        scored = game.protocol.to_game(str(game_id), stage.name)
        score = await self._score_in_stage(
            game.protocol, scored, stage.id, tournament.ruleset(), game_id
        )
        return game, score

    async def _score_in_stage(
        self, protocol: Protocol, game: Game, stage_id: int, ruleset: Ruleset, game_id: int | None
    ) -> GameScore:
        """One game's points with the stage's other counted games around it.

        Only Ci depends on the stage, and only the first-killed red player's Ci: it needs his
        games and red first-night deaths in the stage — one indexed count over his own games,
        however long the stage is (SCORING.md §Ci; the same ``compensation`` the engine uses).
        """
        compensations = {}
        if game.first_killed is not None and game.seat(game.first_killed).role.team is Team.RED:
            victim = protocol.player(game.first_killed)
            assert victim is not None
            row = await self.database.fetchone(
                "SELECT COUNT(*) AS played, "
                "       COALESCE(SUM(g.first_killed = s.seat "
                "                    AND s.role IN ('civilian', 'sheriff')), 0) AS red_deaths "
                "FROM game_seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.player_id = ? AND g.stage_id = ? AND g.status != 'annulled' "
                "  AND g.id IS NOT ?",
                (victim, stage_id, game_id),
            )
            assert row is not None
            ci = compensation(ruleset, row["played"] + 1, row["red_deaths"] + 1)
            compensations[(game.stage, game.seat(game.first_killed).name)] = ci
        return score_games([game], ruleset, compensations)[0]

    # -- writing -------------------------------------------------------------------------------

    async def save(self, submission: Submission, actor: Member, window_minutes: int) -> Saved:
        """Write a confirmed protocol: a new game, or a correction of ``submission.game_id``.

        One transaction: the game, its seats, the audit record, the pending announcement, and the
        removal of the draft. A draft saved before is reported, never written twice. Only this
        one game is validated: the stage's other games were valid when they were saved.
        """
        already = await self.by_submission(submission.draft_id)
        if already is not None:
            return Saved(already, created=False)
        protocol = submission.protocol
        tournament = await self.tournaments.get(submission.tournament_id)
        assert tournament is not None
        if protocol.missing() or validate_game(protocol.to_game("new", "-"), tournament.ruleset()):
            raise SaveError(SaveProblem.INCOMPLETE)
        if submission.game_id is not None:
            game = await self.get(submission.game_id)
            if game is None or not self.can_correct(actor, game, window_minutes):
                raise SaveError(SaveProblem.TOO_LATE)
        now = self.clock.iso()
        after = protocol.audit_json()
        try:
            async with self.database.transaction() as connection:
                cursor = await connection.execute(
                    "SELECT 1 FROM drafts WHERE id = ?", (submission.draft_id,)
                )
                if await cursor.fetchone() is None:
                    raise SaveError(SaveProblem.CLOSED)
                if submission.game_id is None:
                    game_id = await _insert_game(connection, submission, actor, now)
                    before, action, note = None, "created", None
                    await queue_private_results(connection, game_id, protocol.players, now)
                else:
                    game_id = submission.game_id
                    before = await _last_protocol(connection, game_id)
                    if before == after:  # nothing changed: nothing to record or announce
                        await connection.execute(
                            "DELETE FROM drafts WHERE id = ?", (submission.draft_id,)
                        )
                        return Saved(game_id, created=True, changed=False)
                    await _update_game(connection, game_id, protocol, now)
                    action, note = "corrected", describe_change(before, after)
                await connection.executemany(
                    "INSERT INTO game_seats (game_id, seat, player_id, role, extra, penalties) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id, seat, protocol.player(seat), _role(protocol, seat),
                            str(protocol.extra(seat)), json.dumps(protocol.seat_penalties(seat)),
                        )
                        for seat in SEATS
                    ],
                )  # fmt: skip
                key = submission_key(submission.draft_id) if before is not None else None
                await connection.execute(
                    "INSERT INTO audit_log (game_id, actor_id, at, action, before, after, "
                    "submission_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, actor.user_id, now, action, before, after, key),
                )
                if self.club_chat_id is not None:
                    await enqueue(connection, CLUB, Kind.ANNOUNCE, now, game_id=game_id, body=note)
                if before is not None:  # a head judge's change decides the protests he took
                    cutoff = self.clock.now() - timedelta(minutes=window_minutes)
                    await decide_by_change(
                        connection,
                        game_id,
                        actor.user_id,
                        now,
                        cutoff.isoformat(timespec="seconds"),
                    )
                await connection.execute("DELETE FROM drafts WHERE id = ?", (submission.draft_id,))
        except sqlite3.IntegrityError as error:
            if "table_number" in str(error) or "game_number" in str(error):
                raise SaveError(SaveProblem.NUMBER_TAKEN) from None
            raise
        return Saved(game_id, created=True)

    def can_correct(self, member: Member, game: StoredGame, window_minutes: int) -> bool:
        """Head judges at any time (§8.9); the judge who entered it until its window closes."""
        if game.status is GameStatus.ANNULLED:
            return False
        if member.is_head_judge:
            return True
        return (
            member.is_judge
            and game.judge_id == member.user_id
            and game.open_for_protest(self.clock.now(), window_minutes)
        )

    async def audit(self, game_id: int) -> list[dict[str, object]]:
        rows = await self.database.fetchall(
            "SELECT actor_id, at, action, before, after FROM audit_log WHERE game_id = ? "
            "ORDER BY id",
            (game_id,),
        )
        return [dict(row) for row in rows]


async def _insert_game(
    connection: aiosqlite.Connection, submission: Submission, actor: Member, now: str
) -> int:
    protocol = submission.protocol
    cursor = await connection.execute(
        "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner, "
        "first_killed, best_move, judge_id, ended_at, submission_key, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            submission.tournament_id, submission.stage_id, protocol.table, protocol.number,
            _winner(protocol), protocol.first_killed, _best_move(protocol), actor.user_id,
            submission.ended_at or now, submission_key(submission.draft_id), now, now,
        ),
    )  # fmt: skip
    return int(cursor.lastrowid or 0)


async def _last_protocol(connection: aiosqlite.Connection, game_id: int) -> str | None:
    cursor = await connection.execute(
        "SELECT after FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT 1", (game_id,)
    )
    row = await cursor.fetchone()
    return str(row[0]) if row else None


async def _update_game(
    connection: aiosqlite.Connection, game_id: int, protocol: Protocol, now: str
) -> None:
    await connection.execute(
        "UPDATE games SET table_number = ?, game_number = ?, winner = ?, first_killed = ?, "
        "best_move = ?, updated_at = ? WHERE id = ?",
        (
            protocol.table, protocol.number, _winner(protocol), protocol.first_killed,
            _best_move(protocol), now, game_id,
        ),
    )  # fmt: skip
    await connection.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))


def _stored(row: Any, seats: list[Any]) -> StoredGame:
    protocol = Protocol(
        table=row["table_number"],
        number=row["game_number"],
        players=tuple(seat["player_id"] for seat in seats),
        sheriff=next(s["seat"] for s in seats if s["role"] == "sheriff"),
        don=next(s["seat"] for s in seats if s["role"] == "don"),
        mafia=tuple(s["seat"] for s in seats if s["role"] == "mafia"),
        winner=Winner(row["winner"]),
        first_killed=row["first_killed"],
        night_done=True,
        best_move=tuple(json.loads(row["best_move"])) if row["best_move"] else (),
        extras=tuple(Decimal(s["extra"]) for s in seats),
        penalties=tuple(tuple(json.loads(s["penalties"])) for s in seats),
    )
    return StoredGame(
        id=row["id"],
        tournament_id=row["tournament_id"],
        stage_id=row["stage_id"],
        judge_id=row["judge_id"],
        ended_at=datetime.fromisoformat(row["ended_at"]),
        status=GameStatus(row["status"]),
        protocol=protocol,
        pending_protests=row["pending_protests"],
    )


def _role(protocol: Protocol, seat: int) -> str:
    role = protocol.role(seat)
    assert role is not None
    return role.value


def _winner(protocol: Protocol) -> str:
    assert protocol.winner is not None
    return protocol.winner.value


def _best_move(protocol: Protocol) -> str | None:
    return json.dumps(list(protocol.best_move)) if protocol.best_move else None


_PARTS = ("table", "number", "winner", "first_killed", "best_move")
_SEAT_PARTS = ("player_id", "role", "extra", "penalties")


def describe_change(before: str | None, after: str) -> str:
    """The parts a correction changed, as comma-separated keys («winner,penalties»)."""
    old = json.loads(before) if before else {}
    new = json.loads(after)
    changed = [key for key in _PARTS if old.get(key) != new.get(key)]
    old_seats = old.get("players") or [{}] * 10
    for key in _SEAT_PARTS:
        if any(o.get(key) != n.get(key) for o, n in zip(old_seats, new["players"], strict=True)):
            changed.append(key)
    return ",".join(changed)
