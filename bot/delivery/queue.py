"""The outbox's rows: what must be delivered, queued in the transaction that decided it."""

from __future__ import annotations

from enum import StrEnum

import aiosqlite

CLUB = "club"  # the club chat, whichever chat is configured when the row is sent


class Kind(StrEnum):
    ANNOUNCE = "announce"  # send or edit a game's announcement
    CHANGE_NOTE = "change_note"  # a short reply under the announcement: what a correction changed
    TEXT = "text"  # a message to a person
    RESULT = "result"  # a player's own result of a game, in private (body: the player's id)
    REPLY = "reply"  # a text in the club chat, under the game's announcement


def private(user_id: int) -> str:
    return str(user_id)


async def enqueue(
    connection: aiosqlite.Connection,
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
    await connection.execute(
        "INSERT INTO outbox (chat, kind, game_id, body, markup, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (chat, kind.value, game_id, body, markup, now),
    )
