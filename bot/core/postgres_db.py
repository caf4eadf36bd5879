"""PostgreSQL, the engine of a deployment with several bot processes (``DATABASE_URL``).

The owners' SQL is the same as on SQLite: its ``?`` parameters become ``$1, $2, …`` here (once
per statement, kept). Writes are one at a time across every process, as on SQLite: each write
transaction takes one advisory lock, held to its commit, so the owners' read-then-write steps
(the next game number, the one current tournament) stay as safe as they are on one file. Reads
never wait for it: a single read sees the last commit, a snapshot is one repeatable-read
transaction.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from bot.core.db import (
    ApartReader,
    Change,
    Conflict,
    Database,
    DatabaseError,
    Migration,
    Reader,
    Row,
    Transaction,
    bundled_migrations,
)

T = TypeVar("T")

log = logging.getLogger(__name__)

WRITE_LOCK = 4901  # pg_advisory_xact_lock: one writing transaction at a time, every process
MIGRATE_LOCK = 4902  # pg_advisory_lock: one process migrates, the others wait and find it done
LEAD_LOCK = 4903  # pg_advisory_lock: the process holding it sends the outbox and runs the jobs
CHAT_LOCKS = 4904  # pg_advisory_lock(CHAT_LOCKS, chat): one update of a chat at a time
CHANNEL = "mafia_bot"  # LISTEN/NOTIFY: commits' changes and caches to forget, between processes
POOL_SIZE = 8  # connections a process keeps: reads in parallel, writes one at a time
RECONNECT_EVERY = 1.0  # seconds between attempts while the server cannot be reached
WAIT_AT_MOST = 10.0  # seconds a connection or a lock's statement may take: then it is lost
LEAD_CHECK_EVERY = 1.0  # seconds between the leading process's checks that it still leads
# The server cannot be reached, or went away mid-statement (a restart, the network): what was
# being done is done again once it is back — never reported as a failure of its own.
LOST = (
    OSError, asyncpg.PostgresConnectionError, asyncpg.AdminShutdownError,
    asyncpg.CannotConnectNowError, asyncpg.exceptions.CrashShutdownError,
    # a pooled connection whose server went away mid-statement: «connection is closed»,
    # «another operation is in progress» on the broken protocol's state
    asyncpg.InterfaceError, asyncpg.InternalClientError,
)  # fmt: skip
_VERSION_TABLE = "schema_version"


@lru_cache(maxsize=4096)
def translated(sql: str) -> str:
    """SQLite's ``?`` parameters as PostgreSQL's ``$n`` (not inside quotes or comments)."""
    out: list[str] = []
    number = 0
    quote: str | None = None
    index = 0
    while index < len(sql):
        char = sql[index]
        if quote is not None:
            out.append(char)
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
            out.append(char)
        elif char == "?":
            number += 1
            out.append(f"${number}")
        elif sql.startswith("--", index):
            end = sql.find("\n", index)
            end = len(sql) if end < 0 else end
            out.append(sql[index:end])
            index = end
            continue
        else:
            out.append(char)
        index += 1
    return "".join(out)


def _number(text: str) -> int | float:
    """A ``numeric`` read (a SUM of integers, an AVG) as SQLite gives it: an int when whole."""
    return float(text) if any(c in text for c in ".eEN") else int(text)


async def _kept_as_it_is(_connection: asyncpg.Connection) -> None:
    """A pooled connection goes back without asyncpg's reset query (``RESET ALL``,
    ``pg_advisory_unlock_all()``…, a round trip to the server on every release: a quarter of
    what a busy process sent it): the pool's connections keep no session state. The write lock
    is a transaction's; the lead, the chats' locks, the notifications and the migrations' lock
    have connections of their own; a staged import's temporary tables are dropped after it and
    before each use; asyncpg itself still rolls back a transaction left open."""


async def _set_up(connection: asyncpg.Connection) -> None:
    await connection.set_type_codec(
        "numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text"
    )


def _written(status: str) -> int:
    """Rows a statement wrote, from its status tag: its last number."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresReader:
    """The owners' reads on one connection (a snapshot's, a transaction's)."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self.connection.fetchrow(translated(sql), *parameters)
        return row

    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return list(await self.connection.fetch(translated(sql), *parameters))


class PostgresTransaction(Transaction):
    def __init__(self, connection: asyncpg.Connection) -> None:
        super().__init__()
        self.connection = connection
        self._reader = PostgresReader(connection)

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        return _written(await self.connection.execute(translated(sql), *parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.connection.executemany(translated(sql), [tuple(row) for row in rows])

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        return await self._reader.one(sql, parameters)

    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await self._reader.all(sql, parameters)

    async def insert(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        if "RETURNING" not in sql.upper():
            sql = f"{sql} RETURNING id"
        row = await self.connection.fetchrow(translated(sql), *parameters)
        return int(row[0]) if row is not None else 0


class _Fetched:
    """A statement's rows read apart: what a cursor of ``sqlite3`` offers the long reads."""

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


