"""The database: pragmas, transactions, migrations."""

import asyncio

import pytest

from bot.core.db import DatabaseError, Migration, bundled_migrations
from bot.core.sqlite_db import SqliteDatabase


@pytest.fixture
async def database(tmp_path):
    db = SqliteDatabase(tmp_path / "sub" / "club.sqlite3")
    await db.connect()
    yield db
    await db.close()


async def test_connection_pragmas_and_parent_folder(database):
    assert database.path.parent.is_dir()
    async with database.read() as connection:  # the connection every write goes through
        pragma = {
            name: (await connection.execute_fetchall(f"PRAGMA {name}"))[0][0]
            for name in ("journal_mode", "foreign_keys", "busy_timeout")
        }
    assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000}
    # single reads have a read-only connection of their own
    assert (await database.fetchone("PRAGMA query_only"))[0] == 1
    with pytest.raises(Exception, match="readonly"):
        await database.fetchone("CREATE TABLE never (a)")


async def test_a_read_does_not_wait_for_a_transaction_being_written(database):
    await database.migrate()
    await database.write("CREATE TABLE notes (text TEXT)")
    await database.write("INSERT INTO notes VALUES ('kept')")
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO notes VALUES ('half')")
        # another coroutine's read, while this one is still writing: the last commit, at once
        rows = await asyncio.wait_for(database.fetchall("SELECT text FROM notes"), 1)
        assert [row[0] for row in rows] == ["kept"]
    rows = await database.fetchall("SELECT text FROM notes ORDER BY rowid")
    assert [row[0] for row in rows] == ["kept", "half"]  # and the commit once it is made


async def test_empty_database_gets_every_migration_then_none(database):
    names = await database.migrate()
    assert names == [m.name for m in bundled_migrations()]
    assert await database.user_version() == bundled_migrations()[-1].version
    assert await database.migrate() == []


async def test_second_start_applies_migrations_once(tmp_path):
    for expected_new in (True, False):
        db = SqliteDatabase(tmp_path / "club.sqlite3")
        await db.connect()
        assert bool(await db.migrate()) is expected_new
        await db.close()


async def test_failing_migration_leaves_the_previous_version(database):
    good = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "0002_b.sql", "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);")
    with pytest.raises(DatabaseError, match=r"0002_b\.sql"):
        await database.migrate([good, bad])
    assert await database.user_version() == 1
    assert await database.fetchone("SELECT name FROM sqlite_master WHERE name = 'b'") is None
    # The connection is usable afterwards.
    async with database.transaction() as connection:
        await connection.execute("INSERT INTO a VALUES (1)")


async def test_newer_database_is_refused(database):
    async with database.transaction() as connection:
        await connection.execute("PRAGMA user_version = 999")
    with pytest.raises(DatabaseError, match="newer"):
        await database.migrate()


async def test_transaction_rolls_back_on_error(database):
    await database.migrate([Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")])
    with pytest.raises(RuntimeError):
        async with database.transaction() as connection:
            await connection.execute("INSERT INTO a VALUES (1)")
            raise RuntimeError("boom")
    assert await database.fetchall("SELECT x FROM a") == []


async def test_concurrent_transactions_do_not_commit_each_others_halves(database):
    await database.migrate([Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")])

    async def failing() -> None:
        async with database.transaction() as connection:
            await connection.execute("INSERT INTO a VALUES (1)")
            await asyncio.sleep(0.01)
            raise RuntimeError("half-done")

    async def succeeding() -> None:
        async with database.transaction() as connection:
            await connection.execute("INSERT INTO a VALUES (2)")

    results = await asyncio.gather(failing(), succeeding(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError)
    assert [row["x"] for row in await database.fetchall("SELECT x FROM a")] == [2]


async def test_shutdown_waits_for_an_update_in_progress():
    from bot.telegram.middlewares import InFlightMiddleware

    in_flight = InFlightMiddleware()
    release = asyncio.Event()
    written = []

    async def slow_handler(event, data):
        await release.wait()
        written.append("committed")

    task = asyncio.create_task(in_flight(slow_handler, object(), {}))
    await asyncio.sleep(0)
    assert not await in_flight.drained(timeout=0.05)  # still writing: shutdown must wait
    release.set()
    assert await in_flight.drained(timeout=1)
    await task
    assert written == ["committed"]
