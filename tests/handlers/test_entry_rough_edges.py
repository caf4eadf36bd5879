"""The rough edges a judge hit in the first version, each driven as a person does."""

from datetime import timedelta

import pytest

from bot.club.players import SimilarPlayerError
from bot.texts import entry as entry_texts
from bot.vocabulary.rights import Right
from tests.club import (
    NAMES,
    Taps,
    appoint_judge,
    enter_protocol,
    open_seat_from_summary,
    setup_club,
)
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, dispatcher_world


@pytest.fixture
async def club(world):
    admin, judge = await setup_club(world)
    return world, admin, judge


async def known_players(world, judge, names=NAMES):
    players = world.services.players
    for name in names:
        await players.create(name, judge.id)


def notice(judge) -> str:
    text = judge.last().text
    return text.split("\n\n")[1] if "⚠️" in text else ""


def group_messages(world):
    return [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


# -- 1. numbered pastes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "prefix",
    ["{n}.", "{n})", "{n} ", "{n}. ", "{n}\t", " {n} .  "],
)
async def test_a_numbered_paste_seats_the_players_whatever_the_separator(club, prefix):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    lines = [prefix.format(n=n) + name + "  " for n, name in enumerate(NAMES, start=1)]
    await judge.send("\n".join(lines))
    text = judge.last().text
    for seat, name in enumerate(NAMES, start=1):
        assert f"{seat}. {name}\n" in text + "\n"
    assert "Нет в базе" not in text and "Далее ➡" in judge.buttons()


async def test_numbered_lines_in_any_order_go_to_their_seats(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    lines = [f"{n}.{name}" for n, name in enumerate(NAMES, start=1)]
    await judge.send("\n".join(reversed(lines)))
    assert "1. Лис\n" in judge.last().text and "10. Филин" in judge.last().text


async def test_a_new_player_is_never_named_after_a_seat_number(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("\n".join(f"{n}.{name}" for n, name in enumerate(NAMES, start=1)))
    unknown = judge.last().text
    assert "«Лис» (место 1)" in unknown and "«1.Лис»" not in unknown
    await judge.press("➕ Создать новых игроков: 10")
    players = await judge.world.services.players.search("1.")
    assert players == []
    await Taps(judge).seat(3)
    await judge.send("7) ")  # a bare seat number is not a nickname either
    assert "Ник не может" in judge.last().text


# -- 2. е/ё ------------------------------------------------------------------------------------


async def test_yo_and_ye_find_the_same_player_and_no_twin_is_created(club):
    world, _, judge = club
    await world.services.players.create("Ёжик", judge.id)
    await judge.send("/game")
    await judge.send("ежик")
    assert "1. Ёжик" in judge.last().text  # a whole nickname, е for ё, is seated at once
    await Taps(judge).seat(2)
    await judge.send("ЕЖ")
    assert "Ёжик" not in judge.buttons()  # already seated: not suggested twice
    players = world.services.players
    with pytest.raises(ValueError, match="уже есть игрок «Ёжик»"):
        await players.create("ЕЖИК", judge.id)


async def test_creating_a_twin_from_the_button_offers_the_existing_player(club):
    world, _, judge = club
    await judge.send("/game")
    await judge.send("Ёлка")  # not in the club yet: offered as new
    await world.services.players.create("Елка", judge.id)  # another judge, meanwhile
    await judge.press("➕ Новый игрок «Ёлка»")
    assert "В клубе уже есть игрок «Елка»" in judge.last().text
    assert "Елка" in judge.buttons()
    await judge.press("Елка")
    assert "1. Елка" in judge.last().text


# -- 3. emoji ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["🧙‍♂️ Маг", "👩‍🦰", "Радуга 🏳️‍🌈", "🐻‍❄️", "👍🏽Ок", "🇷🇺 Ru"])
async def test_emoji_sequences_make_fine_nicknames(club, name):
    _, _, judge = club
    await judge.send("/game")
    await judge.send(name)
    await judge.press(f"➕ Новый игрок «{name}»")
    assert f"1. {name}" in judge.last().text


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Лис\u202eсил", "управляющие или невидимые"),
        ("Ли\u2066с", "управляющие или невидимые"),
        ("Ли\u0007с", "управляющие или невидимые"),
        ("\u200d\u200d", "управляющие или невидимые"),
        ("\ufe0f", "пустым"),
    ],
)
async def test_control_and_bidi_characters_are_refused(club, name, why):
    _, _, judge = club
    await judge.send("/game")
    await judge.send(name)
    assert why in notice(judge)
    assert not any(b.startswith("➕") for b in judge.buttons())


