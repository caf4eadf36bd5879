"""The judge's app served by the real ``python -m bot`` (polling, ``WEBAPP_LISTEN``): the page and
its API answer; a bot killed mid-game (SIGKILL) and started again loses no event of the log; a
listen address that is taken stops start-up with its code and one line."""

from __future__ import annotations

import signal
import socket

import aiohttp
import pytest

from tests.club import NAMES, Taps, seat_players, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess
from tests.webapp import AppCaller, short_game

pytestmark = pytest.mark.process  # each test starts the bot as a program


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def started(world, url, tmp_path, port: int) -> BotProcess:
    process = BotProcess(
        url, tmp_path, WEBAPP_URL=f"http://127.0.0.1:{port}", WEBAPP_LISTEN=f"127.0.0.1:{port}"
    )
    calls = len(world.api.calls)
    await process.start()
    await world.api.wait_for(
        lambda: any(method == "getUpdates" for method, _ in world.api.calls[calls:]), timeout=20
    )
    return process


async def test_the_app_survives_a_killed_bot_and_loses_no_event(fake_telegram, tmp_path):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    port = free_port()
    base = f"http://127.0.0.1:{port}/app/"
    process = await started(world, url, tmp_path, port)
    try:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        assert "📱 Вести игру" in judge.buttons()
        async with aiohttp.ClientSession() as session, session.get(base) as page:
            assert page.status == 200 and "Протокол игры" in await page.text()
            assert page.headers["Content-Type"].startswith("text/html")
        app = AppCaller(base, judge.id)
        opened = await app.open()
        assert [s["nickname"] for s in opened["seats"]] == NAMES
        game = short_game()
        await app.send(*game[:7])
        assert await process.stop(signal.SIGKILL) != 0  # killed mid-game
        process = await started(world, url, tmp_path, port)
        again = await app.open()  # the phone asks again after the restart
        assert [e["id"] for e in again["log"]] == [e["id"] for e in game[:7]]
        await app.send(*game[5:])  # the queue sent again, overlapping what was stored
        status, saved = await app.call("confirm", {"live": app.live})
        assert status == 200 and saved["saved"] == 1
        status, refused = await AppCaller(base, judge.id, data="forged").call("open")
        assert status == 401 and "Подпись Telegram" in refused["error"]
    finally:
        await process.stop()
    assert "Traceback" not in process.text()


async def test_a_taken_webapp_listen_stops_start_up_with_one_line(fake_telegram, tmp_path):
    _, url = fake_telegram
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = BotProcess(
            url, tmp_path, WEBAPP_URL="https://bot.club.example",
            WEBAPP_LISTEN=f"127.0.0.1:{port}",
        )  # fmt: skip
        code, output = await process.run_to_exit(timeout=30)
    assert code == 4
    assert f"WEBAPP_LISTEN=127.0.0.1:{port}" in output
    assert "Traceback" not in output
