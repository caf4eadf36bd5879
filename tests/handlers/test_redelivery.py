"""An update delivered again (after a crash, before Telegram was told it was handled)."""

import asyncio

import pytest

from bot.texts import tournaments as tournament_texts
from tests.club import NAMES, Taps, appoint_judge, enter_protocol, setup_club
from tests.harness import ADMIN_ID, dispatcher_world

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines


async def test_an_update_handled_before_is_skipped(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    update = world.api.user_message(admin.private, admin.user, "/newtournament Осень")
    await world.deliver(update)
    await world.deliver(update)  # redelivered: already in the journal
    replies = [m for m in admin.bot_messages() if "создан" in m.text]
    assert len(replies) == 1
    assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 1


async def test_a_crash_between_the_effect_and_the_journal_creates_nothing_twice(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    update = world.api.user_message(admin.private, admin.user, "/newtournament Осень")
    await world.deliver(update)
    async with world.database.transaction() as connection:  # as if the bot died right there
        await connection.execute("DELETE FROM handled_updates")
    await world.deliver(update)
    assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 1
    assert len(await world.database.fetchall("SELECT id FROM stages")) == 1
    assert "«Осень» создан" in admin.last().text  # the answer is given again, truthfully


async def test_a_typed_text_applied_before_a_crash_is_not_applied_again(world):
    """The judge typed «2 1» on the table screen; the bot died after storing its effect and
    before noting the update handled. Delivered again, it must not be read a second time — on
    the players' screen it would be «seat 2: a player named 1»."""
    _admin, judge = await setup_club(world)
    await judge.send("/game")
    await judge.reply()
    await judge.press(next(b for b in judge.buttons() if b.endswith("— изменить")))
    await judge.reply()
    update = world.api.user_message(judge.private, judge.user, "2 1")
    await world.deliver(update)
    shown = judge.last().text
    assert "стол 2 · игра 1" in shown
    async with world.database.transaction() as connection:  # as if the bot died right there
        await connection.execute("DELETE FROM handled_updates")
    await world.deliver(update)
    assert judge.last().text == shown  # the screen as it was: nothing typed into a seat
    draft = await world.services.editor.drafts.of_judge(judge.id)
    assert draft.cursor is None and draft.query is None


async def test_a_second_tournament_with_the_same_title_is_refused(world):
    """Not a repeated update but a second request: titles are unique (issue 17, item 3), case and
    е/ё aside, so /rating can name a tournament by its title."""
    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/newtournament Осень")
    await admin.reply()
    await admin.send("/newtournament осень")
    assert (await admin.reply()).text == tournament_texts.title_taken("Осень")
    assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 1


async def test_two_judges_confirming_the_same_table_and_game_at_once(world):
    admin, first = await setup_club(world)
    second = await appoint_judge(world, admin, "Пётр", "petr_judge")
    await enter_protocol(Taps(first))
    await enter_protocol(Taps(second), names=[f"{n}2" for n in NAMES])
    screens = [first.last(), second.last()]
    confirms = [
        next(b["callback_data"] for b in screen.buttons() if b["text"] == "✅ Подтвердить")
        for screen in screens
    ]
    await asyncio.gather(
        first.press_data(confirms[0], screens[0]), second.press_data(confirms[1], screens[1])
    )
    texts = [first.last().text, second.last().text]
    assert sum("сохранена" in text for text in texts) == 1
    assert sum("уже внесена" in text for text in texts) == 1
    assert len(await world.database.fetchall("SELECT id FROM games")) == 1


async def test_a_stale_tap_handled_late_does_not_void_a_newer_tap(world):
    """After a crash, an old tap (redelivered) and the judge's next tap can arrive together."""
    _, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    await judge.press("✏️ Изменить")
    old = judge.last().buttons()[0]["callback_data"]  # a button of the previous screen …
    old_screen = judge.last()
    await judge.press("Роли")
    sheriff_again = next(b for b in judge.last().buttons() if b["text"].startswith("↺"))
    current = sheriff_again["callback_data"]  # … and one of the current screen
    await judge.press_data(old, old_screen)  # the old tap is handled late
    assert judge.last_answer()["text"].startswith("Нажатие уже учтено")
    await judge.press_data(current, judge.last())
    assert "Нажмите место шерифа." in judge.last().text  # the newer tap still counts


async def test_an_update_whose_handler_fails_is_answered_set_aside_and_not_handled_again(
    tmp_path, monkeypatch
):
    """Issue 20, item 1: a handler that raises — the person gets the Russian apology, the update
    is recorded once in dead_updates and as handled, admins are told once per reason; the same
    update delivered again (a restart before the acknowledgement) is not handled again."""
    from bot.rating.service import Ratings
    from bot.texts import common

    async def broken(self, asked):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Ratings, "tournament", broken)
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        anna = world.person("Анна")
        await anna.send("/rating")
        assert (await anna.reply()).text == common.UNEXPECTED_ERROR
        rows = await world.database.fetchall("SELECT kind, reason, raw FROM dead_updates")
        assert [r["kind"] for r in rows] == ["failed"]
        assert rows[0]["reason"].startswith("RuntimeError at ")
        assert rows[0]["reason"].endswith("(broken)")  # the line it came from
        assert '"/rating"' in rows[0]["raw"]
        await world.announced()
        told = [m for m in admin.bot_messages() if "закончилась ошибкой" in m.text]
        assert len(told) == 1 and "RuntimeError" in told[0].text
        replies = len(anna.bot_messages())
        again = world.api.user_message(anna.private, anna.user, "/rating")
        await world.deliver(again)  # a second /rating fails the same way: admins told no more
        await world.deliver(again)  # the same update again: skipped by the journal
        await world.announced()
        assert len(anna.bot_messages()) == replies + 1
        assert len([m for m in admin.bot_messages() if "закончилась ошибкой" in m.text]) == 1
        assert len(await world.database.fetchall("SELECT 1 FROM dead_updates")) == 2


async def test_a_refusal_is_answered_once_and_is_no_failure(tmp_path):
    """Issue 29: a service's refusal (here /unlink of a nickname nobody has) reaches the person
    through the one refusal answer of the errors router — a message's answer, a button's alert —
    and the update is handled, not set aside as a failure nor told to the admins."""
    from bot.callbacks import ProtestAction, ProtestCB
    from bot.texts import identity as texts

    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send("/unlink Никтошка")
        refused = (await admin.reply()).text
        assert "Никтошка" in refused and refused != texts.UNLINK_USAGE
        anna = world.person("Анна")
        await anna.send("/iam Сова")
        await anna.reply()
        await anna.send("/iam Сова")  # the same request again: refused, in Russian
        assert "Сова" in (await anna.reply()).text
        forged = ProtestCB(a=ProtestAction.FILE, i=999999).pack()  # no such game
        await anna.press_data(forged, anna.last())
        alert = anna.last_answer()
        assert alert is not None and alert.get("show_alert") and alert.get("text")
        await world.announced()
        assert await world.database.fetchall("SELECT 1 FROM dead_updates") == []
        assert not [m for m in admin.bot_messages() if "закончилась ошибкой" in m.text]
