"""Nothing stops the bot for good, nothing outlives it (issue 20, item 1): an update aiogram
cannot read is set aside, the rest of its batch handled, admins told once, a restart does not
meet it again; a killed bot leaves no worker process behind."""

import asyncio
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from tests.fakes.bot_api import BOT_USER
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, BotProcess
from tests.protocols import protocol_bytes, random_protocol
from tests.timing import scaled

pytestmark = pytest.mark.process  # each test starts the bot as a program


def poison(chat_id: int) -> dict:
    """A ``my_chat_member`` update from a Bot API server of another version: the old member's
    administrator rights lack fields aiogram 3.31 requires (``can_send_welcome_messages`` …)."""
    return {
        "my_chat_member": {
            "chat": {"id": chat_id, "type": "supergroup", "title": "Клуб"},
            "from": {"id": ADMIN_ID, "is_bot": False, "first_name": "Админ"},
            "date": 1796000000,
            "old_chat_member": {"status": "administrator", "user": BOT_USER,
                                "can_be_edited": False},
            "new_chat_member": {"status": "member", "user": BOT_USER},
        }
    }  # fmt: skip


async def test_an_unreadable_update_is_set_aside_and_the_rest_handled(fake_telegram, tmp_path):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    admin = world.person("Админ", user_id=ADMIN_ID)
    anna = world.person("Анна")
    first = world.api.raw_update(poison(CLUB_CHAT_ID))  # before the bot starts: one batch
    await anna.send("/start")
    world.api.raw_update(poison(CLUB_CHAT_ID))  # the same fault again: admins are not told twice
    process = BotProcess(url, tmp_path)
    await process.start()
    try:
        assert "Здравствуйте, Анна!" in (await anna.reply(timeout=20)).text
        told = await world.api.wait_for(
            lambda: [m for m in admin.bot_messages() if "не смог прочитать" in m.text], 10
        )
        assert len(told) == 1 and f"обновление {first['update_id']}" in told[0].text
        assert "my_chat_member.old_chat_member.administrator.is_anonymous: missing" in told[0].text
        await anna.send("/help")  # polling goes on
        assert "Справка" in (await anna.reply(timeout=10)).text
        await world.api.wait_for(world.api.all_acknowledged, 10)
    finally:
        assert await process.stop() == 0
    log = process.text()
    assert "Traceback" not in log and log.count("set aside (unreadable)") == 2
    with sqlite3.connect(tmp_path / "data" / "club.sqlite3") as db:
        rows = db.execute(
            "SELECT kind, reason, raw FROM dead_updates ORDER BY update_id"
        ).fetchall()
    assert [r[0] for r in rows] == ["unreadable", "unreadable"]
    assert "old_chat_member" in rows[0][1] and '"can_be_edited": false' in rows[0][2]

    again = BotProcess(url, tmp_path)  # a restart: nothing comes back, nobody is told again
    await again.start()
    try:
        await anna.send("/start")
        await anna.reply(timeout=20)
        assert len([m for m in admin.bot_messages() if "не смог прочитать" in m.text]) == 1
    finally:
        assert await again.stop() == 0


def children_of(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
async def test_the_drawing_worker_ends_when_the_bot_is_killed(fake_telegram, tmp_path):
    """A SIGKILLed bot leaves no process behind (its picture worker used to stay, ~70 MB)."""
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    admin = world.person("Админ", user_id=ADMIN_ID)
    process = BotProcess(url, tmp_path)
    await process.start()
    names = [f"Игрок{n:02d}" for n in range(12)]
    await admin.send_file("s.json", protocol_bytes(random_protocol(names, 3)), "/import Сезон")
    assert "Готово" in (await admin.reply(timeout=20)).text
    await admin.send("/rating")
    await admin.reply(timeout=10)
    await admin.press("🖼 Картинкой")
    await world.api.wait_for(lambda: admin.last().photo, 30)
    assert process.process is not None
    workers = children_of(process.process.pid)
    assert workers, "the picture was drawn in a worker process"
    process.process.send_signal(signal.SIGKILL)
    deadline = time.monotonic() + scaled(5)
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:  # noqa: ASYNC110
        await asyncio.sleep(0.1)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # do not leave it to the next test either
        os.kill(pid, signal.SIGKILL)
    assert not left, "an orphan of the killed bot is left"
    await process.stop()
