"""Protests as players and head judges use them (§8.8–8.9), with a controllable clock."""

import asyncio
from datetime import timedelta

import pytest

from bot.app import open_database
from bot.core.clock import Clock
from bot.texts import entry as texts
from bot.texts import record as record_texts
from bot.vocabulary.window import ProtestWindow
from tests.club import Taps, appoint_judge, enter_protocol, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, PICTURE_SECONDS, dispatcher_world

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines

WINDOW = timedelta(minutes=10)


async def link(world, admin, person, nickname):
    await admin.send(f"/link {person.id} {nickname}")
    assert "Готово" in (await admin.reply()).text


async def club_with_game(world):
    """Admin, judge, head judge; Сова and Лис linked and in the game; the game announced."""
    admin, judge = await setup_club(world)
    head = world.person("Глава", username="head")
    await head.send("/start")
    await head.reply()
    await admin.send("/headjudge @head")
    await admin.reply()
    owl = world.person("Ольга", username="owl")
    fox = world.person("Фёдор", username="fox")
    for person in (owl, fox):
        await person.send("/start")
        await person.reply()
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await link(world, admin, owl, "Сова")
    await link(world, admin, fox, "Лис")
    await world.announced()
    return admin, judge, head, owl, fox


def announcement(world):
    return next(m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot)


def game_ended(world):
    return world.services.games.get(1)


async def file(world, person, text="Судья не заметил фол", game=1):
    await person.send("/protest")
    await person.reply()
    await person.press(next(b for b in person.buttons() if f"игра {game} " in b))
    assert "Напишите текст протеста" in (await person.reply()).text
    await person.send(text)
    return await person.reply()


