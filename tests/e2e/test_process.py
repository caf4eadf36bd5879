"""The real ``python -m bot`` process against the fake Bot API on 127.0.0.1."""

import asyncio
import sqlite3
import sys
import time

import pytest

from tests.harness import CLUB_CHAT_ID, BotProcess
from tests.timing import scaled

pytestmark = pytest.mark.process  # each test starts the bot as a program


async def started(world, url, tmp_path, **env) -> BotProcess:
    process = BotProcess(url, tmp_path, **env)
    await process.start()
    await world.api.wait_for(
        lambda: any(method == "getUpdates" for method, _ in world.api.calls), timeout=20
    )
    return process


async def test_fresh_start_answers_start_within_a_second(fake_telegram, tmp_path):
    world, url = fake_telegram
    process = await started(world, url, tmp_path)
    try:
        methods = [method for method, _ in world.api.calls]
        assert methods.index("deleteWebhook") < methods.index("getUpdates")
        delete = next(params for method, params in world.api.calls if method == "deleteWebhook")
        assert not delete.get("drop_pending_updates")
        assert {c["command"] for c in world.api.commands["all_private_chats"]} == {
            "start",
            "help",
            "rating",
            "me",
            "player",
            "vs",
            "stats",
            "iam",
            "protest",
            "settings",
        }
        assert {c["command"] for c in world.api.commands["all_group_chats"]} >= {"start", "help"}

        anna = world.person("Анна")
        started_at = time.monotonic()
        await anna.send("/start")
        reply = await anna.reply(timeout=1.0)
        latency = time.monotonic() - started_at
        assert latency < scaled(1.0)
        assert "Здравствуйте, Анна!" in reply.text
    finally:
        assert await process.stop() == 0
    assert "Stopped" in process.text()
    assert "Traceback" not in process.text()
    assert (tmp_path / "data" / "club.sqlite3").exists()


async def test_group_start_and_pending_updates_are_kept(fake_telegram, tmp_path):
    world, url = fake_telegram
    group = world.group(CLUB_CHAT_ID)
    vera = world.person("Вера")
    await vera.send("/help", chat=group)  # sent while the bot is down
    process = await started(world, url, tmp_path)
    try:
        reply = await vera.reply(chat=group, timeout=5)
        assert "публикую результаты" in reply.text
    finally:
        await process.stop()


async def test_second_start_applies_migrations_once(fake_telegram, tmp_path):
    world, url = fake_telegram
    first = await started(world, url, tmp_path)
    await first.stop()
    assert "Applied migration 0001" in first.text()
    world.api.calls.clear()
    second = await started(world, url, tmp_path)
    await second.stop()
    assert "Applied migration" not in second.text()
    with sqlite3.connect(tmp_path / "data" / "club.sqlite3") as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] >= 1


async def test_missing_token_stops_with_one_clear_line(tmp_path):
    process = BotProcess("http://127.0.0.1:9", tmp_path, BOT_TOKEN="")
    code, output = await process.run_to_exit()
    assert code == 2
    assert output.strip() == "Configuration error: BOT_TOKEN is not set"


async def test_failing_migration_stops_start_up_and_keeps_the_old_version(tmp_path):
    database = tmp_path / "data" / "club.sqlite3"
    database.parent.mkdir()
    with sqlite3.connect(database) as connection:  # a table in the way of migration 0001
        connection.execute("CREATE TABLE fsm_state (oops INTEGER)")
    process = BotProcess("http://127.0.0.1:9", tmp_path)
    code, output = await process.run_to_exit()
    assert code == 3
    assert "Database error: migration 0001_fsm_state.sql failed" in output
    assert "Traceback" not in output
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 0


async def test_newer_database_is_refused(tmp_path):
    database = tmp_path / "data" / "club.sqlite3"
    database.parent.mkdir()
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA user_version = 9999")
    code, output = await BotProcess("http://127.0.0.1:9", tmp_path).run_to_exit()
    assert code == 3 and "newer than this bot knows" in output


