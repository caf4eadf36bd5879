"""Saved games: writing a confirmed protocol in one transaction, corrections with an audit log,
and scoring a stage through the scoring core."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from bot.callbacks import ProtestAction, ProtestCB
from bot.club.decisions import decide_by_change
from bot.club.results import queue_changed_points
from bot.club.tournaments import Stage, Tournament, Tournaments
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.db import Conflict, Database, Transaction
from bot.core.outbox import CLUB, Kind, enqueue, private
from bot.core.parsing import MAX_GAME_NUMBER, MAX_TABLE
from bot.tables import audit, drafts
from bot.tables import games as rows
from bot.tables.games import StoredGame
from bot.texts import protests as protest_texts
from bot.vocabulary import audit_record
from bot.vocabulary.change_note import note_body
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import AuditAction, GameStatus
from bot.vocabulary.window import ProtestWindow
from scoring import (
    Game,
    GameScore,
    Role,
    Ruleset,
    Team,
    compensation,
    score_games,
    validate_game,
)
from scoring.validation import Problem

__all__ = ["GameStatus", "Games", "SaveError", "SaveProblem", "Saved", "StoredGame", "Submission"]


@dataclass(frozen=True, slots=True)
class Submission:
    """A confirmed protocol on its way into the database."""

    draft_id: int  # the draft it came from: a second Confirm of the same draft finds the game
    tournament_id: int
    stage_id: int
    protocol: Protocol
    ended_at: str | None
    game_id: int | None = None  # set for a correction
    replay_of: int | None = None  # a new game that replays an annulled one (§8.9)
    night: tuple[int, int] | None = None  # the evening's (id, round) it was seated for


class SaveProblem(StrEnum):
    INCOMPLETE = "incomplete"  # not filled in, or the scoring core finds errors
    TOO_LATE = "too_late"  # a correction after the judge's window closed
    PROTESTED = "protested"  # a protest awaits the head judge: only he changes the game now
    CLOSED = "closed"  # the draft is gone (saved or discarded meanwhile)
    NUMBER_TAKEN = "number_taken"  # the table and game number are used by another game
    TOURNAMENT_CLOSED = "tournament_closed"  # /closetournament: it takes no new games


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


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game just saved, as what reacts to it reads it."""

    game_id: int
    table: int
    night: tuple[int, int] | None  # the evening's (id, round) it was seated for
    now: str
    draft_id: int = 0  # the protocol draft it was saved from


class GameEvents:
    """What a saved, corrected or annulled game sets going in the same transaction, registered
    once by the features above (bot/services.py) — the evening marks its round played, the posts
    that sum games up are redrawn — so that the owner of games never names them."""

    def __init__(self) -> None:
        self._saved: list[Callable[[Transaction, NewGame], Awaitable[None]]] = []
        self._changed: list[Callable[[Transaction, int, str], Awaitable[None]]] = []

    def on_saved(self, reaction: Callable[[Transaction, NewGame], Awaitable[None]]) -> None:
        self._saved.append(reaction)

    def on_results_changed(
        self, reaction: Callable[[Transaction, int, str], Awaitable[None]]
    ) -> None:
        """``reaction(tx, game_id, now)`` after a game's correction or annulment."""
        self._changed.append(reaction)

    async def saved(self, tx: Transaction, game: NewGame) -> None:
        for reaction in self._saved:
            await reaction(tx, game)

    async def results_changed(self, tx: Transaction, game_id: int, now: str) -> None:
        for reaction in self._changed:
            await reaction(tx, game_id, now)


def submission_key(draft_id: int) -> str:
    return f"draft:{draft_id}"


