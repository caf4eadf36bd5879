"""Fixtures of the foundation's tests."""

import pytest

from bot.core.db import Database


@pytest.fixture
async def database(tmp_path):
    """A migrated club database in the test's folder (``test_db.py`` has its own, unmigrated)."""
    db = Database(tmp_path / "club.sqlite3")
    await db.connect()
    await db.migrate()
    yield db
    await db.close()
