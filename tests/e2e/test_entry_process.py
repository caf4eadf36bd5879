"""Result entry end to end: the real ``python -m bot`` process polling the fake Bot API."""

import signal
import sqlite3

import pytest

from tests.club import NAMES, Taps, enter_protocol, seat_players, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess

pytestmark = pytest.mark.process  # each test starts the bot as a program


def announcements(world):
    return [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


async def test_full_protocol_fast_path_and_announcement(running):
    world, _ = running
    _, judge = await setup_club(world)
    taps = Taps(judge)
    await enter_protocol(taps, extras={4: "0.3"})
    await taps.press("✅ Подтвердить")
    assert taps.count <= 30
    assert "сохранена" in judge.last().text
    (announcement,) = await world.api.wait_for(lambda: announcements(world), 5)
    assert "Стол 1, игра 1: победа чёрных" in announcement.text
    assert "3. <Дон> & Co — мирный" in announcement.text
    assert not world.api.message_errors()


async def test_full_protocol_through_buttons(running):
    world, _ = running
    _, judge = await setup_club(world)
    taps = Taps(judge)
    await taps.send("/game")
    for name in NAMES:
        await taps.send(name)
        await taps.press(f"➕ Новый игрок «{name}»")
    await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):
        await taps.seat(seat)
    await taps.press("🔴 Красные")
    await taps.seat(5)
    await taps.press("Без лучшего хода")
    await taps.press("К итогу ➡")
    await taps.press("✅ Подтвердить")
    (announcement,) = await world.api.wait_for(lambda: announcements(world), 5)
    assert "победа красных" in announcement.text and "Первым убит: место 5." in announcement.text


async def test_restart_in_the_middle_of_an_entry_loses_nothing(running, tmp_path):
    world, process = running
    _, judge = await setup_club(world)
    taps = Taps(judge)
    await seat_players(taps)
    await taps.press("Далее ➡")
    await taps.seat(2)  # the sheriff …
    assert await process.stop() == 0
    # … the bot restarts …
    restarted = BotProcess(process.env["TELEGRAM_API_URL"], tmp_path)
    world.api.calls.clear()
    await restarted.start()
    try:
        await world.api.wait_for(lambda: any(m == "getUpdates" for m, _ in world.api.calls), 20)
        # … and the judge goes on pressing the buttons he sees.
        for seat in (9, 4, 7):
            await taps.seat(seat)
        assert "Кто победил?" in judge.last().text
        await taps.press("⚫ Чёрные")
        await taps.press("Никого (промах)")
        await taps.press("К итогу ➡")
        assert "2. Bravo — шериф" in judge.last().text
        await taps.press("✅ Подтвердить")
        (announcement,) = await world.api.wait_for(lambda: announcements(world), 5)
        assert "победа чёрных" in announcement.text
    finally:
        await restarted.stop()
    assert "Traceback" not in restarted.text()


async def test_double_tap_on_confirm_over_polling(running, tmp_path):
    world, _ = running
    _, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    editor = judge.last()
    confirm = next(b for b in editor.buttons() if b["text"] == "✅ Подтвердить")
    await judge.press_data(confirm["callback_data"], editor)
    await judge.press_data(confirm["callback_data"], editor)
    await world.api.wait_for(lambda: not world.api.unanswered_callbacks(), 5)
    await world.api.wait_for(lambda: announcements(world), 5)
    with sqlite3.connect(tmp_path / "data" / "club.sqlite3") as connection:
        assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert len(announcements(world)) == 1
    answers = [p.get("text") for m, p in world.api.calls if m == "answerCallbackQuery"][-2:]
    assert sorted(answers) == ["Сохранено ✅", "Эта игра уже сохранена."]


async def test_two_judges_at_once_over_polling(running):
    world, _ = running
    admin, first = await setup_club(world)
    from tests.club import appoint_judge

    second = await appoint_judge(world, admin, "Пётр", "petr_judge")
    a, b = Taps(first), Taps(second)
    await a.send("/game")
    await b.send("/game")
    await b.press("Стол 1, игра 1 — изменить")
    await b.press("Стол 2")
    await a.send("\n".join(NAMES))
    await b.send("\n".join(f"{n}-2" for n in NAMES))
    await a.press("➕ Создать новых игроков: 10")
    await b.press("➕ Создать новых игроков: 10")
    for taps in (a, b):
        await taps.press("Далее ➡")
    for seat in (2, 9, 4, 7):  # interleaved taps
        await a.seat(seat)
        await b.seat(seat)
    await a.press("🔴 Красные")
    await b.press("⚫ Чёрные")
    for taps in (a, b):
        await taps.press("Никого (промах)")
        await taps.press("К итогу ➡")
        await taps.press("✅ Подтвердить")
    texts = [
        m.text
        for m in await world.api.wait_for(
            lambda: len(announcements(world)) == 2 and announcements(world), 5
        )
    ]
    assert any("Стол 1, игра 1: победа красных" in t for t in texts)
    assert any("Стол 2, игра 1: победа чёрных" in t and "Bravo-2" in t for t in texts)


async def test_correction_re_announced_over_polling(running):
    world, _ = running
    _, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    await Taps(judge).press("✅ Подтвердить")
    (original,) = await world.api.wait_for(lambda: announcements(world), 5)
    taps = Taps(judge)
    await taps.press("✏️ Исправить эту игру")
    await taps.press("✏️ Изменить")
    await taps.press("Победитель")
    await taps.press("🤝 Ничья")
    await taps.press("✅ Подтвердить")
    note = await world.api.wait_for(
        lambda: len(announcements(world)) == 2 and announcements(world)[1], 5
    )
    assert note.reply_to == original.message_id and "исправлен: победитель" in note.text
    assert "ничья" in announcements(world)[0].text and announcements(world)[0].edits == 1


async def test_a_stranger_and_a_player_cannot_enter_results_over_polling(running):
    world, _ = running
    await setup_club(world)
    player = world.person("Игрок")
    await player.send("/start")
    await player.reply()
    for person in (player, world.person("Незнакомец")):
        await person.send("/game")
        assert "только судьи клуба" in (await person.reply()).text


async def test_a_crash_while_an_update_is_handled_loses_nothing(running, tmp_path):
    """SIGKILL while a judge's paste is being handled: after the restart it is handled again —
    from the bot's own store, since Telegram was told it arrived (the next fetch is at once)."""
    world, process = running
    _, judge = await setup_club(world)
    await judge.send("/game")
    await judge.reply()
    world.api.frozen = {"editmessagetext"}  # the bot hangs while showing the pasted players …
    await judge.send("\n".join(NAMES))
    await world.api.wait_for(lambda: world.api.frozen_calls, 10)
    await world.api.wait_for(world.api.all_acknowledged, 10)  # stored: Telegram may forget it
    assert await process.stop(signal.SIGKILL) == -signal.SIGKILL  # … and dies there.
    world.api.frozen = set()
    restarted = BotProcess(process.env["TELEGRAM_API_URL"], tmp_path)
    await restarted.start()
    try:
        # Nobody does anything: the paste comes again and the editor shows the seated players.
        await world.api.wait_for(lambda: "➕ Создать новых игроков: 10" in judge.buttons(), 20)
        await judge.press("➕ Создать новых игроков: 10")
        assert "1. Лис" in (await judge.reply(timeout=10)).text
    finally:
        await restarted.stop()
    assert "Traceback" not in restarted.text()
    with sqlite3.connect(tmp_path / "data" / "club.sqlite3") as connection:
        assert connection.execute("SELECT count(*) FROM players").fetchone()[0] == 10
