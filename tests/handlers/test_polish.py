"""Small things a club night hit (issue 17, item 13), each as a person meets it."""

from bot.texts import announce
from bot.texts import entry as entry_texts
from bot.texts import protests as protest_texts
from tests.club import Taps, appoint_head_judge, enter_protocol, setup_club
from tests.harness import ADMIN_ID, CLUB_CHAT_ID


async def _saved_game(world):
    admin, judge = await setup_club(world)
    head = await appoint_head_judge(world, admin, "Пётр", "petr")
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await world.announced()
    return admin, judge, head


async def test_a_replay_reads_as_one_sentence_and_the_annulled_title_says_so(world):
    _admin, _judge, head = await _saved_game(world)
    await head.send("/replay 1 1 посторонняя подсказка.")
    await head.reply()
    await world.announced()
    group = [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
    assert "подсказка. Игра аннулирована" in group[-1].text and ".." not in group[-1].text
    assert group[0].text.startswith(f"🏁 Стол 1, игра 1: {announce.ANNULLED_RESULT}")
    assert "победа" not in group[0].text.splitlines()[0]
    await head.send("/replay 1 1 ещё раз")
    assert (await head.reply()).text == protest_texts.ALREADY_ANNULLED


async def test_staff_lists_the_admins_of_admin_ids_too(world):
    admin, _judge = await setup_club(world)
    await admin.send("/staff")
    listing = (await admin.reply()).text
    assert "Иван" in listing and f"id {ADMIN_ID}" in listing


async def test_a_spectators_game_in_the_group_is_told_who_enters_results(world):
    _admin, judge = await setup_club(world)
    group = world.api.chats[CLUB_CHAT_ID]
    guest = world.person("Гость")
    await guest.send("/game", chat=group)
    assert (await guest.reply(chat=group)).text == entry_texts.NOT_A_JUDGE
    await judge.send("/game", chat=group)
    assert "в личном чате" in (await judge.reply(chat=group)).text


async def test_a_correction_is_headed_once_with_its_table_and_number(world):
    _admin, _judge, head = await _saved_game(world)
    await head.send("/games")
    await head.reply()
    await head.press(next(b for b in head.buttons() if "игра 1" in b))
    first_line = (await head.reply()).text.splitlines()[0]
    assert first_line == "Исправление · стол 1 · игра 1"


async def test_every_deadline_is_written_one_way(world):
    _admin, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await world.announced()
    announced = [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot][-1].text
    line = next(x for x in announced.splitlines() if x.startswith("Протест можно подать до"))
    deadline = line.removeprefix("Протест можно подать до ").removesuffix(".")
    hours, zone, date = deadline.split(" ")
    assert len(hours) == 5 and zone == "МСК" and date.startswith("(") and date.endswith(")")


async def test_unjudge_and_unlink_tell_the_person(world):
    admin, judge = await setup_club(world)
    await admin.send("/unjudge @ivan_judge")
    assert "сняты права" in (await admin.reply()).text
    await world.api.wait_for(lambda: "С вас сняты права клуба (судья)" in judge.last().text, 5)
    owl = world.person("Оля", username="owl")
    await owl.send("/start")
    await owl.reply()
    await world.services.players.create("Сова", ADMIN_ID)
    await admin.send(f"/link {owl.id} Сова")
    await admin.reply()
    await world.api.wait_for(lambda: "привязан" in owl.last().text, 5)
    await admin.send("/unlink Сова")
    assert "больше ни к кому не привязан" in (await admin.reply()).text
    await world.api.wait_for(lambda: "отвязан от ника «Сова»" in owl.last().text, 5)
