"""A club leaves with its data (issue 47 §4): /archive writes the whole club as one file, and
/import of that file in another deployment's new club brings every tournament, game, player,
evening, right and setting back — the standings, a player's /me and the judges' rights the same;
a second import, a club that holds data already, a file edited by hand: refused, nothing written."""

import gzip
import json

from bot.texts import archive as texts
from tests.club import Taps, enter_protocol, linked_player, setup_club
from tests.handlers.test_many_clubs import MANY_CLUBS, joined
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.harness import ADMIN_ID, dispatcher_world

ROOT_TABLES = ("tournaments", "players", "nights", "member_rights", "protests", "live_games")


async def counts(world):
    return {
        table: (await world.database.fetchone(f"SELECT count(*) FROM {table}"))[0]
        for table in ("tournaments", "games", "game_seats", "players", "nights", "audit_log")
    }


def dated(text):
    """A screen without the lines that name when it was drawn."""
    return [line for line in text.splitlines() if "по состоянию" not in line]


async def answer(person, text, chat=None):
    await person.send(text, chat)
    return (await person.reply(chat)).text


async def a_club_with_a_season(world):
    """An evening seated and played, two games entered, a player linked: the club's admin, its
    judge and the player."""
    admin, judge, _ = await seated_evening(world)
    await play_seated_game(judge)
    await world.announced()
    await enter_protocol(Taps(judge), extras={2: "0.3"}, penalties={3: ["8.5.2"]})
    await judge.press("✅ Подтвердить")
    await world.announced()
    lena = await linked_player(world, admin, "Лена", "lena", "Bravo")
    return admin, judge, lena


async def test_a_club_moves_to_another_bot_whole(tmp_path, caplog):
    await moves_whole(tmp_path, caplog)


async def test_a_club_moves_from_sqlite_to_a_bot_on_postgresql_whole(tmp_path, caplog):
    """Issue 49: a deployment moving to PostgreSQL brings each club's archive in; what it
    serves is what the old bot served."""
    from tests.postgres import fresh_database_url

    await moves_whole(tmp_path, caplog, database_url=await fresh_database_url())


async def moves_whole(tmp_path, caplog, **new_settings) -> None:
    async with dispatcher_world(tmp_path / "old") as old:
        admin, judge, lena = await a_club_with_a_season(old)
        await admin.send("/archive")
        sent = await admin.reply()
        name, archive = old.api.file_of(sent)
        assert name.endswith(".club.json.gz") and "Архив клуба" in sent.caption
        assert "/import" in sent.caption
        rating = await answer(admin, "/rating")
        me = await answer(lena, "/me")
        staff = await answer(admin, "/staff")
        before = await counts(old)
        assert before["games"] == 2 and before["nights"] == 1
        # A judge is no admin: the club's archive is not his to take.
        assert texts.NOT_ALLOWED in await answer(judge, "/archive")

    new_world = dispatcher_world(tmp_path / "new", **MANY_CLUBS, club_signup="open", **new_settings)
    async with new_world as new:
        boss = new.person("Админ", user_id=ADMIN_ID, username="boss")
        group = await joined(new, boss, -1005, "Мафия Переезд")
        await boss.send_file(name, archive, "/import")
        moved = (await boss.reply()).text
        assert "перенесён" in moved and "2 игры" in moved, moved
        assert await counts(new) == before
        assert dated(await answer(boss, "/rating")) == dated(rating)
        # The player is the same Telegram account: linked again, his numbers the same.
        lena_here = new.person("Лена", user_id=lena.id, username="lena")
        assert dated(await answer(lena_here, "/me")) == dated(me)
        assert sorted((await answer(boss, "/staff")).splitlines()) == sorted(staff.splitlines())
        # The judge's right came too: he enters the club's next game.
        ivan = new.person("Иван", user_id=judge.id, username="ivan_judge")
        await enter_protocol(Taps(ivan), names=[f"Новый{n}" for n in range(10)])
        await ivan.press("✅ Подтвердить")
        await new.api.wait_for(lambda: any("Новый0" in m.text for m in group.history()))

        # The same file again: nothing doubled.
        await boss.send_file(name, archive, "/import")
        assert texts.ALREADY_BROUGHT_IN in (await boss.reply()).text
        assert (await counts(new))["games"] == 3
    # The evening came unfinished: its reminders are the new club's, asked in its time zone.
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text[-2000:]


async def test_an_archive_comes_only_into_an_empty_club_and_whole(tmp_path, monkeypatch):
    async with dispatcher_world(tmp_path / "old") as old:
        admin, _, _ = await a_club_with_a_season(old)
        await admin.send("/archive")
        name, archive = old.api.file_of(await admin.reply())

    async with dispatcher_world(tmp_path / "new") as new:  # a club that has its own season
        admin, judge = await setup_club(new, "Свой кубок")
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        before = await counts(new)
        await admin.send_file(name, archive, "/import")
        assert "только в новый, пустой клуб" in (await admin.reply()).text
        assert await counts(new) == before

    document = json.loads(gzip.decompress(archive))
    document["tables"]["game_seats"][0]["player_id"] = 987654  # a player the file does not have
    edited = gzip.compress(json.dumps(document, ensure_ascii=False).encode())
    newer = gzip.compress(json.dumps({**document, "version": 99}).encode())
    async with dispatcher_world(tmp_path / "third") as third:
        admin = third.person("Админ", user_id=ADMIN_ID)
        empty = await counts(third)
        await admin.send_file(name, edited, "/import")
        assert texts.BROKEN in (await admin.reply()).text
        await admin.send_file(name, newer, "/import")
        assert texts.NEWER in (await admin.reply()).text
        await admin.send_file(name, archive[:-40], "/import")  # cut short in the upload
        assert texts.BROKEN in (await admin.reply()).text
        from bot.moving import archive as moving

        monkeypatch.setattr(moving, "MAX_ARCHIVE_BYTES", 2000)  # a small file unpacking to more
        await admin.send_file(name, archive, "/import")
        assert texts.TOO_BIG in (await admin.reply()).text
        monkeypatch.undo()
        assert await counts(third) == empty
        await admin.send_file(name, archive, "/import")  # and the whole file still comes in
        assert "перенесён" in (await admin.reply()).text


async def test_the_archive_is_the_clubs_own_and_taken_in_private(tmp_path):
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna = world.person("Анна", username="anna")
        boris = world.person("Борис", username="boris")
        north = await joined(world, anna, -1001, "Мафия Север")
        await joined(world, boris, -1002, "Мафия Юг")
        assert "/newtournament" not in await answer(anna, "/newtournament Кубок Севера")
        await enter_protocol(Taps(anna), names=[f"Север{n}" for n in range(10)])
        await anna.press("✅ Подтвердить")
        await world.announced()
        await boris.send("/archive")
        _, archive = world.api.file_of(await boris.reply())
        tables = json.loads(gzip.decompress(archive))["tables"]
        assert tables["games"] == [] and tables["players"] == []  # the North stays the North's
        assert texts.IN_PRIVATE in await answer(anna, "/archive", north)
        # The whole database is the deployment's: a club's admin is sent to /archive.
        assert "/archive" in await answer(anna, "/backup")
