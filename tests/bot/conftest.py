"""Fixtures of the foundation's tests."""

import pytest

from bot.core.postgres_db import PostgresDatabase
from bot.core.sqlite_db import SqliteDatabase
from tests.postgres import drop_database, fresh_database_url


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, tmp_path):
    """A migrated club database in the test's folder (``test_db.py`` has its own, unmigrated),
    on each engine: the tests using it are the table owners' and services' tests on both."""
    if request.param == "sqlite":
        db = SqliteDatabase(tmp_path / "club.sqlite3")
    else:
        url = await fresh_database_url()
        db = PostgresDatabase(url)
    await db.connect()
    if request.param == "sqlite":
        await db.migrate()
    yield db
    await db.close()
    if request.param == "postgres":
        await drop_database(url)


@pytest.fixture
async def two_processes():
    """Two processes' databases on one migrated PostgreSQL database."""
    url = await fresh_database_url()
    first, second = PostgresDatabase(url), PostgresDatabase(url)
    await first.connect()
    await second.connect()
    yield first, second
    await first.close()
    await second.close()
    await drop_database(url)
