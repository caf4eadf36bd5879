"""Tonight in the Mini App (issue 35 §1): a player reads the evening's seating — every round, his
own seats marked — each table's state (waiting, in play, played) and the results so far."""

from __future__ import annotations

from tests.club import setup_club
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server

APP = "http://127.0.0.1/"


async def test_a_player_sees_the_evening_with_his_seats_and_each_tables_state(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge, people = await seated_evening(world)
        async with app_server(world) as base:
            player = people[0]
            status, before = await AppCaller(base, player.id).call("tonight", {})
            assert status == 200 and before["evening"].startswith("Вечер ")
            assert [r["round"] for r in before["rounds"]] == [1, 2, 3]
            states = {t["state"] for r in before["rounds"] for t in r["tables"]}
            assert states == {"waiting"} and "ещё нет сохранённых игр" in before["results"]
            marked = [s for r in before["rounds"] for t in r["tables"] for s in t["seats"]
                      if s["me"]]  # fmt: skip
            assert {s["name"] for s in marked} == {"Игрок01"}
            assert len(marked) == sum(r["mine"] for r in before["rounds"])
            await play_seated_game(judge)
            await world.announced()
            status, after = await AppCaller(base, player.id).call("tonight", {})
            first = {t["table"]: t["state"] for t in after["rounds"][0]["tables"]}
            assert first == {1: "saved", 2: "waiting"}
            assert "Игрок" in after["results"] and "ещё нет" not in after["results"]


async def test_no_evening_is_said_so(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, _ = await setup_club(world)
        async with app_server(world) as base:
            status, answer = await AppCaller(base, admin.id).call("tonight", {})
            assert status == 200 and answer["rounds"] == []
            assert answer["message"].startswith("Сегодня рассаженного вечера нет")
