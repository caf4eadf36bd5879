"""The standings in the Mini App (issue 35 §1, first part): any member of Telegram the bot signs
for reads what /rating shows, every row at once, with ⏳ and his own row marked; a forged call
reads nothing; /rating in private offers the page."""

from __future__ import annotations

import time
from datetime import timedelta

from tests.club import Taps, enter_protocol, linked_player, setup_club
from tests.harness import CLUB_CHAT_ID, dispatcher_world
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


async def test_the_games_of_a_day_or_an_evening_as_a_table(tmp_path):
    """«/rating 01.12» in the page: the same two games give the tournament's own totals; a role
    averages its games; no evening yet, a day without games and words that name no days are
    said in Russian."""
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        today = world.clock.now().astimezone(world.settings.zone).strftime("%d.%m.%Y")
        async with app_server(world) as base:
            caller = AppCaller(base, owl.id)
            _, whole = await caller.call("standings", {})
            status, day = await caller.call("standings", {"period": today})
            assert status == 200 and day["title"].startswith("📅 Игры") and day["games"] == 2
            assert day["tournament"] == "Осенний кубок"
            totals = lambda table: {(r["name"], r["shown"], r["games"]) for r in table["rows"]}  # noqa: E731
            assert totals(day) == totals(whole)
            assert [r["name"] for r in day["rows"] if r["me"]] == ["Сова"]
            assert all(r["provisional"] for r in day["rows"])
            _, mafia = await caller.call("standings", {"period": today, "kind": "mafia"})
            _, whole_mafia = await caller.call("standings", {"kind": "mafia"})
            assert totals(mafia) == totals(whole_mafia)
            _, evening = await caller.call("standings", {"period": "вечер"})
            assert evening["rows"] == [] and "Вечеров ещё не было" in evening["message"]
            _, empty = await caller.call("standings", {"period": "01.01.2020"})
            assert empty["rows"] == [] and "игр нет" in empty["message"]
            status, refused = await caller.call("standings", {"period": "позавчера"})
            assert status == 404 and "01.11-30.11" in refused["error"]


async def test_a_provisional_row_turns_final_when_its_window_closes(tmp_path):
    """The page is told when to ask again: when the protest window of a shown game closes."""
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        async with app_server(world) as base:
            caller = AppCaller(base, owl.id)
            _, table = await caller.call("standings", {})
            assert all(r["provisional"] for r in table["rows"]) and table["refresh_in"] <= 60
            world.clock.shift = world.services.games.window.length + timedelta(minutes=1)
            _, table = await caller.call("standings", {})
            assert not any(r["provisional"] for r in table["rows"])
            assert table["refresh_in"] == 60  # nothing left to wait for: once a minute


async def test_the_club_chat_links_to_the_app_and_the_private_chat_offers_it(tmp_path):
    """In the club chat Telegram allows no web-app button: with the app's short name from
    @BotFather the group's /rating links to it (t.me/<bot>/<app>?startapp=standings); the
    «Вся таблица» link opens the private chat, whose table offers the app as /rating does."""
    async with dispatcher_world(tmp_path, webapp_url=APP, webapp_name="club_app") as world:
        _, _, owl = await played_two_games(world)
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        await owl.send("/rating", group)
        reply = await owl.reply(group)
        urls = [button["url"] for button in reply.buttons()]
        assert urls[0] == "https://t.me/club_test_bot/club_app?startapp=standings-club1"
        assert urls[1].startswith("https://t.me/club_test_bot?start=rating-")
        await owl.send(f"/start {urls[1].split('start=')[1]}")
        await owl.reply()
        assert "📊 Вся таблица в приложении" in owl.buttons()
    async with dispatcher_world(tmp_path / "no-name", webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        await world.announced()
        await owl.send("/rating", world.api.chats[CLUB_CHAT_ID])
        reply = await owl.reply(world.api.chats[CLUB_CHAT_ID])
        assert [b["text"] for b in reply.buttons()] == ["Вся таблица в личном чате"]


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
            assert mine["points"] == [1.0, 2.0] and len(mine["games"]) == 2
            summary = mine["summary"]
            assert summary["games"] == 2 and summary["wins"] == 2 and summary["total"] == "2"
            assert summary["points"].startswith("Из чего баллы: победы 2")
            assert mine["roles"] == [{"role": "мафия", "games": 2, "wins": 2, "average": "1"}]
            assert "Первой ночью не отстреливали ни разу" in mine["facts"]
            assert {a["title"] for a in mine["achievements"]} >= {"победы во всех ролях"}
            assert mine["streaks"] == {"longest": 2, "current": 2}
            assert mine["company"]["min_games"] >= 1
            game = mine["games"][0]
            assert game["role"] == "мафия" and game["outcome"] == "win"
            status, shown = await AppCaller(base, owl.id).call("game", {"game": game["game"]})
            assert status == 200 and "Сова" in shown["text"]
            status, other = await AppCaller(base, owl.id).call("record", {"player": "Волк"})
            assert status == 200 and other["nickname"] == "Волк"
            _, nobody = await AppCaller(base, owl.id).call("record", {"player": "Никтотакой"})
            assert "nickname" not in nobody and "Никтотакой" in nobody["text"]
            status, unlinked = await AppCaller(base, admin.id).call("record", {})
            assert status == 200 and unlinked["not_linked"] and "/iam" in unlinked["text"]
            status, refused = await AppCaller(base, owl.id).call("game", {"game": 999})
            assert status == 404 and refused["error"].startswith("Такой игры нет")
