"""A consistent copy of the club's database, taken while the bot runs (``VACUUM INTO``)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.core.clock import Clock
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


@dataclass(frozen=True, slots=True)
class Backup:
    copy: bytes
    name: str  # club-2026-11-30-2250.sqlite3, in the club's time
    taken: str  # 30.11.2026 22:50

    @property
    def sendable(self) -> bool:
        return len(self.copy) <= MAX_SEND_BYTES


class Backups:
    def __init__(self, database: Database, clock: Clock, zone: ZoneInfo) -> None:
        self.database = database
        self.clock = clock
        self.zone = zone

    async def take(self) -> Backup:
        copy = await snapshot(self.database)
        local = self.clock.now().astimezone(self.zone)
        return Backup(copy, f"club-{local:%Y-%m-%d-%H%M}.sqlite3", f"{local:%d.%m.%Y %H:%M}")
