"""Tournaments (or club seasons), their stages, and the ruleset each is scored by."""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

import aiosqlite

from bot.core.clock import Clock
from bot.core.db import Database
from bot.texts import tournaments as texts
from bot.texts.tournaments import FIRST_STAGE, MAX_TITLE
from scoring import Ruleset
from scoring.rulesets import BUILT_IN, builtin, load_ruleset_file, ruleset_from_mapping


@dataclass(frozen=True, slots=True)
class Stage:
    id: int
    name: str
    position: int


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    title: str
    ruleset_ref: str
    ruleset_data: str | None
    seed: int
    is_current: bool
    min_games: int | None = None  # the boards' minimum of games; None: the default
    revision: int = 0  # of its data when read (migration 0007): the standings' cache key

    def ruleset(self) -> Ruleset:
        return _parsed_ruleset(self.ruleset_ref, self.ruleset_data)


@lru_cache(maxsize=16)
def _parsed_ruleset(ruleset_ref: str, ruleset_data: str | None) -> Ruleset:
    """Parsed once per distinct ruleset, not on every tap: a stored ruleset never changes."""
    if ruleset_data is None:
        return builtin(ruleset_ref)
    return ruleset_from_mapping(json.loads(ruleset_data), ruleset_ref)


class TournamentError(ValueError):
    """A request about tournaments that cannot be done; the message is Russian."""


def _ruleset_json(ruleset_ref: str) -> str | None:
    """Built-ins are stored by id; a file's ruleset is stored whole, so later edits of the file
    cannot change the points of games already played."""
    if ruleset_ref in BUILT_IN:
        return None
    ruleset = load_ruleset_file(Path(ruleset_ref))
    return json.dumps(_ruleset_mapping(ruleset), ensure_ascii=False)


def _ruleset_mapping(ruleset: Ruleset) -> dict[str, Any]:
    def num(value: Decimal) -> str:
        return str(value)

    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "win_points": num(ruleset.win_points),
        "draw_points": num(ruleset.draw_points),
        "best_move": {str(i): num(v) for i, v in enumerate(ruleset.best_move_points)},
        "extra": {
            "min": num(ruleset.extra_min),
            "max": num(ruleset.extra_max),
            "step": num(ruleset.extra_step),
            "in_draw": ruleset.extra_in_draw,
        },
        "ci": {
            "factor": num(ruleset.ci_factor),
            "cap": num(ruleset.ci_cap),
            "share": num(ruleset.ci_share),
        },
        "tie_breaks": list(ruleset.tie_breaks),
        "penalties": [
            {
                "code": item.code,
                "value": num(item.value),
                "who": sorted(role.value for role in item.roles),
                "when": sorted(outcome.value for outcome in item.outcomes),
                "description": item.description,
            }
            for item in ruleset.penalties
        ],
    }


def _tournament(row: Any) -> Tournament:
    return Tournament(
        id=row["id"],
        title=row["title"],
        ruleset_ref=row["ruleset_ref"],
        ruleset_data=row["ruleset_data"],
        seed=row["seed"],
        is_current=bool(row["is_current"]),
        min_games=row["min_games"],
        revision=row["revision"],
    )


