"""Each club's data and rights are its own (issue 47, «Bad input»): with two clubs on one bot, a
judge's app calls with club A's signed data on club B's game, a forged button naming club B's
tournament, a protest link to club B's game from a player of club A, and each club's TV link are
refused or kept to their club, in Russian, and nothing of the other club is written."""

import re

import pytest

from bot.callbacks import NEW_MESSAGE, AdminAction, AdminCB
from tests.club import Taps, seat_players
from tests.handlers.test_many_clubs import MANY_CLUBS, two_clubs
from tests.handlers.test_tv import screen, token_of
from tests.harness import dispatcher_world
from tests.webapp import APP_URL, AppCaller, app_server, event, init_data

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines

SETTINGS = {**MANY_CLUBS, "club_signup": "open", "webapp_url": APP_URL}


async def rows(world, table):
    return [tuple(row) for row in await world.database.fetchall(f"SELECT * FROM {table}")]


async def test_a_judge_of_one_club_cannot_touch_another_clubs_game(tmp_path):

    async with dispatcher_world(tmp_path, **SETTINGS) as world:
        anna, boris = await two_clubs(world)
        await seat_players(Taps(boris))
        async with app_server(world) as base:
            south = AppCaller(base, boris.id)
            await south.open()
            await south.send(event("role", seat=2, role="sheriff"))
            before = await rows(world, "live_events")
            # Anna judges the North: with her own club's data, or with a link naming the South.
            for data in (init_data(anna.id), init_data(anna.id, start_param="club2")):
                caller = AppCaller(base, anna.id, data=data)
                for call, body in (
                    ("events", {"live": south.live, "events": [event("role", seat=9, role="don")]}),
                    ("open", {"live": south.live}),
                    ("confirm", {"live": south.live}),
                ):
                    status, answer = await caller.call(call, body)
                    assert status in (403, 404), (call, status, answer)
                    assert re.search("[а-яё]", answer["error"]) and "sheriff" not in str(answer)
            assert await rows(world, "live_events") == before
            assert await rows(world, "games") == []

            # Each club's TV shows its own club.
            tokens = {}
            for admin in (anna, boris):
                await admin.send("/tv")
                tokens[admin.id] = token_of((await admin.reply()).text)
            status, north_view = await screen(base, tokens[anna.id])
            assert status == 200 and north_view["tournament"] == "Кубок Севера"
            status, south_view = await screen(base, tokens[boris.id])
            assert status == 200 and south_view["tournament"] == "Кубок Юга"
            assert "Кубок Севера" not in str(south_view) and "Кубок Юга" not in str(north_view)


async def test_a_forged_button_naming_another_clubs_tournament_changes_nothing(tmp_path):

    async with dispatcher_world(tmp_path, **SETTINGS) as world:
        anna, boris = await two_clubs(world)
        await boris.send("/newtournament Лига Юга")
        assert "создан" in (await boris.reply()).text
        south_cup = (await world.database.fetchone(
            "SELECT id FROM tournaments WHERE title = 'Кубок Юга'"
        ))[0]  # fmt: skip
        before = await rows(world, "tournaments")
        forged = AdminCB(a=AdminAction.MAKE_CURRENT, t=south_cup, v=NEW_MESSAGE).pack()
        await anna.press_data(forged, anna.last(), anna.private)
        told = (anna.last_answer() or {}).get("text") or anna.last().text
        assert "Такого турнира нет" in told
        assert await rows(world, "tournaments") == before
        # Boris's own South still shows its current tournament.
        await boris.send("/rating")
        assert "Лига Юга" in (await boris.reply()).text
