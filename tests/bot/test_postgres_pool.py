"""The PostgreSQL engine's pool of connections (bot/core/postgres_db.py): more writers at once
than it has connections never wait for ever, and a connection goes back to the pool holding
nothing of its session (no reset query is sent on each release)."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.postgres_db import POOL_SIZE, PostgresDatabase
from tests.postgres import drop_database, fresh_database_url, required


@pytest.fixture
async def database():
    required()  # skipped here without PostgreSQL; failed in CI
    url = await fresh_database_url(migrated=False)
    db = PostgresDatabase(url)
    await db.connect()
    await db.migrate()
    await db.write("CREATE TABLE notes (text TEXT)")
    yield db
    await db.close()
    await drop_database(url)


async def test_more_writers_than_connections_each_reading_beside_its_transaction(database):
    async def write(number: int) -> None:
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO notes VALUES (?)", (f"note {number}",))
            # a read on a second connection while the transaction holds its own
            await database.fetchone("SELECT count(*) FROM notes")

    writers = 3 * POOL_SIZE
    await asyncio.wait_for(asyncio.gather(*(write(n) for n in range(writers))), 20)
    assert (await database.fetchone("SELECT count(*) FROM notes"))[0] == writers


async def test_a_connection_goes_back_holding_no_lock_of_its_session(database):
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO notes VALUES ('kept')")
    await database.migrate()  # its lock is a connection's of its own, closed after
    locks = await database.fetchone(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid != pg_backend_pid()"
        " AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
        " AND query NOT LIKE 'LISTEN%')"
    )
    assert locks[0] == 0