class Tournaments:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def current(self) -> tuple[Tournament, Stage] | None:
        tournament = await self.current_tournament()
        if tournament is None:
            return None
        return tournament, await self.current_stage(tournament.id)

    async def current_tournament(self) -> Tournament | None:
        row = await self.database.fetchone("SELECT * FROM tournaments WHERE is_current = 1")
        return _tournament(row) if row else None

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self.database.fetchone(
            "SELECT * FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _tournament(row) if row else None

    async def all(self) -> list[Tournament]:
        rows = await self.database.fetchall("SELECT * FROM tournaments ORDER BY id DESC")
        return [_tournament(row) for row in rows]

    async def stages(self, tournament_id: int) -> list[Stage]:
        rows = await self.database.fetchall(
            "SELECT id, name, position FROM stages WHERE tournament_id = ? ORDER BY position",
            (tournament_id,),
        )
        return [Stage(row["id"], row["name"], row["position"]) for row in rows]

    async def stage(self, stage_id: int) -> Stage | None:
        row = await self.database.fetchone(
            "SELECT id, name, position FROM stages WHERE id = ?", (stage_id,)
        )
        return Stage(row["id"], row["name"], row["position"]) if row else None

    async def current_stage(self, tournament_id: int) -> Stage:
        stages = await self.stages(tournament_id)
        return stages[-1]

    async def create(
        self, title: str, ruleset_ref: str, created_by: int, request_key: str | None = None
    ) -> Tournament:
        """A new tournament with its first stage; it becomes the current one.

        ``request_key`` names the request (the update) that asked for it: asked again, the same
        tournament is returned and nothing is created twice."""
        title = " ".join(title.split())
        if not title:
            raise TournamentError(texts.TITLE_MISSING)
        if len(title) > MAX_TITLE:
            raise TournamentError(texts.TITLE_TOO_LONG)
        data = _ruleset_json(ruleset_ref)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT id FROM tournaments WHERE request_key = ?", (request_key,)
            )
            done = await cursor.fetchone()
            if done is not None:
                tournament_id = int(done[0])
            else:
                tournament_id = await _insert(
                    connection, title, ruleset_ref, data, created_by, now, request_key
                )
        created = await self.get(tournament_id)
        assert created is not None
        return created

    async def make_current(self, tournament_id: int) -> Tournament:
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)
            )
            if await cursor.fetchone() is None:
                raise TournamentError(texts.NO_SUCH_TOURNAMENT)
            await connection.execute("UPDATE tournaments SET is_current = 0 WHERE is_current = 1")
            await connection.execute(
                "UPDATE tournaments SET is_current = 1 WHERE id = ?", (tournament_id,)
            )
        current = await self.get(tournament_id)
        assert current is not None
        return current

    async def new_stage(self, tournament_id: int, name: str) -> Stage:
        name = " ".join(name.split())
        if not name:
            raise TournamentError(texts.STAGE_MISSING)
        if len(name) > MAX_TITLE:
            raise TournamentError(texts.TITLE_TOO_LONG)
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT coalesce(max(position), 0) FROM stages WHERE tournament_id = ?",
                (tournament_id,),
            )
            position = int((await cursor.fetchone())[0]) + 1  # type: ignore[index]
            try:
                cursor = await connection.execute(
                    "INSERT INTO stages (tournament_id, name, position, created_at) "
                    "VALUES (?, ?, ?, ?)",
                    (tournament_id, name, position, self.clock.iso()),
                )
            except sqlite3.IntegrityError:
                raise TournamentError(texts.stage_exists(name)) from None
            return Stage(int(cursor.lastrowid or 0), name, position)

    async def set_ruleset(self, tournament_id: int, ruleset_ref: str) -> Tournament:
        """Change the ruleset; only before the first game, so that no result changes under it."""
        data = _ruleset_json(ruleset_ref)
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)
            )
            if await cursor.fetchone() is None:
                raise TournamentError(texts.NO_SUCH_TOURNAMENT)
            cursor = await connection.execute(
                "SELECT count(*) FROM games WHERE tournament_id = ?", (tournament_id,)
            )
            if int((await cursor.fetchone())[0]):  # type: ignore[index]
                raise TournamentError(texts.HAS_GAMES)
            await connection.execute(
                "UPDATE tournaments SET ruleset_ref = ?, ruleset_data = ? WHERE id = ?",
                (ruleset_ref, data, tournament_id),
            )
        changed = await self.get(tournament_id)
        assert changed is not None
        return changed


async def _insert(
    connection: aiosqlite.Connection,
    title: str,
    ruleset_ref: str,
    data: str | None,
    created_by: int,
    now: str,
    request_key: str | None,
) -> int:
    await connection.execute("UPDATE tournaments SET is_current = 0 WHERE is_current = 1")
    cursor = await connection.execute(
        "INSERT INTO tournaments (title, ruleset_ref, ruleset_data, seed, is_current, "
        "created_by, created_at, request_key) VALUES (?, ?, ?, ?, 1, ?, ?, ?)",
        (title, ruleset_ref, data, secrets.randbelow(2**31), created_by, now, request_key),
    )
    tournament_id = int(cursor.lastrowid or 0)
    await connection.execute(
        "INSERT INTO stages (tournament_id, name, position, created_at) VALUES (?, ?, 1, ?)",
        (tournament_id, FIRST_STAGE, now),
    )
    return tournament_id
