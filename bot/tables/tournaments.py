"""``tournaments`` and ``stages``: tournaments (or club seasons), their stages and rulesets.

The one writer of both tables and the one mapping of their rows to ``Tournament`` and ``Stage``.
Exactly one tournament is current; ``make_current`` and ``create`` keep it so.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.core.db import Change, Transaction
from bot.vocabulary.names import name_key
from scoring import Ruleset
from scoring.rulesets import builtin, ruleset_from_mapping


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


def tournament_of(row: Any) -> Tournament:
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


def stage_of(row: Any) -> Stage:
    return Stage(row["id"], row["name"], row["position"])


async def by_request(tx: Transaction, request_key: str) -> int | None:
    """The tournament a request (an update) created, if it was handled before."""
    row = await tx.one("SELECT id FROM tournaments WHERE request_key = ?", (request_key,))
    return int(row[0]) if row else None


async def with_title(tx: Transaction, title: str) -> str | None:
    """The title of a tournament that already has this one (case, spacing and е/ё aside)."""
    key = name_key(title)
    for row in await tx.all("SELECT title FROM tournaments"):
        if name_key(row[0]) == key:
            return str(row[0])
    return None


async def exists(tx: Transaction, tournament_id: int) -> bool:
    return await tx.one("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)) is not None


async def create(
    tx: Transaction,
    *,
    title: str,
    ruleset_ref: str,
    ruleset_data: str | None,
    created_by: int,
    now: str,
    request_key: str | None,
    seed: int | None = None,
    first_stage: str | None = None,
) -> int:
    """A new tournament, made the current one; with its first stage when one is named."""
    await tx.execute("UPDATE tournaments SET is_current = 0 WHERE is_current = 1")
    tournament_id = await tx.insert(
        "INSERT INTO tournaments (title, ruleset_ref, ruleset_data, seed, is_current, "
        "created_by, created_at, request_key) VALUES (?, ?, ?, ?, 1, ?, ?, ?)",
        (
            title, ruleset_ref, ruleset_data, secrets.randbelow(2**31) if seed is None else seed,
            created_by, now, request_key,
        ),
    )  # fmt: skip
    if first_stage is not None:
        await add_stage(tx, tournament_id, first_stage, now)
    tx.changed(Change.STANDINGS)
    return tournament_id


async def make_current(tx: Transaction, tournament_id: int) -> None:
    await tx.execute("UPDATE tournaments SET is_current = 0 WHERE is_current = 1")
    await tx.execute("UPDATE tournaments SET is_current = 1 WHERE id = ?", (tournament_id,))
    tx.changed(Change.STANDINGS)


async def add_stage(tx: Transaction, tournament_id: int, name: str, now: str) -> Stage:
    """The tournament's next stage (``sqlite3.IntegrityError`` when the name is taken)."""
    row = await tx.one(
        "SELECT coalesce(max(position), 0) FROM stages WHERE tournament_id = ?", (tournament_id,)
    )
    position = int(row[0] if row else 0) + 1
    stage_id = await tx.insert(
        "INSERT INTO stages (tournament_id, name, position, created_at) VALUES (?, ?, ?, ?)",
        (tournament_id, name, position, now),
    )
    return Stage(stage_id, name, position)


async def game_count(tx: Transaction, tournament_id: int) -> int:
    row = await tx.one("SELECT count(*) FROM games WHERE tournament_id = ?", (tournament_id,))
    return int(row[0]) if row else 0


async def set_ruleset(
    tx: Transaction, tournament_id: int, ruleset_ref: str, ruleset_data: str | None
) -> None:
    await tx.execute(
        "UPDATE tournaments SET ruleset_ref = ?, ruleset_data = ? WHERE id = ?",
        (ruleset_ref, ruleset_data, tournament_id),
    )
    tx.changed(Change.STANDINGS)


async def set_min_games(tx: Transaction, tournament_id: int, value: int | None) -> None:
    """The boards' minimum of games (None: the default); the standings' revision moves."""
    await tx.execute(
        "UPDATE tournaments SET min_games = ?, revision = revision + 1 WHERE id = ?",
        (value, tournament_id),
    )
    tx.changed(Change.STANDINGS)
