"""Both engines hold the same schema (one history), and PostgreSQL's layer reads the owners' SQL
as SQLite does."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.db import DatabaseError, Migration, bundled_migrations
from bot.core.postgres_db import PostgresDatabase, translated
from bot.core.sqlite_db import SqliteDatabase
from tests.postgres import drop_database, fresh_database_url

ENGINE_ONLY = {"sqlite_sequence", "schema_version"}


async def sqlite_schema(tmp_path) -> dict[str, object]:
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    await database.migrate()
    tables = {
        row[0] for row in await database.all("SELECT name FROM sqlite_master WHERE type = 'table'")
    } - ENGINE_ONLY
    columns = {}
    for table in tables:
        info = await database.all(f"PRAGMA table_info('{table}')")
        columns[table] = {(row["name"], bool(row["notnull"] or row["pk"])) for row in info}
    indexes = {
        row[0]
        for row in await database.all(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
    }
    version = await database.user_version()
    await database.close()
    return {"tables": tables, "columns": columns, "indexes": indexes, "version": version}


async def postgres_schema(database: PostgresDatabase) -> dict[str, object]:
    tables = {
        row[0]
        for row in await database.all(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
        )
    } - ENGINE_ONLY
    columns: dict[str, set[tuple[str, bool]]] = {table: set() for table in tables}
    for row in await database.all(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns "
        "WHERE table_schema = 'public'"
    ):
        if row[0] in columns:
            columns[row[0]].add((row[1], row[2] == "NO"))
    indexes = {
        row[0]
        for row in await database.all(
            "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' "
            "AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'"
        )
    }
    version = await database.user_version()
    return {"tables": tables, "columns": columns, "indexes": indexes, "version": version}


async def test_a_postgresql_database_made_from_scratch_has_sqlites_schema(tmp_path):
    url = await fresh_database_url(migrated=False)
    database = PostgresDatabase(url)
    await database.connect()
    try:
        applied = await database.migrate()
        assert applied == [m.name for m in bundled_migrations("postgres")]
        assert await database.migrate() == []  # nothing left the second time
        made = await postgres_schema(database)
    finally:
        await database.close()
        await drop_database(url)
    sqlite = await sqlite_schema(tmp_path)
    assert made["version"] == sqlite["version"] == bundled_migrations()[-1].version
    assert made["tables"] == sqlite["tables"]
    assert made["columns"] == sqlite["columns"]
    assert made["indexes"] == sqlite["indexes"]


def test_every_migration_after_postgresqls_schema_comes_in_a_pair():
    sqlite = {m.version: m.name for m in bundled_migrations()}
    postgres = {m.version: m.name for m in bundled_migrations("postgres")}
    first = min(postgres)
    assert first in sqlite, "PostgreSQL's schema starts at a version SQLite has"
    assert {v: n for v, n in sqlite.items() if v > first} == {
        v: n for v, n in postgres.items() if v > first
    }


async def test_processes_starting_at_once_migrate_once_and_a_newer_database_is_refused():
    url = await fresh_database_url(migrated=False)
    databases = [PostgresDatabase(url) for _ in range(3)]
    try:
        for database in databases:
            await database.connect()
        applied = await asyncio.gather(*(database.migrate() for database in databases))
        assert sorted(len(names) for names in applied) == [
            0,
            0,
            len(bundled_migrations("postgres")),
        ]
        with pytest.raises(DatabaseError, match="newer than this bot knows"):
            await databases[0].migrate([Migration(1, "0001_old.sql", "SELECT 1")])
    finally:
        for database in databases:
            await database.close()
        await drop_database(url)


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT ? + ?", "SELECT $1 + $2"),
        ("SELECT '?' || ? -- why?\n, ?", "SELECT '?' || $1 -- why?\n, $2"),
        ('SELECT "a?b", ?', 'SELECT "a?b", $1'),
        ("SELECT json_extract(data, '$.x') = ?", "SELECT json_extract(data, '$.x') = $1"),
    ],
)
def test_parameters_become_postgresqls_outside_quotes_and_comments(sql, expected):
    assert translated(sql) == expected


async def test_a_failing_statement_leaves_nothing_and_numbers_read_back_as_sqlite_gives_them(
    database,
):
    await database.write(
        "INSERT INTO members (user_id, full_name, updated_at) VALUES (?, ?, ?)",
        (7_000_000_001, "Лис", "now"),
    )
    with pytest.raises(Exception):  # noqa: B017 - either engine's integrity error
        async with database.transaction() as tx:
            await tx.execute(
                "UPDATE members SET full_name = ? WHERE user_id = ?", ("Сова", 7_000_000_001)
            )
            await tx.execute(
                "INSERT INTO members (user_id, full_name, updated_at) VALUES (?, ?, ?)",
                (7_000_000_001, "Дубль", "now"),
            )
    row = await database.one(
        "SELECT full_name, sum(user_id), count(*), avg(user_id) FROM members GROUP BY full_name"
    )
    assert row is not None and row[0] == "Лис"
    assert row[1] == 7_000_000_001 and isinstance(row[1], int) and row[2] == 1
    assert row[3] == pytest.approx(7_000_000_001)
