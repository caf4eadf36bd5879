"""The bot's database, whichever engine holds it: what the table owners and services see.

Two engines, one code: SQLite (``bot.core.sqlite_db``, the embedded default: one file) and
PostgreSQL (``bot.core.postgres_db``, for a deployment of several processes). The owners write
one SQL, in the part both engines read alike (``?`` for parameters, ``ON CONFLICT``, ``RETURNING``);
the PostgreSQL engine turns the parameters into its own and defines the two SQLite functions the
owners use (``json_extract``, ``group_concat``). docs/architecture.md «Two engines» says why
this way and not an ORM.
"""

from __future__ import annotations

import asyncio
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Change(StrEnum):
    """What a committed transaction changed that others react to (wired once, in bot/app.py)."""

    OUTBOX = "outbox"  # a message was queued: the outbox worker looks now
    STANDINGS = "standings"  # games, nicknames or a board's settings: the standings refresh
    SCHEDULE = "schedule"  # what is due when (a game saved, a protest decided): the scheduler


class Row(Protocol):
    """A row read: by column index or name (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...


class Reader(Protocol):
    """What reads need: the Database (its own short read), a snapshot or an open Transaction."""

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None: ...

    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...


class Rows(Protocol):
    """The rows of one statement read apart (a cursor): iterated, or the first taken."""

    def fetchone(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class ApartReader(Protocol):
    """A long read's connection in a worker thread (``Database.read_apart``)."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows: ...


class Transaction(ABC):
    """One open write transaction: the statements, and the changes it records for after COMMIT.

    Table owners take it as their first argument, so that callers compose several owners'
    writes in one ``async with database.transaction() as tx``."""

    def __init__(self) -> None:
        self.changes: set[Change] = set()
        self.attached: str | None = None  # the schema an attached staging file is read as

    def changed(self, *changes: Change) -> None:
        self.changes.update(changes)

    @abstractmethod
    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """A statement; how many rows it wrote."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def insert(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """An INSERT of one row into a table with an ``id``; the new row's id."""


class Conflict(Exception):
    """A write refused by the schema's rules (a unique key taken, a reference missing), on
    either engine; the whole transaction was rolled back. The message names the rule."""


class DatabaseError(Exception):
    """The database cannot be used as it is; the message says why, in one line."""


_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def bundled_migrations(engine: str = "sqlite") -> list[Migration]:
    """The migrations shipped with the package, in order: ``migrations/NNNN_name.sql`` for
    SQLite; for PostgreSQL ``migrations/postgres/``, which starts with the whole schema at the
    version it was added and goes on with the same numbers as SQLite's."""
    folder = resources.files("migrations")
    if engine == "postgres":
        folder = folder.joinpath("postgres")
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda migration: migration.version)
    versions = [migration.version for migration in found]
    first = versions[0] if versions else 1
    if versions != list(range(first, first + len(found))):
        raise DatabaseError(f"migrations must be numbered without gaps: {versions}")
    return found