class Games:
    def __init__(
        self,
        database: Database,
        clock: Clock,
        tournaments: Tournaments,
        window: ProtestWindow,
    ) -> None:
        self.database = database
        self.clock = clock
        self.tournaments = tournaments
        self.window = window
        self.events = GameEvents()

    # -- reading -------------------------------------------------------------------------------

    async def get(self, game_id: int) -> StoredGame | None:
        found = await self._load("id = ?", (game_id,))
        return found[0] if found else None

    async def _load(self, where: str, parameters: tuple[object, ...]) -> list[StoredGame]:
        """Games of the club at hand matching ``where``."""
        mine = f"({where}) AND tournament_id IN (SELECT id FROM tournaments WHERE club_id = ?)"
        return await rows.load(self.database, mine, (*parameters, club_scope.club_id()))

    async def by_submission(self, draft_id: int) -> int | None:
        """The game a draft was saved as: a new game, or the game a correction rewrote."""
        key = submission_key(draft_id)
        row = await self.database.fetchone("SELECT id FROM games WHERE submission_key = ?", (key,))
        return int(row[0]) if row else await audit.game_of_submission(self.database, key)

    async def awaiting_replay(self, tournament_id: int, table: int) -> tuple[int, int] | None:
        """The table's annulled game no game replays yet: (its id, its number)."""
        return await rows.awaiting_replay(self.database, tournament_id, table)

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
            "AND game_number = ? AND id IS DISTINCT FROM ?",
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
        game, _, _, score = await self.scored_in_stage(game_id)
        return game, score

    async def scored_in_stage(
        self, game_id: int
    ) -> tuple[StoredGame, Tournament, Stage, GameScore | None]:
        """``scored``, with the game's tournament and stage as read for it."""
        game = await self.get(game_id)
        assert game is not None
        tournament = await self.tournaments.get(game.tournament_id)
        stage = await self.tournaments.stage(game.stage_id)
        assert tournament is not None and stage is not None
        if game.status is GameStatus.ANNULLED:
            return game, tournament, stage, None
        scored = game.protocol.to_game(str(game_id), stage.name)
        score = await self._score_in_stage(
            game.protocol, scored, stage.id, tournament.ruleset(), game_id
        )
        return game, tournament, stage, score

    async def points(self, game_id: int) -> dict[int, Fraction]:
        """Each player's points in a saved game as it stands (empty when it does not count)."""
        game, score = await self.scored(game_id)
        return _points(game.protocol, score)

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
                "SELECT COUNT(*) AS played, COALESCE(SUM(CASE WHEN g.first_killed = s.seat "
                "AND s.role IN (?, ?) THEN 1 ELSE 0 END), 0) AS red_deaths "
                "FROM game_seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.player_id = ? AND g.stage_id = ? AND g.status != ? "
                "AND g.id IS DISTINCT FROM ?",
                (*_RED, victim, stage_id, GameStatus.ANNULLED.value, game_id),
            )
            assert row is not None
            ci = compensation(ruleset, row["played"] + 1, row["red_deaths"] + 1)
            compensations[(game.stage, game.seat(game.first_killed).name)] = ci
        return score_games([game], ruleset, compensations)[0]

    # -- writing -------------------------------------------------------------------------------

    async def save(self, submission: Submission, actor: Member) -> Saved:
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
        if tournament.closed and submission.game_id is None:
            raise SaveError(SaveProblem.TOURNAMENT_CLOSED)  # closed while the draft was open
        if protocol.missing() or validate_game(protocol.to_game("new", "-"), tournament.ruleset()):
            raise SaveError(SaveProblem.INCOMPLETE)
        points_before: dict[int, Fraction] = {}
        points_after: dict[int, Fraction] = {}
        if submission.game_id is not None:
            game = await self.get(submission.game_id)
            if game is not None and self.awaits_head_judge(actor, game):
                raise SaveError(SaveProblem.PROTESTED)
            if game is None or not self.can_correct(actor, game):
                raise SaveError(SaveProblem.TOO_LATE)
            # Read before the transaction (the database has one lock): each seat's points in
            # this game as it stands and as the correction makes it.
            points_before = _points(game.protocol, (await self.scored(game.id))[1])
            after, _ = await self.score(
                protocol, submission.stage_id, tournament.ruleset(), tournament.seed, game.id
            )
            points_after = _points(protocol, after)
        try:
            async with self.database.transaction() as tx:
                if not await drafts.exists(tx, submission.draft_id):
                    raise SaveError(SaveProblem.CLOSED)
                if submission.game_id is None:
                    saved = await self._create(tx, submission, actor)
                else:
                    saved = await self._correct(tx, submission, submission.game_id, actor)
                    if saved.changed:
                        await queue_changed_points(
                            tx, submission.game_id, protocol.table, protocol.number,
                            points_before, points_after, self.clock.iso(),
                        )  # fmt: skip
                await drafts.delete(tx, submission.draft_id)
        except Conflict as error:
            if "table_number" in str(error) or "game_number" in str(error):
                raise SaveError(SaveProblem.NUMBER_TAKEN) from None
            raise
        return saved

    async def _create(self, tx: Transaction, submission: Submission, actor: Member) -> Saved:
        now = self.clock.iso()
        protocol = submission.protocol
        game_id = await rows.insert(
            tx, tournament_id=submission.tournament_id, stage_id=submission.stage_id,
            protocol=protocol, judge_id=actor.user_id, ended_at=submission.ended_at or now,
            submission_key=submission_key(submission.draft_id), now=now,
            replay_of=submission.replay_of,
        )  # fmt: skip
        await audit.append(tx, game_id, actor.user_id, now, AuditAction.CREATED, None,
                           audit_record.written(protocol))  # fmt: skip
        await self._announce(tx, game_id, now, None)
        await _queue_private_results(tx, game_id, protocol.players, now)
        saved = NewGame(game_id, protocol.table, submission.night, now, submission.draft_id)
        await self.events.saved(tx, saved)
        return Saved(game_id, created=True)

    async def _correct(
        self, tx: Transaction, submission: Submission, game_id: int, actor: Member
    ) -> Saved:
        now = self.clock.iso()
        after = audit_record.written(submission.protocol)
        before = await audit.last_after(tx, game_id)
        if not audit_record.changed_parts(before, after):  # nothing to record or announce
            return Saved(game_id, created=True, changed=False)
        await rows.rewrite(tx, game_id, submission.protocol, now)
        await audit.append(
            tx, game_id, actor.user_id, now, AuditAction.CORRECTED, before, after,
            submission_key=submission_key(submission.draft_id),
        )  # fmt: skip
        # A head judge's change decides the protests he took: the club reads it in the note.
        decided = await decide_by_change(
            tx, game_id, actor.user_id, now, self.window.cutoff(self.clock.now())
        )
        keys = audit_record.describe_change(before, after)
        await self._announce(tx, game_id, now, note_body(keys, decided))
        await self.events.results_changed(tx, game_id, now)
        return Saved(game_id, created=True)

    async def _announce(self, tx: Transaction, game_id: int, now: str, note: str | None) -> None:
        if club_scope.club().chat_id is not None:
            await enqueue(tx, CLUB, Kind.ANNOUNCE, now, game_id=game_id, body=note)

    def can_correct(self, member: Member, game: StoredGame) -> bool:
        """Head judges at any time (§8.9); the judge who entered it until its window closes and
        while no protest against it awaits the head judge's decision."""
        if game.status is GameStatus.ANNULLED:
            return False
        if member.is_head_judge:
            return True
        return (
            member.is_judge
            and game.judge_id == member.user_id
            and game.open_for_protest(self.clock.now(), self.window)
            and not self.awaits_head_judge(member, game)
        )

    @staticmethod
    def awaits_head_judge(member: Member, game: StoredGame) -> bool:
        """A protest against the game awaits a decision, and he is not a head judge."""
        return bool(game.pending_protests) and not member.is_head_judge

    async def audit(self, game_id: int) -> list[dict[str, object]]:
        return await audit.history(self.database, game_id)


