"""A consistent copy of the club's database, taken while the bot runs (``VACUUM INTO``)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.core.db import Database

MAX_SEND_BYTES = 50 * 1024 * 1024  # what a bot may send as a document


async def snapshot(database: Database) -> bytes:
    """The whole database as one compact SQLite file, consistent as of one moment.

    ``VACUUM INTO`` reads inside one transaction, so the copy never holds half of a write; it runs
    under the database's lock, which makes other requests wait for its duration (a club's database
    copies in well under a second)."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "copy.sqlite3"
        async with database.read() as connection:
            await connection.execute("VACUUM INTO ?", (str(target),))
        return target.read_bytes()
