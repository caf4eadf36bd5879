"""Issue 33 «Done means»: 20 random protocols entered through the app equal the same protocols
entered by the chat dialog. Each is a random legal game as a judge taps it in the app (its log
sent through the app's API and saved by its Confirm); the chat dialog is then given the protocol
that game led to — roles, winner, first night, best move, every kind of discipline — by taps."""

from __future__ import annotations

import pytest

from scoring import Removal, Role, Winner
from scoring.live import LiveState
from tests.club import Taps, seat_players, setup_club
from tests.harness import dispatcher_world
from tests.live_games import Table
from tests.webapp import AppCaller, app_server

APP = "http://127.0.0.1/"
WINNER_BUTTON = {Winner.RED: "🔴 Красные", Winner.BLACK: "⚫ Чёрные", Winner.DRAW: "🤝 Ничья"}


async def enter_in_chat(taps: Taps, state: LiveState) -> None:
    """The protocol the live game led to, the chat's way: /game, paste, roles, winner, night,
    best move, then the discipline on the extras screen and each seat's own."""
    await seat_players(taps)
    await taps.press("Далее ➡")
    marked = sorted(state.roles.items(), key=lambda item: ["sheriff", "don", "mafia"].index(
        item[1].value))  # fmt: skip
    for seat, _ in marked:
        await taps.seat(seat)
    removed_by_ppk = state.team_defeat
    await taps.press(WINNER_BUTTON[state.winner])
    if state.first_killed is None:
        await taps.press("Никого (промах)")
    else:
        await taps.seat(state.first_killed)
        red = state.role(state.first_killed) in (Role.CIVILIAN, Role.SHERIFF)
        if red and state.best_move:
            for seat in state.best_move:
                await taps.seat(seat)
        elif red:
            await taps.press("Без лучшего хода")
    for seat in range(1, 11):
        for _ in range(state.fouls[seat - 1]):
            await taps.foul(seat)
    for seat in range(1, 11):
        technical = state.technical_fouls[seat - 1]
        removal = state.removals[seat - 1]
        if not technical and removal is None:
            continue
        await taps.seat(seat)
        for count in range(technical):
            await taps.press(f"Тех. фол +1 (сейчас {count})")
        if removal is Removal.JUDGE:
            await taps.press("🚫 Удалён судьёй")
            await taps.press("🚫 Да, удалить")
        elif removal is Removal.PPK:
            assert seat == removed_by_ppk
            await taps.press("⛔ ППК")
            await taps.press("⛔ Да, ППК")
        if "Готово ✓" in taps.person.buttons():
            await taps.press("Готово ✓")
    await taps.press("К итогу ➡")
    await taps.press("✅ Подтвердить")


@pytest.mark.parametrize("first", [0, 5, 10, 15])
async def test_random_games_through_the_app_equal_the_chat_dialogs(tmp_path, first):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        async with app_server(world) as base:
            for seed in range(first, first + 5):
                table = Table(1000 + seed)
                state = table.play()
                await seat_players(Taps(judge))
                app = AppCaller(base, judge.id)
                await app.open()
                await app.send(*table.log)
                status, saved = await app.call("confirm", {"live": app.live})
                assert status == 200, saved
                await enter_in_chat(Taps(judge), state)
                assert "Сохранено" in (judge.last_answer() or {}).get("text", ""), seed
                by_app = await world.services.games.get(saved["saved"])
                by_chat = await world.services.games.get(saved["saved"] + 1)
                assert by_app is not None and by_chat is not None
                assert by_app.protocol.to_game("x", "-") == by_chat.protocol.to_game("x", "-"), seed