class _ThreadReader:
    """A connection's reads asked from a worker thread: each statement runs on the event loop
    (asyncpg's connection belongs to it) while the thread waits for its rows."""

    def __init__(self, connection: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self.connection = connection
        self.loop = loop
        self.stopped = False  # the read was cancelled: its next statement ends it

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> _Fetched:
        if self.stopped:
            raise asyncio.CancelledError
        fetching = self.connection.fetch(translated(sql), *parameters)
        return _Fetched(list(asyncio.run_coroutine_threadsafe(fetching, self.loop).result()))


_TYPES = {int: "BIGINT", float: "DOUBLE PRECISION", str: "TEXT", bytes: "BYTEA"}


def _read_file(path: Path) -> list[tuple[str, list[str], list[tuple[Any, ...]]]]:
    """Every table of an SQLite file: (name, columns, rows). Blocking: for a worker thread."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        names = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        )]  # fmt: skip
        tables = []
        for name in names:
            cursor = connection.execute(f'SELECT * FROM "{name}"')
            columns = [column[0] for column in cursor.description]
            tables.append((name, columns, cursor.fetchall()))
        return tables
    finally:
        connection.close()


async def _staged(connection: asyncpg.Connection, path: Path) -> list[str]:
    """An import's staging file (SQLite, written apart) copied into temporary tables of this
    connection, before the writing lock is taken — as SQLite attaches the file — so that the
    transaction only copies rows from table to table. The tables' names."""
    tables = await asyncio.to_thread(_read_file, path)
    declared = {  # a column all NULL takes the type the schema gives its name
        row[0]: row[1]
        for row in await connection.fetch(
            "SELECT DISTINCT ON (column_name) column_name, data_type "
            "FROM information_schema.columns WHERE table_schema = 'public'"
        )
    }
    for name, columns, rows in tables:
        types = []
        for index, column in enumerate(columns):
            kinds = {type(row[index]) for row in rows if row[index] is not None}
            if len(kinds) == 1:
                types.append(_TYPES.get(kinds.pop(), "TEXT"))
            else:
                types.append(declared.get(column, "TEXT") if not kinds else "TEXT")
        described = ", ".join(f'"{c}" {t}' for c, t in zip(columns, types, strict=True))
        await connection.execute(f"DROP TABLE IF EXISTS pg_temp.{name}")
        await connection.execute(f"CREATE TEMPORARY TABLE {name} ({described})")
        await connection.copy_records_to_table(
            name, records=rows, columns=columns, schema_name="pg_temp"
        )
    return [name for name, _, _ in tables]


class PostgresDatabase(Database):
    """A pool of connections to one PostgreSQL database."""

    engine = "postgres"
    shared = True

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        # no file of its own: an import's staging file goes beside this name, one per process
        self.path = Path(tempfile.gettempdir()) / f"mafia-bot-{os.getpid()}.postgres"
        self._pool: asyncpg.Pool | None = None
        self._write_lock = asyncio.Lock()
        self._server = ""
        self._me = f"{os.getpid()}-{id(self)}"  # what this process signs its notices with
        self._listening: asyncpg.Connection | None = None
        self._relistening: asyncio.Task[None] | None = None
        self._leading: asyncpg.Connection | None = None
        self._closing = False
        self._holding: asyncpg.Connection | None = None  # the chats' locks, all on one
        self._holding_turn = asyncio.Lock()  # one statement at a time on it

    def describe(self) -> str:
        parts = urlsplit(self.url)
        where = f"{parts.hostname or 'localhost'}{parts.path or ''}"
        return f"PostgreSQL {self._server}, {where}".replace("  ", " ")

    async def connect(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=0, max_size=POOL_SIZE, init=_set_up, reset=_kept_as_it_is
            )
        except (OSError, asyncpg.PostgresError, ValueError) as error:
            raise DatabaseError(self.unusable(error)) from None
        row = await self.one("SHOW server_version")
        self._server = str(row[0]).split(" ")[0] if row else ""
        await self._listen()

    async def _listen(self) -> None:
        connection = await asyncpg.connect(self.url, timeout=WAIT_AT_MOST)
        await connection.add_listener(CHANNEL, self._notified)
        connection.add_termination_listener(self._deaf)
        self._listening = connection

    def _deaf(self, _connection: Any) -> None:
        """The connection that hears the other processes was lost: connect it again."""
        if self._closing:
            return
        log.warning("The connection hearing the other processes was lost; connecting again")
        self._relistening = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        while not self._closing:
            try:
                await self._listen()
            except LOST:
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            log.info("Hearing the other processes again")
            self._forget_everything()  # what they said meanwhile was not heard
            return

    def lost(self, error: BaseException) -> bool:
        return isinstance(error, LOST)

    async def close(self) -> None:
        self._closing = True
        if self._relistening is not None:
            self._relistening.cancel()
        for connection in (self._listening, self._leading, self._holding):
            if connection is not None and not connection.is_closed():
                await connection.close()  # the lead, if held, goes to another process now
        self._listening = self._leading = self._holding = None
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("Database.connect() was not awaited")
        return self._pool

    @asynccontextmanager
    async def transaction(
        self, attach: tuple[str, Path] | None = None
    ) -> AsyncIterator[Transaction]:
        async with self._turn(attach) as connection:
            try:
                async with connection.transaction():
                    await connection.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                    tx = PostgresTransaction(connection)
                    tx.attached = "pg_temp" if attach is not None else None
                    yield tx
                    if tx.changes:  # delivered at the commit, to every listening process
                        said = {"from": self._me, "changes": sorted(tx.changes)}
                        await connection.execute(
                            "SELECT pg_notify($1, $2)", CHANNEL, json.dumps(said)
                        )
            except asyncpg.IntegrityConstraintViolationError as error:
                raise Conflict(str(error)) from error
        self._react(tx.changes)

    @asynccontextmanager
    async def _turn(self, attach: tuple[str, Path] | None) -> AsyncIterator[Any]:
        """A writing transaction's connection, taken once this process's turn to write has
        come: transactions waiting for their turn hold none, so one that reads on a second
        connection always finds one. An import stages its file on its connection first, before
        its turn (as SQLite attaches the file), and drops the staged tables after."""
        if attach is None:
            async with self._write_lock, self.pool.acquire() as connection:
                yield connection
            return
        async with self.pool.acquire() as connection:
            staged = await _staged(connection, attach[1])
            try:
                async with self._write_lock:
                    yield connection
            finally:
                for table in staged:
                    await connection.execute(f"DROP TABLE IF EXISTS pg_temp.{table}")

    def _notified(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        """Another process committed changes, or changed what this one keeps in memory."""
        try:
            said = json.loads(payload)
        except ValueError:
            return
        if said.get("from") == self._me:
            return  # this process reacted after its own commit already
        if "changes" in said:
            known = {change.value for change in Change}
            self._react(Change(change) for change in said["changes"] if change in known)
        else:
            self._heard(str(said.get("topic")), str(said.get("key", "")))

    async def announce(self, topic: str, key: str = "") -> None:
        said = {"from": self._me, "topic": topic, "key": key}
        await self.pool.execute("SELECT pg_notify($1, $2)", CHANNEL, json.dumps(said))

    async def hold(self, key: int) -> None:
        """The chat's lock, on one connection kept for every chat's lock of this process (the
        server lets them all go with it); asked again after a short wait while another process
        holds it — a chat's update takes milliseconds. While the server cannot be reached, the
        error says so at once (``lost``): the update is handled again later, not held open."""
        pause = 0.005
        while not await self._try_hold(key):
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.1)

    async def _try_hold(self, key: int) -> bool:
        async with self._holding_turn:
            try:
                if self._holding is None or self._holding.is_closed():
                    self._holding = await asyncpg.connect(self.url, timeout=WAIT_AT_MOST)
                held = await self._holding.fetchval(
                    "SELECT pg_try_advisory_lock($1, $2)", CHAT_LOCKS, key, timeout=WAIT_AT_MOST
                )
                return bool(held)
            except LOST:
                self._drop_holding()
                raise  # the update is handled again once the server is back

    async def let_go(self, key: int) -> None:
        async with self._holding_turn:
            if self._holding is None or self._holding.is_closed():
                return  # lost with its connection: let go already
            try:
                await self._holding.execute(
                    "SELECT pg_advisory_unlock($1, $2)", CHAT_LOCKS, key, timeout=WAIT_AT_MOST
                )
            except LOST:
                self._drop_holding()

    def _drop_holding(self) -> None:
        """The chats' connection is lost (its locks went with it on the server)."""
        if self._holding is not None:
            self._holding.terminate()
        self._holding = None

    async def lead_now(self) -> bool:
        if self._leading is not None:
            return True
        connection = await asyncpg.connect(self.url, timeout=WAIT_AT_MOST)
        if await connection.fetchval("SELECT pg_try_advisory_lock($1)", LEAD_LOCK):
            self._leading = connection
            return True
        await connection.close()
        return False

    async def lead(self) -> None:
        """Blocks in the server until the leading process lets go: it stops, or it dies and the
        server drops its connection (and with it the lock) at once. While the server cannot be
        reached, tries again every ``RECONNECT_EVERY`` seconds."""
        while self._leading is None:
            try:
                connection = await asyncpg.connect(self.url, timeout=WAIT_AT_MOST)
            except LOST:
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            try:
                await connection.execute("SELECT pg_advisory_lock($1)", LEAD_LOCK)
            except LOST:  # the server went away while this one waited
                connection.terminate()
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            except BaseException:
                connection.terminate()
                raise
            self._leading = connection

    async def lead_lost(self) -> None:
        """Asks the server every ``LEAD_CHECK_EVERY`` seconds on the connection holding the
        lead; returns when it does not answer (the lock went with the connection)."""
        while self._leading is not None:
            try:
                await asyncio.wait_for(self._leading.fetchval("SELECT 1"), 5 * LEAD_CHECK_EVERY)
            except (*LOST, TimeoutError):
                break
            await asyncio.sleep(LEAD_CHECK_EVERY)
        lost, self._leading = self._leading, None
        if lost is not None:
            lost.terminate()

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Reader]:
        async with (
            self.pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresReader(connection)

    async def read_apart(self, read: Callable[[ApartReader], T]) -> T:
        """A cancelled read (the process stopping) ends at its thread's next statement and is
        waited for: its transaction is rolled back only once no statement of it runs."""
        loop = asyncio.get_running_loop()
        async with (
            self.pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            reader = _ThreadReader(connection, loop)
            work = asyncio.ensure_future(asyncio.to_thread(read, reader))
            try:
                return await asyncio.shield(work)
            except asyncio.CancelledError:
                reader.stopped = True
                await asyncio.wait({work})
                if not work.cancelled():
                    work.exception()  # retrieved: the cancellation is what is reported
                raise

    async def one(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self.pool.fetchrow(translated(sql), *parameters)
        return row

    async def all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return list(await self.pool.fetch(translated(sql), *parameters))

    async def size(self) -> int:
        row = await self.one("SELECT pg_database_size(current_database())")
        return int(row[0]) if row is not None else 0

    async def user_version(self) -> int:
        if not await self._has_versions():
            return 0
        row = await self.one(f"SELECT max(version) FROM {_VERSION_TABLE}")
        return int(row[0]) if row is not None and row[0] is not None else 0

    async def _has_versions(self) -> bool:
        row = await self.one("SELECT to_regclass(?) IS NOT NULL", (_VERSION_TABLE,))
        return bool(row and row[0])

    async def migrate(self, migrations: Iterable[Migration] | None = None) -> list[str]:
        """The first migration of ``migrations/postgres`` is the whole schema at its version;
        a new database gets it and the ones after it. Several processes starting at once: one
        migrates, the others wait for the lock and find nothing left to do."""
        pending = list(migrations) if migrations is not None else bundled_migrations("postgres")
        try:  # a connection of its own: its session's lock ends with it, whatever happens
            connection = await asyncpg.connect(self.url, timeout=WAIT_AT_MOST)
        except (OSError, asyncpg.PostgresError, TimeoutError) as error:
            raise DatabaseError(self.unusable(error)) from None
        try:
            await connection.execute("SELECT pg_advisory_lock($1)", MIGRATE_LOCK)
            return await _migrated(connection, pending, self.describe())
        finally:
            await connection.close()


async def _migrated(
    connection: asyncpg.Connection, pending: list[Migration], described: str
) -> list[str]:
    """The pending migrations applied in order, each in its transaction: their names."""
    latest = pending[-1].version if pending else 0
    await connection.execute(
        f"CREATE TABLE IF NOT EXISTS {_VERSION_TABLE} (version BIGINT NOT NULL)"
    )
    current = int(
        await connection.fetchval(f"SELECT coalesce(max(version), 0) FROM {_VERSION_TABLE}")
    )
    if current > latest:
        raise DatabaseError(
            f"database {described} is at version {current}, newer than this "
            f"bot knows ({latest}); upgrade the bot or restore a backup"
        )
    applied: list[str] = []
    for migration in pending:
        if migration.version <= current:
            continue
        await _apply(connection, migration)
        applied.append(migration.name)
        log.info("Applied migration %s", migration.name)
    return applied


async def _apply(connection: asyncpg.Connection, migration: Migration) -> None:
    try:
        async with connection.transaction():
            await connection.execute(migration.sql)
            await connection.execute(f"DELETE FROM {_VERSION_TABLE}")
            await connection.execute(
                f"INSERT INTO {_VERSION_TABLE} (version) VALUES ($1)", migration.version
            )
    except asyncpg.PostgresError as error:
        raise DatabaseError(f"migration {migration.name} failed: {error}") from None
