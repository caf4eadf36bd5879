"""Judges enter results through the real Dispatcher, as people do."""

import asyncio
import json

import pytest

from tests.club import NAMES, Taps, enter_protocol, open_seat_from_summary, seat_players, setup_club
from tests.harness import CLUB_CHAT_ID

TAP_TARGET = 30


@pytest.fixture
async def club(world):
    admin, judge = await setup_club(world)
    return world, admin, judge


def group_messages(world):
    return [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


async def test_full_protocol_by_the_fast_path(club):
    world, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps, extras={4: "0.3"}, penalties={1: ["8.5.1"]})
    summary = judge.last().text
    assert "Итог" in summary and "Победа чёрных" in summary
    assert "1. Лис — мирный: 0.4 (Ci +0.4, ЛХ +0.4, штраф −0.4)" in summary
    assert "2. Bravo — шериф: 0\n" in summary
    assert "4. Сова — мафия: 1.3 (победа 1, доп. +0.3)" in summary
    assert "9. Барс — дон: 1 (победа 1)" in summary
    await taps.press("✅ Подтвердить")
    assert taps.count <= TAP_TARGET, f"{taps.count} actions for a full protocol"
    assert "✅ Игра 1 (стол 1) сохранена." in judge.last().text
    await world.announced()
    (announcement,) = group_messages(world)
    text = announcement.text
    assert "Стол 1, игра 1: победа чёрных" in text
    assert "3. <Дон> & Co — мирный: 0" in text
    assert "1. Лис — мирный: 0.4 (Ci +0.4, ЛХ +0.4, штраф −0.4)" in text
    assert "Судья: Иван." in text
    assert "Протест можно подать до" in text


async def test_full_protocol_through_the_buttons(club):
    world, _, judge = club
    # The players exist already (a previous evening).
    players = world.services.players
    for name in NAMES:
        await players.create(name, judge.id)
    taps = Taps(judge)
    await taps.send("/game")
    for seat, name in enumerate(NAMES, start=1):
        await taps.send(name[:2])  # a part of the nickname …
        if name in judge.buttons():
            await taps.press(name)  # … and the suggestion shown
        assert f"{seat}. {name}" in judge.last().text  # (a whole nickname is seated at once)
    assert "Далее ➡" in judge.buttons()
    await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):
        await taps.seat(seat)
    await taps.press("🔴 Красные")
    await taps.press("Никого (промах)")
    await taps.press("К итогу ➡")
    await taps.press("✅ Подтвердить")
    assert taps.count <= 2 * TAP_TARGET
    assert "сохранена" in judge.last().text
    await world.announced()
    assert "победа красных" in group_messages(world)[0].text


async def test_tap_count_of_a_typical_entry_stays_within_target(club):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps)
    await taps.press("✅ Подтвердить")
    assert taps.count <= TAP_TARGET


async def test_saved_game_is_in_the_database_with_an_audit_record(club):
    world, _, judge = club
    await enter_protocol(Taps(judge), extras={4: "0.3"})
    await judge.press("✅ Подтвердить")
    games = world.services.games
    stored = await games.get(1)
    protocol = stored.protocol
    assert stored.table == 1 and stored.number == 1 and protocol.winner == "black"
    assert str(protocol.extra(4)) == "0.3" and protocol.best_move == (4, 7, 9)
    (audit,) = await games.audit(1)
    assert audit["action"] == "created" and audit["before"] is None
    assert json.loads(audit["after"])["winner"] == "black"


async def test_next_game_number_is_proposed(club):
    _, _, judge = club
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await judge.press("📝 Следующая игра")
    assert "стол 1 · игра 2" in (await judge.reply()).text


async def test_double_tap_on_confirm_saves_one_game(club):
    world, _, judge = club
    await enter_protocol(Taps(judge))
    editor = judge.last()
    confirm = next(b for b in editor.buttons() if b["text"] == "✅ Подтвердить")
    # Two taps arrive together, both from the message that still shows Confirm.
    await asyncio.gather(
        judge.press_data(confirm["callback_data"], editor),
        judge.press_data(confirm["callback_data"], editor),
    )
    answers = [p.get("text") for m, p in world.api.calls if m == "answerCallbackQuery"][-2:]
    assert sorted(answers) == ["Сохранено ✅", "Эта игра уже сохранена."]
    assert len(await world.database.fetchall("SELECT id FROM games")) == 1