class Database(ABC):
    """The bot's database. Writes go through ``transaction()`` (one at a time, whichever
    process), reads through ``one``/``all`` (the last commit, never waiting for a write),
    ``snapshot()`` (several reads of one state) or ``read_apart`` (a long read in a thread)."""

    engine: str  # "sqlite" or "postgres": /status and /healthz say it
    path: Path  # SQLite's file; for PostgreSQL, the folder an import's staging file goes to
    shared: bool  # other processes may write it too (PostgreSQL): nothing of theirs is assumed

    def __init__(self) -> None:
        self._reactions: dict[Change, list[Callable[[], None]]] = {}
        self._hearers: dict[str, list[Callable[[str], None]]] = {}

    def after_commit(self, change: Change, reaction: Callable[[], None]) -> None:
        """Call ``reaction`` after every committed transaction that recorded ``change``."""
        self._reactions.setdefault(change, []).append(reaction)

    def _react(self, changes: Iterable[Change]) -> None:
        for change in sorted(changes):
            for reaction in self._reactions.get(change, ()):
                reaction()

    # -- several processes on one database --------------------------------------------------
    # What one process keeps in memory (a member's rights, the clubs, a dialog's state) another
    # may change: after its commit it says so (``announce``), and every other process hears it
    # (``on_announce``) and forgets its copy. The reactions to a commit's ``Change``s run in
    # every process, too. On SQLite there is one process: nothing to say.

    def on_announce(self, topic: str, hear: Callable[[str], None]) -> None:
        """Call ``hear(key)`` when another process announces ``topic``."""
        self._hearers.setdefault(topic, []).append(hear)

    async def announce(self, topic: str, key: str = "") -> None:
        """Tell the other processes that what they keep of ``topic`` (``key``) changed."""
        return None  # one process: nobody else keeps anything

    def _heard(self, topic: str, key: str) -> None:
        for hear in self._hearers.get(topic, ()):
            hear(key)

    def _forget_everything(self) -> None:
        """What the other processes said may have been missed (the connection that hears them
        was lost): every copy kept is forgotten (an empty key: all of the topic), every reaction
        to a commit runs once."""
        for topic in list(self._hearers):
            self._heard(topic, "")
        self._react(Change)

    def lost(self, error: BaseException) -> bool:
        """Whether ``error`` says the database server cannot be reached (restarting, the network
        gone): what was being done is done again later, not reported as a failure."""
        return False

    def log_failure(self, log: logging.Logger, error: BaseException, what: str) -> None:
        """Log work in the background that failed: a warning when the database only cannot be
        reached (it comes back, and the work is done again), a traceback for anything else."""
        if self.lost(error):
            log.warning("%s: the database cannot be reached (%s)", what, error)
        else:
            log.error("%s", what, exc_info=error)

    async def lead_now(self) -> bool:
        """Whether this process leads the deployment's background work (the outbox, the
        scheduled jobs): at once on SQLite; on PostgreSQL the first process to ask."""
        return True

    async def lead(self) -> None:
        """Return once this process leads (another process that led has stopped or died)."""
        return None  # one process: it leads from the start

    async def hold(self, key: int) -> None:
        """Until this process holds the lock ``key`` (a chat's updates, one at a time in every
        process): nothing to wait for on SQLite, where one process isolates its own updates."""
        return None

    async def let_go(self, key: int) -> None:
        """The lock ``key`` held by ``hold`` is let go."""
        return None

    async def lead_lost(self) -> None:
        """Return when this process no longer leads (on PostgreSQL: the connection holding the
        lead was lost — the server restarted, or cannot be reached — and another may lead)."""
        await asyncio.Event().wait()  # one process leads for as long as it runs

    @property
    def busy(self) -> bool:
        """A write waits for another program to let the database go."""
        return False

    @abstractmethod
    def describe(self) -> str:
        """The engine and where, without secrets: for /status and the log."""

    def unusable(self, error: BaseException) -> str:
        """Why the database cannot be used, in one line, with what to do."""
        return f"cannot use database {self.describe()}: {error}"

    @abstractmethod
    async def connect(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def transaction(
        self, attach: tuple[str, Path] | None = None
    ) -> AbstractAsyncContextManager[Transaction]:
        """One atomic write: committed when the block ends, rolled back if it raises; after the
        commit the reactions to what it recorded run. ``attach``: (name, file) of an import's
        staging file (SQLite) whose tables its statements read too, as ``tx.attached``."""

    @abstractmethod
    def snapshot(self) -> AbstractAsyncContextManager[Reader]:
        """Several reads that see one state of the database, holding up no write."""

    @abstractmethod
    async def read_apart(self, read: Callable[[ApartReader], T]) -> T:
        """``read(connection)`` in a worker thread, in one read transaction: a long read that
        builds much from what it streams (the standings of a season)."""

    @abstractmethod
    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        """The first row (queries asked this way select one row)."""

    @abstractmethod
    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        return await self.one(sql, parameters)

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await self.all(sql, parameters)

    async def write(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        """One statement that is a whole change by itself."""
        async with self.transaction() as tx:
            await tx.execute(sql, parameters)

    @abstractmethod
    async def size(self) -> int:
        """The database's bytes on the disk (/status)."""

    async def copied(self) -> bytes:
        """The whole database as one file, consistent as of one moment (SQLite's /backup and
        daily copies; a PostgreSQL server's are ``pg_dump``'s: README)."""
        raise DatabaseError(f"{self.describe()}: copies are made with pg_dump (README)")

    @abstractmethod
    async def user_version(self) -> int:
        """The version of the schema: the newest migration applied."""

    @abstractmethod
    async def migrate(self, migrations: Iterable[Migration] | None = None) -> list[str]:
        """Apply the migrations newer than the database; the names applied. A failing one
        leaves the database as it was; a database newer than this code is refused."""
