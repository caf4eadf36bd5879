"""Issue 45 §4: the app's «✅ Сохранить» against what arrives at the same instant — another
device's «Сохранить», an undo, a best move — and bodies that are not events."""

from __future__ import annotations

import asyncio

import pytest

from bot.texts import live as texts
from tests.club import Taps, linked_player, seat_players, setup_club
from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server, event, short_game

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines

APP = "http://127.0.0.1/"


async def test_two_devices_press_save_together_and_both_show_the_saved_game(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            phone, tablet = AppCaller(base, judge.id), AppCaller(base, judge.id)
            await phone.open()
            await tablet.open()
            await phone.send(*short_game())
            (s1, a1), (s2, a2) = await asyncio.gather(
                phone.call("confirm", {"live": phone.live}),
                tablet.call("confirm", {"live": tablet.live}),
            )
            assert (s1, s2) == (200, 200), (a1, a2)
            assert a1 == a2 and a1["saved"] == 1
            assert a1["told"] == texts.saved_told(False)  # nobody linked: no private results
            assert "личные" not in a1["told"]
        assert (await world.database.fetchone("SELECT count(*) FROM games"))[0] == 1


async def test_the_saved_answer_names_private_messages_only_when_a_player_is_linked(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        await linked_player(world, admin, "Ольга", "owl", "Сова")
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await app.send(*short_game())
            status, saved = await app.call("confirm", {"live": app.live})
            assert status == 200 and saved["told"] == texts.saved_told(True)
            assert "в личные сообщения" in saved["told"]


async def test_an_undo_and_a_best_move_at_the_instant_of_save_are_in_it_or_refused(tmp_path):
    """Four rounds of: the game is over, then an undo of the end (or a best move) and «Сохранить»
    leave at the same instant. Each event is either in the saved protocol, or refused with a
    word — never acknowledged and left out."""
    for round_number in range(4):
        async with dispatcher_world(tmp_path / str(round_number), webapp_url=APP) as world:
            _admin, judge = await setup_club(world)
            await seat_players(Taps(judge))
            async with app_server(world) as base:
                app = AppCaller(base, judge.id)
                await app.open()
                game = short_game()
                end = game[-1]
                if round_number % 2:
                    late = event("undo", target=end["id"])
                    await app.send(*game)
                else:  # the best move comes last
                    late = game[-2]
                    await app.send(*game[:-2], end)
                (sent, answer), (saving, saved) = await asyncio.gather(
                    app.call("events", {"live": app.live, "events": [late]}),
                    app.call("confirm", {"live": app.live}),
                )
                kept = await world.database.fetchall(
                    "SELECT event_id FROM live_events WHERE live_id = ?", (app.live,)
                )
                in_log = late["id"] in {row[0] for row in kept}
                if sent == 200:  # acknowledged: it is in the log, and the log is the game's
                    assert in_log
                    assert any(e["id"] == late["id"] for e in answer["log"])
                else:
                    assert sent == 409 and answer["error"] == texts.SAVED_BEFORE_EVENT
                    assert not in_log
                if saving == 200:
                    stored = await world.services.games.get(saved["saved"])
                    undone = in_log and late["kind"] == "undo"
                    # the game saved is the one its log tells: an undone end is no end
                    assert not undone, "an undo of the end was stored with a saved game"
                    if in_log and late["kind"] == "best_move":
                        assert stored.protocol.best_move == (4, 7, 9)
                else:
                    assert saving == 409 and saved["error"] == texts.NOT_OVER
                    assert in_log and late["kind"] == "undo"


async def test_an_event_whose_kind_or_winner_is_a_list_or_an_object_is_a_clear_400(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            for bad in (
                {"id": "a1", "kind": ["role"]},
                {"id": "a2", "kind": {"x": 1}},
                {"id": "a3", "kind": "end", "winner": ["red"]},
                {"id": "a4", "kind": "end", "winner": {"red": 1}},
            ):
                status, answer = await app.call("events", {"live": app.live, "events": [bad]})
                assert status == 400 and answer["error"] == texts.BAD_EVENT, (bad, answer)
        assert (await world.database.fetchone("SELECT count(*) FROM live_events"))[0] == 0


async def test_a_head_judge_taking_a_game_over_leaves_no_empty_protocol_behind(tmp_path):
    """Issue 45 §3: the head judge's /game (the way to the app's button) opens an empty
    protocol; taking the table's game over in the app removes it — no stray «Новая игра»."""
    from tests.club import appoint_head_judge

    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        head = await appoint_head_judge(world, admin, "Глав", "head_judge")
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await head.send("/game")
            assert "Новая игра" in (await head.reply()).text
            assert await world.services.editor.drafts.of_judge(head.id) is not None
            chief = AppCaller(base, head.id)
            await chief.open(app.live)  # he takes the table over
            assert await world.services.editor.drafts.of_judge(head.id) is None
            assert await world.services.editor.drafts.of_judge(judge.id) is not None
