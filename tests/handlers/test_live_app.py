"""The live table protocol's API (issue 33 §1, §3, §4): a judge runs a game from the Mini App with
Telegram's signed initData; forged, stale, foreign and players' calls write nothing; the saved game
goes the chat's way (saved once, announced, private results) with its log kept beside it."""

from __future__ import annotations

import asyncio
import json
import re
import time

from scoring import builtin
from scoring.protocol_json import load_protocol
from tests.club import (
    NAMES,
    Taps,
    appoint_head_judge,
    appoint_judge,
    enter_protocol,
    linked_player,
    seat_players,
    setup_club,
)
from tests.handlers.test_interchange import export
from tests.handlers.test_nights import seated_evening, seating_post, table_line
from tests.harness import CLUB_CHAT_ID, dispatcher_world
from tests.webapp import AppCaller, app_server, event, init_data, short_game

APP = "http://127.0.0.1/"


def club_texts(world) -> list[str]:
    return [m.text for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]


async def editor_is(world, judge, message_id: int) -> None:
    """The bot knows the message it sent is the judge's editor now (after the send returned)."""
    for _ in range(100):
        draft = await world.services.editor.drafts.of_judge(judge.id)
        if draft is not None and draft.message_id == message_id:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the editor's new message was not recorded")


async def count(world, table: str) -> int:
    row = await world.database.fetchone(f"SELECT count(*) FROM {table}")
    return int(row[0])


