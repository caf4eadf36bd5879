"""``tournaments`` and ``stages``: tournaments (or club seasons), their stages and rulesets.

The one writer of both tables and the one mapping of their rows to ``Tournament`` and ``Stage``.
Exactly one tournament of each club is current; ``make_current`` and ``create`` keep it so.
Every read of a club's tournaments is the club at hand's (``bot.core.club_scope``).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Change, Reader, Transaction
from bot.core.outbox import PostKey
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.names import name_key
from scoring import Ruleset
from scoring.rulesets import builtin, ruleset_from_mapping


@dataclass(frozen=True, slots=True)
class Stage:
    id: int
    name: str
    position: int
    weight: Decimal = Decimal(1)  # every point of its games counts × weight


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
    archived: bool = False  # out of the lists, its games kept (migration 0010)
    closed: bool = False  # /closetournament: its final table posted; it takes no new games

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
        archived=row["archived_at"] is not None,
        closed=row["closed_at"] is not None,
    )


def stage_of(row: Any) -> Stage:
    return Stage(row["id"], row["name"], row["position"], Decimal(row["weight"]))


async def get(reader: Reader, tournament_id: int) -> Tournament | None:
    """The club's tournament, read on ``reader`` (a snapshot's: with the rows read beside it)."""
    row = await reader.one(
        "SELECT * FROM tournaments WHERE id = ? AND club_id = ?", (tournament_id, club_id())
    )
    return tournament_of(row) if row else None


async def by_request(tx: Reader, request_key: str) -> int | None:
    """The tournament a request (an update) created, if it was handled before."""
    row = await tx.one("SELECT id FROM tournaments WHERE request_key = ?", (request_key,))
    return int(row[0]) if row else None


async def with_title(tx: Reader, title: str, other_than: int = 0) -> str | None:
    """The title of a tournament (not ``other_than``) that already has this one (case, spacing
    and е/ё aside)."""
    key = name_key(title)
    rows = await tx.all(
        "SELECT id, title FROM tournaments WHERE club_id = ? AND id != ?", (club_id(), other_than)
    )
    for row in rows:
        if name_key(row[1]) == key:
            return str(row[1])
    return None


async def with_digest(tx: Reader, digest: str) -> str | None:
    """The title of the tournament imported from a file with this digest, if one was."""
    row = await tx.one(
        "SELECT title FROM tournaments WHERE club_id = ? AND source_digest = ?", (club_id(), digest)
    )
    return str(row[0]) if row else None


async def exists(tx: Transaction, tournament_id: int) -> bool:
    row = await tx.one(
        "SELECT 1 FROM tournaments WHERE id = ? AND club_id = ?", (tournament_id, club_id())
    )
    return row is not None


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
    current: bool = True,
    source_digest: str | None = None,
) -> int:
    """A new tournament, made the current one unless told not to; with its first stage when
    one is named."""
    if current:
        await _none_current(tx)
    tournament_id = await tx.insert(
        "INSERT INTO tournaments (club_id, title, ruleset_ref, ruleset_data, seed, is_current, "
        "created_by, created_at, request_key, source_digest) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            club_id(), title, ruleset_ref, ruleset_data,
            secrets.randbelow(2**31) if seed is None else seed, int(current), created_by, now,
            request_key, source_digest,
        ),
    )  # fmt: skip
    if first_stage is not None:
        await add_stage(tx, tournament_id, first_stage, now)
    tx.changed(Change.STANDINGS)
    return tournament_id


async def current_title(tx: Reader) -> str | None:
    row = await tx.one(
        "SELECT title FROM tournaments WHERE club_id = ? AND is_current = 1", (club_id(),)
    )
    return str(row[0]) if row else None


async def _none_current(tx: Transaction) -> None:
    await tx.execute(
        "UPDATE tournaments SET is_current = 0 WHERE club_id = ? AND is_current = 1", (club_id(),)
    )


async def make_current(tx: Transaction, tournament_id: int) -> None:
    """The current tournament from now on; an archived one comes back from the archive."""
    await _none_current(tx)
    await tx.execute(
        "UPDATE tournaments SET is_current = 1, archived_at = NULL WHERE id = ?", (tournament_id,)
    )
    tx.changed(Change.STANDINGS)


async def rename(tx: Transaction, tournament_id: int, title: str) -> None:
    """A new title; the revision moves, so that kept standings are read with it."""
    await tx.execute(
        "UPDATE tournaments SET title = ?, revision = revision + 1 WHERE id = ?",
        (title, tournament_id),
    )
    tx.changed(Change.STANDINGS)


async def set_archived(tx: Transaction, tournament_id: int, now: str | None) -> None:
    """Into the archive (``now``: since when) or back out of it (None)."""
    await tx.execute("UPDATE tournaments SET archived_at = ? WHERE id = ?", (now, tournament_id))
    tx.changed(Change.STANDINGS)


async def remove(tx: Transaction, tournament_id: int) -> None:
    """A tournament without games, and its stages (the caller checked it has none)."""
    await tx.execute("DELETE FROM stages WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM tournaments WHERE id = ?", (tournament_id,))
    tx.changed(Change.STANDINGS)


async def open_drafts(tx: Transaction, tournament_id: int) -> int:
    """How many judges are entering a game into this tournament right now."""
    row = await tx.one(
        "SELECT count(*) FROM drafts "
        "WHERE CAST(json_extract(data, '$.tournament_id') AS BIGINT) = ?",
        (tournament_id,),
    )
    return int(row[0]) if row else 0


async def add_stage(
    tx: Transaction, tournament_id: int, name: str, now: str, weight: Decimal = Decimal(1)
) -> Stage:
    """The tournament's next stage (``Conflict`` when the name is taken)."""
    row = await tx.one(
        "SELECT coalesce(max(position), 0) FROM stages WHERE tournament_id = ?", (tournament_id,)
    )
    position = int(row[0] if row else 0) + 1
    stage_id = await tx.insert(
        "INSERT INTO stages (tournament_id, name, position, created_at, weight) "
        "VALUES (?, ?, ?, ?, ?)",
        (tournament_id, name, position, now, _stored(weight)),
    )
    if weight != 1:
        tx.changed(Change.STANDINGS)
    return Stage(stage_id, name, position, weight)


