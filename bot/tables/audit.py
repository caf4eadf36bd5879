"""``audit_log``: every change to a saved game, with the protocol before and after it."""

from __future__ import annotations

from bot.core.club_scope import club_id
from bot.core.db import Database, Reader, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.audit_record import with_players_moved
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


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED = ("game_id", "actor_id", "at", "action", "before", "after", "submission_key", "reason")


async def archived(reader: Reader) -> Archive:
    """The history of the club's games, as an archive carries it."""
    return {"audit_log": rows_of(await reader.all(
        "SELECT a.* FROM audit_log AS a JOIN games AS g ON g.id = a.game_id "
        "JOIN tournaments AS t ON t.id = g.tournament_id WHERE t.club_id = ? ORDER BY a.id",
        (club_id(),),
    ))}  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's game histories, each record naming the games' and players' new ids."""

    def player(old: object) -> object:
        return moved.of("players", old)

    await tx.executemany(
        f"INSERT INTO audit_log ({', '.join(_MOVED)}) VALUES ({marks(_MOVED)})",
        [
            values(
                row, _MOVED, game_id=moved.of("games", row["game_id"]),
                before=with_players_moved(row.get("before"), player),
                after=with_players_moved(row.get("after"), player),
                submission_key=moved.key(row.get("submission_key")),
            )
            for row in by_id(archive.get("audit_log", []))
        ],
    )  # fmt: skip
