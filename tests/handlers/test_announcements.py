"""Announcements survive flood limits and crashes: every game announced exactly once."""

import pytest

from tests.club import NAMES, Taps, enter_protocol, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import CLUB_CHAT_ID, dispatcher_world


@pytest.fixture
async def tight_world(tmp_path):
    # Telegram allows ~20 messages a minute into a group; here 3 per 2 seconds, same mechanism.
    async with dispatcher_world(tmp_path, api=FakeBotAPI(group_limit=3, group_window=2.0)) as w:
        yield w


async def test_flood_limit_delays_but_never_drops_an_announcement(tight_world):
    world = tight_world
    _, judge = await setup_club(world)
    # Five games confirmed while the outbox is held, then let go at once: a burst beyond the
    # group's limit however slowly this machine enters them (entered one by one on a loaded
    # machine, the games came slower than the limit and nothing was refused).
    await world.services.outbox.stop()
    for number in range(1, 6):
        await enter_protocol(Taps(judge), names=[f"{n}{number}" for n in NAMES])
        await judge.press("✅ Подтвердить")
    world.services.outbox.start(world.bot)
    await world.api.wait_for(
        lambda: len([m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]) == 5,
        timeout=15,
    )
    await world.announced()
    texts = [m.text for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
    assert [t.split(":")[0] for t in texts] == [f"🏁 Стол 1, игра {n}" for n in range(1, 6)]
    assert any(error.code == 429 for _, error in world.api.errors)


async def test_pending_announcement_is_published_after_a_restart(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        await world.services.outbox.stop()  # as if the bot died right after the commit
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        assert not [m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
        row = await world.database.fetchone("SELECT kind FROM outbox")
        assert row["kind"] == "announce"
        # Start-up publishes what is pending.
        world.services.outbox.start(world.bot)
        await world.announced()
        assert len([m for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]) == 1


async def test_without_a_club_chat_the_result_is_saved_and_the_judge_told(tmp_path):
    async with dispatcher_world(tmp_path, club_chat_id=None) as world:
        _, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        assert "Чат клуба не настроен" in judge.last().text
        assert len(await world.database.fetchall("SELECT id FROM games")) == 1