async def test_a_judge_runs_a_game_in_the_app_and_it_is_saved_and_announced(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        owl = await linked_player(world, admin, "Ольга", "owl", "Сова")
        assert "📱 Вести игру" in judge.buttons()  # the web-app button beside the dialog
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            opened = await app.open()
            assert [s["nickname"] for s in opened["seats"]] == NAMES
            assert opened["status"] == "playing" and opened["log"] == []
            game = short_game()
            await app.send(*game[:5])
            answer = await app.send(*game[5:])
            assert answer["winner"] == "black" and answer["skipped"] == []
            summary = answer["summary"]
            assert "Победа чёрных" in summary and "4. Сова — мафия" in summary
            status, saved = await app.call("confirm", {"live": app.live})
            assert status == 200 and saved["saved"] == 1
            status, again = await app.call("confirm", {"live": app.live})  # a double tap
            assert status == 200 and again["saved"] == 1
        assert await count(world, "games") == 1
        await world.announced()
        assert "Стол 1 · игра 1" in club_texts(world)[-1] or "игра 1" in club_texts(world)[-1]
        assert "Ваш результат" in owl.last().text
        stored = await world.database.fetchone(
            "SELECT status, game_id, kinds FROM live_games WHERE id = ?", (app.live,)
        )
        assert tuple(stored)[:2] == ("saved", 1)
        assert json.loads(stored["kinds"]) == [
            "best_move", "end", "next", "role", "shot", "vote"
        ]  # fmt: skip
        # The same game by the chat's dialog gives the same protocol.
        chat = Taps(judge)
        await enter_protocol(chat)
        await chat.press("✅ Подтвердить")
        by_app, by_chat = [await world.services.games.get(g) for g in (1, 2)]
        assert by_app is not None and by_chat is not None
        assert by_app.protocol.to_game("x", "-") == by_chat.protocol.to_game("x", "-")


async def test_forged_stale_foreign_and_players_calls_write_nothing(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        other = await appoint_judge(world, admin, "Пётр", "petr_judge")
        await seat_players(Taps(judge))
        player = await linked_player(world, admin, "Ольга", "owl", "Сова")
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await app.send(event("role", seat=2, role="sheriff"))
            before = await count(world, "live_events")
            roles = event("role", seat=9, role="don")
            callers = {
                "forged": AppCaller(base, judge.id, data=init_data(judge.id,
                                                                        token="1:forged")),
                "stale": AppCaller(base, judge.id, data=init_data(
                    judge.id, signed_at=time.time() - 2 * 24 * 3600)),
                "tampered": AppCaller(base, judge.id, data=init_data(
                    other.id).replace("%22id%22%3A", "%22id%22%3A1")),
                "none": AppCaller(base, judge.id, data=""),
                "another judge": AppCaller(base, other.id),
                "a player": AppCaller(base, player.id),
            }  # fmt: skip
            expected = {"forged": 401, "stale": 401, "tampered": 401, "none": 401,
                        "another judge": 403, "a player": 403}  # fmt: skip
            for name, caller in callers.items():
                for call, body in (
                    ("events", {"live": app.live, "events": [roles]}),
                    ("open", {"live": app.live}),
                    ("confirm", {"live": app.live}),
                    ("chat", {"live": app.live}),
                ):
                    status, answer = await caller.call(call, body)
                    assert status == expected[name], (name, call, status, answer)
                    assert "error" in answer and "sheriff" not in json.dumps(answer)
                    assert re.search("[а-яё]", answer["error"])  # told in Russian
            assert await count(world, "live_events") == before
            status, answer = await callers["a player"].call("open", {})
            assert (
                status == 403
                and answer["error"] == "Вести игру в приложении может только судья клуба."
            )


async def test_a_head_judge_takes_a_game_over_and_a_repeat_is_stored_once(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        head = await appoint_head_judge(world, admin, "Глав", "head_judge")
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            await app.send(*game[:6])
            await app.send(*game[:6])  # the queue sent again after a lost answer
            assert await count(world, "live_events") == 6
            chief = AppCaller(base, head.id)
            offered = await chief.open()  # no table of his own: the games he may take over
            assert offered["choose"] and offered["others"][0]["live"] == app.live
            assert await world.services.editor.drafts.of_judge(head.id) is None
            own = await app.open()
            assert own["others"] == []  # a judge takes no other table's game
            taken = await chief.open(app.live)
            assert [e["id"] for e in taken["log"]] == [e["id"] for e in game[:6]]
            await chief.send(*game[6:])
            mine = await app.send()  # the judge's device sees what the head judge added
            assert mine["winner"] == "black" and len(mine["log"]) == len(game)
            status, answer = await app.call("events", {"live": app.live, "events": [{"id": 1}]})
            assert status == 400 and answer["error"].startswith("Приложение прислало")
            assert await count(world, "live_events") == len(game)
            status, saved = await chief.call("confirm", {"live": app.live})
            assert status == 200
        stored = await world.services.games.get(saved["saved"])
        assert stored is not None and stored.judge_id == judge.id  # the table's judge


async def test_extras_go_to_the_chat_and_the_chat_saves_the_game_with_its_log(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await seat_players(taps)
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await app.send(*short_game()[:-1], event("foul", seat=3), event("end", winner="black"))
            status, answer = await app.call("chat", {"live": app.live})
            assert status == 200 and "в чат" in answer["told"]
            await world.api.wait_for(lambda: "Протокол из приложения" in judge.last().text, 5)
            await editor_is(world, judge, judge.last().message_id)
            text = judge.last().text
            assert "⚠️ 3. <Дон> & Co: 1 фол" in text and "Победа чёрных" in text
            await taps.press("✏️ Изменить")
            await taps.press("Доп. баллы, штрафы, фолы")
            await taps.seat(4)
            await taps.press("0.3")
            await taps.press("Готово ✓")
            await taps.press("К итогу ➡")
            await taps.press("✅ Подтвердить")
            assert "Сохранено" in judge.last_answer()["text"]
            status, view = await app.call("open", {"live": app.live})
            assert status == 200 and view["status"] == "saved" and view["game_id"] == 1
            status, answer = await app.call("events", {"live": app.live,
                                                       "events": [event("next")]})  # fmt: skip
            assert status == 409 and answer["error"].startswith("Игра уже сохранена")
        game = await world.services.games.get(1)
        assert game is not None and str(game.protocol.extra(4)) == "0.3"
        assert game.protocol.seat_fouls(3) == 1


async def test_outside_an_evening_the_judge_seats_the_ten_in_the_app(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        first = Taps(judge)
        await enter_protocol(first)  # the club knows the ten now
        await first.press("✅ Подтвердить")
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            seating = await app.open()  # no draft: the app makes /game's
            assert seating["seating"] and seating["number"] == 2
            status, found = await app.call("search", {"q": "Совв"})  # a typo finds Сова
            assert status == 200 and found[0]["nickname"] == "Сова"
            for seat, name in enumerate(NAMES, start=1):
                status, found = await app.call("search", {"q": name})
                pick = next(p for p in found if p["nickname"] == name)
                status, answer = await app.call("seat", {"seat": seat, "player": pick["id"]})
                assert status == 200, answer
            assert answer["live"] and [s["nickname"] for s in answer["seats"]] == NAMES
            status, answer = await app.call("seat", {"seat": 1, "nickname": "Новичок"})
            assert status == 409 and "состав меняют в чате" in answer["error"]


async def test_a_new_player_close_to_one_is_asked_once(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        first = Taps(judge)
        await enter_protocol(first)
        await first.press("✅ Подтвердить")
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            status, answer = await app.call("seat", {"seat": 1, "nickname": "Совв"})
            assert status == 409 and "Похожие игроки уже есть: Сова" in answer["error"]
            status, answer = await app.call("seat", {"seat": 1, "nickname": "Совв", "sure": True})
            assert status == 200 and answer["seats"][0]["nickname"] == "Совв"


async def test_without_webapp_url_nothing_offers_the_app(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        assert not any("Вести игру" in b for b in judge.buttons())


async def test_the_export_keeps_the_games_log_and_the_file_reads_back(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            await app.send(*game, {"id": "u1", "kind": "undo", "target": game[-1]["id"]})
            await app.send(event("end", winner="black"))
            status, _ = await app.call("confirm", {"live": app.live})
            assert status == 200
        chat = Taps(judge)
        await enter_protocol(chat)  # a game of the chat: no log
        await chat.press("✅ Подтвердить")
        json_bytes, _ = await export(world, admin)
        data = json.loads(json_bytes)
        live, typed = data["games"]
        assert "log" not in typed
        log = live["log"]
        assert log["kinds"] == ["best_move", "end", "next", "role", "shot", "vote"]
        assert [e["kind"] for e in log["events"]][-3:] == ["end", "undo", "end"]
        assert all(e["at"].startswith("20") for e in log["events"])
        distance, _ = load_protocol(json_bytes.decode(), builtin)  # the CLI's reading, log and all
        assert [g.winner.value for g in distance.games] == ["black", "black"]


async def test_at_an_evening_the_app_opens_on_the_judges_round_with_its_ten_seated(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge, _ = await seated_evening(world)
        planned = re.findall(r"\d+ (Игрок\d\d)", table_line(seating_post(world), 1, 1))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            opened = await app.open()  # straight from the app, no /game before it
            assert (opened["table"], opened["number"]) == (1, 1)
            assert [s["nickname"] for s in opened["seats"]] == planned
            await app.send(*short_game())
            status, _ = await app.call("confirm", {"live": app.live})
            assert status == 200
        await world.announced()
        assert table_line(seating_post(world), 1, 1).startswith("✅ Стол 1")


async def test_a_protocol_discarded_in_the_chat_takes_no_more_events(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        taps = Taps(judge)
        await seat_players(taps)
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await app.send(event("role", seat=2, role="sheriff"))
            await taps.press("✖ Отменить")
            await taps.press("🗑 Да, удалить")
            status, answer = await app.call("events", {"live": app.live,
                                                       "events": [event("next")]})  # fmt: skip
            assert status == 409 and answer["error"].startswith("Протокол этой игры закрыт в чате")
            status, view = await app.call("events", {"live": app.live, "events": []})
            assert status == 200 and view["status"] == "closed"
        assert await count(world, "live_events") == 1


async def test_a_head_judge_at_his_own_table_is_offered_the_others(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        head = await appoint_head_judge(world, admin, "Глав", "head_judge")
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await seat_players(Taps(head))  # his own protocol (the same ten: a test's club)
            chief = AppCaller(base, head.id)
            own = await chief.open()
            assert own["live"] != app.live
            assert [g["live"] for g in own["others"]] == [app.live]
