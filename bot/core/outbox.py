"""The outbox table: what must be delivered, queued in the transaction that decided it.

The one owner of ``outbox``: the worker (``bot.delivery.worker``) reads rows and calls
``delivered`` and ``postpone``; everyone else only ``enqueue``s. A queued row records
``Change.OUTBOX`` on its transaction, so the worker is woken after the commit, by the wiring in
``bot/app.py``, never by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.core import club_scope
from bot.core.db import Change, Database, Row, Transaction

CLUB = "club"  # the chat of the row's club (``club_id``), whichever chat it is when sent


class Kind(StrEnum):
    ANNOUNCE = "announce"  # send or edit a game's announcement
    CHANGE_NOTE = "change_note"  # a short reply under the announcement: what a correction changed
    TEXT = "text"  # a message to a person (or a text in the club chat)
    RESULT = "result"  # a player's own result of a game, in private (body: the player's id)
    REPLY = "reply"  # a text in the club chat, under the game's announcement
    CLOSE = "close"  # the copies of ``copy_key`` in this chat become ``body``, without buttons
    DOCUMENT = "document"  # a file on the server's disk (body: JSON {"path", "caption"})
    KEPT = "kept"  # send, or edit where sent, the post ``body`` names, drawn as it is now


@dataclass(frozen=True, slots=True)
class PostKey:
    """A kept post of a chat (``Kind.KEPT``): whose it is — the feature that draws it —, which
    one of his (an evening's, a tournament's id) and which part («signup», «results»). The
    owners of the rows offer their posts' keys; the worker hands a key back to its owner."""

    owner: str
    id: int
    part: str

    def __str__(self) -> str:
        return f"{self.owner}:{self.id}:{self.part}"

    @classmethod
    def parse(cls, text: str) -> PostKey | None:
        owner, _, rest = text.partition(":")
        number, _, part = rest.partition(":")
        if not owner or not part or not number.isdigit():
            return None
        return cls(owner, int(number), part)


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
    copy_key: str | None = None,
) -> None:
    """Queue a message inside the caller's transaction: it goes out if and only if that commits.

    ``markup``: the reply markup's JSON, for a text with buttons. ``copy_key``: the text is one
    of several copies of a question (one per person asked) that ``close_copies`` closes later."""
    await tx.execute(
        "INSERT INTO outbox (chat, kind, game_id, body, markup, created_at, copy_key, club_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (chat, kind.value, game_id, body, markup, now, copy_key, _club_id()),
    )
    tx.changed(Change.OUTBOX)


def _club_id() -> int | None:
    """The club whose work queues a row: its chat for ``CLUB``, its time zone when drawn."""
    club = club_scope.maybe_club()
    return club.id if club is not None else None


async def enqueue_kept(tx: Transaction, chat: str, key: PostKey, now: str) -> None:
    """Queue the post ``key`` to be drawn anew in ``chat``: one row per post, drawn when it goes,
    so thirty taps while one edit waits for its turn cost that one edit.

    A row already queued is replaced by a new one (its back-off kept): the worker may be drawing
    the old row right now, from before this change, and its ``delivered`` then removes only the
    old row — this change is drawn by the next edit, never lost."""
    club_id = _club_id()
    queued = await tx.one(
        "SELECT id, attempts, next_try_at FROM outbox "
        "WHERE chat = ? AND kind = ? AND body = ? AND club_id IS NOT DISTINCT FROM ?",
        (chat, Kind.KEPT.value, str(key), club_id),
    )
    if queued is not None:
        await tx.execute("DELETE FROM outbox WHERE id = ?", (queued["id"],))
    await tx.execute(
        "INSERT INTO outbox (chat, kind, body, created_at, attempts, next_try_at, club_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (chat, Kind.KEPT.value, str(key), now, queued["attempts"] if queued else 0,
         queued["next_try_at"] if queued else None, club_id),
    )  # fmt: skip
    tx.changed(Change.OUTBOX)


async def kept_shown(database: Database, key: PostKey) -> bool:
    """Whether the post ``key`` was sent to a chat (and so is kept up to date there)."""
    row = await database.fetchone("SELECT 1 FROM kept_posts WHERE key = ? LIMIT 1", (str(key),))
    return row is not None


async def kept_message(
    database: Database, key: PostKey, chat_id: int
) -> tuple[int, str | None] | None:
    """The message that shows the post ``key`` in the chat, once sent, and the digest of what
    it shows (``kept_sent``; None when not known)."""
    row = await database.fetchone(
        "SELECT message_id, shown FROM kept_posts WHERE key = ? AND chat_id = ?",
        (str(key), chat_id),
    )
    return (int(row[0]), row[1]) if row else None