async def test_the_same_confirm_update_delivered_twice_saves_one_game(club):
    world, _, judge = club
    await enter_protocol(Taps(judge))
    editor = judge.last()
    confirm = next(b for b in editor.buttons() if b["text"] == "✅ Подтвердить")
    await judge.press_data(confirm["callback_data"], editor)
    await judge.press_data(confirm["callback_data"], editor)  # a double tap or a redelivery
    assert judge.last_answer()["text"] == "Эта игра уже сохранена."
    assert len(await world.database.fetchall("SELECT id FROM games")) == 1
    await world.announced()
    assert len(group_messages(world)) == 1


async def test_a_nickname_with_markup_characters_is_escaped_everywhere(club):
    world, _, judge = club
    await enter_protocol(Taps(judge))
    assert "3. <Дон> & Co" in judge.last().text
    await judge.press("✅ Подтвердить")
    await world.announced()
    assert "<Дон> & Co" in group_messages(world)[0].text
    assert not world.api.message_errors()


async def test_two_judges_enter_at_the_same_time(club):
    world, admin, first = club
    from tests.club import appoint_judge

    second = await appoint_judge(world, admin, "Пётр", "petr_judge")
    a, b = Taps(first), Taps(second)
    await a.send("/game")
    await b.send("/game")
    await b.press("Стол 1, игра 1 — изменить")
    await b.press("Стол 2")
    await a.send("\n".join(NAMES))
    await b.send("\n".join(f"{n}2" for n in NAMES))
    await a.press("➕ Создать новых игроков: 10")
    await b.press("➕ Создать новых игроков: 10")
    assert "Bravo" in first.last().text and "Bravo2" not in first.last().text
    assert "Bravo2" in second.last().text
    for taps in (a, b):
        await taps.press("Далее ➡")
        for seat in (2, 9, 4, 7):
            await taps.seat(seat)
        await taps.press("🔴 Красные")
        await taps.press("Никого (промах)")
        await taps.press("К итогу ➡")
    await a.press("✅ Подтвердить")
    await b.press("✅ Подтвердить")
    assert "Игра 1 (стол 1) сохранена" in first.last().text
    assert "Игра 1 (стол 2) сохранена" in second.last().text
    await world.announced()
    assert len(group_messages(world)) == 2


# -- bad input gets a clear Russian message and loses nothing -----------------------------------


def _editor_notice(judge) -> str:
    text = judge.last().text
    return text.split("\n\n")[1] if "⚠️" in text else ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\n".join([*NAMES, "Лишний"]), "строк 11, а мест 10"),
        ("\n".join([*NAMES[:9], "лис"]), "строка 10 — «лис» уже в строке 1"),
        ("\n".join([*NAMES[:9], "Ф" * 33]), "строка 10 — Ник длиннее 32 символов"),
        ("x" * 5000, "Слишком длинное сообщение"),
        ("Ф" * 40, "Ник длиннее 32 символов."),
    ],
)
async def test_bad_seat_input(club, text, expected):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("Лис")
    await judge.press("➕ Новый игрок «Лис»")
    await judge.send(text)
    assert expected in _editor_notice(judge)
    assert "1. Лис" in judge.last().text  # nothing entered before was lost


async def test_a_player_never_sits_twice_his_nickname_on_another_seat_swaps_them(club):
    """Issue 30 §1.4: «уже на месте 1» left the judge stuck; now the two change seats."""
    _, _, judge = club
    await seat_players(Taps(judge))
    await Taps(judge).seat(5)
    await judge.send("Лис")  # on seat 1
    assert "Поменял местами: 1 ↔ 5." in judge.last().text
    assert "1. Ёж" in judge.last().text and "5. Лис" in judge.last().text
    assert judge.last().text.count("Лис") == 1
    await judge.send("Лис")  # no seat chosen now: he is where he is, and told how to swap
    assert "«Лис» уже на месте 5. Поменять: нажмите место 5, затем другое." in judge.last().text


