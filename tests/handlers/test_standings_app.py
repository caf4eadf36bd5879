"""The standings in the Mini App (issue 35 §1, first part): any member of Telegram the bot signs
for reads what /rating shows, every row at once, with ⏳ and his own row marked; a forged call
reads nothing; /rating in private offers the page."""

from __future__ import annotations

import time

from tests.club import Taps, enter_protocol, linked_player, setup_club
from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server, init_data

APP = "http://127.0.0.1/"


async def played_two_games(world):
    admin, judge = await setup_club(world)
    for _ in range(2):
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✅ Подтвердить")
    owl = await linked_player(world, admin, "Ольга", "owl", "Сова")
    return admin, judge, owl


async def test_a_player_reads_the_whole_table_with_his_row_marked(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        await owl.send("/rating")
        chat = await owl.reply()
        assert "📊 Вся таблица в приложении" in owl.buttons()
        menu = world.api.menu_button  # the menu button of private chats opens it too
        assert menu == {"type": "web_app", "text": "Рейтинг",
                        "web_app": {"url": f"{APP}app/standings.html"}}  # fmt: skip
        async with app_server(world) as base:
            status, table = await AppCaller(base, owl.id).call("standings", {})
            assert status == 200 and table["tournament"] == "Осенний кубок"
            assert table["kind"] == "total" and table["games"] == 2
            rows = table["rows"]
            assert [row["place"] for row in rows] == list(range(1, 11))
            mine = [row for row in rows if row["me"]]
            assert [row["name"] for row in mine] == ["Сова"]
            first = rows[0]
            assert f"{first['place']}. {first['name']}" in chat.text  # what /rating shows
            assert all(row["provisional"] for row in rows)  # the protest window is open
            status, mafia = await AppCaller(base, owl.id).call("standings", {"kind": "mafia"})
            assert status == 200 and {row["name"] for row in mafia["rows"]} == {"Сова", "Волк"}
            status, refused = await AppCaller(base, owl.id).call(
                "standings", {"tournament": "Весна"}
            )
            assert status == 404 and "Весна" in refused["error"]
            stale = init_data(owl.id, signed_at=time.time() - 3 * 24 * 3600)
            status, refused = await AppCaller(base, owl.id, data=stale).call("standings", {})
            assert status == 401 and "rows" not in refused


async def test_without_webapp_url_rating_offers_no_page(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, owl = await played_two_games(world)
        await owl.send("/rating")
        await owl.reply()
        assert not any("приложении" in label for label in owl.buttons())
        assert world.api.menu_button is None


async def test_a_players_record_with_its_charts_and_each_game_as_announced(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, _, owl = await played_two_games(world)
        await owl.send("/me")
        await owl.reply()
        assert "📈 Статистика в приложении" in owl.buttons()
        async with app_server(world) as base:
            status, mine = await AppCaller(base, owl.id).call("record", {})
            assert status == 200 and mine["nickname"] == "Сова"
            assert mine["points"] == [1.0, 2.0] and len(mine["recent"]) == 2
            assert "Сова" in mine["text"] and "<" not in mine["text"].replace("<Дон>", "")
            game = mine["recent"][0]
            assert game["role"] == "мафия" and game["outcome"] == "win"
            status, shown = await AppCaller(base, owl.id).call("game", {"game": game["game"]})
            assert status == 200 and "Сова" in shown["text"]
            status, other = await AppCaller(base, owl.id).call("record", {"player": "Волк"})
            assert status == 200 and other["nickname"] == "Волк"
            status, refused = await AppCaller(base, admin.id).call("record", {})
            assert status == 404 and "/iam" in refused["error"]
            status, refused = await AppCaller(base, owl.id).call("game", {"game": 999})
            assert status == 404 and refused["error"].startswith("Такой игры нет")
