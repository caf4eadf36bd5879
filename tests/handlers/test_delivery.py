"""The outbox: one failing chat never blocks another, refusals are told to admins once, nothing
queued is ever dropped for the club chat, flood waits are honoured per chat."""

import asyncio

import pytest

from tests.club import NAMES, Taps, enter_protocol, linked_player, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import CLUB_CHAT_ID, dispatcher_world
from tests.timing import scaled

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines


def refusals_were_the_point(world):
    """These tests make Telegram refuse on purpose; the harness checks the rest for refusals."""
    world.api.errors.clear()


def club_messages(world, chat_id=CLUB_CHAT_ID):
    return [m for m in world.api.chats[chat_id].history() if m.from_bot]


async def save_game(judge, number):
    await enter_protocol(Taps(judge), names=[f"{n}{number}" for n in NAMES])
    await judge.press("✅ Подтвердить")


async def queued(world):
    return len(await world.database.fetchall("SELECT id FROM outbox"))


async def test_bot_removed_from_the_club_chat_then_added_back(world):
    admin, judge = await setup_club(world)
    group = world.api.chats[CLUB_CHAT_ID]
    await world.deliver(world.api.bot_status(group, "kicked", admin.user))
    await save_game(judge, 1)
    await save_game(judge, 2)
    await world.api.wait_for(lambda: "Не могу писать в чат клуба" in admin.last().text, 5)
    told = [m for m in admin.bot_messages() if "Не могу писать" in m.text]
    assert len(told) == 1 and "бота удалили из группы" in told[0].text  # once, in Russian
    assert club_messages(world) == [] and await queued(world) == 2  # waiting, not dropped
    # Private messages are not held up by the club chat.
    assert "сохранена" in judge.last().text
    await world.deliver(world.api.bot_status(group, "administrator", admin.user))
    await world.announced()
    texts = [m.text.split(":")[0] for m in club_messages(world)]
    assert texts == ["🏁 Стол 1, игра 1", "🏁 Стол 1, игра 2"]
    assert "снова доступен" in admin.last().text
    refusals_were_the_point(world)


async def test_a_wrong_club_chat_id_is_reported_at_start_and_games_wait(tmp_path):
    async with dispatcher_world(tmp_path, club_chat_id=-100999) as world:
        admin, judge = await setup_club(world)
        told = [m for m in admin.bot_messages() if "Не могу писать в чат клуба" in m.text]
        assert len(told) == 1 and "проверьте CLUB_CHAT_ID" in told[0].text
        await save_game(judge, 1)
        assert await queued(world) == 1
        # The admin fixes the setting: the group the bot was meant for appears under that id.
        world.group(-100999)
        await world.services.outbox.club_chat_back(-100999)
        await world.announced()
        assert len(club_messages(world, -100999)) == 1
        refusals_were_the_point(world)


async def test_a_group_upgraded_to_a_supergroup_is_followed(world):
    admin, judge = await setup_club(world)
    new_id = -1009999999999
    world.group(new_id)
    world.api.chats[CLUB_CHAT_ID].migrated_to = new_id
    await save_game(judge, 1)
    await world.announced()
    assert len(club_messages(world, new_id)) == 1
    assert any("стала супергруппой" in m.text for m in admin.bot_messages())
    await save_game(judge, 2)  # later games go straight there
    await world.announced()
    assert len(club_messages(world, new_id)) == 2
    refusals_were_the_point(world)


async def test_server_errors_and_an_html_502_delay_but_never_drop(world):
    _, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    world.api.failing["sendmessage"] = 3  # 502 Bad Gateway as HTML, three times
    await judge.press("✅ Подтвердить")
    outbox = world.services.outbox
    for delays in (1, 2, 3):
        await world.api.wait_for(lambda delays=delays: outbox.delayed == delays, 5)
        world.pacing.skip(300)  # past the back-off
        outbox.wake()
    await world.announced()
    assert len(club_messages(world)) == 1
    refusals_were_the_point(world)


async def test_a_person_who_blocked_the_bot_is_skipped_quietly(world):
    admin, _ = await setup_club(world)
    ghost = world.person("Призрак", username="ghost")
    await ghost.send("/start")
    await ghost.reply()
    ghost.private.kicked = True  # he blocked the bot
    from bot.core.outbox import Kind, enqueue, private

    async with world.database.transaction() as connection:
        await enqueue(connection, private(ghost.id), Kind.TEXT, "", body="Вам сообщение")
        await enqueue(connection, private(admin.id), Kind.TEXT, "", body="И вам")
    world.services.outbox.wake()
    await world.announced()
    assert admin.last().text == "И вам"
    refusals_were_the_point(world)


@pytest.fixture
async def one_a_minute_world(tmp_path):
    """Telegram allows one message every two minutes into the club chat."""
    api = FakeBotAPI(group_limit=1, group_window=120.0)
    async with dispatcher_world(tmp_path, api=api) as world:
        yield world


async def test_a_long_flood_wait_is_honoured_not_hammered(one_a_minute_world):
    world = one_a_minute_world
    _, judge = await setup_club(world)
    await save_game(judge, 1)
    await world.announced()
    await save_game(judge, 2)  # Telegram says: wait 120 s
    await world.api.wait_for(lambda: any(e.code == 429 for _, e in world.api.errors), 5)
    for _ in range(5):  # the outbox is woken again and again meanwhile …
        world.services.outbox.wake()
        await judge.send("/help")
        await judge.reply()
    floods = [e for _, e in world.api.errors if e.code == 429]
    assert len(floods) == 1  # … and does not ask again before the 120 s are over
    world.pacing.skip(121)
    world.services.outbox.wake()
    await world.announced()
    assert len(club_messages(world)) == 2


async def test_dropped_connections_and_timeouts_delay_but_never_drop(world):
    _, judge = await setup_club(world)
    outbox = world.services.outbox
    outbox.send_timeout = 1.0
    await enter_protocol(Taps(judge))
    world.api.dropping["sendmessage"] = 1  # the connection breaks once …
    world.api.frozen = {"sendmessage"}  # … and then Telegram does not answer at all
    await judge.press("✅ Подтвердить")
    await world.api.wait_for(lambda: outbox.delayed == 1, 5)
    world.pacing.skip(300)
    outbox.wake()
    await world.api.wait_for(lambda: outbox.delayed == 2, 5)  # timed out after 1 s
    world.api.frozen = set()
    world.pacing.skip(300)
    outbox.wake()
    await world.announced()
    assert len(club_messages(world)) == 1


async def test_an_announcement_does_not_wait_for_a_private_result_being_drawn(world):
    admin, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    owl = await linked_player(world, admin, "Ольга", "owl", "Сова")
    await world.announced()
    announcer = world.services.outbox.announcer
    drawn, released = asyncio.Event(), asyncio.Event()
    personal = announcer.personal

    async def slow_personal(game_id, player_id):  # a private result that takes its time
        drawn.set()
        await released.wait()
        return await personal(game_id, player_id)

    announcer.personal = slow_personal
    await enter_protocol(Taps(judge))  # Сова plays again: her own result is drawn
    await judge.press("✅ Подтвердить")
    await asyncio.wait_for(drawn.wait(), scaled(5))
    await save_game(judge, 3)
    await world.api.wait_for(lambda: len(club_messages(world)) == 3, 5)
    assert [m.text.split(":")[0] for m in club_messages(world)][-1] == "🏁 Стол 1, игра 3"
    assert not any("игра 2, стол 1" in m.text for m in owl.bot_messages())  # still drawn
    released.set()
    await world.announced()
    assert "Ваш результат: игра 2, стол 1" in owl.last().text
