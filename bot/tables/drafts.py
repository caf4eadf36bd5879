"""``drafts``: a judge's protocol in progress, one row per judge who is editing, in each club
(every read and write is the club at hand's).

The row's ``data`` is the entry feature's ``Draft.dumps()``: the protocol's ``to_dict()`` with
the editor's screen state beside it. Only the protocol's players are read here (a merge seats
the kept player instead of the duplicate)."""

from __future__ import annotations

import json

from bot.core.club_scope import club_id
from bot.core.db import Database, Reader, Row, Transaction


class SeatedTogether(Exception):
    """An open protocol seats both players of a merge."""


async def of_judge(database: Database, judge_id: int) -> Row | None:
    return await database.fetchone(
        "SELECT id, data, message_id FROM drafts WHERE club_id = ? AND judge_id = ?",
        (club_id(), judge_id),
    )


async def by_id(database: Database, draft_id: int) -> Row | None:
    return await database.fetchone(
        "SELECT id, data, message_id FROM drafts WHERE id = ? AND club_id = ?",
        (draft_id, club_id()),
    )


async def of_tournament(reader: Reader, tournament_id: int) -> list[Row]:
    """The tournament's protocols being entered now (corrections of saved games aside)."""
    return await reader.all(
        "SELECT id, data, message_id FROM drafts WHERE club_id = ? "
        "AND CAST(json_extract(data, '$.tournament_id') AS BIGINT) = ? "
        "AND json_extract(data, '$.game_id') IS NULL ORDER BY id",
        (club_id(), tournament_id),
    )


async def exists(tx: Transaction, draft_id: int) -> bool:
    found = await tx.one("SELECT 1 FROM drafts WHERE id = ? AND club_id = ?", (draft_id, club_id()))
    return found is not None


async def replace_judges(tx: Transaction, judge_id: int, data: str, now: str) -> int:
    """The judge's new draft, replacing any other of his; its id."""
    club = club_id()
    await tx.execute("DELETE FROM drafts WHERE club_id = ? AND judge_id = ?", (club, judge_id))
    return await tx.insert(
        "INSERT INTO drafts (club_id, judge_id, data, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (club, judge_id, data, now, now),
    )


# A judge's tap stores his draft: one statement, a whole change by itself, committed in one
# trip without a transaction around it (three trips, with the writing lock held for all three).


async def store(
    database: Database, draft_id: int, data: str, message_id: int | None, now: str
) -> None:
    await database.write(
        "UPDATE drafts SET data = ?, message_id = ?, updated_at = ? WHERE id = ?",
        (data, message_id, now, draft_id),
    )


async def set_message(database: Database, draft_id: int, message_id: int) -> None:
    await database.write("UPDATE drafts SET message_id = ? WHERE id = ?", (message_id, draft_id))


async def delete(tx: Transaction, draft_id: int) -> None:
    await tx.execute("DELETE FROM drafts WHERE id = ?", (draft_id,))


async def replace_player(tx: Transaction, duplicate_id: int, kept_id: int) -> None:
    """An open protocol that seats the duplicate seats the kept player instead.

    ``SeatedTogether`` when one seats both (nothing is changed then: the caller rolls back)."""
    for row in await tx.all("SELECT id, data FROM drafts WHERE club_id = ?", (club_id(),)):
        data = json.loads(row["data"])
        players = data.get("players") or []
        if duplicate_id not in players:
            continue
        if kept_id in players:
            raise SeatedTogether
        data["players"] = [kept_id if p == duplicate_id else p for p in players]
        await tx.execute(
            "UPDATE drafts SET data = ? WHERE id = ?",
            (json.dumps(data, ensure_ascii=False), row["id"]),
        )


async def rounds_in_play(reader: Reader, night_id: int) -> set[int]:
    """The evening's rounds whose protocol a judge has opened (filled from the seating): those
    are in play at their tables, and a re-seating leaves them as they are."""
    rows = await reader.all(
        "SELECT DISTINCT CAST(json_extract(data, '$.night[1]') AS BIGINT) FROM drafts "
        "WHERE club_id = ? AND CAST(json_extract(data, '$.night[0]') AS BIGINT) = ?",
        (club_id(), night_id),
    )
    return {int(row[0]) for row in rows if row[0] is not None}


async def tables_in_play(reader: Reader, night_id: int) -> list[tuple[int, int, int, str]]:
    """(round, table, the judge's id, since when) of the evening's protocols being entered."""
    rows = await reader.all(
        "SELECT CAST(json_extract(data, '$.night[1]') AS BIGINT), "
        "CAST(json_extract(data, '$.table') AS BIGINT), judge_id, created_at FROM drafts "
        "WHERE club_id = ? AND CAST(json_extract(data, '$.night[0]') AS BIGINT) = ?",
        (club_id(), night_id),
    )
    return [
        (int(row[0]), int(row[1]), int(row[2]), str(row[3]))
        for row in rows
        if row[0] is not None and row[1] is not None
    ]
