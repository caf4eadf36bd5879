"""Discipline at the table (issue 32 §2–§3): fouls, technical fouls, a removal by the judge and a
team defeat (ППК), entered by taps as a judge does, and read in the summary, the announcement,
the player's private result and a correction's note."""

from tests.club import Taps, enter_protocol, linked_player, setup_club
from tests.harness import CLUB_CHAT_ID, dispatcher_world


def club_texts(world) -> list[str]:
    return [m.text for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


async def baseline_taps(judge) -> int:
    """Today's protocol, no discipline, of ten players the club knows: the taps it takes."""
    for _ in range(2):  # the first game creates the players
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✅ Подтвердить")
    return taps.count


async def test_fouls_are_one_tap_each_and_the_fourth_removes(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        plain = await baseline_taps(judge)
        owl = await linked_player(world, admin, "Ольга", "owl", "Сова")

        two = Taps(judge)
        await enter_protocol(two, fouls={3: 2})
        assert "⚠️ 3. <Дон> & Co: 2 фола" in judge.last().text  # the summary, no cost
        await two.press("✅ Подтвердить")
        assert two.count == plain + 2

        four = Taps(judge)
        await enter_protocol(four, fouls={4: 3}, summary=False)
        assert "Фол игроку 4: теперь 3" in judge.last().text
        await four.foul(4)
        assert "4-й фол — игрок удалён (−0.5)" in judge.last().text
        assert "🚫4" in judge.buttons()
        await four.press("К итогу ➡")
        summary = judge.last().text
        assert "⚠️ 4. Сова: 4 фола — удалён, −0.5" in summary
        assert "4. Сова — мафия: 0.5 (победа 1, удаление −0.5)" in summary
        await four.press("✅ Подтвердить")
        assert four.count == plain + 4
        await world.announced()
        announced = club_texts(world)[-1]
        assert "4. Сова — мафия: 0.5 (победа 1, удаление −0.5)" in announced
        assert "↳ 4 фола — удалён: −0.5" in announced
        assert "↳ 2 фола" in club_texts(world)[-2]
        mine = owl.last().text
        assert "Ваш результат: игра 4" in mine and "↳ 4 фола — удалён: −0.5" in mine
        seats = await world.database.fetchall(
            "SELECT game_id, seat, fouls, technical_fouls, removal FROM game_seats "
            "WHERE fouls OR technical_fouls OR removal IS NOT NULL ORDER BY game_id"
        )
        assert [tuple(row) for row in seats] == [(3, 3, 2, 0, None), (4, 4, 4, 0, None)]


async def test_a_fifth_foul_is_refused_and_one_tap_undoes_a_tap_too_many(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await enter_protocol(taps, fouls={7: 4})
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.foul(7)
        assert "5-го фола не бывает" in judge.last().text
        assert "↩️ Отменить: фол 7" in judge.buttons()
        await taps.press("↩️ Отменить: фол 7")
        assert "Отменено: фол 7" in judge.last().text
        assert "⚠️7: 3" in judge.buttons()
        await taps.press("К итогу ➡")
        assert "⚠️ 7. Волк: 3 фола" in judge.last().text and "удалён" not in judge.last().text


async def test_technical_fouls_and_a_removal_by_the_judge_on_the_seat_screen(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.seat(5)
        assert "Дисциплина: нет." in judge.last().text
        await taps.press("Тех. фол +1 (сейчас 0)")
        assert "Технический фол игроку 5" in judge.last().text
        await taps.press("Тех. фол +1 (сейчас 1)")
        assert "2-й технический фол — игрок удалён (−0.5)" in judge.last().text
        assert "Дисциплина: 2 тех. фола — удалён, −0.5." in judge.last().text
        await taps.press("🚫 Удалён судьёй")  # a second cause of removal: refused
        assert "уже удалён (2 технических фола)" in judge.last().text
        await taps.press("Тех. фол −1")
        await taps.press("🚫 Удалён судьёй")
        question = judge.last().text
        assert "Удалить игрока 5. Ёж решением судьи? Это −0.5" in question
        await taps.press("Нет, вернуться")
        assert "Дисциплина: 1 тех. фол." in judge.last().text
        await taps.press("🚫 Удалён судьёй")
        await taps.press("🚫 Да, удалить")
        assert "Игрок 5 удалён судьёй" in judge.last().text
        assert "Снять удаление судьёй" in judge.buttons()
        await taps.press("К итогу ➡")
        summary = judge.last().text
        assert "⚠️ 5. Ёж: 1 тех. фол, удалён судьёй, −0.5" in summary
        await taps.press("✅ Подтвердить")
        await world.announced()
        assert "↳ 1 тех. фол, удалён судьёй: −0.5" in club_texts(world)[-1]


async def test_a_team_defeat_takes_three_taps_and_sets_the_winner(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        plain = await baseline_taps(judge)
        taps = Taps(judge)
        # The judge first tapped «Чёрные» (the game ended when the don was sent off).
        await enter_protocol(taps, winner="⚫ Чёрные", killed=None, best_move=())
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        before = taps.count
        await taps.seat(9)
        await taps.press("⛔ ППК")
        assert "команда чёрных проигрывает, победа присуждается красным" in judge.last().text
        await taps.press("⛔ Да, ППК")
        assert taps.count - before == 3
        assert "ППК игрока 9: команда чёрных проиграла, победитель — красные" in judge.last().text
        await taps.press("К итогу ➡")
        summary = judge.last().text
        assert "Победа красных" in summary or "победа красных" in summary
        assert "⚠️ 9. Барс: ППК −0.7, команда проиграла" in summary
        await taps.press("✅ Подтвердить")
        await world.announced()
        announced = club_texts(world)[-1]
        assert announced.startswith("🏁 Стол 1, игра 3: победа красных")
        assert "9. Барс — дон: −0.7 (ППК −0.7)" in announced
        assert "↳ ППК: −0.7, команда проиграла" in announced
        assert plain > 0


async def test_a_winner_changed_after_a_team_defeat_cannot_be_confirmed(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await enter_protocol(taps, winner="🔴 Красные", killed=None, best_move=())
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.seat(2)  # the sheriff: a red team defeat, black wins
        await taps.press("⛔ ППК")
        await taps.press("⛔ Да, ППК")
        await taps.press("К итогу ➡")
        await taps.press("✏️ Изменить")
        await taps.press("Победитель")
        await taps.press("🔴 Красные")
        summary = judge.last().text
        assert "Исправьте ошибки" in summary
        assert "ППК — поражение команды виновника: победитель — команда чёрных" in summary
        assert "✅ Подтвердить" not in judge.buttons()
        # One undo is not enough (the winner tap is not discipline); the ППК taken back is.
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.seat(2)
        await taps.press("Снять ППК")
        assert "Победитель остался прежним — проверьте его" in judge.last().text
        await taps.press("К итогу ➡")
        assert "✅ Подтвердить" in judge.buttons()


async def test_a_correction_of_discipline_is_described_and_an_old_game_records_none(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✅ Подтвердить")
        await world.announced()
        # A correction that changes only an extra names no discipline.
        await taps.press("✏️ Исправить эту игру")
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.seat(4)
        await taps.press("0.3")
        await taps.press("К итогу ➡")
        await taps.press("✅ Подтвердить")
        await world.announced()
        note = club_texts(world)[-1]
        assert "исправлен: доп. баллы." in note
        # One that adds fouls says so.
        await taps.press("✏️ Исправить эту игру")
        await taps.press("✏️ Изменить")
        await taps.press("Доп. баллы, штрафы, фолы")
        await taps.foul(6)
        await taps.press("К итогу ➡")
        await taps.press("✅ Подтвердить")
        await world.announced()
        assert "исправлен: фолы." in club_texts(world)[-1]


async def test_the_closing_names_fair_play_unless_the_club_turns_it_off(tmp_path):
    """Issue 32 §3: «Честная игра» — the fewest fouls per game with the tournament's minimum of
    games, nobody removed — in the closing post; an admin turns it off in /settings."""
    from bot.rating.nominations import nominate
    from scoring import compute, resolve_ruleset
    from scoring.protocol_json import load_protocol
    from tests.harness import ADMIN_ID
    from tests.protocols import protocol_bytes, random_protocol

    names = [f"Игрок{n:02d}" for n in range(1, 15)]
    season = random_protocol(names, 40, seed=3, discipline=True)
    distance, ruleset = load_protocol(protocol_bytes(season).decode(), resolve_ruleset)
    result = compute(distance.games, ruleset, distance.seed)
    fair = nominate(result.games, result.standings, 10, fair_play=10).fair_play
    assert fair is not None
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        summer = random_protocol(names, 40, seed=4, discipline=True)
        for title, protocol in (("Весна", season), ("Лето", summer)):
            await admin.send_file("s.json", protocol_bytes(protocol), f"/import {title}")
            assert "Игр: 40" in (await admin.reply()).text
        await admin.send("/closetournament Весна")
        await admin.reply()
        await world.announced()
        posts = [text for text in club_texts(world) if "Итоги турнира" in text]
        assert f"🤝 Честная игра (меньше всего фолов за игру): {fair.name} — " in posts[-1]
        # A player's /settings has no club part; a forged club button changes nothing.
        player = world.person("Игрок", username="someone01")
        await player.send("/settings")
        assert "Настройки клуба" not in (await player.reply()).text
        await player.press_data("co:fair_play:0", player.last())
        assert "только администратор" in player.last_answer()["text"]
        await admin.send("/settings")
        assert "Настройки клуба" in (await admin.reply()).text
        await admin.press("Не называть «Честную игру»")
        assert "«Честная игра» в итогах вечера и турнира не называется" in admin.last().text
        assert "🤝 Называть «Честную игру»" in admin.buttons()
        await admin.send("/closetournament Лето")
        await admin.reply()
        await world.announced()
        posts = [text for text in club_texts(world) if "Итоги турнира" in text]
        assert "Итоги турнира «Лето»" in posts[-1] and "Честная игра" not in posts[-1]


async def test_me_shows_fouls_per_game_and_removals(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        taps = Taps(judge)
        await enter_protocol(taps, fouls={4: 1})
        await taps.press("✅ Подтвердить")
        await enter_protocol(taps, fouls={4: 4})
        await taps.press("✅ Подтвердить")
        owl = await linked_player(world, admin, "Ольга", "owl", "Сова")
        await owl.send("/me")
        me = (await owl.reply()).text
        assert "⚖️ Фолы: 2.5 за игру (5 за 2 игры) · удалений: 1" in me
        await owl.send("/player Лис")
        assert "⚖️ Фолов нет" in (await owl.reply()).text