def _stored(weight: Decimal) -> str:
    """'1', '1.3': the weight as the decimal it is, without trailing zeros."""
    text = format(weight.normalize(), "f")
    return text


async def stage_weights(tx: Reader, tournament_id: int) -> dict[str, Decimal]:
    """Stage name → weight, for the stages that weigh other than 1."""
    rows = await tx.all(
        "SELECT name, weight FROM stages WHERE tournament_id = ? AND weight != '1' "
        "ORDER BY position",
        (tournament_id,),
    )
    return {row["name"]: Decimal(row["weight"]) for row in rows}


async def stages(tx: Reader, tournament_id: int) -> list[Stage]:
    rows = await tx.all(
        "SELECT * FROM stages WHERE tournament_id = ? ORDER BY position", (tournament_id,)
    )
    return [stage_of(row) for row in rows]


async def game_count(tx: Reader, tournament_id: int) -> int:
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


async def reopen(tx: Transaction, tournament_id: int) -> bool:
    """The tournament takes games again; False when it was not closed."""
    written = await tx.execute(
        "UPDATE tournaments SET closed_at = NULL WHERE id = ? AND closed_at IS NOT NULL",
        (tournament_id,),
    )
    return written > 0


async def close(tx: Transaction, tournament_id: int, now: str) -> bool:
    """Mark the tournament closed; False when it was already."""
    written = await tx.execute(
        "UPDATE tournaments SET closed_at = ? WHERE id = ? AND closed_at IS NULL",
        (now, tournament_id),
    )
    return written > 0


POSTS = "tournament"  # the owner of a tournament's kept posts


def closing_post_key(tournament_id: int) -> PostKey:
    """The kept post of a closed tournament with its final table (/closetournament)."""
    return PostKey(POSTS, tournament_id, "results")


async def closed_with_game(tx: Reader, game_id: int) -> int | None:
    """The game's tournament when it is closed (its final table is posted), else None."""
    row = await tx.one(
        "SELECT t.id FROM games AS g JOIN tournaments AS t ON t.id = g.tournament_id"
        " WHERE g.id = ? AND t.closed_at IS NOT NULL",
        (game_id,),
    )
    return int(row[0]) if row else None


async def closed_with_player(tx: Reader, player_id: int) -> list[int]:
    """The closed tournaments (their final tables posted) in which the player has a seat."""
    rows = await tx.all(
        "SELECT DISTINCT t.id FROM game_seats AS s JOIN games AS g ON g.id = s.game_id"
        " JOIN tournaments AS t ON t.id = g.tournament_id"
        " WHERE s.player_id = ? AND t.closed_at IS NOT NULL ORDER BY t.id",
        (player_id,),
    )
    return [int(row[0]) for row in rows]


async def set_min_games(tx: Transaction, tournament_id: int, value: int | None) -> None:
    """The boards' minimum of games (None: the default); the standings' revision moves."""
    await tx.execute(
        "UPDATE tournaments SET min_games = ?, revision = revision + 1 WHERE id = ?",
        (value, tournament_id),
    )
    tx.changed(Change.STANDINGS)


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED_TOURNAMENT = (
    "club_id", "title", "ruleset_ref", "ruleset_data", "seed", "is_current", "created_by",
    "created_at", "request_key", "revision", "min_games", "archived_at", "source_digest",
    "closed_at",
)  # fmt: skip
_MOVED_STAGE = ("tournament_id", "name", "position", "created_at", "weight")


async def archived(reader: Reader) -> Archive:
    """The club's tournaments and their stages, as an archive carries them."""
    return {
        "tournaments": rows_of(await reader.all(
            "SELECT * FROM tournaments WHERE club_id = ? ORDER BY id", (club_id(),)
        )),
        "stages": rows_of(await reader.all(
            "SELECT s.* FROM stages AS s JOIN tournaments AS t ON t.id = s.tournament_id "
            "WHERE t.club_id = ? ORDER BY s.id", (club_id(),)
        )),
    }  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's tournaments and stages in the club at hand, with new ids."""
    for row in by_id(archive.get("tournaments", [])):
        new = await tx.insert(
            f"INSERT INTO tournaments ({', '.join(_MOVED_TOURNAMENT)}) "
            f"VALUES ({marks(_MOVED_TOURNAMENT)})",
            values(row, _MOVED_TOURNAMENT, club_id=moved.club_id, request_key=None),
        )
        moved.new("tournaments", row["id"], new)
    for row in by_id(archive.get("stages", [])):
        tournament = moved.of("tournaments", row["tournament_id"])
        new = await tx.insert(
            f"INSERT INTO stages ({', '.join(_MOVED_STAGE)}) VALUES ({marks(_MOVED_STAGE)})",
            values(row, _MOVED_STAGE, tournament_id=tournament),
        )
        moved.new("stages", row["id"], new)
    tx.changed(Change.STANDINGS)


async def count_of_club(reader: Reader) -> int:
    """How many tournaments the club at hand has (archived ones too)."""
    row = await reader.one("SELECT count(*) FROM tournaments WHERE club_id = ?", (club_id(),))
    return int(row[0]) if row else 0