# -- 4. a wrong paste seats what it can --------------------------------------------------------


async def test_a_wrong_paste_seats_the_good_lines_and_keeps_the_message(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    lines = [*NAMES[:5], "Ф" * 33, NAMES[6], "лис", *NAMES[8:]]
    await judge.send("\n".join(lines))
    text = judge.last().text
    assert "Посажено игроков: 8" in text
    assert "строка 6 — Ник длиннее 32 символов" in text
    assert "строка 8 — «лис» уже в строке 1" in text
    assert "5. Ёж\n" in text and "7. Волк" in text and "10. Филин" in text
    sent = [m for m in judge.private.history() if not m.from_bot]
    assert sent[-1].text == "\n".join(lines)  # not deleted: the judge can copy and fix it
    await Taps(judge).seat(6)
    await judge.send("Кот")
    await judge.send("Рысь")
    assert "Далее ➡" in judge.buttons()


async def test_a_clean_paste_is_tidied_away(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    await judge.send("\n".join(NAMES))
    assert [m for m in judge.private.history() if not m.from_bot][-1].text == "/game"


# -- 5. one live editor: see test_entry.py (/game with a draft open) ---------------------------

# -- 6. table and game number ------------------------------------------------------------------


async def test_changing_the_table_from_the_summary_returns_to_the_summary(club):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps)
    await taps.press("✏️ Изменить")
    await taps.press("Стол и игра")
    await taps.press("Стол 3")
    text = judge.last().text
    assert "стол 3 · игра 1" in text and "Итог" in text
    assert "✅ Подтвердить" in judge.buttons()
    assert not any(b.startswith("➕") for b in judge.buttons())


async def test_a_used_number_is_refused_when_typed(club):
    _, _, judge = club
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await judge.press("📝 Следующая игра")
    await judge.reply()
    await judge.press("Стол 1, игра 2 — изменить")
    await judge.send("1 1")
    assert "Игра 1 за столом 1 уже внесена. Следующий свободный номер — 2." in judge.last().text
    assert "Стол и номер игры" in judge.last().text  # still asking
    await judge.send("1 5")
    assert "стол 1 · игра 5" in judge.last().text and "Игроки" in judge.last().text


async def test_leaving_the_players_clears_the_search(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("Незнакомец")
    assert "➕ Новый игрок «Незнакомец»" in judge.buttons()
    await judge.press("Стол 1, игра 1 — изменить")
    await judge.press("◀ Назад")
    assert not any(b.startswith("➕") for b in judge.buttons())


# -- 7. discarding asks once -------------------------------------------------------------------


async def test_discard_asks_once_and_no_keeps_everything(club):
    world, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps)
    await taps.press("✖ Отменить")
    assert "Удалить черновик этой игры?" in judge.last().text
    await taps.press("Нет, вернуться")
    assert "Итог" in judge.last().text and "✅ Подтвердить" in judge.buttons()
    assert len(await world.database.fetchall("SELECT id FROM drafts")) == 1


# -- 8. what a correction changed, in words ----------------------------------------------------


async def test_announcement_names_each_penalty_and_explains_ci_and_best_move(club):
    world, _, judge = club
    await enter_protocol(Taps(judge), penalties={1: ["8.5.1"]})
    await judge.press("✅ Подтвердить")
    await world.announced()
    (announcement,) = group_messages(world)
    assert "↳ штраф 8.5.1: Слом в красного в 1-й день" in announcement.text
    assert "Ci — компенсация за отстрел в первую ночь" in announcement.text
    assert "ЛХ — лучший ход." in announcement.text


async def test_a_correction_that_changes_nothing_posts_nothing(club):
    world, _, judge = club
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await world.announced()
    await judge.press("✏️ Исправить эту игру")
    await judge.reply()
    await judge.press("✅ Подтвердить")
    assert "ничего не изменилось" in judge.last().text
    await world.announced()
    (announcement,) = group_messages(world)
    assert announcement.edits == 0
    assert len(await world.services.games.audit(1)) == 1


async def test_a_swapped_penalty_is_visible_and_noted(club):
    world, _, judge = club
    await enter_protocol(Taps(judge), winner="🔴 Красные", penalties={4: ["8.5.6.1"]})
    await judge.press("✅ Подтвердить")
    await world.announced()
    taps = Taps(judge)
    await taps.press("✏️ Исправить эту игру")
    await open_seat_from_summary(taps, 4)
    for label in list(judge.buttons()):
        if label.startswith(("✓ 8.5.6.1", "8.5.6.4")):
            await taps.press(label)
    await taps.press("Готово ✓")
    await taps.press("К итогу ➡")
    await taps.press("✅ Подтвердить")
    await world.announced()
    announcement, note = group_messages(world)
    assert "штраф 8.5.6.4: Не стрелял 2+ ночи" in announcement.text
    assert "8.5.6.1" not in announcement.text
    assert "исправлен: штрафы" in note.text


# -- 9. admins and menus -----------------------------------------------------------------------


async def test_a_new_admin_gets_his_menu_when_he_first_writes(tmp_path):
    async with dispatcher_world(tmp_path, admin_ids=f"{ADMIN_ID},900002") as world:
        assert "chat:900002" not in world.api.commands  # he never opened the bot
        newcomer = world.person("Новый админ", user_id=900002)
        await newcomer.send("/start")
        await newcomer.reply()
        menu = {c["command"] for c in world.api.commands["chat:900002"]}
        assert {"newtournament", "judge", "game"} <= menu


async def test_an_appointed_person_is_told_what_he_can_now_do(club):
    world, admin, _ = club
    head = world.person("Главный", username="head")
    await head.send("/start")
    await head.reply()
    await admin.send("/headjudge @head")
    await admin.reply()
    # Told through the outbox, a moment later.
    await world.api.wait_for(lambda: "Вас назначили" in head.last().text, 5)
    told = head.last().text
    assert "Вас назначили: главный судья" in told and "/games" in told
    menu = {c["command"] for c in world.api.commands[f"chat:{head.id}"]}
    assert "games" in menu


async def test_rights_changed_while_the_bot_could_not_write_are_shown_later(club):
    world, admin, judge = club
    await admin.send(f"/unjudge {judge.id}")
    await admin.reply()
    assert f"chat:{judge.id}" not in world.api.commands
    await world.services.members.grant(judge.id, Right.JUDGE, ADMIN_ID)  # e.g. another process
    await judge.send("/help")  # his next update publishes the menu of his rights
    await judge.reply()
    assert "game" in {c["command"] for c in world.api.commands[f"chat:{judge.id}"]}


# -- 10. pinning: the README no longer asks for the right (see README) -------------------------

# -- 11. small things --------------------------------------------------------------------------


async def test_greeting_help_and_deadline(club):
    world, _, judge = club
    await judge.send("/start")
    assert "Здравствуйте, Иван!\n\nЯ веду" in (await judge.reply()).text
    await judge.send("/help")
    assert "Напишите мне в личные" not in (await judge.reply()).text
    group = world.api.chats[CLUB_CHAT_ID]
    await judge.send("/start", chat=group)
    start = (await judge.reply(chat=group)).text
    await judge.send("/help", chat=group)
    assert (await judge.reply(chat=group)).text != start
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await world.announced()
    assert " МСК (" in group_messages(world)[-1].text


async def test_a_long_message_split_by_telegram_keeps_its_first_notice(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("x" * 4096)
    assert "Слишком длинное сообщение" in notice(judge)
    await judge.send("x" * 904)  # the rest of the same 5000 characters
    assert "Слишком длинное сообщение" in notice(judge)
    assert "Ник длиннее" not in judge.last().text


async def test_unknown_pasted_names_are_shown_in_the_seat_list(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("\n".join(NAMES))
    assert "1. Лис (новый?)" in judge.last().text and "1. —" not in judge.last().text


# -- 12. what a person types is parsed strictly ------------------------------------------------


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        ("/admin 99999999999999999999", "Такого id в Telegram не бывает"),
        ("/judge ²", "Укажите человека как @username или числовой id"),
        ("/judge --5", "Укажите человека как @username или числовой id"),
        ("/unjudge ²", "Укажите человека как @username или числовой id"),
        ("/judge 123456", "Я не знаю 123456"),
    ],
)
async def test_malformed_people_are_refused_in_russian(club, command, answer):
    _, admin, _ = club
    await admin.send(command)
    assert answer in (await admin.reply()).text


@pytest.mark.parametrize(
    ("typed", "answer"),
    [("² 1", "Напишите два числа"), ("100 1", "Стол — от 1 до 99"), ("1 1e309", "два числа")],
)
async def test_malformed_table_and_game(club, typed, answer):
    _, _, judge = club
    await judge.send("/game")
    await judge.press("Стол 1, игра 1 — изменить")
    await judge.send(typed)
    assert answer in notice(judge)


@pytest.mark.parametrize("typed", ["NaN", "1e309", "-inf", "0.3.3", "٣"])
async def test_malformed_extras(club, typed):
    _, _, judge = club
    taps = Taps(judge)
    await enter_protocol(taps)
    await open_seat_from_summary(taps, 4)
    await judge.send(typed)
    assert "Напишите число, например 0.3." in notice(judge)


async def test_forged_buttons_with_huge_ids_are_answered(club):
    world, admin, judge = club
    await judge.send("/game")
    editor = judge.last()
    draft_id = editor.buttons()[0]["callback_data"].split(":")[1]
    for data in (
        f"e:{draft_id}:1:pick:99999999999999999999",
        "e:99999999999999999999:1:seat:1",
        f"e:{draft_id}:99999999999999999999:seat:1",
        f"e:{draft_id}:1:exv:NaN",
        "g:fix:99999999999999999999",
        "e:1:1:bogus:1",
    ):
        await judge.press_data(data, editor)
        assert judge.last_answer() is not None
    await admin.send("/tournaments")
    listing = await admin.reply()
    for data in ("a:rs:424242:0", "a:cur:99999999999999999999", "a:rs:1:99"):
        await admin.press_data(data, listing)
        assert admin.last_answer()["text"]
    assert await world.database.fetchall("SELECT id FROM games") == []


# -- targets -----------------------------------------------------------------------------------


async def test_walkthrough_with_known_players_takes_at_most_20_actions(club):
    world, _, judge = club
    await known_players(world, judge)
    taps = Taps(judge)
    await enter_protocol(taps, extras={4: "0.3"}, penalties={1: ["8.5.1"]})
    await taps.press("✅ Подтвердить")
    assert "сохранена" in judge.last().text
    assert taps.count <= 20, taps.count


async def test_typing_whole_nicknames_takes_at_most_30_actions(club):
    world, _, judge = club
    await known_players(world, judge)
    taps = Taps(judge)
    await taps.send("/game")
    for name in NAMES:
        await taps.send(name)
    await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):
        await taps.seat(seat)
    await taps.press("⚫ Чёрные")
    await taps.seat(1)
    for seat in (4, 7, 9):
        await taps.seat(seat)
    for seat, label in ((4, "0.3"),):
        await taps.seat(seat)
        await taps.press(label)
        await taps.press("Готово ✓")
    await taps.seat(1)
    await taps.press(next(b for b in judge.buttons() if b.startswith("8.5.1 ")))
    await taps.press("Готово ✓")
    await taps.press("К итогу ➡")
    await taps.press("✅ Подтвердить")
    assert "сохранена" in judge.last().text
    assert taps.count <= 30, taps.count


