"""What an operator sees (issue 20, item 4): /status for admins, GET /healthz."""

import json
import socket
from datetime import timedelta

import aiohttp

from bot.ops.health import serve_health
from bot.texts import ops as texts
from tests.club import Taps, enter_protocol, setup_club
from tests.harness import dispatcher_world


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_status_tells_an_admin_how_the_bot_is(tmp_path):
    async with dispatcher_world(tmp_path, backup_dir=str(tmp_path / "copies")) as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.services.scheduler.run_due()  # the day's copy
        await world.announced()
        await admin.send("/status")
        text = (await admin.reply()).text
        assert text.startswith("Состояние бота") and "Версия " in text
        assert "игр: 1" in text and "Все сообщения отправлены." in text
        assert "Чат клуба: пишу." in text and "Последняя ежедневная копия базы:" in text
        await judge.send("/status")
        assert (await judge.reply()).text == texts.NOT_AN_ADMIN_STATUS
        # Issue 31 §5: the write-ahead log is part of the database's size, and a clock that
        # jumps an hour ahead does not age the bot by an hour.
        path = world.database.path
        wal = path.with_name(f"{path.name}-wal")

        def on_disk() -> str:
            count = path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
            return f"{count / 1024 / 1024:.1f} МБ" if count >= 1 << 20 else f"{count // 1024} КБ"

        assert wal.exists() and wal.stat().st_size > path.stat().st_size // 100
        world.clock.shift += timedelta(hours=1)
        before = on_disk()
        await admin.send("/status")
        text = (await admin.reply()).text
        assert "работает 0 мин." in text, text
        shown = text.split("База: ")[1].split(",")[0]
        assert shown in (before, on_disk()), (shown, before)  # the update's own write aside


async def test_healthz_is_200_while_telegram_answers_and_503_when_it_has_not(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        operations = world.services.operations
        port = free_port()
        runner = await serve_health(operations, "127.0.0.1", port)
        try:
            async with aiohttp.ClientSession() as session:
                url = f"http://127.0.0.1:{port}/healthz"
                async with session.get(url) as response:  # never reached Telegram yet
                    assert response.status == 503
                operations.polling.last_ok = world.clock.now() - timedelta(seconds=3)
                async with session.get(url) as response:
                    body = json.loads(await response.text())
                    assert response.status == 200 and body["healthy"] and body["database"]
                    assert body["outbox_backlog"] == 0 and body["club_chat_ok"]
                    assert 2 <= body["telegram_seconds_ago"] < 10
                operations.polling.last_ok = world.clock.now() - timedelta(minutes=5)
                async with session.get(url) as response:
                    body = json.loads(await response.text())
                    assert response.status == 503 and body["database"] and not body["healthy"]
        finally:
            await runner.cleanup()
