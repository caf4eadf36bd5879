"""Saved games: writing a confirmed draft in one transaction, corrections with an audit log,
and scoring a stage through the scoring core."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.rights import Member
from bot.entry.drafts import SEATS, Draft
from scoring import Game, GameScore, Ruleset, compute, validate_game
from scoring.validation import Problem


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    tournament_id: int
    stage_id: int
    table: int
    number: int
    judge_id: int
    ended_at: datetime
    status: str
    draft: Draft  # the protocol, in the editor's shape

    def deadline(self, window_minutes: int) -> datetime:
        return self.ended_at + timedelta(minutes=window_minutes)

    def status_at(self, now: datetime, window_minutes: int) -> str:
        """provisional while protests may be filed, then final; annulled stays annulled.

        The stored status is written only by decisions (annulment); the passing of the protest
        window is derived from the time, so no background job has to flip it."""
        if self.status == "provisional" and now >= self.deadline(window_minutes):
            return "final"
        return self.status


class SaveError(Exception):
    """The draft cannot be saved as it is; ``message`` is for the judge (Russian)."""

    def __init__(self, message: str, step: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


@dataclass(frozen=True, slots=True)
class Saved:
    game_id: int
    created: bool  # False: this draft had been saved before (a double tap, a repeated update)


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
            f"SELECT * FROM games WHERE {where} ORDER BY id", parameters
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
        row = await self.database.fetchone(
            "SELECT id FROM games WHERE submission_key = ?", (submission_key(draft_id),)
        )
        return int(row["id"]) if row else None

    async def next_number(self, tournament_id: int, table: int) -> int:
        row = await self.database.fetchone(
            "SELECT coalesce(max(game_number), 0) + 1 FROM games "
            "WHERE distance_id = ? AND table_number = ?",
            (tournament_id, table),
        )
        return int(row[0]) if row else 1

    async def last_table_of(self, judge_id: int, tournament_id: int) -> int | None:
        row = await self.database.fetchone(
            "SELECT table_number FROM games WHERE judge_id = ? AND distance_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (judge_id, tournament_id),
        )
        return int(row[0]) if row else None

    async def recent(
        self, tournament_id: int, judge_id: int | None, limit: int = 10
    ) -> list[StoredGame]:
        """The newest games of a tournament, of one judge or of all; newest first."""
        where = (
            "id IN (SELECT id FROM games WHERE distance_id = ? "
            "AND judge_id = coalesce(?, judge_id) ORDER BY id DESC LIMIT ?)"
        )
        return list(reversed(await self._load(where, (tournament_id, judge_id, limit))))

    async def stage_games(self, stage_id: int, stage_name: str) -> list[Game]:
        """Every counted (not annulled) game of a stage, as the scoring core takes them."""
        stored = await self._load("stage_id = ? AND status != 'annulled'", (stage_id,))
        return [game.draft.to_game(str(game.id), stage_name) for game in stored]

    # -- scoring -------------------------------------------------------------------------------

    async def score(self, draft: Draft) -> tuple[GameScore | None, list[Problem], Ruleset]:
        """The draft's points with Ci as the stage stands with it; or None and its problems."""
        tournament = await self.tournaments.get(draft.tournament_id)
        stage = await self.tournaments.stage(draft.stage_id)
        assert tournament is not None and stage is not None
        ruleset = tournament.ruleset()
        key = str(draft.game_id) if draft.game_id else "draft"
        game = draft.to_game(key, stage.name)
        problems = validate_game(game, ruleset)
        others = [g for g in await self.stage_games(stage.id, stage.name) if g.id != key]
        if problems:
            return None, problems, ruleset
        result = compute([*others, game], ruleset, tournament.seed)
        return result.games[-1], [], ruleset

    async def scored(self, game_id: int) -> tuple[StoredGame, GameScore | None]:
        """A saved game with its points as its stage stands now (None when annulled)."""
        game = await self.get(game_id)
        assert game is not None
        tournament = await self.tournaments.get(game.tournament_id)
        stage = await self.tournaments.stage(game.stage_id)
        assert tournament is not None and stage is not None
        if game.status == "annulled":
            return game, None
        games = await self.stage_games(stage.id, stage.name)
        result = compute(games, tournament.ruleset(), tournament.seed)
        mine = next(scored for scored in result.games if scored.game.id == str(game_id))
        return game, mine

    # -- writing -------------------------------------------------------------------------------

    async def save(self, draft: Draft, actor: Member, window_minutes: int) -> Saved:
        """Write a confirmed draft: a new game, or a correction of ``draft.game_id``.

        One transaction: the game, its seats, the audit record, the pending announcement, and the
        removal of the draft. A draft saved before is reported, never written twice.
        """
        already = await self.by_submission(draft.id)
        if already is not None:
            return Saved(already, created=False)
        if draft.missing() or (await self.score(draft))[1]:
            raise SaveError("Протокол не заполнен или содержит ошибки.", "summary")
        if draft.game_id is not None:
            game = await self.get(draft.game_id)
            if game is None or not self.can_correct(actor, game, window_minutes):
                raise SaveError(
                    "Исправить эту игру уже нельзя: время протестов истекло. "
                    "Исправление может внести главный судья."
                )
        now = self.clock.iso()
        ended_at = draft.ended_at or now
        after = _protocol_json(draft)
        try:
            async with self.database.transaction() as connection:
                cursor = await connection.execute("SELECT 1 FROM drafts WHERE id = ?", (draft.id,))
                if await cursor.fetchone() is None:
                    raise SaveError("Этот черновик уже закрыт.")
                if draft.game_id is None:
                    cursor = await connection.execute(
                        "INSERT INTO games (distance_id, stage_id, table_number, game_number, "
                        "winner, first_killed, best_move, judge_id, ended_at, submission_key, "
                        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            draft.tournament_id, draft.stage_id, draft.table, draft.number,
                            draft.winner, draft.first_killed, _best_move(draft), actor.user_id,
                            ended_at, submission_key(draft.id), now, now,
                        ),
                    )  # fmt: skip
                    game_id = int(cursor.lastrowid or 0)
                    before = None
                    action = "created"
                    note = None
                else:
                    game_id = draft.game_id
                    cursor = await connection.execute(
                        "SELECT after FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT 1",
                        (game_id,),
                    )
                    row = await cursor.fetchone()
                    before = row[0] if row else None
                    await connection.execute(
                        "UPDATE games SET table_number = ?, game_number = ?, winner = ?, "
                        "first_killed = ?, best_move = ?, updated_at = ? WHERE id = ?",
                        (
                            draft.table, draft.number, draft.winner, draft.first_killed,
                            _best_move(draft), now, game_id,
                        ),
                    )  # fmt: skip
                    await connection.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
                    action = "corrected"
                    note = describe_change(before, after)
                await connection.executemany(
                    "INSERT INTO game_seats (game_id, seat, player_id, role, extra, penalties) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id, seat, draft.players[seat - 1], _role(draft, seat),
                            str(draft.extra(seat)), json.dumps(draft.seat_penalties(seat)),
                        )
                        for seat in SEATS
                    ],
                )  # fmt: skip
                await connection.execute(
                    "INSERT INTO audit_log (game_id, actor_id, at, action, before, after) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, actor.user_id, now, action, before, after),
                )
                if self.club_chat_id is not None:
                    await connection.execute(
                        "INSERT INTO announcements (game_id, chat_id, pending, change_note) "
                        "VALUES (?, ?, 1, ?) ON CONFLICT (game_id) DO UPDATE SET pending = 1, "
                        "change_note = excluded.change_note",
                        (game_id, self.club_chat_id, note),
                    )
                await connection.execute("DELETE FROM drafts WHERE id = ?", (draft.id,))
        except sqlite3.IntegrityError as error:
            if "table_number" in str(error) or "game_number" in str(error):
                raise SaveError(
                    f"Игра {draft.number} за столом {draft.table} уже внесена. "
                    "Проверьте номер стола и игры.",
                    "table",
                ) from None
            raise
        return Saved(game_id, created=True)

    def can_correct(self, member: Member, game: StoredGame, window_minutes: int) -> bool:
        """Head judges at any time; the judge who entered it while it is provisional."""
        status = game.status_at(self.clock.now(), window_minutes)
        if status == "annulled":
            return False
        if member.is_head_judge:
            return True
        return member.is_judge and game.judge_id == member.user_id and status == "provisional"

    async def audit(self, game_id: int) -> list[dict[str, object]]:
        rows = await self.database.fetchall(
            "SELECT actor_id, at, action, before, after FROM audit_log WHERE game_id = ? "
            "ORDER BY id",
            (game_id,),
        )
        return [dict(row) for row in rows]