async def test_a_judge_window_still_closes_corrections(club):
    world, _, judge = club
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    world.clock.shift = timedelta(minutes=11)
    await judge.press("✏️ Исправить эту игру")
    assert "Исправить эту игру нельзя" in judge.last_answer()["text"]


async def test_two_judges_cannot_take_the_same_number(club):
    world, admin, first = club
    second = await appoint_judge(world, admin, "Пётр", "petr_judge")
    await enter_protocol(Taps(first))
    await enter_protocol(Taps(second), names=[f"{n}2" for n in NAMES])
    await first.press("✅ Подтвердить")
    await second.press("✅ Подтвердить")
    assert "Игра 1 за столом 1 уже внесена. Следующий свободный номер — 2." in second.last().text
    await second.send("1 2")
    await second.press("✅ Подтвердить")
    assert "Игра 2 (стол 1) сохранена" in second.last().text


async def test_the_cursor_skips_seats_waiting_for_a_new_player(club):
    _, _, judge = club
    await judge.send("/game")
    await judge.send("\n".join(NAMES[:9]))
    text = judge.last().text
    assert "▶ 10. —" in text and "Место 10:" in text and "▶ 1." not in text


# -- a club night's pastes (issue 17, item 5) ----------------------------------------------------


async def test_two_lines_for_one_seat_are_named_and_the_message_kept(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    lines = ["1. Сова", "1. Кот", "2. Филин"]
    await judge.send("\n".join(lines))
    text = judge.last().text
    assert "строка 2 — место 1 уже в строке 1" in text
    assert "1. Сова" in text and "2. Филин" in text and "3. Филин" not in text  # not shifted
    sent = [m for m in judge.private.history() if not m.from_bot]
    assert sent[-1].text == "\n".join(lines)  # kept: the judge can copy and fix it


async def test_a_seat_number_past_ten_is_a_bad_seat_not_a_new_player(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    await judge.send("11. Сова\n2. Кот")
    text = judge.last().text
    assert "строка 1 — места 11 нет" in text and "2. Кот" in text
    assert not any("Создать" in b for b in judge.buttons())  # «11. Сова» is nobody to create


async def test_nicknames_with_commas_are_seated_one_per_comma(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    await judge.send("Сова, Кот, Филин")
    text = judge.last().text
    assert "1. Сова" in text and "2. Кот" in text and "3. Филин" in text


# -- a typo must not split a player (issue 17, item 2) -------------------------------------------


async def test_a_typo_in_a_paste_is_offered_the_close_player_first(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    pasted = ["Лис", "Bravo", "<Дон> & Co", "Совв", "Ёж", "Кто", "Волк", "Рысь", "Барс", "Новичок"]
    await judge.send("\n".join(pasted))
    buttons = judge.buttons()
    assert "Совв → Сова?" in buttons and "Кто → Кот?" in buttons
    assert "➕ «Совв» — новый игрок" in buttons
    assert entry_texts.create_all_button(1) in buttons  # only «Новичок» is plainly new
    await judge.press("Совв → Сова?")
    await judge.press("Кто → Кот?")
    await judge.press(entry_texts.create_all_button(1))
    text = judge.last().text
    assert "4. Сова" in text and "6. Кот" in text and "10. Новичок" in text
    players = world.services.players
    assert await players.by_nickname("Совв") is None and await players.by_nickname("Кто") is None


async def test_a_typed_typo_suggests_the_player_and_asks_before_a_new_one(club):
    world, _, judge = club
    await known_players(world, judge)
    await judge.send("/game")
    await judge.send("Совв")
    buttons = judge.buttons()
    assert buttons.index("Сова") < buttons.index(entry_texts.new_player_button("Совв"))
    await judge.press(entry_texts.new_player_button("Совв"))
    assert entry_texts.close_exists("Совв", ["Сова"]) in judge.last().text
    assert await world.services.players.by_nickname("Совв") is None  # asked, not created
    await judge.press(entry_texts.new_player_button("Совв"))  # yes, a new person
    assert "1. Совв" in judge.last().text


async def test_look_alike_latin_letters_are_the_same_letters(club):
    world, _, judge = club
    await known_players(world, judge)
    players = world.services.players
    latin_c = "Cова"  # a Latin C
    assert (await players.by_nickname(latin_c)).nickname == "Сова"
    with pytest.raises(SimilarPlayerError):
        await players.create(latin_c, judge.id)
    await judge.send("/game")
    await judge.send("\n".join(["Лис", "Bravo", "<Дон> & Co", latin_c, "Ёж", "Кот", "Волк",
                                "Рысь", "Барс", "Филин"]))  # fmt: skip
    assert "4. Сова" in judge.last().text and "Далее ➡" in judge.buttons()


async def test_numbered_nicknames_are_told_apart_on_purpose(club):
    world, _, judge = club
    players = world.services.players
    for name in ("Гость1", "Лис"):
        await players.create(name, judge.id)
    assert await players.close_to("Гость2") == [] and await players.close_to("Лис2") == []
    assert [p.nickname for p in await players.close_to("Лсс")] == ["Лис"]
