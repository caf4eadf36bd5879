"""Protests (§8.8) and the head judge's decisions (§8.8.4, §8.9), and the passing of protest
windows.

A protest may be filed by one of the game's ten players (linked to his nickname) until the end of
the game + the protest window; it is kept verbatim. Head judges (or admins, when the club has no
head judge) decide: reject (with a reason), change the result (through the result editor; the
decision is recorded when the correction is saved), or a replay (the game is annulled). A decision
is final: it is written only over a pending protest, so two head judges pressing at once make one.
Every message this sends goes through the outbox, queued in the transaction that decided it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

import aiosqlite

from bot.core.clock import Clock
from bot.core.db import Database
from bot.delivery.queue import CLUB, Kind, enqueue, private
from bot.texts import protests as texts
from bot.texts.clock import date_time

MAX_TEXT = 2000
WATCH_INTERVAL = 60.0  # seconds; also the longest a window's closing can go unnoticed
log = logging.getLogger(__name__)


class ProtestStatus(StrEnum):
    PENDING = "pending"
    REJECTED = "rejected"
    CHANGED = "changed"
    REPLAY = "replay"


class ProtestError(Exception):
    """The protest or decision cannot be made; the message is Russian and says why.

    ``retry``: the text was unusable (empty, too long) — the person is asked for it again."""

    def __init__(self, message: str, *, retry: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.retry = retry


@dataclass(frozen=True, slots=True)
class Protest:
    id: int
    game_id: int
    table: int
    number: int
    player_id: int
    nickname: str
    user_id: int
    text: str
    filed_at: datetime
    status: ProtestStatus
    change_by: int | None
    decided_by: int | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class OpenGame:
    game_id: int
    table: int
    number: int
    deadline: datetime


_PROTEST_QUERY = """
SELECT pr.*, p.nickname, g.table_number, g.game_number FROM protests AS pr
JOIN players AS p ON p.id = pr.player_id JOIN games AS g ON g.id = pr.game_id
"""


def _protest(row: Any) -> Protest:
    return Protest(
        id=row["id"],
        game_id=row["game_id"],
        table=row["table_number"],
        number=row["game_number"],
        player_id=row["player_id"],
        nickname=row["nickname"],
        user_id=row["user_id"],
        text=row["text"],
        filed_at=datetime.fromisoformat(row["filed_at"]),
        status=ProtestStatus(row["status"]),
        change_by=row["change_by"],
        decided_by=row["decided_by"],
        reason=row["reason"],
    )


async def queue_private_results(
    connection: aiosqlite.Connection, game_id: int, players: tuple[int | None, ...], now: str
) -> None:
    """Each linked player of a new game who has not switched it off gets his own result."""
    ids = [player for player in players if player is not None]
    marks = ",".join("?" * len(ids))
    cursor = await connection.execute(
        f"SELECT p.id, p.user_id FROM players AS p JOIN members AS m ON m.user_id = p.user_id "
        f"WHERE p.id IN ({marks}) AND m.private_results = 1",
        ids,
    )
    for row in await cursor.fetchall():
        await enqueue(
            connection, private(row["user_id"]), Kind.RESULT, now, game_id=game_id,
            body=str(row["id"]),
        )  # fmt: skip


async def _tell_decision(
    connection: aiosqlite.Connection, protest: Any, status: ProtestStatus, reason: str | None,
    now: str,
) -> None:  # fmt: skip
    table, number = protest["table_number"], protest["game_number"]
    await enqueue(
        connection, private(protest["user_id"]), Kind.TEXT, now,
        body=texts.decision_for_protester(table, number, status, reason),
    )  # fmt: skip
    await enqueue(
        connection, CLUB, Kind.REPLY, now, game_id=protest["game_id"],
        body=texts.decision_for_club(protest["nickname"], status, reason),
    )  # fmt: skip


async def decide_by_change(
    connection: aiosqlite.Connection, game_id: int, actor_id: int, now: str, cutoff: str
) -> None:
    """A head judge saved a correction of a game whose protest he took to change: decided."""
    cursor = await connection.execute(
        f"{_PROTEST_QUERY} WHERE pr.game_id = ? AND pr.status = 'pending' AND pr.change_by = ?",
        (game_id, actor_id),
    )
    for protest in await cursor.fetchall():
        await connection.execute(
            "UPDATE protests SET status = 'changed', decided_by = ?, decided_at = ? "
            "WHERE id = ? AND status = 'pending'",
            (actor_id, now, protest["id"]),
        )
        await _tell_decision(connection, protest, ProtestStatus.CHANGED, None, now)
    await _finalize_if_settled(connection, game_id, now, cutoff)


async def _finalize_if_settled(
    connection: aiosqlite.Connection, game_id: int, now: str, cutoff: str
) -> None:
    """After the last decision on a game whose window has closed (it ended before ``cutoff``),
    it is final."""
    cursor = await connection.execute(
        "SELECT 1 FROM protests WHERE game_id = ? AND status = 'pending'", (game_id,)
    )
    if await cursor.fetchone() is None:
        await connection.execute(
            "UPDATE games SET status = 'final', updated_at = ? WHERE id = ? "
            "AND status = 'provisional' AND ended_at <= ?",
            (now, game_id, cutoff),
        )


class Protests:
    def __init__(
        self, database: Database, clock: Clock, window_minutes: int, zone: ZoneInfo
    ) -> None:
        self.database = database
        self.clock = clock
        self.window = timedelta(minutes=window_minutes)
        self.zone = zone
        self._watch: asyncio.Task[None] | None = None

    # -- reading -------------------------------------------------------------------------------

    async def get(self, protest_id: int) -> Protest | None:
        row = await self.database.fetchone(f"{_PROTEST_QUERY} WHERE pr.id = ?", (protest_id,))
        return _protest(row) if row else None

    async def pending(self) -> list[Protest]:
        rows = await self.database.fetchall(
            f"{_PROTEST_QUERY} WHERE pr.status = 'pending' ORDER BY pr.id"
        )
        return [_protest(row) for row in rows]

    async def open_games(self, user_id: int) -> list[OpenGame]:
        """The asker's games he may still protest (newest first)."""
        cutoff = self._cutoff()
        rows = await self.database.fetchall(
            "SELECT g.id, g.table_number, g.game_number, g.ended_at FROM games AS g "
            "JOIN game_seats AS s ON s.game_id = g.id JOIN players AS p ON p.id = s.player_id "
            "WHERE p.user_id = ? AND g.status = 'provisional' AND g.ended_at > ? "
            "AND NOT EXISTS (SELECT 1 FROM protests AS pr WHERE pr.game_id = g.id "
            "AND pr.player_id = p.id) ORDER BY g.id DESC",
            (user_id, cutoff),
        )
        return [
            OpenGame(
                row["id"], row["table_number"], row["game_number"],
                datetime.fromisoformat(row["ended_at"]) + self.window,
            )
            for row in rows
        ]  # fmt: skip

    async def check(self, user_id: int, game_id: int) -> OpenGame:
        """Whether this person may protest this game now; the reason (and deadline) if not."""
        async with self.database.read() as connection:
            return await self._check(connection, user_id, game_id)

    async def _check(
        self, connection: aiosqlite.Connection, user_id: int, game_id: int
    ) -> OpenGame:
        cursor = await connection.execute(
            "SELECT id, table_number, game_number, ended_at, status FROM games WHERE id = ?",
            (game_id,),
        )
        game = await cursor.fetchone()
        if game is None:
            raise ProtestError(texts.NO_SUCH_GAME)
        deadline = datetime.fromisoformat(game["ended_at"]) + self.window
        found = OpenGame(game["id"], game["table_number"], game["game_number"], deadline)
        cursor = await connection.execute(
            "SELECT p.id FROM players AS p JOIN game_seats AS s ON s.player_id = p.id "
            "WHERE p.user_id = ? AND s.game_id = ?",
            (user_id, game_id),
        )
        seat = await cursor.fetchone()
        if seat is None:
            cursor = await connection.execute("SELECT 1 FROM players WHERE user_id = ?", (user_id,))
            linked = await cursor.fetchone() is not None
            raise ProtestError(texts.not_a_player(found.table, found.number, linked))
        if game["status"] == "annulled":
            raise ProtestError(texts.ANNULLED)
        if self.clock.now() >= deadline or game["status"] != "provisional":
            when = date_time(deadline, self.zone)
            raise ProtestError(texts.too_late(found.table, found.number, when))
        cursor = await connection.execute(
            "SELECT status FROM protests WHERE game_id = ? AND player_id = ?",
            (game_id, seat["id"]),
        )
        earlier = await cursor.fetchone()
        if earlier is not None:
            raise ProtestError(texts.already_filed(earlier["status"]))
        return found

    # -- filing --------------------------------------------------------------------------------

    async def file(
        self, user_id: int, game_id: int, text: str, deciders: list[int],
        buttons: Callable[[int], str], protocol: str,
    ) -> Protest:  # fmt: skip
        """File a protest; deciders get it with the game's ``protocol`` (as announced) and
        ``buttons(protest id)`` (reply markup JSON)."""
        if not text.strip():
            raise ProtestError(texts.EMPTY, retry=True)
        if len(text) > MAX_TEXT:
            raise ProtestError(texts.too_long(len(text)), retry=True)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            await self._check(connection, user_id, game_id)
            cursor = await connection.execute(
                "SELECT p.id FROM players AS p JOIN game_seats AS s ON s.player_id = p.id "
                "WHERE p.user_id = ? AND s.game_id = ?",
                (user_id, game_id),
            )
            player_id = (await cursor.fetchone())[0]  # type: ignore[index]
            cursor = await connection.execute(
                "INSERT INTO protests (game_id, player_id, user_id, text, filed_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, player_id, user_id, text, now),
            )
            protest_id = int(cursor.lastrowid or 0)
            cursor = await connection.execute(f"{_PROTEST_QUERY} WHERE pr.id = ?", (protest_id,))
            protest = _protest(await cursor.fetchone())
            for decider in deciders:
                await enqueue(
                    connection, private(decider), Kind.TEXT, now, game_id=game_id,
                    body=texts.for_deciders(
                        protest.table, protest.number, protest.nickname, text, protocol
                    ),
                    markup=buttons(protest_id),
                )  # fmt: skip
            await enqueue(connection, CLUB, Kind.ANNOUNCE, now, game_id=game_id)
        return protest

    # -- deciding ------------------------------------------------------------------------------

    async def _pending(self, connection: aiosqlite.Connection, protest_id: int) -> Any:
        cursor = await connection.execute(f"{_PROTEST_QUERY} WHERE pr.id = ?", (protest_id,))
        row = await cursor.fetchone()
        if row is None:
            raise ProtestError(texts.NO_SUCH_PROTEST)
        if row["status"] != "pending":
            raise ProtestError(texts.already_decided(ProtestStatus(row["status"])))
        return row

    async def can_decide(self, protest_id: int) -> Protest:
        async with self.database.read() as connection:
            return _protest(await self._pending(connection, protest_id))

    async def reject(self, protest_id: int, actor_id: int, reason: str) -> Protest:
        return await self._decide(protest_id, actor_id, reason, ProtestStatus.REJECTED)

    async def replay(self, protest_id: int, actor_id: int, reason: str) -> Protest:
        return await self._decide(protest_id, actor_id, reason, ProtestStatus.REPLAY)

    async def _decide(
        self, protest_id: int, actor_id: int, reason: str, status: ProtestStatus
    ) -> Protest:
        reason = _reason(reason)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            row = await self._pending(connection, protest_id)
            await connection.execute(
                "UPDATE protests SET status = ?, decided_by = ?, decided_at = ?, reason = ? "
                "WHERE id = ? AND status = 'pending'",
                (status.value, actor_id, now, reason, protest_id),
            )
            if status is ProtestStatus.REPLAY:
                await _annul(connection, row["game_id"], actor_id, now, reason)
                # The game no longer counts: its other protests are settled by the replay.
                await connection.execute(
                    "UPDATE protests SET status = 'replay', decided_by = ?, decided_at = ?, "
                    "reason = ? WHERE game_id = ? AND status = 'pending'",
                    (actor_id, now, reason, row["game_id"]),
                )
            await _tell_decision(connection, row, status, reason, now)
            await _finalize_if_settled(connection, row["game_id"], now, self._cutoff())
            await enqueue(connection, CLUB, Kind.ANNOUNCE, now, game_id=row["game_id"])
        decided = await self.get(protest_id)
        assert decided is not None
        return decided

    async def start_change(self, protest_id: int, actor_id: int) -> Protest:
        """«Change the result»: the head judge edits the game; saving it decides the protest."""
        async with self.database.transaction() as connection:
            row = await self._pending(connection, protest_id)
            await connection.execute(
                "UPDATE protests SET change_by = ? WHERE id = ?", (actor_id, protest_id)
            )
        return _protest(row)

    async def annul(self, game_id: int, actor_id: int, reason: str) -> None:
        """§8.9 without a protest: a head judge orders a replay."""
        reason = _reason(reason)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            cursor = await connection.execute("SELECT status FROM games WHERE id = ?", (game_id,))
            game = await cursor.fetchone()
            if game is None:
                raise ProtestError(texts.NO_SUCH_GAME)
            if game["status"] == "annulled":
                raise ProtestError(texts.ANNULLED)
            await _annul(connection, game_id, actor_id, now, reason)
            cursor = await connection.execute(
                f"{_PROTEST_QUERY} WHERE pr.game_id = ? AND pr.status = 'pending'", (game_id,)
            )
            for protest in await cursor.fetchall():
                await connection.execute(
                    "UPDATE protests SET status = 'replay', decided_by = ?, decided_at = ?, "
                    "reason = ? WHERE id = ?",
                    (actor_id, now, reason, protest["id"]),
                )
                await _tell_decision(connection, protest, ProtestStatus.REPLAY, reason, now)
            await enqueue(
                connection, CLUB, Kind.REPLY, now, game_id=game_id,
                body=texts.annulled_for_club(reason),
            )  # fmt: skip
            await enqueue(connection, CLUB, Kind.ANNOUNCE, now, game_id=game_id)

    async def annul_by_number(self, table: int, number: int, actor_id: int, reason: str) -> None:
        row = await self.database.fetchone(
            "SELECT id FROM games WHERE tournament_id = (SELECT id FROM tournaments "
            "WHERE is_current = 1) AND table_number = ? AND game_number = ?",
            (table, number),
        )
        if row is None:
            raise ProtestError(texts.NO_SUCH_TABLE_GAME)
        await self.annul(int(row[0]), actor_id, reason)

    # -- the player's own results in private ---------------------------------------------------

    async def private_results(self, user_id: int) -> bool:
        row = await self.database.fetchone(
            "SELECT private_results FROM members WHERE user_id = ?", (user_id,)
        )
        return bool(row[0]) if row else True

    async def set_private_results(self, user_id: int, on: bool) -> None:
        async with self.database.transaction() as connection:
            await connection.execute(
                "UPDATE members SET private_results = ? WHERE user_id = ?", (int(on), user_id)
            )

    # -- windows -------------------------------------------------------------------------------

    async def finalize_due(self) -> list[int]:
        """Store «final» for every game whose window has closed with no pending protest, and
        queue the edit of its announcement. Run at start-up and on a timer: a window that closed
        while the bot was down is closed when it comes back."""
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT id FROM games WHERE status = 'provisional' AND ended_at <= ? "
                "AND NOT EXISTS (SELECT 1 FROM protests AS p WHERE p.game_id = games.id "
                "AND p.status = 'pending') ORDER BY id",
                (self._cutoff(),),
            )
            due = [int(row[0]) for row in await cursor.fetchall()]
            for game_id in due:
                await connection.execute(
                    "UPDATE games SET status = 'final', updated_at = ? WHERE id = ?",
                    (now, game_id),
                )
                await enqueue(connection, CLUB, Kind.ANNOUNCE, now, game_id=game_id)
        return due

    async def next_deadline(self) -> datetime | None:
        """When the next protest window closes (None: no game is waiting for it)."""
        row = await self.database.fetchone(
            "SELECT min(ended_at) FROM games WHERE status = 'provisional' AND ended_at > ?",
            (self._cutoff(),),
        )
        return datetime.fromisoformat(row[0]) + self.window if row and row[0] else None

    def start(self, on_final: Callable[[], None]) -> None:
        self._watch = asyncio.get_running_loop().create_task(self.watch(on_final))

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with suppress(asyncio.CancelledError):
                await self._watch
            self._watch = None

    async def watch(self, on_final: Callable[[], None]) -> None:
        """Close protest windows as they pass (and at once those that passed while the bot was
        down): store «final» and queue the announcement's edit. Runs until cancelled."""
        while True:
            try:
                if await self.finalize_due():
                    on_final()
                deadline = await self.next_deadline()
            except Exception:  # a failed round is retried; statuses are derived meanwhile
                log.exception("Closing protest windows failed")
                deadline = None
            wait = WATCH_INTERVAL
            if deadline is not None:
                wait = min(wait, max(0.5, (deadline - self.clock.now()).total_seconds() + 0.5))
            await asyncio.sleep(wait)

    def _cutoff(self) -> str:
        """Games that ended at or before this have their protest window closed."""
        return (self.clock.now() - self.window).isoformat(timespec="seconds")


def _reason(text: str) -> str:
    reason = text.strip()
    if not reason:
        raise ProtestError(texts.REASON_EMPTY, retry=True)
    if len(reason) > MAX_TEXT:
        raise ProtestError(texts.too_long(len(reason)), retry=True)
    return reason


async def _annul(
    connection: aiosqlite.Connection, game_id: int, actor_id: int, now: str, reason: str
) -> None:
    cursor = await connection.execute(
        "SELECT after FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT 1", (game_id,)
    )
    last = await cursor.fetchone()
    await connection.execute(
        "UPDATE games SET status = 'annulled', updated_at = ? WHERE id = ?", (now, game_id)
    )
    await connection.execute(
        "INSERT INTO audit_log (game_id, actor_id, at, action, before, after, reason) "
        "VALUES (?, ?, ?, 'annulled', ?, ?, ?)",
        (game_id, actor_id, now, last["after"] if last else None,
         last["after"] if last else "{}", reason),
    )  # fmt: skip