_RED = (Role.CIVILIAN.value, Role.SHERIFF.value)


def _points(protocol: Protocol, score: GameScore | None) -> dict[int, Fraction]:
    """Each seated player's points in the game (none for an annulled game)."""
    if score is None:
        return {}
    return {
        player: seat.total
        for player, seat in zip(protocol.players, score.seats, strict=True)
        if player is not None
    }


async def _queue_private_results(
    tx: Transaction, game_id: int, players: tuple[int | None, ...], now: str
) -> None:
    """Each linked player of a new game who has not switched it off gets his own result."""
    ids = [player for player in players if player is not None]
    marks = ",".join("?" * len(ids))
    found = await tx.all(
        f"SELECT p.id, p.user_id FROM players AS p JOIN members AS m ON m.user_id = p.user_id "
        f"WHERE p.id IN ({marks}) AND p.club_id = ? AND m.private_results = 1",
        (*ids, club_scope.club_id()),
    )
    markup = file_protest_markup(game_id)
    for row in found:
        await enqueue(tx, private(row["user_id"]), Kind.RESULT, now, game_id=game_id,
                      body=str(row["id"]), markup=markup)  # fmt: skip


def file_protest_markup(game_id: int) -> str:
    """«Подать протест» under a player's own result, as the outbox row carries it (the worker
    shows it only while the game may still be protested)."""
    data = ProtestCB(a=ProtestAction.FILE, i=game_id).pack()
    button = {"text": protest_texts.PROTEST_BUTTON, "callback_data": data}
    return json.dumps({"inline_keyboard": [[button]]}, ensure_ascii=False)
