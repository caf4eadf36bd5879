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
