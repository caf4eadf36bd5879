"""An update delivered again (after a crash, before Telegram was told it was handled)."""

import asyncio

from bot.texts import tournaments as tournament_texts
from tests.club import NAMES, Taps, appoint_judge, enter_protocol, setup_club
from tests.harness import ADMIN_ID


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