async def kept_chats(tx: Transaction, key: PostKey) -> list[int]:
    """The chats where the post ``key`` was sent."""
    rows = await tx.all("SELECT chat_id FROM kept_posts WHERE key = ?", (str(key),))
    return [int(row[0]) for row in rows]


async def kept_sent(
    tx: Transaction, key: PostKey, chat_id: int, message_id: int, shown: str | None = None
) -> None:
    """The post ``key`` is message ``message_id`` of the chat, showing what ``shown`` digests
    (None: not known — the head judge's screen, shown by a handler)."""
    await tx.execute(
        "INSERT INTO kept_posts (key, chat_id, message_id, shown) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (key, chat_id) DO UPDATE SET message_id = excluded.message_id, "
        "shown = excluded.shown",
        (str(key), chat_id, message_id, shown),
    )


async def close_copies(
    tx: Transaction, copy_key: str, body: str, now: str, *, except_chat: int | None = None
) -> None:
    """Every copy of ``copy_key`` (sent or still queued) becomes ``body`` without buttons: the
    question was answered. ``except_chat``: the copy the answer came from, edited already."""
    rows = await tx.all(
        "SELECT DISTINCT chat_id FROM sent_copies WHERE copy_key = ? "
        "UNION SELECT DISTINCT CAST(chat AS BIGINT) FROM outbox WHERE copy_key = ? AND kind = ?",
        (copy_key, copy_key, Kind.TEXT.value),
    )
    for row in rows:
        if row[0] != except_chat:
            await enqueue(tx, str(row[0]), Kind.CLOSE, now, body=body, copy_key=copy_key)
    if except_chat is not None:
        await tx.execute(
            "DELETE FROM sent_copies WHERE copy_key = ? AND chat_id = ?", (copy_key, except_chat)
        )


async def copy_sent(tx: Transaction, copy_key: str, chat_id: int, message_id: int) -> None:
    await tx.execute(
        "INSERT INTO sent_copies (copy_key, chat_id, message_id) VALUES (?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        (copy_key, chat_id, message_id),
    )


async def take_copies(tx: Transaction, copy_key: str, chat_id: int) -> list[int]:
    """The messages of ``copy_key`` sent to ``chat_id``, forgotten as they are taken to be
    closed; copies still queued for that chat are dropped: a closed question is not asked."""
    found = await tx.all(
        "SELECT message_id FROM sent_copies WHERE copy_key = ? AND chat_id = ?",
        (copy_key, chat_id),
    )
    await tx.execute(
        "DELETE FROM sent_copies WHERE copy_key = ? AND chat_id = ?", (copy_key, chat_id)
    )
    await tx.execute(
        "DELETE FROM outbox WHERE copy_key = ? AND chat = ? AND kind = ?",
        (copy_key, str(chat_id), Kind.TEXT.value),
    )
    return [int(row[0]) for row in found]


async def due(database: Database, club: bool | None = None, limit: int = 1000) -> list[Row]:
    """The oldest queued rows, in the order they were queued: all of them, or only the club
    chats' (``club`` True), or only the others' (False). For a lane (``club`` given) each club's
    first ``ROWS_PER_CLUB`` are read, so that one club's long queue never hides another club's
    rows."""
    if club is None:
        return await database.fetchall("SELECT * FROM outbox ORDER BY id LIMIT ?", (limit,))
    chats = "chat = ?" if club else "chat != ?"
    return await database.fetchall(
        "SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY club_id ORDER BY id) "
        f"AS place FROM outbox WHERE {chats}) AS queued WHERE place <= ? ORDER BY id",
        (CLUB, ROWS_PER_CLUB),
    )


# Of each club's queue per pass: its heads, and the kept posts behind them. A pass sends a few
# rows at most (Telegram's 30 a second), so this only needs to reach past one chat's backlog.
ROWS_PER_CLUB = 50


async def waiting(tx: Transaction, chat: str) -> int:
    """Rows queued for ``chat`` (``CLUB``: the club at hand's chat)."""
    if chat == CLUB:
        row = await tx.one(
            "SELECT count(*) FROM outbox WHERE chat = ? AND club_id IS NOT DISTINCT FROM ?",
            (chat, _club_id()),
        )
    else:
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


async def retry_now(tx: Transaction) -> None:
    """Telegram answers again: the rows waiting out a failure's back-off are due now."""
    await tx.execute("UPDATE outbox SET next_try_at = NULL WHERE next_try_at IS NOT NULL")
