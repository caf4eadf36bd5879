"""Corrections: reopened in the same editor, audited, and re-announced by editing."""

import json
from datetime import timedelta

import pytest

from bot.vocabulary.window import ProtestWindow
from tests.club import Taps, appoint_judge, enter_protocol, setup_club
from tests.harness import CLUB_CHAT_ID


@pytest.fixture
async def saved_game(world):
    admin, judge = await setup_club(world)
    await enter_protocol(Taps(judge), extras={4: "0.3"})
    await judge.press("✅ Подтвердить")
    await world.announced()
    return admin, judge


def announcements(world):
    return [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


async def test_correction_is_audited_and_re_announced(world, saved_game):
    _, judge = saved_game
    (original,) = announcements(world)
    await judge.press("✏️ Исправить эту игру")
    editor = await judge.reply()
    assert "Исправление · стол 1 · игра 1" in editor.text and "Итог" in editor.text
    await judge.press("✏️ Изменить")
    await judge.press("Победитель")
    await judge.press("🔴 Красные")
    await judge.press("✅ Подтвердить")
    assert "Игра 1 (стол 1) исправлена." in judge.last().text
    await world.announced()
    messages = announcements(world)
    assert messages[0].message_id == original.message_id and messages[0].edits == 1
    assert "победа красных" in messages[0].text
    assert "Ci" not in messages[0].text.split("\n\n")[1]  # no Ci: red won
    note = messages[1]
    assert note.reply_to == original.message_id
    assert "исправлен: победитель" in note.text
    games = world.services.games
    _created, corrected = await games.audit(1)
    assert corrected["action"] == "corrected" and corrected["actor_id"] == judge.id
    assert json.loads(corrected["before"])["winner"] == "black"
    assert json.loads(corrected["after"])["winner"] == "red"
    assert len(await world.database.fetchall("SELECT id FROM games")) == 1


async def test_judge_cannot_correct_after_the_window_but_head_judge_can(world, saved_game):
    admin, judge = saved_game
    world.clock.shift = timedelta(minutes=11)
    await judge.press("✏️ Исправить эту игру")
    assert "Исправить эту игру нельзя" in judge.last_answer()["text"]
    await judge.send("/games")
    assert "Нет игр, которые вы можете исправить" in (await judge.reply()).text

    head = await appoint_judge(world, admin, "Главный", "head_judge")
    await admin.send("/headjudge @head_judge")
    await admin.reply()
    await head.send("/games")
    await head.press("✏️ Стол 1, игра 1")
    assert "Исправление · стол 1 · игра 1" in (await head.reply()).text
    await head.press("✖ Отменить")
    assert "Отменить исправление?" in head.last().text  # asked once
    await head.press("🗑 Да, удалить")
    assert "Исправление отменено" in head.last().text


async def test_another_judge_cannot_correct_my_game(world, saved_game):
    admin, judge = saved_game
    other = await appoint_judge(world, admin, "Пётр", "petr")
    await other.send("/games")
    assert "Нет игр" in (await other.reply()).text
    editor = judge.last()
    fix = next(b for b in editor.buttons() if b["text"] == "✏️ Исправить эту игру")
    await other.press_data(fix["callback_data"], editor, chat=judge.private)
    assert "Исправить эту игру нельзя" in other.last_answer()["text"]


async def test_announcement_turns_final_after_the_window(world, saved_game):
    announcer = world.services.announcer
    world.clock.shift = timedelta(minutes=11)
    assert "результат окончательный" in await announcer.render(1)


async def test_window_closing_during_a_correction_refuses_the_save(world, saved_game):
    _, judge = saved_game
    await judge.press("✏️ Исправить эту игру")
    await judge.press("✏️ Изменить")
    await judge.press("Победитель")
    await judge.press("🔴 Красные")
    world.clock.shift = timedelta(minutes=11)
    await judge.press("✅ Подтвердить")
    assert "время протестов истекло" in judge.last_answer()["text"]
    stored = await world.services.games.get(1)
    assert stored.protocol.winner == "black"  # unchanged


async def test_status_is_provisional_then_final(world, saved_game):
    games = world.services.games
    stored = await games.get(1)
    window = ProtestWindow(world.settings.protest_window_minutes)
    assert stored.status_at(world.clock.now(), window) == "provisional"
    deadline = stored.deadline(window)  # the whole minute after ten minutes
    assert stored.status_at(deadline - timedelta(seconds=1), window) == "provisional"
    assert stored.status_at(deadline, window) == "final"
    assert stored.status_at(world.clock.now() + timedelta(minutes=11), window) == "final"


async def test_a_tap_after_a_crash_that_followed_the_save_shows_the_saved_game(world, saved_game):
    _, judge = saved_game
    await judge.press("✏️ Исправить эту игру")
    await judge.reply()
    await judge.press("✏️ Изменить")
    await judge.press("Победитель")
    await judge.press("🔴 Красные")
    summary = judge.last()
    confirm = next(b for b in summary.buttons() if b["text"] == "✅ Подтвердить")
    # The correction was saved, then the bot died before it could edit the message …
    draft = await world.services.editor.drafts.of_judge(judge.id)
    from bot.club.games import Submission

    submission = Submission(
        draft.id, draft.tournament_id, draft.stage_id, draft.protocol, draft.ended_at, 1
    )
    judge_member = await world.services.members.member(judge.id)
    await world.services.games.save(submission, judge_member)
    # … so the message still offers Confirm. The tap shows what the database holds.
    await judge.press_data(confirm["callback_data"], summary)
    assert judge.last_answer()["text"] == "Эта игра уже сохранена."
    assert (
        "Игра 1 (стол 1) исправлена." in summary.text and "победа красных" in summary.text.lower()
    )
    assert len(await world.services.games.audit(1)) == 2
