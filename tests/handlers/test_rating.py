"""/rating as players use it: pages, boards, marks, the group summary, /mingames."""

import re

from tests.club import Taps, enter_protocol, setup_club
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol


async def import_file(world, admin, protocol, title="Сезон"):
    await admin.send_file("season.json", protocol_bytes(protocol), f"/import {title}")
    reply = await admin.reply()
    assert "Готово" in reply.text, reply.text
    return reply


def rows(text):
    """(place, nickname) of each row of a rating message."""
    found = []
    for line in text.splitlines():
        match = re.match(r"^(?:👉 )?(\d+)\. (.+?)(?: [🎲⏳]+)? — ", line)
        if match:
            found.append((int(match[1]), match[2]))
    return found


async def test_no_tournament_yet(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        player = world.person("Пётр")
        await player.send("/rating")
        assert "турнир" in (await player.reply()).text
        assert "Рейтинга пока нет" in player.last().text


async def test_zero_games_and_one_player(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _ = await setup_club(world)
        await admin.send("/rating")
        assert "Игр в этом турнире пока нет" in (await admin.reply()).text


async def test_300_players_paginate_both_ends(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        names = [f"Игрок{n:03d}" for n in range(300)]
        await import_file(world, admin, random_protocol(names, 400, seed=3))
        player = world.person("Пётр")
        await player.send("/rating")
        first = await player.reply()
        assert "Страница 1 из 15" in first.text
        assert [p for p, _ in rows(first.text)] == list(range(1, 21))
        assert "◀" not in player.buttons() and "▶" in player.buttons()
        for _ in range(14):
            await player.press("▶")
            await player.reply()
        last = player.last()
        assert "Страница 15 из 15" in last.text
        assert [p for p, _ in rows(last.text)] == list(range(281, 301))
        assert "▶" not in player.buttons() and "◀" in player.buttons()
        assert first.message_id == last.message_id  # the same message, edited
        # Every player appears once over all pages, in the engine's order.
        csv = (
            await world.services.ratings.board((await world.services.tournaments.current())[0])
        ).result.standings
        assert rows(last.text)[-1][1] == csv[-1].name


async def test_a_forged_page_number_is_refused(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await judge.send("/rating")
        shown = await judge.reply()
        before = shown.text
        await judge.press_data("r:p:1:total:99", shown)
        assert "Такой страницы нет" in judge.last_answer()["text"]
        await judge.press_data("r:p:1:nonsense:1", shown)
        assert judge.last_answer()["show_alert"]
        await judge.press_data("r:p:777:total:1", shown)
        assert "Такого турнира нет" in judge.last_answer()["text"]
        assert judge.last().text == before


async def test_group_rating_by_someone_who_never_opened_the_bot(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.announced()  # the announcement is not taken for the answer below
        group = world.api.chats[CLUB_CHAT_ID]
        stranger = world.person("Гость")
        await stranger.send("/rating", group)
        reply = await stranger.reply(group)
        assert "Рейтинг" in reply.text and len(rows(reply.text)) == 10
        url = reply.buttons()[0]["url"]
        assert url.startswith("https://t.me/club_test_bot?start=rating-1-total")
        # The button opens the private chat with /start rating-1-total: the full table.
        payload = url.split("start=")[1]
        await stranger.send(f"/start {payload}")
        assert "Страница" not in (await stranger.reply()).text
        assert len(rows(stranger.last().text)) == 10
        assert not stranger.private.history()[-1].text.startswith("Здравствуйте")


async def test_group_shows_top_ten_and_the_askers_own_row(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
        names = [f"Игрок{n:02d}" for n in range(30)]
        await import_file(world, admin, random_protocol(names, 60, seed=5))
        board = await world.services.ratings.board((await world.services.tournaments.current())[0])
        last = board.standings[-1].name
        fan = world.person("Болельщик", username="fan")
        await fan.send("/start")
        await fan.reply()
        await admin.send(f"/link @fan {last}")
        await admin.reply()
        group = world.api.chats[CLUB_CHAT_ID]
        await fan.send("/rating", group)
        text = (await fan.reply(group)).text
        assert [p for p, _ in rows(text)] == [*range(1, 11), 30]
        assert f"👉 30. {last}" in text


async def test_average_and_role_boards_respect_the_minimum(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        names = [f"Игрок{n:02d}" for n in range(20)]
        await import_file(world, admin, random_protocol(names, 40, seed=9))
        await admin.send("/mingames 15")
        assert "не меньше 15" in (await admin.reply()).text
        await admin.send("/rating avg")
        text = (await admin.reply()).text
        assert "Средний балл" in text and "не меньше 15" in text
        board = await world.services.ratings.board((await world.services.tournaments.current())[0])
        eligible = [row for row in board.standings if row.games >= 15]
        assert len(rows(text)) == len(eligible)
        averages = [row.total / row.games for row in eligible]
        best = max(averages)
        assert rows(text)[0][1] in {
            r.name for r, a in zip(eligible, averages, strict=False) if a == best
        }
        await admin.send("/rating шериф")
        text = (await admin.reply()).text
        assert "шерифом" in text
        # A sheriff plays one game in ten: nobody has 15 sheriff games.
        assert rows(text) == [] and "Пока никто не сыграл 15" in text
        await admin.send("/mingames auto")
        await admin.reply()
        await admin.send("/rating шериф")
        assert rows(await admin.reply() and admin.last().text)


async def test_mingames_is_for_admins(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        await judge.send("/mingames 3")
        assert "только для администраторов" in (await judge.reply()).text


async def test_a_32_character_cyrillic_nickname(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        long_name = "Щ" * 32
        names = [long_name, *[f"Игрок{n}" for n in range(9)]]
        await import_file(world, admin, random_protocol(names, 3, seed=2))
        await admin.send("/rating")
        assert long_name in [name for _, name in rows((await admin.reply()).text)]


async def test_a_rating_for_a_named_tournament(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world, "Осенний кубок")
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await admin.send("/newtournament Зимний кубок")
        await admin.reply()
        await admin.send("/rating осенний")
        assert "Осенний кубок" in (await admin.reply()).text
        assert len(rows(admin.last().text)) == 10
        await admin.send("/rating кубок")
        assert "несколько турниров" in (await admin.reply()).text
        await admin.send("/rating летний")
        assert "не найден" in (await admin.reply()).text