async def test_creating_a_new_player_from_the_search(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("Новичок")
    await judge.press("➕ Новый игрок «Новичок»")
    assert "1. Новичок" in judge.last().text
    assert "▶ 2. —" in judge.last().text


async def test_table_and_game_number(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.press("Стол 1, игра 1 — изменить")
    await judge.send("три пять")
    assert "Напишите два числа" in judge.last().text
    await judge.send("3 12")
    assert "стол 3 · игра 12" in judge.last().text


async def test_extras_are_refused_in_a_draw_and_penalties_must_fit(club):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps, winner="🤝 Ничья", killed=None)
    await open_seat_from_summary(taps, 1)
    assert "0.3" not in judge.buttons()  # no extras offered in a draw
    assert "Ничья" in judge.last().text or "ничья" in judge.last().text
    offered = [b.split()[0] for b in judge.buttons() if b[0].isdigit()]
    assert offered == ["8.5.2"]  # the only red item that applies in a draw
    # A forged button for an item that does not fit.
    forged = judge.last().buttons()[0]["callback_data"].rsplit(":", 2)[0] + ":pen:8.5.1"
    await judge.press_data(forged, judge.last())
    assert "не подходит" in judge.last_answer()["text"]
    await judge.send("0.3")  # a typed extra
    assert "При ничьей доп. баллы судьи не начисляются" in judge.last().text


async def test_best_move_cannot_name_the_victims_own_seat(club):
    _, _, judge = club
    taps = Taps(judge)
    await seat_players(taps)
    await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):
        await taps.seat(seat)
    await taps.press("⚫ Чёрные")
    await taps.seat(3)
    await taps.seat(3)
    assert "Своё место в лучший ход не входит." in judge.last().text


async def test_changing_the_result_drops_what_no_longer_fits(club):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps, extras={4: "0.3"}, penalties={1: ["8.5.1"]})
    await taps.press("✏️ Изменить")
    await taps.press("Победитель")
    await taps.press("🔴 Красные")
    text = judge.last().text
    assert "Снято, так как больше не подходит: штрафы места 1." in text
    assert "Итог" in text and "1. Лис — мирный: 1.4 (победа 1, ЛХ +0.4)" in text


async def test_cancel_discards_the_draft(club):
    world, _, judge = club
    await judge.send("/game")
    await judge.press("✖ Отменить")
    assert "Удалить черновик этой игры?" in judge.last().text
    await judge.press("🗑 Да, удалить")
    assert judge.last().text.startswith("Протокол отменён")
    assert await world.database.fetchall("SELECT id FROM drafts") == []


async def test_a_stale_button_of_a_closed_draft_is_answered(club):
    _, _, judge = club
    await judge.send("/game")
    old = judge.last()
    seat_button = old.buttons()[0]["callback_data"]
    await judge.press("✖ Отменить")
    await judge.press("🗑 Да, удалить")
    await judge.press_data(seat_button, old)
    assert judge.last_answer()["text"] == "Этот протокол уже закрыт."


