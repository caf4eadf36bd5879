"""``audit_log``: every change to a saved game, with the protocol before and after it."""

from __future__ import annotations

from bot.core.db import Database, Transaction
from bot.vocabulary.statuses import AuditAction


async def append(
    tx: Transaction,
    game_id: int,
    actor_id: int,
    at: str,
    action: AuditAction,
    before: str | None,
    after: str,
    *,
    reason: str | None = None,
    submission_key: str | None = None,
) -> None:
    await tx.execute(
        "INSERT INTO audit_log (game_id, actor_id, at, action, before, after, reason, "
        "submission_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, actor_id, at, action.value, before, after, reason, submission_key),
    )


CREATED_COLUMN_NAMES = ("game_id", "actor_id", "at", "after")  # a row of ``append_many``


async def append_staged(tx: Transaction, schema: str, first_id: int) -> None:
    """The creation records of an import's staging file (attached as ``schema``) copied in; a
    game there is its index, here ``first_id`` + index (``games.insert_staged``)."""
    await tx.execute(
        "INSERT INTO audit_log (game_id, actor_id, at, action, before, after) "
        f"SELECT game_id + ?, actor_id, at, ?, NULL, after FROM {schema}.staged_audit "
        "ORDER BY game_id",
        (first_id, AuditAction.CREATED.value),
    )


async def append_many(tx: Transaction, rows: list[tuple[int, int, str, str]]) -> None:
    """Many games' creation at once: (game, actor, at, the protocol as written)."""
    await tx.executemany(
        "INSERT INTO audit_log (game_id, actor_id, at, action, before, after) "
        "VALUES (?, ?, ?, ?, NULL, ?)",
        [(game, actor, at, AuditAction.CREATED.value, after) for game, actor, at, after in rows],
    )


async def last_after(tx: Transaction, game_id: int) -> str | None:
    """The game's protocol as its newest audit record left it (``Protocol.audit_json``)."""
    row = await tx.one(
        "SELECT after FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT 1", (game_id,)
    )
    return str(row[0]) if row else None


async def game_of_submission(database: Database, key: str) -> int | None:
    """The game a correction with this submission key rewrote."""
    row = await database.fetchone("SELECT game_id FROM audit_log WHERE submission_key = ?", (key,))
    return int(row[0]) if row else None


async def history(database: Database, game_id: int) -> list[dict[str, object]]:
    rows = await database.fetchall(
        "SELECT actor_id, at, action, before, after FROM audit_log WHERE game_id = ? ORDER BY id",
        (game_id,),
    )
    return [dict(row) for row in rows]
