"""A scheduler job of every club (``Clubs.each_club``): asked in each club that may have it due
— only those a query across clubs names — and run in each club whose time has come, in its own
time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.club.clubs import Clubs
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.config import load_settings
from bot.core.sqlite_db import SqliteDatabase
from bot.tables import clubs as rows
from bot.tables.clubs import NewClub
from bot.vocabulary.club import ClubState
from tests.fakes.bot_api import TOKEN

NOW = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)


class Fixed(Clock):
    def now(self) -> datetime:
        return NOW


async def test_only_the_clubs_named_are_asked_and_the_due_ones_run(tmp_path):
    settings = load_settings(
        bot_token=TOKEN, database_path=tmp_path / "c.sqlite3", club_signup="open",
        club_chat_id="", admin_ids="",
    )  # fmt: skip
    database = SqliteDatabase(settings.database_path)
    await database.connect()
    await database.migrate()
    try:
        async with database.transaction() as tx:
            for n, zone in enumerate(("Europe/Moscow", "Asia/Yekaterinburg", "Europe/Kaliningrad")):
                await rows.create(
                    tx, NewClub(f"Клуб {n}", -100 - n, zone, "rules-8", 10, ClubState.ACTIVE),
                    1, NOW.isoformat(),
                )  # fmt: skip
        clubs = Clubs(settings, database, Fixed())
        await clubs.load()
        asked, ran = [], []

        async def due() -> datetime | None:
            asked.append(club_scope.club_id())
            # in the club's own zone: read after the club is gone, it would ask for none
            return (NOW - timedelta(minutes=1)).astimezone(club_scope.CLUB_ZONE)

        async def run() -> None:
            ran.append(club_scope.club_id())

        async def candidates(reader: object) -> set[int]:
            return {2, 3}

        earliest, run_due = clubs.each_club(due, run, candidates)
        assert await earliest() == NOW - timedelta(minutes=1)
        await run_due()
        assert asked == [2, 3] and ran == [2, 3]
    finally:
        await database.close()