async def test_leaving_and_coming_back_continues_the_draft(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("Лис")
    await judge.press("➕ Новый игрок «Лис»")
    await judge.send("/help")
    await judge.send("/game")
    text = judge.last().text
    assert "Продолжаем незаконченный протокол" in text and "1. Лис" in text


async def test_garbage_button_data_is_answered(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.press_data("e:not-a-number:seat:1", judge.last())
    assert judge.last_answer()["text"].startswith("Эта кнопка устарела")
    await judge.press_data("zzz", judge.last())
    assert judge.last_answer()["show_alert"] is True


# -- who may enter results -----------------------------------------------------------------------


async def test_a_stranger_and_a_player_cannot_enter_results(club):
    world, _, judge = club
    await judge.send("/game")
    editor = judge.last()
    stranger = world.person("Незнакомец")
    await stranger.send("/game")
    assert "только судьи клуба" in (await stranger.reply()).text
    # Pressing a judge's button (forwarded or forged) is refused too.
    data = editor.buttons()[0]["callback_data"]
    await stranger.press_data(data, editor, chat=judge.private)
    assert "только судьи клуба" in stranger.last_answer()["text"]
    assert stranger.last_answer()["show_alert"] is True
    await stranger.press_data("g:new:0", editor, chat=judge.private)
    assert "только судьи клуба" in stranger.last_answer()["text"]
    assert await world.database.fetchall("SELECT id FROM games") == []


async def test_game_command_in_the_group_points_to_the_private_chat(club):
    world, _, judge = club
    group = world.api.chats[CLUB_CHAT_ID]
    await judge.send("/game", chat=group)
    assert "в личном чате" in (await judge.reply(chat=group)).text


async def test_no_current_tournament(world):
    from tests.harness import ADMIN_ID

    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/game")  # an admin is a judge too
    assert "Нет текущего турнира" in (await admin.reply()).text


async def test_a_double_tap_on_a_seat_does_not_undo_the_choice(club):
    _, _, judge = club
    taps = Taps(judge)
    await seat_players(taps)
    await taps.press("Далее ➡")
    screen = judge.last()
    sheriff = next(b for b in screen.buttons() if b["text"].startswith("2 "))
    await judge.press_data(sheriff["callback_data"], screen)
    await judge.press_data(sheriff["callback_data"], screen)  # the finger bounced
    assert judge.last_answer()["text"].startswith("Нажатие уже учтено")
    assert "2. Bravo — шериф" in judge.last().text
    assert "Нажмите место дона." in judge.last().text


async def test_stray_text_and_unknown_commands_in_private_get_a_hint(world):
    anna = world.person("Анна")
    for text in ("привет", "/unknown"):
        await anna.send(text)
        assert "Список команд — /help" in (await anna.reply()).text


async def test_back_buttons_and_marking_roles_again(club):
    _, _, judge = club
    taps = Taps(judge)
    await seat_players(taps)
    await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):
        await taps.seat(seat)
    assert "Кто победил?" in judge.last().text
    await taps.press("◀ Назад")
    assert "Роли отмечены" in judge.last().text
    await taps.press("↺ Отметить роли заново")
    assert "Нажмите место шерифа." in judge.last().text and "шериф\n" not in judge.last().text
    for seat in (3, 9, 4, 7):
        await taps.seat(seat)
    await taps.press("🔴 Красные")
    await taps.press("◀ Назад")
    await taps.press("Далее ➡")
    assert "3. <Дон> & Co — шериф" in judge.last().text  # the night screen lists the roles


async def test_typed_extra_with_a_comma(club):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps)
    await open_seat_from_summary(taps, 4)
    await taps.send("0,35")
    assert "Доп. баллы: 0.35." in judge.last().text
    await taps.send("0.33")
    assert "с шагом 0.05" in judge.last().text
    await taps.press("Готово ✓")
    await taps.press("К итогу ➡")
    assert "4. Сова — мафия: 1.35 (победа 1, доп. +0.35)" in judge.last().text


async def test_game_with_a_draft_open_moves_the_one_live_editor_below(club):
    _, _, judge = club
    await judge.send("/game")
    first = judge.last()
    await judge.send("/game")  # the editor is shown again, as a new message …
    second = judge.last()
    assert second.message_id != first.message_id
    assert "Продолжаем незаконченный протокол" in second.text
    assert first.text.startswith("⬇ Протокол открыт ниже") and first.buttons() == []  # … once
    stale = second.buttons()[2]["callback_data"]
    await judge.press_data(stale, first)  # a button of the old copy, kept by a slow client
    assert judge.last_answer()["text"].startswith("Это старая копия протокола")
    await judge.send("Лис")  # typed text goes to the live editor
    await judge.press("➕ Новый игрок «Лис»", message=second)
    assert "1. Лис" in second.text


async def test_the_same_button_update_delivered_twice_is_answered_quietly(club, caplog):
    world, _, judge = club
    await judge.send("/game")
    editor = judge.last()
    seat = editor.buttons()[2]["callback_data"]
    update = world.api.callback(judge.private, judge.user, editor, seat)
    await world.deliver(update)
    await world.deliver(update)  # e.g. redelivered after a restart: Telegram refuses a 2nd answer
    assert "Traceback" not in caplog.text and "failed" not in caplog.text
    assert "▶ 3. —" in judge.last().text
