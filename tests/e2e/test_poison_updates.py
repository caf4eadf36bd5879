"""No update can stop the bot (issue 20, item 1): one that aiogram cannot read is set aside, the
rest of its batch handled, admins told once; a restart does not meet it again."""

import sqlite3

from tests.fakes.bot_api import BOT_USER
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, BotProcess


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
