"""The outbox table: what must be delivered, queued in the transaction that decided it.

The one owner of ``outbox``: the worker (``bot.delivery.worker``) reads rows and calls
``delivered`` and ``postpone``; everyone else only ``enqueue``s. A queued row records
``Change.OUTBOX`` on its transaction, so the worker is woken after the commit, by the wiring in
``bot/app.py``, never by hand.
"""

from __future__ import annotations

from enum import StrEnum

import aiosqlite

from bot.core.db import Change, Database, Transaction

CLUB = "club"  # the club chat, whichever chat is configured when the row is sent


class Kind(StrEnum):
    ANNOUNCE = "announce"  # send or edit a game's announcement
    CHANGE_NOTE = "change_note"  # a short reply under the announcement: what a correction changed
    TEXT = "text"  # a message to a person (or a text in the club chat)
    RESULT = "result"  # a player's own result of a game, in private (body: the player's id)
    REPLY = "reply"  # a text in the club chat, under the game's announcement


def private(user_id: int) -> str:
    return str(user_id)


async def enqueue(
    tx: Transaction,
    chat: str,
    kind: Kind,
    now: str,
    *,
    game_id: int | None = None,
    body: str | None = None,
    markup: str | None = None,
) -> None:
    """Queue a message inside the caller's transaction: it goes out if and only if that commits.

    ``markup``: the reply markup's JSON, for a text with buttons."""
    await tx.execute(
        "INSERT INTO outbox (chat, kind, game_id, body, markup, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (chat, kind.value, game_id, body, markup, now),
    )
    tx.changed(Change.OUTBOX)


async def due(database: Database, limit: int = 1000) -> list[aiosqlite.Row]:
    """The oldest queued rows, in the order they were queued."""
    return await database.fetchall("SELECT * FROM outbox ORDER BY id LIMIT ?", (limit,))


async def waiting(tx: Transaction, chat: str) -> int:
    row = await tx.one("SELECT count(*) FROM outbox WHERE chat = ?", (chat,))
    return int(row[0]) if row else 0


async def delivered(tx: Transaction, row_id: int) -> None:
    """The row went out (or is dropped for good)."""
    await tx.execute("DELETE FROM outbox WHERE id = ?", (row_id,))


async def postpone(
    tx: Transaction, row_id: int, attempts: int, next_try_at: str, problem: str
) -> None:
    await tx.execute(
        "UPDATE outbox SET attempts = ?, next_try_at = ?, last_error = ? WHERE id = ?",
        (attempts, next_try_at, problem[:500], row_id),
    )
