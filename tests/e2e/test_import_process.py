"""Issue 31 §4: the real process killed while a season's rows are being staged — nothing of the
import is visible or kept, and after the restart Telegram's redelivery brings it in whole,
once, the scratch file gone."""

from __future__ import annotations

import asyncio
import signal
import sqlite3

import pytest

from bot.tables import staging as staging_rows
from tests.harness import ADMIN_ID, BotProcess
from tests.protocols import protocol_bytes, random_protocol

pytestmark = pytest.mark.process

GAMES = 6_000


def counts(database) -> dict[str, int]:
    connection = sqlite3.connect(database)
    try:
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("tournaments", "players", "games", "game_seats", "audit_log")
        }
    finally:
        connection.close()


async def test_a_kill_while_the_rows_are_staged_keeps_nothing_and_the_retry_is_whole(
    running, tmp_path
):
    world, process = running
    database = tmp_path / "data" / "club.sqlite3"
    staging = staging_rows.path_for(database)
    admin = world.person("Админ", user_id=ADMIN_ID)
    season = random_protocol([f"Игрок{n:02d}" for n in range(40)], GAMES, seed=7)
    await admin.send_file("s.json", protocol_bytes(season), "/import Сезон")
    for _ in range(600):  # the rows are being written beside the database
        if staging.exists():
            break
        await asyncio.sleep(0.01)
    assert staging.exists()
    assert await process.stop(signal.SIGKILL) == -signal.SIGKILL
    assert counts(database) == dict.fromkeys(counts(database), 0)  # not a row of it
    restarted = BotProcess(process.env["TELEGRAM_API_URL"], tmp_path)
    await restarted.start()
    try:
        reply = await world.api.wait_for(
            lambda: next((m for m in admin.private.history()
                          if m.from_bot and "Игр:" in (m.text or "")), None), 60,
        )  # fmt: skip
        assert f"Игр: {GAMES} " in reply.text
        found = counts(database)
        assert found["tournaments"] == 1 and found["players"] == 40
        assert found["games"] == GAMES and found["audit_log"] == GAMES
        assert found["game_seats"] == 10 * GAMES
        assert not staging.exists()
    finally:
        await restarted.stop()
    assert "Traceback" not in restarted.text()
