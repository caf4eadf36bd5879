"""Issue 49 §2: on PostgreSQL with two processes, the process importing a season is SIGKILLed
while it stages the rows — nothing of the import is visible, and Telegram brings the update
again to the other process (a proxy skipping the dead backend), which imports it whole, once."""

from __future__ import annotations

import asyncio
import signal
import tempfile
from pathlib import Path

import asyncpg
import pytest

from bot.tables import staging as staging_rows
from tests.e2e.test_two_processes import Deployment
from tests.harness import ADMIN_ID, CLUB_CHAT_ID
from tests.postgres import drop_database, fresh_database_url
from tests.protocols import protocol_bytes, random_protocol
from tests.timing import scaled

pytestmark = pytest.mark.process
GAMES = 6_000
TABLES = ("tournaments", "players", "games", "game_seats", "audit_log")


def staging_of(pid: int) -> Path:
    """Where a PostgreSQL process stages an import (bot/core/postgres_db.py's ``path``)."""
    return staging_rows.path_for(Path(tempfile.gettempdir()) / f"mafia-bot-{pid}.postgres")


async def counts(url: str) -> dict[str, int]:
    connection = await asyncpg.connect(url)
    try:
        return {t: await connection.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES}
    finally:
        await connection.close()


async def test_a_kill_while_staging_keeps_nothing_and_the_other_process_imports_it_whole(
    fake_telegram, tmp_path
):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    database_url = await fresh_database_url(migrated=False)
    try:
        async with Deployment(world, url, database_url, tmp_path) as deployment:
            admin = world.person("Админ", user_id=ADMIN_ID)
            season = random_protocol([f"Игрок{n:02d}" for n in range(40)], GAMES, seed=7)
            await admin.send_file("s.json", protocol_bytes(season), "/import Сезон")
            pids = [process.process.pid for process in deployment.processes]
            importing = None
            for _ in range(int(scaled(60) * 100)):  # the rows are being staged by one of them
                importing = next(
                    (n for n, pid in enumerate(pids) if staging_of(pid).exists()), None
                )
                if importing is not None:
                    break
                await asyncio.sleep(0.01)
            assert importing is not None
            await deployment.processes[importing].stop(signal.SIGKILL)
            assert set((await counts(database_url)).values()) == {0}  # not a row of it
            reply = await world.api.wait_for(
                lambda: next((m for m in admin.private.history()
                              if m.from_bot and "Игр:" in (m.text or "")), None), scaled(90),
            )  # fmt: skip
            assert f"Игр: {GAMES} " in reply.text
            await world.api.wait_for(world.api.all_acknowledged, scaled(15))
            found = await counts(database_url)
            assert found["tournaments"] == 1 and found["players"] == 40
            assert found["games"] == GAMES and found["audit_log"] == GAMES
            assert found["game_seats"] == 10 * GAMES
            replies = [m for m in admin.private.history() if m.from_bot and "Игр:" in m.text]
            assert len(replies) == 1
            assert not staging_of(pids[1 - importing]).exists()
    finally:
        await drop_database(database_url)
