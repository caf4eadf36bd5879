"""/backup: a consistent copy of the database, for admins only, that restores."""

import sqlite3

from tests.club import Taps, enter_protocol, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import CLUB_CHAT_ID, dispatcher_world


async def test_an_admin_gets_a_copy_that_restores_every_game(tmp_path):
    api = FakeBotAPI()  # one Telegram throughout: update ids keep growing, as they do
    async with dispatcher_world(tmp_path, api=api) as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.announced()  # the announcement lands before the admin writes in the group
        await judge.send("/backup")
        assert "только для администраторов" in (await judge.reply()).text
        await admin.send("/backup", world.api.chats[CLUB_CHAT_ID])
        assert "личном чате" in (await admin.reply(world.api.chats[CLUB_CHAT_ID])).text
        await admin.send("/backup")
        copy = await admin.reply()
        name, content = world.api.file_of(copy)
        assert name.startswith("club-") and name.endswith(".sqlite3")
        assert "Копия базы клуба" in copy.text
    restored = tmp_path / "restored" / "club.sqlite3"
    restored.parent.mkdir()
    restored.write_bytes(content)
    with sqlite3.connect(restored) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # The bot starts on the restored copy and knows the game.
    async with dispatcher_world(restored.parent, api=api) as world:
        assert len(await world.database.fetchall("SELECT id FROM games")) == 1
        admin = world.person("Админ", user_id=900001)
        await admin.send("/rating")
        assert "игр в турнире: 1" in (await admin.reply()).text


async def test_daily_backups_keep_the_newest_and_restore_the_standings(tmp_path):
    """Issue 20, item 5: BACKUP_DIR gets a copy a day at BACKUP_HOUR, the newest BACKUP_KEEP
    kept; a restart neither skips nor doubles a day; a copy restores the standings exactly."""
    from datetime import UTC, datetime, timedelta

    # Noon in Moscow, whenever the test runs: an hour later is still the same day, past 05:00
    # (run between 04:00 and 05:00 there, the restart below crossed BACKUP_HOUR and took a copy).
    noon = datetime.now(UTC).replace(hour=9, minute=0, second=0, microsecond=0)
    pinned = noon - datetime.now(UTC)
    folder = tmp_path / "backups"
    api = FakeBotAPI()
    settings = {"backup_dir": str(folder), "backup_keep": 2, "backup_hour": 5}
    async with dispatcher_world(tmp_path / "bot", api=api, **settings) as world:
        world.clock.shift = pinned
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        scheduler = world.services.scheduler
        await scheduler.run_due()  # the first start: the day's copy is taken at once
        await scheduler.run_due()  # and not twice
        assert len(list(folder.glob("club-*.sqlite3"))) == 1
        # A kill during an earlier copy left its half behind: the next copy removes it.
        (folder / ".club-2026-01-01-0500.sqlite3.partial").write_bytes(b"half a copy")
        for day in (1, 2, 3):
            world.clock.shift = pinned + timedelta(days=day)
            await scheduler.run_due()
        names = sorted(p.name for p in folder.glob("club-*.sqlite3"))
        assert len(names) == 2  # the newest two of four days
        assert not list(folder.glob(".*partial"))
        await admin.send("/rating")
        before = (await admin.reply()).text
    async with dispatcher_world(tmp_path / "bot", api=api, **settings) as world:
        world.clock.shift = pinned + timedelta(days=3, hours=1)  # the same day: no new copy
        await world.services.scheduler.run_due()
        assert sorted(p.name for p in folder.glob("club-*.sqlite3")) == names
    restored = tmp_path / "restored"
    restored.mkdir()
    (restored / "club.sqlite3").write_bytes((folder / names[-1]).read_bytes())
    async with dispatcher_world(restored, api=api) as world:
        world.clock.shift = pinned + timedelta(days=3)  # when the standings were read before
        admin = world.person("Админ", user_id=900001)
        await admin.send("/rating")
        after = (await admin.reply()).text
    strip = [line for line in before.splitlines() if "по состоянию" not in line]
    assert [line for line in after.splitlines() if "по состоянию" not in line] == strip


async def test_the_weekly_copy_goes_to_admins_on_its_day_only(tmp_path):
    """BACKUP_SEND_WEEKDAY: that day's copy is also sent to admins in private, through the
    outbox; the other days' are not."""
    from datetime import timedelta
    from zoneinfo import ZoneInfo

    from bot.core.clock import Clock

    # Today's copy is already there, so nothing is due while the club is set up (a copy taken at
    # start-up raced the admin's first reply on a loaded machine); the sending day is tomorrow.
    local = Clock().now().astimezone(ZoneInfo("Europe/Moscow"))
    copies = tmp_path / "copies"
    copies.mkdir()
    (copies / f"club-{local:%Y-%m-%d-%H%M}.sqlite3").write_bytes(b"SQLite format 3\x00")
    tomorrow = (local + timedelta(days=1)).isoweekday()
    settings = {"backup_dir": str(copies), "backup_send_weekday": tomorrow}
    async with dispatcher_world(tmp_path, **settings) as world:
        admin, _judge = await setup_club(world)
        scheduler = world.services.scheduler
        await scheduler.run_due()
        await world.announced()
        assert not [m for m in admin.bot_messages() if m.document]
        world.clock.shift = timedelta(days=1)
        await scheduler.run_due()
        await world.announced()
        sent = [m for m in admin.bot_messages() if m.document]
        assert len(sent) == 1 and "Еженедельная копия базы" in sent[0].text
        name, content = world.api.file_of(sent[0])
        assert name.startswith("club-") and content.startswith(b"SQLite format 3")
        assert len(content) > 100  # the database, not the placeholder laid down above
        for day in range(2, 8):  # the rest of the week: copies, none sent
            world.clock.shift = timedelta(days=day)
            await scheduler.run_due()
        await world.announced()
        assert len([m for m in admin.bot_messages() if m.document]) == 1