async def test_a_database_it_may_only_read_stops_at_once_with_code_3(tmp_path):
    """Issue 31 §2: a file restored by root while the service runs as its own user. The bot
    printed a traceback and hung (aiosqlite's thread alive, SIGTERM never heard); now one line
    names the file and the fix, and the process ends with the documented code. Read-only is
    made by a read-only bind mount in a mount namespace of its own (root cannot be refused a
    write by file modes)."""
    import shutil

    database = tmp_path / "data" / "club.sqlite3"
    database.parent.mkdir()
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE t (x INTEGER)")
    folder = database.parent
    unshare = shutil.which("unshare")
    probe = await asyncio.create_subprocess_exec(
        "unshare", "-m", "sh", "-c", f"mount --bind {folder} {folder}",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    ) if unshare else None  # fmt: skip
    if probe is None or await probe.wait() != 0:
        pytest.skip("no mount namespace here (unshare -m needs CAP_SYS_ADMIN)")
    process = BotProcess("http://127.0.0.1:9", tmp_path)
    mount = (
        f"mount --bind {folder} {folder} && mount -o remount,ro,bind {folder} && "
        f'exec "{sys.executable}" -m bot'
    )
    child = await asyncio.create_subprocess_exec(
        "unshare", "-m", "sh", "-c", mount, cwd=tmp_path, env=process.env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        stdout, _ = await asyncio.wait_for(child.communicate(), scaled(20))
    except TimeoutError:
        child.kill()
        raise AssertionError("the bot hung on a database it may only read") from None
    output = stdout.decode()
    assert child.returncode == 3, output
    assert "Traceback" not in output, output
    assert f"Database error: cannot use database {database}" in output
    assert "chown" in output and len(output.strip().splitlines()) == 1, output


async def test_rejected_token_stops_with_a_clear_line(fake_telegram, tmp_path):
    _, url = fake_telegram
    code, output = await BotProcess(url, tmp_path, BOT_TOKEN="1:wrong").run_to_exit()
    assert code == 4
    assert "BOT_TOKEN was rejected" in output and "Traceback" not in output


async def test_sigint_stops_cleanly_too(fake_telegram, tmp_path):
    import signal

    world, url = fake_telegram
    process = await started(world, url, tmp_path)
    assert await process.stop(signal.SIGINT) == 0
    assert "Stopped" in process.text() and "Traceback" not in process.text()


async def test_a_stop_while_telegram_is_unreachable_at_start_up_is_at_once(tmp_path):
    """Nothing listens on port 9: the bot retries deleteWebhook; SIGTERM stops it at once."""
    process = BotProcess("http://127.0.0.1:9", tmp_path)
    await process.start()
    assert process.process is not None and process.process.stdout is not None
    deadline = time.monotonic() + scaled(20)
    seen = b""
    while b"retrying" not in seen and time.monotonic() < deadline:
        seen += await asyncio.wait_for(process.process.stdout.readline(), scaled(20))
    assert b"deleteWebhook failed" in seen
    process.output = seen
    stopped_at = time.monotonic()
    assert await process.stop(timeout=5) == 0
    assert time.monotonic() - stopped_at < scaled(3)
    assert "Stopped" in process.text() and "Traceback" not in process.text()


async def test_health_listen_serves_healthz_beside_polling(fake_telegram, tmp_path):
    import json
    import socket

    import aiohttp

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    world, url = fake_telegram
    process = await started(world, url, tmp_path, HEALTH_LISTEN=f"127.0.0.1:{port}")
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(50):  # the server starts right after the first getUpdates
                try:
                    async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                        status, body = response.status, json.loads(await response.text())
                    if status == 200:
                        break
                except aiohttp.ClientConnectionError:
                    pass
                await asyncio.sleep(0.2)
        assert status == 200 and body["healthy"] and body["telegram_seconds_ago"] < 30
    finally:
        assert await process.stop() == 0


async def test_log_format_json_is_one_object_a_line_with_the_updates_fields(
    fake_telegram, tmp_path
):
    import json

    from tests.fakes.bot_api import TOKEN

    world, url = fake_telegram
    process = await started(world, url, tmp_path, LOG_FORMAT="json")
    anna = world.person("Анна")
    await anna.send("/start")
    await anna.reply(timeout=10)
    await asyncio.sleep(0.3)
    assert await process.stop() == 0
    lines = [line for line in process.text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert {"time", "level", "logger", "event"} <= set(records[0])
    handled = [r for r in records if r["event"] == "handled"]
    assert len(handled) == 1
    assert handled[0]["user"] == anna.id and handled[0]["chat"] == anna.id
    assert handled[0]["handler"] == "handlers.start.start_private"
    assert isinstance(handled[0]["update_id"], int) and handled[0]["duration_ms"] >= 0
    assert TOKEN.split(":")[1] not in process.text()


@pytest.mark.waits
async def test_a_slow_answer_holds_up_nobody_else(fake_telegram, tmp_path):
    """Updates are handled concurrently with the next fetch: while one person's answer hangs
    (Telegram does not answer the bot's sendDocument), another's /help is answered at once."""
    from tests.club import setup_club

    world, url = fake_telegram
    process = await started(world, url, tmp_path)
    try:
        admin, _ = await setup_club(world)
        world.api.frozen = {"senddocument"}
        await admin.send("/backup")
        await world.api.wait_for(lambda: world.api.frozen_calls, 10)
        anna = world.person("Анна")
        started_at = time.monotonic()
        await anna.send("/help")
        assert "/rating" in (await anna.reply(timeout=2)).text
        assert time.monotonic() - started_at < scaled(2)
    finally:
        await process.stop()  # (the hung sendDocument fails as the fake server stops: logged)


@pytest.mark.waits
async def test_a_lock_held_by_another_program_neither_stops_the_bot_nor_loses_an_update(
    fake_telegram, tmp_path
):
    """Issue 45 §4: another program holds the database's write lock for 7 s — more than one of
    SQLite's 5 s busy timeouts — while people write to the bot; then a restart meets the lock.
    The process stays up, says why it waits (in the log, and to people in private), and answers
    every update once the lock goes; the restart waits for the lock instead of exiting 3."""
    import threading

    world, url = fake_telegram
    process = await started(world, url, tmp_path)
    path = tmp_path / "data" / "club.sqlite3"

    def hold(seconds: float, locked: threading.Event) -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(seconds)
        connection.execute("ROLLBACK")
        connection.close()

    try:
        locked = threading.Event()
        holder = threading.Thread(target=hold, args=(7, locked))
        holder.start()
        await asyncio.to_thread(locked.wait)
        people = [world.person(f"Гость {n}") for n in range(3)]
        for person in people:
            await person.send("/start")
        for person in people:  # the word first (in private), then the answer
            await world.api.wait_for(
                lambda p=person: any("Здравствуйте" in m.text for m in p.bot_messages()), 40
            )
        await asyncio.to_thread(holder.join)
        assert process.process is not None and process.process.returncode is None
        assert any("занята другой программой" in m.text for p in people for m in p.bot_messages())
    finally:
        assert await process.stop() == 0
    assert "locked by another program" in process.text() and "Traceback" not in process.text()
    locked = threading.Event()
    holder = threading.Thread(target=hold, args=(7, locked))
    holder.start()
    await asyncio.to_thread(locked.wait)
    again = await started(world, url, tmp_path)  # meets the lock at start-up: waits, then runs
    try:
        await asyncio.to_thread(holder.join)
        late = world.person("Опоздавший")
        await late.send("/start")
        assert "Здравствуйте" in (await late.reply(timeout=20)).text
    finally:
        assert await again.stop() == 0
    assert "chown" not in again.text()
