"""/stats, and the statistics under /me (issue 48 §3), driven as people do: a player reads his
numbers beside the club's average player, another's by nickname, the boards in private and in the
club chat; a typo, a forged button and a player not linked get a clear answer."""

from __future__ import annotations

from bot.callbacks import StatsCB
from tests.club import NAMES, Taps, enter_protocol, linked_player, seat_players, setup_club
from tests.handlers.test_interchange import export
from tests.handlers.test_statistics_kept import layered_game, play, turn_on
from tests.harness import CLUB_CHAT_ID, dispatcher_world

APP = "http://127.0.0.1/"


async def club_with_a_layered_game(world):
    admin, judge = await setup_club(world)
    await turn_on(admin, "✋ Записывать голоса по рукам", "🗣 Записывать, кто выставил")
    await seat_players(Taps(judge))
    await play(world, judge, layered_game())
    await world.announced()
    return admin, judge


async def test_a_player_reads_his_statistics_beside_the_clubs_average(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP, stats_min_games=1) as world:
        admin, _ = await club_with_a_layered_game(world)
        filin = await linked_player(world, admin, "Фил", "filin", NAMES[9])  # seat 10, civilian
        await filin.send("/stats")
        text = (await filin.reply()).text
        assert "Статистика ваша" in text and "Вы · средний игрок клуба" in text
        assert "🔴 Мирный и шериф" in text
        assert "• Голоса в чёрных: 100% (1) ·" in text  # his day 2 hand went to 7, a black
        assert "• Победы мирным: 100% (1) · 100%" in text
        assert "⭐ Шериф" not in text  # he never was the sheriff: no block, no zeros
        assert "📊 Доски статистики" in text or "Голосование в чёрных" in filin.buttons()
        await filin.send("/me")
        me = (await filin.reply()).text
        assert "📈 По играм в приложении" in me and "Подробно: /stats" in me
        await filin.send("/stats Сова")  # another player, by nickname
        other = (await filin.reply()).text
        assert "Статистика игрока Сова" in other and "⚫ Мафия и дон" in other
        await filin.send("/stats голосование")
        board = (await filin.reply()).text
        assert board.startswith("📊 Голосование в чёрных — за всё время")
        assert f"{NAMES[9]} — 100% (1 игра)" in board and "⏳" in board  # the window is open
        await filin.send("/stats абракадабра")
        assert "Не знаю такой доски или игрока" in (await filin.reply()).text


async def test_the_boards_in_the_club_chat_and_a_forged_button(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP, stats_min_games=1) as world:
        admin, _ = await club_with_a_layered_game(world)
        group = world.api.chats[CLUB_CHAT_ID]
        await admin.send("/stats", chat=group)
        menu = await admin.reply(chat=group)
        assert "Доски статистики" in menu.text
        await admin.press("Проверки шерифа", chat=group)
        board = admin.last(chat=group)
        assert board.message_id == menu.message_id  # the menu turned into the board
        assert "Проверки шерифа" in board.text and f"{NAMES[1]} — 100% (1 игра)" in board.text
        await admin.press_data(StatsCB(k="hack").pack(), board, group)
        assert admin.last_answer()["show_alert"] is True
        assert admin.last(chat=group).text == board.text  # nothing changed


async def test_a_player_not_linked_is_told_how(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        await setup_club(world)
        guest = world.person("Гость")
        await guest.send("/stats")
        text = (await guest.reply()).text
        assert "/iam" in text and "Доски статистики" in text
        assert "Голосование в чёрных" in guest.buttons(), guest.buttons()


async def test_the_export_has_each_players_statistics(tmp_path):
    """/export: a CSV of the players' statistics beside the table's, and a sheet of them."""
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await club_with_a_layered_game(world)
        _, _, sheets, statistics = await export(world, judge, with_sheet=True,
                                                with_statistics=True)  # fmt: skip
        lines = statistics.decode().splitlines()
        assert lines[0] == "player,statistic,value,part,whole,games"
        assert f"{NAMES[9]},votes_on_blacks,1.0000,1,1,1" in lines
        assert f"{NAMES[0]},nominated_blacks,1.0000,1,1,1" in lines
        sheet = sheets["Статистика"]
        assert sheet[0][:4] == ["Игрок", "Статистика", "Ключ", "Значение"]
        assert [NAMES[9], "Голоса в чёрных", "votes_on_blacks", 1, 1, 1, 1] in sheet


async def test_an_export_without_app_games_has_no_statistics(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        *_, sheets, statistics = await export(world, judge, with_sheet=True, with_statistics=True)
        assert statistics is None and "Статистика" not in sheets


def test_a_board_says_who_is_left_out_and_an_empty_one_what_it_needs():
    from bot.texts.statistics import board
    from scoring.statistics import Ratio

    shown = board("fouls", "за всё время", [("Лис", Ratio(3, 10, 10), False)], 3, 10, None)
    assert "1. Лис — <b>0,3</b> (10 игр)" in shown and "Ещё 3 игрока — меньше 10 игр" in shown
    assert "⏳" not in shown
    empty = board("shots_ok", "за всё время", [], 0, 1, None)
    assert "Пока на доске никого: нужно не меньше 1 игры, где это записано." in empty
