"""The club's TV screen (issue 35 §2): /tv gives an admin or head judge a secret link, /tv off
revokes it; the screen's answers show tonight's tables (a live game's seats, fouls and who left)
and the standings — and never a role, checked on every answer of a game played to its end."""

from __future__ import annotations

import asyncio
import json
import re

import aiohttp

from bot.tv.service import BESIDE_EVENING_ROWS, EVENING_ROWS
from tests.club import Taps, appoint_judge, seat_players, setup_club
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.harness import CLUB_CHAT_ID, dispatcher_world
from tests.webapp import AppCaller, app_server, event, short_game

APP = "http://127.0.0.1/"
ROLE_WORDS = re.compile(
    r"sheriff|\bdon\b|mafia|civilian|шериф|\bдон|мафи|мирн|red|black|красн|чёрн"
)


async def screen(base: str, token: str) -> tuple[int, dict]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{base}api/tv", headers={"X-Screen-Token": token}) as answer,
    ):
        return answer.status, await answer.json()


def token_of(text: str) -> str:
    found = re.search(r"tv\.html#([A-Za-z0-9_-]+)", text)
    assert found, text
    return found.group(1)


async def test_tv_links_are_given_to_head_judges_and_revoked(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await judge.send("/tv")
        assert "администратор или главный судья" in (await judge.reply()).text
        await admin.send("/tv", chat=world.api.chats[CLUB_CHAT_ID])
        assert "в личных сообщениях" in (await admin.reply(chat=world.api.chats[CLUB_CHAT_ID])).text
        await admin.send("/tv")
        made = (await admin.reply()).text
        assert "📺 Экран клуба" in made and "действует до 06:00" in made
        token = token_of(made)
        stored = await world.database.fetchall("SELECT token_hash FROM tv_links")
        assert token not in json.dumps([tuple(row) for row in stored])  # only its hash is kept
        async with app_server(world) as base:
            status, view = await screen(base, token)
            assert status == 200 and view["tournament"] == "Осенний кубок"
            for forged in ("", "x" * 32, token[:-1] + ("A" if token[-1] != "A" else "B")):
                status, refused = await screen(base, forged)
                assert status == 401 and "/tv" in refused["error"] and "tables" not in refused
            await world.database.write("UPDATE tv_links SET expires_at = '2000-01-01T00:00:00'")
            assert (await screen(base, token))[0] == 401  # expired
            await admin.send("/tv")
            second = token_of((await admin.reply()).text)
            await admin.send("/tv off")
            assert "Экран клуба отключён (1 ссылка)" in (await admin.reply()).text
            assert (await screen(base, second))[0] == 401


async def test_without_webapp_url_there_is_no_screen(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _ = await setup_club(world)
        await admin.send("/tv")
        assert "WEBAPP_URL" in (await admin.reply()).text


async def test_the_screen_shows_the_table_in_play_and_never_a_role(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await appoint_judge(world, admin, "Пётр", "petr_judge")
        await seat_players(Taps(judge))
        await admin.send("/tv")
        token = token_of((await admin.reply()).text)
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            answers = []
            for step in [*game[:8], event("foul", seat=3), event("foul", seat=3), *game[8:]]:
                await app.send(step)
                status, view = await screen(base, token)
                assert status == 200
                answers.append(view)
            for view in answers:
                assert not ROLE_WORDS.search(json.dumps(view, ensure_ascii=False)), view
            (table,) = answers[-1]["tables"]
            assert table["state"] == "playing" and table["over"] is True
            seats = {s["seat"]: s for s in table["seats"]}
            assert seats[1]["left"] == "убит" and seats[3]["fouls"] == 2
            assert seats[4]["name"] == "Сова" and seats[4]["left"] == ""
            status, _ = await app.call("confirm", {"live": app.live})
            assert status == 200
            for _ in range(50):  # the standings are kept anew right after the save
                status, after = await screen(base, token)
                if after["games"] == 1:
                    break
                await asyncio.sleep(0.1)
            assert after["games"] == 1 and after["tables"] == []
            assert after["standings"][0]["provisional"] is True


async def test_the_screen_shows_the_evenings_table_above_the_tournaments(tmp_path):
    """At a seated evening the TV shows tonight's table (its games only) and a shorter one of
    the tournament, so that both fit the screen; neither names a role."""
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge, _ = await seated_evening(world)
        async with app_server(world) as base:
            await admin.send("/tv")
            token = token_of((await admin.reply()).text)
            _, before = await screen(base, token)
            assert before["evening"] == {"games": 0, "standings": []}
            assert len(before["tables"]) == 2
            await play_seated_game(judge)
            await play_seated_game(judge)
            _, view = await screen(base, token)
            assert not ROLE_WORDS.search(json.dumps(view, ensure_ascii=False)), view
            evening = view["evening"]
            assert evening["games"] == 2 and len(evening["standings"]) == EVENING_ROWS
            assert [row["place"] for row in evening["standings"]] == list(range(1, 9))
            assert all(row["provisional"] for row in evening["standings"])
            assert view["games"] == 2 and len(view["standings"]) == BESIDE_EVENING_ROWS
            _, whole = await AppCaller(base, admin.id).call("standings", {"period": "вечер"})
            totals = [(r["name"], r["shown"]) for r in whole["rows"][:EVENING_ROWS]]
            assert [(r["name"], r["total"]) for r in evening["standings"]] == totals