def _stored(row: Any, seats: list[Any]) -> StoredGame:
    draft = Draft(
        judge_id=row["judge_id"],
        tournament_id=row["distance_id"],
        stage_id=row["stage_id"],
        table=row["table_number"],
        number=row["game_number"],
        game_id=row["id"],
        players=[seat["player_id"] for seat in seats],
        sheriff=next(s["seat"] for s in seats if s["role"] == "sheriff"),
        don=next(s["seat"] for s in seats if s["role"] == "don"),
        mafia=[s["seat"] for s in seats if s["role"] == "mafia"],
        winner=row["winner"],
        ended_at=row["ended_at"],
        first_killed=row["first_killed"],
        night_done=True,
        best_move=json.loads(row["best_move"]) if row["best_move"] else [],
        best_move_done=True,
        reviewing=True,
        extras={str(s["seat"]): s["extra"] for s in seats if s["extra"] != "0"},
        penalties={
            str(s["seat"]): json.loads(s["penalties"]) for s in seats if s["penalties"] != "[]"
        },
        step="summary",
    )
    return StoredGame(
        id=row["id"],
        tournament_id=row["distance_id"],
        stage_id=row["stage_id"],
        table=row["table_number"],
        number=row["game_number"],
        judge_id=row["judge_id"],
        ended_at=datetime.fromisoformat(row["ended_at"]),
        status=row["status"],
        draft=draft,
    )


