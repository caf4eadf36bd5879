"""The database the settings name: ``DATABASE_URL=postgresql://…`` is PostgreSQL, else the SQLite
file at ``DATABASE_PATH`` (docs/architecture.md «Two engines»)."""

from __future__ import annotations

from pathlib import Path

from bot.core.db import Database
from bot.core.sqlite_db import SqliteDatabase


def make_database(url: str | None, path: Path) -> Database:
    if url:  # asyncpg is loaded only by a deployment that uses it
        from bot.core.postgres_db import PostgresDatabase

        return PostgresDatabase(url)
    return SqliteDatabase(path)
