"""A consistent copy of the club's database, taken while the bot runs (``VACUUM INTO``)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from pathlib import Path

from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.outbox import Kind
from bot.texts import backup as texts

log = logging.getLogger(__name__)
Admins = Callable[[], Awaitable[list[int]]]
MAX_SEND_BYTES = 50 * 1024 * 1024  # what a bot may send as a document
_NAME = re.compile(r"^club-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})\.sqlite3$")


async def snapshot(database: Database) -> bytes:
    """The whole database as one compact SQLite file, consistent as of one moment."""
    return await database.copied()


@dataclass(frozen=True, slots=True)
class Backup:
    copy: bytes
    name: str  # club-2026-11-30-2250.sqlite3, in the club's time
    taken: str  # 30.11.2026 22:50

    @property
    def sendable(self) -> bool:
        return len(self.copy) <= MAX_SEND_BYTES


class Backups:
    def __init__(self, database: Database, clock: Clock, zone: tzinfo) -> None:
        self.database = database
        self.clock = clock
        self.zone = zone

    async def take(self) -> Backup:
        copy = await snapshot(self.database)
        local = self.clock.now().astimezone(self.zone)
        return Backup(copy, f"club-{local:%Y-%m-%d-%H%M}.sqlite3", f"{local:%d.%m.%Y %H:%M}")


class DailyBackups:
    """A copy of the database every day at ``hour`` (the club's time) into ``folder``, the
    newest ``keep`` kept. The folder is the state: the copies' names say when each was taken, so
    a restart neither skips a day (a copy due while the bot was down is taken at start-up) nor
    doubles one. A scheduler job: ``due`` and ``run``."""

    def __init__(
        self, backups: Backups, folder: Path, keep: int, hour: int, zone: tzinfo, clock: Clock,
        send_weekday: int | None = None, admins: Admins | None = None,
    ) -> None:  # fmt: skip
        """``send_weekday`` (1 = Monday): that day's copy also goes to ``admins`` in private,
        as /backup sends it, through the outbox (so a restart neither loses nor doubles it)."""
        self.send_weekday = send_weekday
        self.admins = admins
        self.backups = backups
        self.folder = folder.absolute()  # the outbox may send a copy after a chdir
        self.keep = keep
        self.hour = hour
        self.zone = zone
        self.clock = clock

    def copies(self) -> list[tuple[datetime, Path]]:
        """The folder's copies (ours by their names), oldest first, with when each was taken."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in self.folder.iterdir():
            match = _NAME.match(path.name)
            if match and path.is_file():
                year, month, day, hour, minute = (int(part) for part in match.groups())
                found.append((datetime(year, month, day, hour, minute, tzinfo=self.zone), path))
        return sorted(found)

    async def due(self) -> datetime:
        """The latest daily moment not yet covered by a copy; the next day's once it is."""
        now = self.clock.now().astimezone(self.zone)
        today = datetime.combine(now.date(), time(self.hour), tzinfo=self.zone)
        latest = today if now >= today else today - timedelta(days=1)
        copies = self.copies()
        if copies and copies[-1][0] >= latest.replace(second=0, microsecond=0):
            return latest + timedelta(days=1)
        return latest

    async def run(self) -> Path:
        backup = await self.backups.take()
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.folder / backup.name
        await asyncio.to_thread(_write_atomically, target, backup.copy)
        for _, old in self.copies()[: -self.keep]:
            old.unlink(missing_ok=True)
        log.info("Daily backup written: %s (%d bytes)", target, len(backup.copy))
        local = self.clock.now().astimezone(self.zone)
        if self.admins is not None and local.isoweekday() == self.send_weekday:
            await self._send(target, backup)
        return target

    async def _send(self, target: Path, backup: Backup) -> None:
        admins = await self.admins() if self.admins is not None else []
        now = self.clock.iso()
        async with self.backups.database.transaction() as tx:
            for admin in admins:
                if backup.sendable:
                    body = json.dumps({"path": str(target),
                                       "caption": texts.weekly_caption(backup.taken)})  # fmt: skip
                    await outbox.enqueue(tx, outbox.private(admin), Kind.DOCUMENT, now, body=body)
                else:
                    await outbox.enqueue(tx, outbox.private(admin), Kind.TEXT, now,
                                         body=texts.too_big(len(backup.copy)))  # fmt: skip


def _write_atomically(target: Path, content: bytes) -> None:
    """A half-written copy never carries a copy's name: written beside it, flushed to the disk,
    then renamed (and the rename flushed too: a power cut after it keeps the copy). What a kill
    during an earlier copy left half-written is removed first."""
    for leftover in target.parent.glob(".*.partial"):
        leftover.unlink(missing_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    with partial.open("wb") as file:
        file.write(content)
        file.flush()
        os.fsync(file.fileno())
    partial.replace(target)
    folder = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
