"""Issue 49 §2: two bot processes on one PostgreSQL database behind one webhook address.

The fake Telegram posts each update to the two processes in turn (the proxy in front of them),
and a failed post to the other one (a proxy skipping a dead backend). A judge's taps alternate
between the processes, so his dialog's state must be shared; every update is handled once;
the outbox is sent by one process (the lead), once; when that process is killed, the other
takes the lead and sends what was left.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import signal
import socket

import aiohttp
import pytest

from tests.club import Taps, enter_protocol, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess
from tests.postgres import drop_database, fresh_database_url
from tests.timing import scaled

pytestmark = pytest.mark.process  # each test starts the bot as a program
PUBLIC = "https://club.example/tg/hook"
SECRET = "s3cret_token-for-two"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Deployment:
    """Two ``python -m bot`` on one database, Telegram's webhook posts shared between them."""

    def __init__(self, world, url: str, database_url: str, tmp_path, **env: str) -> None:
        self.world = world
        self.ports = [free_port(), free_port()]
        self.processes = []
        for number, port in enumerate(self.ports, start=1):
            folder = tmp_path / f"bot-{number}"
            folder.mkdir()
            self.processes.append(BotProcess(
                url, folder, DATABASE_URL=database_url, PROCESS_NAME=f"bot-{number}",
                WEBHOOK_URL=PUBLIC, WEBHOOK_SECRET=SECRET, WEBHOOK_LISTEN=f"127.0.0.1:{port}",
                **env,
            ))  # fmt: skip
        self.turns = itertools.cycle(range(2))
        self.posted_to: list[int] = []

    def target(self, _registered: str) -> str:
        number = next(self.turns)
        self.posted_to.append(number)
        return f"http://127.0.0.1:{self.ports[number]}/tg/hook"

    async def health(self, port: int) -> dict[str, object]:
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/healthz") as response,
        ):
            return dict(await response.json())

    async def healths(self) -> list[dict[str, object]]:
        found = [await self.health(port) for port in self.ports]
        assert [h["engine"] for h in found] == ["postgres", "postgres"]
        assert [h["process"] for h in found] == ["bot-1", "bot-2"]
        return found

    async def __aenter__(self) -> Deployment:
        self.delivery = asyncio.create_task(self.world.api.deliver_webhooks(self.target))
        for process in self.processes:
            await process.start()
            await asyncio.sleep(0)
        try:
            await self.world.api.wait_for(lambda: self.world.api.webhook is not None, scaled(20))
            for port in self.ports:  # the first process registers the webhook; wait for both
                await self.listening(port, scaled(30))
        except (AssertionError, TimeoutError, aiohttp.ClientError) as error:
            with contextlib.suppress(AssertionError):
                await self.__aexit__()
            for process in self.processes:  # why it did not start is in its log
                error.add_note(process.text())
            raise
        return self

    async def listening(self, port: int, timeout: float) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            try:
                await self.health(port)
                return
            except aiohttp.ClientConnectionError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.1)

    async def __aexit__(self, *_: object) -> None:
        for process in self.processes:
            if process.process:  # one that has exited already: its output is read
                await process.stop()
        self.world.api.closing = True
        await self.delivery
        self.world.api.closing = False
        for process in self.processes:
            assert "Traceback" not in process.text(), process.text()


@pytest.fixture
async def database_url():
    url = await fresh_database_url(migrated=False)
    yield url
    await drop_database(url)


async def test_two_processes_share_a_judges_dialog_and_send_each_message_once(
    fake_telegram, tmp_path, database_url
):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    async with Deployment(world, url, database_url, tmp_path) as deployment:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.api.wait_for(lambda: "сохранена" in judge.last().text, scaled(15))
        group = world.api.chats[CLUB_CHAT_ID]
        await world.api.wait_for(
            lambda: any("Стол 1, игра 1" in m.text for m in group.history()), scaled(15)
        )
        await world.api.wait_for(world.api.all_acknowledged, scaled(15))
        assert set(deployment.posted_to) == {0, 1}  # both processes took the judge's taps
        announcements = [m for m in group.history() if "Стол 1, игра 1" in m.text]
        assert len(announcements) == 1
        answered = set()
        for _ in range(2):
            await admin.send("/status")
            status = (await admin.reply()).text
            assert "PostgreSQL" in status and "делает оператор (pg_dump" in status, status
            answered.add(status.split("Ответил процесс ")[1].split(".")[0])
        assert answered == {"bot-1", "bot-2"}
        await admin.send("/backup")  # the server's copies are pg_dump's: said, nothing sent
        assert "pg_dump" in (await admin.reply()).text
        leading = [health["leading"] for health in await deployment.healths()]
        assert sorted(leading) == [False, True]  # one sends the outbox and runs the jobs


async def test_the_other_process_takes_the_lead_when_the_sender_is_killed(
    fake_telegram, tmp_path, database_url
):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    async with Deployment(world, url, database_url, tmp_path) as deployment:
        _admin, judge = await setup_club(world)
        healths = await deployment.healths()
        leader = next(n for n, health in enumerate(healths) if health["leading"])
        killed, other = deployment.processes[leader], deployment.processes[1 - leader]
        assert killed.process is not None
        killed.process.send_signal(signal.SIGKILL)
        await killed.process.wait()
        # Every update now reaches the second process (a post to the dead one fails and goes to
        # the other); the second took the lead and sends.
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.api.wait_for(lambda: "сохранена" in judge.last().text, scaled(20))
        group = world.api.chats[CLUB_CHAT_ID]
        await world.api.wait_for(
            lambda: any("Стол 1, игра 1" in m.text for m in group.history()), scaled(20)
        )
        port = deployment.ports[1 - leader]
        assert (await deployment.health(port))["leading"]
        assert "now sends the outbox" in (await _log_of(other))


async def _log_of(process: BotProcess) -> str:
    await process.stop()
    return process.text()
