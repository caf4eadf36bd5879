"""Webhook mode (issue 20, item 3): the real ``python -m bot`` served Telegram's webhook by the
fake Bot API, which POSTs each update until it gets a 200, as Telegram does."""

import asyncio
import signal
import socket
from contextlib import asynccontextmanager

import aiohttp
import pytest

from tests.club import Taps, enter_protocol, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess

pytestmark = pytest.mark.process  # each test starts the bot as a program
PUBLIC = "https://club.example/tg/hook"  # what the host's HTTPS proxy serves
SECRET = "s3cret_token-for-tests"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def webhook_bot(world, url, tmp_path, port):
    """The bot in webhook mode, and Telegram's side delivering to it."""
    local = f"http://127.0.0.1:{port}/tg/hook"
    delivery = asyncio.create_task(world.api.deliver_webhooks(lambda _: local))
    process = BotProcess(url, tmp_path, WEBHOOK_URL=PUBLIC, WEBHOOK_SECRET=SECRET,
                         WEBHOOK_LISTEN=f"127.0.0.1:{port}")  # fmt: skip
    await process.start()
    try:
        await world.api.wait_for(lambda: world.api.webhook is not None, 20)
        yield process, local
    finally:
        if process.process and process.process.returncode is None:
            await process.stop()
        world.api.closing = True
        await delivery
        world.api.closing = False
    assert "Traceback" not in process.text(), process.text()
    assert SECRET not in process.text(), "the log shows the webhook's secret"


async def test_a_game_entered_over_webhooks(fake_telegram, tmp_path):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    async with webhook_bot(world, url, tmp_path, free_port()):
        assert world.api.webhook == {"url": PUBLIC, "secret_token": SECRET}
        _admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.api.wait_for(lambda: "сохранена" in judge.last().text, 10)
        group = world.api.chats[CLUB_CHAT_ID]
        await world.api.wait_for(lambda: any("Стол 1, игра 1" in m.text for m in group.history()))
        await world.api.wait_for(world.api.all_acknowledged, 10)
        assert not any(method == "getUpdates" for method, _ in world.api.calls)
        assert {status for _, status in world.api.webhook_posts} == {200}


async def test_a_request_without_the_secret_is_refused_and_never_handled(fake_telegram, tmp_path):
    world, url = fake_telegram
    port = free_port()
    async with webhook_bot(world, url, tmp_path, port) as (process, local):
        anna = world.person("Анна")
        forged = {"update_id": 999, "message": {
            "message_id": 1, "date": 1796000000, "text": "/start",
            "chat": {"id": anna.id, "type": "private", "first_name": "Анна"},
            "from": anna.user, "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
        }}  # fmt: skip
        async with aiohttp.ClientSession() as session:
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                async with session.post(local, json=forged, headers=headers) as response:
                    assert response.status == 401
            async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                assert response.status == 200
            # With the secret, a body nested 100,000 deep (issue 31 §5): 400, no traceback.
            deep = b"[" * 100_000 + b"]" * 100_000
            headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET,
                       "Content-Type": "application/json"}  # fmt: skip
            async with session.post(local, data=deep, headers=headers) as response:
                assert response.status == 400
        await asyncio.sleep(0.5)
        assert anna.bot_messages() == []
    assert process.text().count("without the right secret") == 2
    assert "Traceback" not in process.text()


async def test_a_kill_in_the_middle_of_handling_means_telegram_delivers_it_again(
    fake_telegram, tmp_path
):
    """200 only after the update was handled: a SIGKILL while the reply hangs leaves the update
    unanswered, Telegram posts it again to the restarted bot, and it is answered once."""
    world, url = fake_telegram
    port = free_port()
    anna = world.person("Анна")
    world.api.frozen.add("sendmessage")
    async with webhook_bot(world, url, tmp_path, port) as (process, _):
        await anna.send("/start")
        await world.api.wait_for(lambda: world.api.frozen_calls, 20)  # the reply is on its way
        process.process.send_signal(signal.SIGKILL)
        await process.stop()
        world.api.frozen.clear()
        assert not world.api.all_acknowledged()  # no 200 was given for it
        again = BotProcess(url, tmp_path, WEBHOOK_URL=PUBLIC, WEBHOOK_SECRET=SECRET,
                           WEBHOOK_LISTEN=f"127.0.0.1:{port}")  # fmt: skip
        await again.start()
        try:
            await world.api.wait_for(world.api.all_acknowledged, 30)
            await asyncio.sleep(0.5)
            greetings = [m for m in anna.bot_messages() if "Здравствуйте, Анна!" in m.text]
            assert len(greetings) == 1
        finally:
            assert await again.stop() == 0


async def test_a_webhook_url_telegram_refuses_stops_with_one_clear_line(fake_telegram, tmp_path):
    _, url = fake_telegram
    listen = f"127.0.0.1:{free_port()}"
    process = BotProcess(url, tmp_path, WEBHOOK_URL="http://club.example/hook",
                         WEBHOOK_SECRET=SECRET, WEBHOOK_LISTEN=listen)  # fmt: skip
    code, output = await process.run_to_exit()
    assert code == 4 and "WEBHOOK_URL was refused by the Bot API" in output
    assert "Traceback" not in output


async def test_a_webhook_url_without_its_secret_is_a_bad_setting(fake_telegram, tmp_path):
    _, url = fake_telegram
    process = BotProcess(url, tmp_path, WEBHOOK_URL=PUBLIC)
    code, output = await process.run_to_exit()
    assert code == 2 and "WEBHOOK_SECRET is not set" in output
