"""Migration 0028: "live" is a game run in the app only — the kept posts' table and the outbox's
rows that edit them are renamed, and a row queued before the upgrade still goes out."""

from __future__ import annotations

from bot.core.db import Database, bundled_migrations
from bot.core.outbox import Kind
from bot.core.sqlite_db import SqliteDatabase


async def test_a_kept_post_and_its_queued_edit_come_through_the_rename(tmp_path):
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    try:
        await _through_the_rename(database)
    finally:
        await database.close()


async def _through_the_rename(database: Database) -> None:
    migrations = bundled_migrations()
    await database.migrate([m for m in migrations if m.version <= 27])
    async with database.transaction() as tx:
        await tx.execute(
            "INSERT INTO live_posts (key, chat_id, message_id, shown) "
            "VALUES ('night:3:signup', -100, 77, 'abc')"
        )
        await tx.execute(
            "INSERT INTO outbox (chat, kind, body, created_at) "
            "VALUES ('club', 'live', 'night:3:signup', 'now'), ('club', 'text', 'Привет', 'now')"
        )
    assert (await database.migrate(migrations))[0] == "0028_kept_posts.sql"
    kept = await database.fetchall("SELECT key, chat_id, message_id, shown FROM kept_posts")
    assert [tuple(row) for row in kept] == [("night:3:signup", -100, 77, "abc")]
    rows = await database.fetchall("SELECT kind, body FROM outbox ORDER BY id")
    assert [tuple(row) for row in rows] == [(Kind.KEPT.value, "night:3:signup"), ("text", "Привет")]