async def test_each_player_gets_his_own_result_in_private(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        owl = world.person("Ольга", username="owl")
        await owl.send("/start")
        await owl.reply()
        stranger = world.person("Ник", username="nick", opened=False)  # never opened the bot
        await stranger.send("привет", world.api.chats[CLUB_CHAT_ID])
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")  # game 1 makes the players known
        await link(world, admin, owl, "Сова")
        await link(world, admin, stranger, "Кот")
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.announced()
        mine = owl.last()
        assert "🎯 Ваш результат: игра 2, стол 1" in mine.text
        assert "4. Сова — мафия: 1 (победа 1)" in mine.text
        assert "Протест можно подать до" in mine.text
        assert owl.buttons() == ["⚠️ Подать протест"]
        assert not stranger.bot_messages()  # skipped, no error shown to anyone
        # Switched off: the next game's result does not come.
        await owl.send("/settings")
        assert "приходит вам" in (await owl.reply()).text
        await owl.press("🔕 Не присылать мои результаты")
        assert "не приходят" in (await owl.reply()).text
        count = len(owl.bot_messages())
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.announced()
        assert len(owl.bot_messages()) == count


async def test_filing_from_the_private_result_and_the_decider_sees_it(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge, head, owl, _fox = await club_with_game(world)
        await enter_protocol(Taps(judge))  # a second game: the results come for it
        await judge.press("✅ Подтвердить")
        await world.announced()
        await owl.press("⚠️ Подать протест")
        assert "Протест по игре 2 (стол 1)" in (await owl.reply()).text
        await owl.send("   ")
        assert "Напишите текст протеста" in (await owl.reply()).text  # asked again
        strange = "<b>фол</b> & ‮перевёрнуто‬ 🤬\nвторая строка"
        await owl.send(strange)
        assert "✅ Протест по игре 2 (стол 1) подан" in (await owl.reply()).text
        await world.announced()
        request = head.last()
        assert "Подал: Сова" in request.text and strange in request.text
        assert "Стол 1, игра 2" in request.text  # the protocol is shown
        assert head.buttons() == ["Отклонить", "Изменить результат", "Переигровка"]
        assert not [m for m in admin.bot_messages() if "Подал:" in m.text]  # head judge exists
        second = world.api.chats[CLUB_CHAT_ID].history()
        shown = next(m for m in second if m.from_bot and "Стол 1, игра 2" in m.text)
        assert "⚠️ Подан протест (Сова)" in shown.text
        stored = await world.database.fetchone("SELECT text FROM protests")
        assert stored["text"] == strange  # verbatim


async def test_one_second_before_and_after_the_deadline(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, _, owl, fox = await club_with_game(world)
        game = await world.services.games.get(1)
        now = world.clock.now()
        deadline = game.deadline(ProtestWindow(10))  # on a whole minute, ten minutes or more on
        assert deadline.second == 0 and WINDOW <= deadline - game.ended_at < WINDOW + timedelta(
            minutes=1
        )
        world.clock.shift = deadline - timedelta(seconds=1) - now
        assert "подан" in (await file(world, owl)).text
        world.clock.shift = deadline + timedelta(seconds=1) - now
        await fox.send("/protest")
        assert "нет ваших игр" in (await fox.reply()).text
        await fox.send(f"/start protest-{game.id}")
        assert "истекло" in (await fox.reply()).text and "МСК" in fox.last().text


async def test_non_players_and_unlinked_people_are_refused(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, _, owl, _ = await club_with_game(world)
        guest = world.person("Гость")
        await guest.send("/start protest-1")
        assert "/iam" in (await guest.reply()).text
        outsider = world.person("Чужой", username="out")
        await outsider.send("/start")
        await outsider.reply()
        admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
        await enter_protocol(Taps(await appoint_judge(world, admin, "Пётр", "petr")),
                             names=["Новый", *[f"Н{n}" for n in range(9)]])  # fmt: skip
        await admin.send(f"/link {outsider.id} Новый")
        await admin.reply()
        await outsider.send("/start protest-1")
        assert "могут подать только игроки этой игры" in (await outsider.reply()).text
        await outsider.send("/start protest-999")
        assert "Такой игры нет" in (await outsider.reply()).text
        await owl.send("/start protest-1")
        await owl.reply()
        await owl.send("x" * 2001)
        assert "Слишком длинно: 2001" in (await owl.reply()).text
        await owl.send("/cancel")
        assert "не подан" in (await owl.reply()).text
        assert (await world.database.fetchone("SELECT count(*) FROM protests"))[0] == 0


async def test_from_the_group_and_by_the_announcement_button(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, _head, owl, fox = await club_with_game(world)
        group = world.api.chats[CLUB_CHAT_ID]
        shown = announcement(world)
        (button,) = shown.buttons()
        assert button["text"] == "⚠️ Протест" and button["url"].endswith("start=protest-1")
        await owl.send("/protest посадка не та", group, reply_to=shown)
        assert "Протест по игре 1 (стол 1) подан" in (await owl.reply(group)).text
        await owl.send("/protest ещё раз", group, reply_to=shown)
        assert "уже подан" in (await owl.reply(group)).text
        await world.announced()  # the «Подан протест» edit lands before Лис writes
        await fox.send("/protest", group)
        assert "ответьте на объявление" in (await fox.reply(group)).text
        await fox.send("/start protest-1")  # what the button opens
        await fox.reply()
        await fox.send("Лучший ход засчитан неверно")
        assert "подан" in (await fox.reply()).text
        await world.announced()
        assert announcement(world).text.count("⚠️ Подан протест") == 2


async def test_reject_with_a_reason_is_final_and_told_everywhere(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, head, owl, _ = await club_with_game(world)
        await file(world, owl)
        await world.announced()
        await head.press("Отклонить")
        assert "Почему протест отклонён" in (await head.reply()).text
        await head.send("Фол был, судья его видел")
        assert "Решение записано" in (await head.reply()).text
        await world.announced()
        assert "отклонён. Причина: Фол был, судья его видел" in owl.last().text
        group = world.api.chats[CLUB_CHAT_ID]
        reply = group.history()[-1]
        assert "отклонён главным судьёй" in reply.text
        assert reply.reply_to == announcement(world).message_id
        assert "⚖️ Протест (Сова) отклонён" in announcement(world).text
        # Final: the same buttons again are refused.
        await head.press("Переигровка", message=next(m for m in head.bot_messages()
                                                if "Подал:" in m.text))  # fmt: skip
        assert "уже принято" in head.last_answer()["text"]
        row = await world.database.fetchone("SELECT status, reason, decided_by FROM protests")
        assert dict(row) == {"status": "rejected", "reason": "Фол был, судья его видел",
                             "decided_by": head.id}  # fmt: skip


async def test_replay_annuls_the_game_and_the_standings_drop_it(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge, head, owl, _ = await club_with_game(world)
        await enter_protocol(Taps(judge), winner="🔴 Красные")
        await judge.press("✅ Подтвердить")
        await world.announced()
        ratings = world.services.ratings
        tournament = (await world.services.tournaments.current())[0]
        before = {r.name: (r.total, r.games) for r in (await ratings.board(tournament)).standings}
        assert before["Лис"][1] == 2
        await file(world, owl, game=2)
        await world.announced()
        await head.press("Переигровка")
        await head.reply()
        await head.send("Подсказка из зала")
        await head.reply()
        await world.announced()
        tournament = (await world.services.tournaments.current())[0]  # as a request reads it
        after = {r.name: (r.total, r.games) for r in (await ratings.board(tournament)).standings}
        assert after["Лис"][1] == 1 and after["Лис"][0] != before["Лис"][0]  # Ci recomputed
        second = next(m for m in world.api.chats[CLUB_CHAT_ID].history() if "игра 2" in m.text)
        assert "аннулирована" in second.text and second.buttons() == []
        audit = await world.database.fetchone(
            "SELECT action, reason FROM audit_log WHERE action = 'annulled'"
        )
        assert audit["reason"] == "Подсказка из зала"
        await owl.send("/me")
        await world.api.wait_for(lambda: owl.last().photo, PICTURE_SECONDS)
        assert "1 игра" in owl.bot_messages()[-2].text


async def test_change_the_result_through_the_editor(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, head, owl, _ = await club_with_game(world)
        ratings = world.services.ratings
        tournament = (await world.services.tournaments.current())[0]
        before = {r.name: r for r in (await ratings.board(tournament)).standings}
        assert before["Лис"].ci > 0 and before["Bravo"].total == 0
        await file(world, owl)
        await world.announced()
        await head.press("Изменить результат")
        assert "Исправление · стол 1 · игра 1" in (await head.reply()).text
        await head.press("✏️ Изменить")
        await head.press("Победитель")
        await head.press("🔴 Красные")
        await head.press("✅ Подтвердить")
        await world.announced()
        row = await world.database.fetchone("SELECT status, decided_by FROM protests")
        assert (row["status"], row["decided_by"]) == ("changed", head.id)
        told = [m.text for m in owl.bot_messages()[-2:]]  # the decision, and his new points
        assert any("протесту" in t and "результат игры изменён" in t for t in told)
        assert record_texts.points_changed(1, 1, "1", "0") in told
        assert "победа красных" in announcement(world).text
        # One reply under the announcement says both the decision and what changed (issue 30).
        group = world.api.chats[CLUB_CHAT_ID]
        replies = [m for m in group.history() if m.from_bot and m.reply_to]
        assert len(replies) == 1, [m.text for m in replies]
        assert "главный судья изменил результат игры" in replies[0].text
        assert "исправлен: победитель" in replies[0].text, replies[0].text
        tournament = (await world.services.tournaments.current())[0]  # as a request reads it
        after = {r.name: r for r in (await ratings.board(tournament)).standings}
        assert after["Лис"].ci == 0  # red won: no compensation
        assert after["Bravo"].total == 1 and after["Bravo"].special_wins == 1
        assert after["Bravo"].place < before["Bravo"].place


async def test_two_head_judges_deciding_at_once_make_one_decision(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _, head, owl, _ = await club_with_game(world)
        second = world.person("Второй", username="second")
        await second.send("/start")
        await second.reply()
        await admin.send("/headjudge @second")
        await admin.reply()
        await file(world, owl)
        await world.announced()
        await asyncio.gather(head.press("Отклонить"), second.press("Переигровка"))
        await asyncio.gather(head.send("нет"), second.send("да"))
        rows = await world.database.fetchall("SELECT status FROM protests")
        assert len(rows) == 1 and rows[0]["status"] in ("rejected", "replay")
        annulled = await world.database.fetchone("SELECT status FROM games WHERE id = 1")
        assert (annulled["status"] == "annulled") == (rows[0]["status"] == "replay")
        await world.announced()
        decisions = [m for m in owl.bot_messages() if "Решение по вашему протесту" in m.text]
        assert len(decisions) == 1


async def test_two_protests_keep_the_game_provisional_until_both_are_decided(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, _, head, owl, fox = await club_with_game(world)
        await file(world, owl)
        await file(world, fox, "И я против")
        await world.announced()
        game = await world.services.games.get(1)
        world.clock.shift = WINDOW + timedelta(minutes=1)
        protests = world.services.protests
        assert await protests.finalize_due() == []
        rejects = [m for m in head.bot_messages() if "Подал:" in m.text]
        await head.press("Отклонить", message=rejects[0])
        await head.reply()
        await head.send("нет оснований")
        await head.reply()
        assert (await world.database.fetchone("SELECT status FROM games"))[0] == "provisional"
        await world.announced()
        assert "решения по протесту" in announcement(world).text
        await head.press("Отклонить", message=rejects[1])
        await head.reply()
        await head.send("тоже нет")
        await head.reply()
        assert (await world.database.fetchone("SELECT status FROM games"))[0] == "final"
        await world.announced()
        assert "результат окончательный" in announcement(world).text
        assert game.id == 1


async def test_protests_list_and_replay_without_a_protest(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, head, owl, _ = await club_with_game(world)
        await head.send("/protests")
        assert "нет" in (await head.reply()).text
        await file(world, owl)
        await head.send("/protests")
        assert "ждущих решения: 1" in (await head.reply()).text
        await head.press("Стол 1, игра 1 — Сова")
        assert "Подал: Сова" in (await head.reply()).text
        await judge.send("/protests")
        assert "главные судьи" in (await judge.reply()).text
        await owl.send("/replay 1 1 так")
        assert "главные судьи" in (await owl.reply()).text
        await head.send("/replay 1 1")
        assert "/replay СТОЛ ИГРА" in (await head.reply()).text
        await head.send("/replay 1 7 причина")
        assert "нет такой игры" in (await head.reply()).text
        await head.send("/replay 1 1 игрок получил подсказку")
        assert "аннулирована" in (await head.reply()).text
        await world.announced()
        assert any("назначил переигровку (§8.9)" in m.text
                   for m in world.api.chats[CLUB_CHAT_ID].history())  # fmt: skip
        assert (await world.database.fetchone("SELECT status FROM protests"))[0] == "replay"


async def test_a_restart_between_filing_and_deciding(tmp_path):
    api = FakeBotAPI()
    async with dispatcher_world(tmp_path, api=api) as world:
        _, _, head, owl, _ = await club_with_game(world)
        await file(world, owl)
        await world.announced()
    async with dispatcher_world(tmp_path, api=api) as world:
        head.world = world
        await head.send("/protests")
        await head.reply()
        await head.press("Стол 1, игра 1 — Сова")
        await head.reply()
        await head.press("Отклонить")
        await head.reply()
        await head.send("после перезапуска")
        assert "Решение записано" in (await head.reply()).text


async def test_a_window_that_closes_while_the_bot_is_down(tmp_path):
    api = FakeBotAPI()
    async with dispatcher_world(tmp_path, api=api) as world:
        await club_with_game(world)
        assert "Протест можно подать до" in announcement(world).text
        message_id = announcement(world).message_id
        settings = world.settings
    # Twenty minutes pass with the bot stopped: the game ended and was published long ago.
    database = await open_database(settings)
    long_ago = (Clock().now() - timedelta(minutes=20)).isoformat(timespec="seconds")
    await database.write("UPDATE games SET ended_at = ?, protests_from = ?", (long_ago, long_ago))
    await database.close()
    async with dispatcher_world(tmp_path, api=api) as world:
        # Start-up closed the window: the announcement is edited to say so.
        await api.wait_for(lambda: "результат окончательный" in announcement(world).text)
        await world.announced()
        assert (await world.database.fetchone("SELECT status FROM games"))[0] == "final"
        assert announcement(world).message_id == message_id
        assert announcement(world).buttons() == []


@pytest.mark.parametrize("shift", [timedelta(minutes=11)])
async def test_a_window_closing_while_running_edits_the_announcement(tmp_path, shift):
    async with dispatcher_world(tmp_path) as world:
        await club_with_game(world)
        first = announcement(world)
        world.clock.shift = shift
        await world.services.protests.finalize_due()
        world.services.outbox.wake()
        await world.announced()
        edited = announcement(world)
        assert edited.message_id == first.message_id and edited.edits >= 1
        assert "результат окончательный" in edited.text and edited.buttons() == []
        posts = [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
        assert len(posts) == 1  # edited, no new message


async def test_a_double_tap_on_the_settings_toggle_edits_once(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, _judge = await setup_club(world)
        owl = world.person("Сова", username="owl")
        await owl.send("/settings")
        shown = await owl.reply()
        data = next(b["callback_data"] for b in shown.buttons() if "callback_data" in b)
        await owl.press_data(data, shown)
        await owl.press_data(data, shown)  # the second tap of a double tap: already so
        assert "не приходят" in owl.last().text and shown.edits == 1
        assert [e for e in world.api.message_errors() if "not modified" in e.description] == []
        await owl.press("🔔 Присылать мои результаты")
        assert "приходит вам" in owl.last().text and shown.edits == 2
        await owl.press_data("st:zz:1", shown)  # a forged kind of notice
        assert owl.last_answer()["show_alert"] and shown.edits == 2


async def test_a_late_confirm_keeps_the_players_full_protest_window(tmp_path):
    """The winner tapped, then 25 minutes of talk before Confirm: the players still get the whole
    window from the publication (docs/scoring.md, "The protest window")."""
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, _head, owl, _fox = await club_with_game(world)
        await enter_protocol(Taps(judge))  # the winner is tapped now …
        world.clock.shift = timedelta(minutes=25)  # … a long talk about extras …
        await judge.press("✏️ Изменить")
        await judge.press("◀ К итогу")
        summary = judge.last().text
        assert texts.ended_long_ago(25, 10) in summary
        await judge.press("✅ Подтвердить")
        await world.announced()
        mine = owl.last()
        assert "игра 2, стол 1" in mine.text and owl.buttons() == ["⚠️ Подать протест"]
        game = await world.services.games.get(2)
        assert game.protests_from - game.ended_at >= timedelta(minutes=25)
        assert game.deadline(ProtestWindow(10)) > world.clock.now() + timedelta(minutes=9)
        # Nine minutes after the publication the window is still open for the players …
        world.clock.shift += timedelta(minutes=9)
        await owl.send("/protest")
        await owl.reply()
        assert any("игра 2" in button for button in owl.buttons())
        # … and the judge may still correct his own game.
        await judge.send("/games")
        await judge.reply()
        assert any("игра 2" in button for button in judge.buttons())
        # Past the window it closes, by the clock.
        world.clock.shift += timedelta(minutes=2)
        assert await world.services.protests.finalize_due() == [2]


async def test_a_confirm_within_the_window_counts_from_the_publication_too(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        world.clock.shift = timedelta(minutes=3)
        assert "мин назад" not in judge.last().text  # nothing to say: within the window
        await judge.press("✅ Подтвердить")
        game = await world.services.games.get(1)
        # Ten minutes from the Confirm (its own second may pass), up to the next whole minute.
        assert game.protests_from - game.ended_at >= timedelta(minutes=3)
        opened = game.deadline(ProtestWindow(10)) - game.ended_at
        assert timedelta(minutes=13) <= opened < timedelta(minutes=14, seconds=5)


async def test_a_protest_opened_from_the_list_shows_the_games_protocol(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, _judge, head, owl, _fox = await club_with_game(world)
        await file(world, owl)
        await head.send("/protests")
        await head.reply()
        await head.press(next(b for b in head.buttons() if "Сова" in b))
        shown = (await head.reply()).text
        assert "Судья не заметил фол" in shown
        assert "🏁 Стол 1, игра 1" in shown and "4. Сова — мафия" in shown  # not blank lines


async def test_while_a_protest_waits_only_a_head_judge_changes_the_game(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, head, owl, _fox = await club_with_game(world)
        saved = next(m for m in reversed(judge.bot_messages()) if "сохранена" in m.text)
        await file(world, owl)
        await judge.send("/games")
        assert (await judge.reply()).text == texts.NOTHING_TO_CORRECT
        await judge.press("✏️ Исправить эту игру", message=saved)  # the button he still sees
        assert judge.last_answer()["text"] == texts.PROTEST_PENDING
        await head.send("/games")
        await head.reply()
        assert any("игра 1" in button for button in head.buttons())


async def test_a_protest_filed_while_the_judge_corrects_stops_his_confirm(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, _head, owl, _fox = await club_with_game(world)
        await judge.press("✏️ Исправить эту игру")
        await judge.reply()
        await file(world, owl)  # meanwhile
        await judge.press("✏️ Изменить")
        await judge.press("Победитель")
        await judge.press("🔴 Красные")
        await judge.press("✅ Подтвердить")
        assert judge.last_answer()["text"] == texts.PROTEST_PENDING
        assert (await world.services.games.get(1)).protocol.winner == "black"  # unchanged


async def test_a_correction_tells_each_player_whose_points_changed(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, _head, owl, fox = await club_with_game(world)
        # Сова (seat 4, mafia) had 1 for the black win; Лис (seat 1, shot first) 0.8.
        await judge.press("✏️ Исправить эту игру")
        await judge.reply()
        await judge.press("✏️ Изменить")
        await judge.press("Победитель")
        await judge.press("🔴 Красные")
        await judge.press("✅ Подтвердить")
        await world.announced()
        assert owl.last().text == record_texts.points_changed(1, 1, "1", "0")
        assert fox.last().text == record_texts.points_changed(1, 1, "0.8", "1.4")


async def test_a_replay_tells_each_player_his_points_no_longer_count(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, _judge, head, owl, _fox = await club_with_game(world)
        await head.send("/replay 1 1 посторонняя подсказка")
        await head.reply()
        await world.announced()
        assert record_texts.points_changed(1, 1, "1", None) in [m.text for m in owl.bot_messages()]


async def test_the_replay_is_linked_to_the_game_it_replays(tmp_path):
    """Issue 17, item 13: the judge's next game at the table of an annulled game is its replay
    (he may say it is not); the announcement says «переигровка игры 1»."""
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, head, _owl, _fox = await club_with_game(world)
        await head.send("/replay 1 1 игрок получил подсказку")
        assert "аннулирована" in (await head.reply()).text
        await world.announced()
        await enter_protocol(Taps(judge))  # game 2 at table 1: first said not to be the replay
        assert "🔁 Это переигровка игры 1 этого стола" in judge.last().text
        await judge.press("Это не переигровка")
        assert "ждёт переигровки игра 1; эта игра — не она" in judge.last().text
        await judge.press("🔁 Это переигровка игры 1")  # changed his mind: it is
        assert "🔁 Это переигровка игры 1 этого стола" in judge.last().text
        await judge.press("✅ Подтвердить")
        await world.announced()
        shown = [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
        assert any("Стол 1, игра 2 (переигровка игры 1): победа чёрных" in m.text for m in shown)
        rows = await world.database.fetchall("SELECT game_number, replay_of FROM games")
        assert [tuple(r) for r in rows] == [(1, None), (2, 1)]
        await enter_protocol(Taps(judge))  # game 3: game 1 is replayed, nothing is offered
        assert "переигровк" not in judge.last().text


async def test_a_game_said_not_to_be_the_replay_is_saved_without_the_link(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge, head, _owl, _fox = await club_with_game(world)
        await head.send("/replay 1 1 посторонняя подсказка")
        await head.reply()
        await enter_protocol(Taps(judge))
        await judge.press("Это не переигровка")
        await judge.press("✅ Подтвердить")
        rows = await world.database.fetchall("SELECT game_number, replay_of FROM games")
        assert [tuple(r) for r in rows] == [(1, None), (2, None)]
        await enter_protocol(Taps(judge))  # game 1 still waits for its replay
        assert "🔁 Это переигровка игры 1 этого стола" in judge.last().text
