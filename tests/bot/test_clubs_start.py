"""Two processes that start at once on a new PostgreSQL database both make sure of the
environment's club (bot/club/clubs.py): it is made once, and neither start fails."""

from __future__ import annotations

import asyncio

from bot.club.clubs import Clubs
from bot.core.clock import Clock
from bot.core.config import load_settings
from tests.fakes.bot_api import TOKEN


async def test_two_starts_at_once_make_the_environments_club_once(two_processes):
    settings = load_settings(bot_token=TOKEN, club_chat_id="-100", timezone="Asia/Omsk")
    first, second = (Clubs(settings, database, Clock()) for database in two_processes)
    await asyncio.gather(first.ensure_from_environment(), second.ensure_from_environment())
    rows = await two_processes[0].fetchall("SELECT id, chat_id, timezone FROM clubs")
    assert [tuple(row) for row in rows] == [(1, -100, "Asia/Omsk")]
    assert [club.id for club in second.everyone()] == [1]