def _role(draft: Draft, seat: int) -> str:
    role = draft.role(seat)
    assert role is not None
    return role.value


def _best_move(draft: Draft) -> str | None:
    return json.dumps(draft.best_move) if draft.best_move else None


def _protocol_json(draft: Draft) -> str:
    """The protocol as the audit log keeps it (the SCORING.md shape, players by id)."""
    return json.dumps(
        {
            "table": draft.table,
            "number": draft.number,
            "winner": draft.winner,
            "first_killed": draft.first_killed,
            "best_move": draft.best_move or None,
            "players": [
                {
                    "player_id": draft.players[seat - 1],
                    "role": _role(draft, seat),
                    "extra": str(draft.extra(seat)),
                    "penalties": draft.seat_penalties(seat),
                }
                for seat in SEATS
            ],
        },
        ensure_ascii=False,
    )


_PARTS = {
    "table": "стол",
    "number": "номер игры",
    "winner": "победитель",
    "first_killed": "первый убитый",
    "best_move": "лучший ход",
}
_SEAT_PARTS = {"player_id": "игроки", "role": "роли", "extra": "доп. баллы", "penalties": "штрафы"}


def describe_change(before: str | None, after: str) -> str:
    """What a correction changed, in words a player understands: «победитель, штрафы»."""
    old = json.loads(before) if before else {}
    new = json.loads(after)
    changed = [label for key, label in _PARTS.items() if old.get(key) != new.get(key)]
    old_seats = old.get("players") or [{}] * 10
    for key, label in _SEAT_PARTS.items():
        if any(o.get(key) != n.get(key) for o, n in zip(old_seats, new["players"], strict=True)):
            changed.append(label)
    return ", ".join(changed) if changed else "без изменений в протоколе"
