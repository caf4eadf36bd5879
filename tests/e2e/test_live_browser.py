"""The live table protocol in a real headless Chromium (issue 33): a judge plays a whole game by
tapping the page at a phone's width and the announcement appears in the fake Bot API; the
network cut mid-game loses and doubles no event; a second page takes the game over; the page's
reading of a log equals the server's. Screenshots at phone and tablet width are kept
(``SCREENSHOTS_DIR``) and were looked at."""

from __future__ import annotations

import json
import random

from scoring.live import replay
from tests.browser import BROWSER, DARK, PHONE, TABLET, browser, screenshots_dir, telegram_page
from tests.club import NAMES, Taps, appoint_head_judge, seat_players, setup_club
from tests.harness import CLUB_CHAT_ID, dispatcher_world
from tests.live_games import Table
from tests.timing import ms
from tests.webapp import app_server, init_data

pytestmark = BROWSER  # a real Chromium, one per worker: seconds each

APP = "http://127.0.0.1/"


async def seat(page, number: int) -> None:
    await page.locator(f'.table [data-seat="{number}"]').click()


async def press(page, label: str) -> None:
    await page.get_by_role("button", name=label, exact=True).click()


async def synced(page, timeout: float = 10.0) -> None:
    await page.locator(".sync", has_text="✓ сохранено").wait_for(timeout=ms(timeout))


async def server_log(world, live: int = 1) -> list[dict]:
    rows = await world.database.fetchall(
        "SELECT data FROM live_events WHERE live_id = ? ORDER BY seq", (live,)
    )
    return [json.loads(row[0]) for row in rows]


async def play_to_the_first_night(page) -> None:
    """Roles (the mode moves on by itself: sheriff, don, mafia), a day with a nomination and a
    vote, the first night's shot of a red player and his best move."""
    for number in (2, 9, 4, 7):  # sheriff, don, mafia, mafia
        await seat(page, number)
    await press(page, "☀️ День 1")
    await seat(page, 5)  # nominated
    await press(page, "🗳 Голосование")
    await seat(page, 5)
    await press(page, "Уходит: 5")
    await press(page, "🌙 Ночь 1")
    await seat(page, 1)  # shot
    for number in (4, 7, 9):
        await seat(page, number)
    await press(page, "Записать лучший ход")


async def test_a_judge_plays_a_whole_game_by_tapping_and_it_is_announced(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base, init_data(judge.id, "Иван"))
            await page.locator(".table .seat").first.wait_for()
            names = await page.locator(".table .seat .name").all_inner_texts()
            assert sorted(names) == sorted(NAMES)
            assert await page.evaluate("window.__tg.swipes") is False
            await page.screenshot(path=shots / "phone-night0.png")
            await play_to_the_first_night(page)
            await press(page, "Проверка шерифа")
            await seat(page, 9)
            await page.screenshot(path=shots / "phone-night1.png")
            await press(page, "☀️ День 2")
            await press(page, "Фол")
            await seat(page, 3)
            assert "⚠1" in await page.locator('.table [data-seat="3"]').inner_text()
            await press(page, "Удалить")
            await seat(page, 6)
            await press(page, "Да, удалить")  # asked first
            await synced(page)
            assert await page.evaluate("window.__tg.closingConfirmation") is True
            await page.screenshot(path=shots / "phone-day2.png")
            await press(page, "🏁 Завершить…")
            await press(page, "Победа чёрных")  # the last event
            summary = page.locator("#summary")
            await summary.wait_for()
            text = await summary.inner_text()
            assert text.startswith("Победа чёрных. Первым убит: место 1, лучший ход 4, 7, 9.")
            assert "6. Кот — мирный: −0.5 (удаление −0.5)" in text
            assert "⚠️ 3. <Дон> & Co: 1 фол" in text
            await page.screenshot(path=shots / "phone-summary.png", full_page=True)
            await press(page, "✅ Сохранить")  # one action after the last event
            await page.get_by_text("Игра сохранена").wait_for()
            assert await page.evaluate("window.__tg.closingConfirmation") is False
            assert page.errors == []
        await world.announced()
        announced = [m.text for m in world.api.chats[CLUB_CHAT_ID].history() if m.from_bot]
        assert any("Победа чёрных" in text or "чёрных" in text for text in announced[-1:])
        game = await world.services.games.get(1)
        assert game is not None
        protocol = game.protocol
        assert (protocol.sheriff, protocol.don, sorted(protocol.mafia)) == (2, 9, [4, 7])
        assert protocol.first_killed == 1 and protocol.best_move == (4, 7, 9)
        assert protocol.seat_fouls(3) == 1 and protocol.removed(6) == "judge"


async def test_the_network_cut_mid_game_loses_and_doubles_no_event(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base, init_data(judge.id))
            await page.locator(".table .seat").first.wait_for()
            await page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # kept on it
            for number in (2, 9, 4, 7):
                await seat(page, number)
            await synced(page)
            assert len(await server_log(world)) == 4
            await page.context.set_offline(True)  # the club's Wi-Fi drops
            await press(page, "☀️ День 1")
            for number in (1, 3, 5):
                await seat(page, number)
            await press(page, "Фол")
            await seat(page, 8)
            await page.locator(".sync.offline").wait_for(timeout=ms(10))
            assert "в очереди 5" in await page.locator(".sync").inner_text()
            assert len(await server_log(world)) == 4  # nothing reached the server
            await page.reload()  # he reloads while offline: the page opens from his phone…
            await page.locator(".sync.offline").wait_for(timeout=ms(10))
            assert "в очереди 5" in await page.locator(".sync").inner_text()
            assert "⚠1" in await page.locator('.table [data-seat="8"]').inner_text()
            await page.screenshot(path=screenshots_dir(tmp_path) / "phone-offline-reload.png")
            await page.context.set_offline(False)  # …and when the network is back its queue goes
            await synced(page, timeout=15)
            log = await server_log(world)
            kinds = [event["kind"] for event in log]
            assert kinds == ["role"] * 4 + ["next", "nominate", "nominate", "nominate", "foul"]
            assert len({event["id"] for event in log}) == len(log)  # none doubled
            assert "⚠1" in await page.locator('.table [data-seat="8"]').inner_text()
            assert page.errors == []


async def test_a_second_page_takes_the_game_over(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        head = await appoint_head_judge(world, admin, "Глав", "head_judge")
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            first = await telegram_page(launched, base, init_data(judge.id))
            await first.locator(".table .seat").first.wait_for()
            await play_to_the_first_night(first)
            await synced(first)
            # The judge's phone dies: the head judge opens the app on a tablet, in the dark.
            second = await telegram_page(
                launched, base, init_data(head.id, "Глав"), size=TABLET, theme=DARK
            )
            await second.get_by_role("button", name="Стол 1 · игра 1 — Иван").click()
            await second.locator(".table .seat").first.wait_for()
            assert "Ш" in await second.locator('.table [data-seat="2"]').inner_text()
            await second.screenshot(path=shots / "tablet-dark-takeover.png")
            await press(second, "☀️ День 2")
            await seat(second, 3)
            await synced(second)
            # The first page picks it up by itself within its poll.
            await first.locator(".phase b", has_text="День 2").wait_for(timeout=ms(10))
            await second.context.set_offline(True)
            await press(second, "🏁 Завершить…")
            await press(second, "Победа красных")
            await second.context.set_offline(False)
            await second.locator("#summary").wait_for(timeout=ms(15))
            await press(second, "✅ Сохранить")
            await second.get_by_text("Игра сохранена").wait_for()
            await second.screenshot(path=shots / "tablet-dark-saved.png")
            assert first.errors == [] and second.errors == []
        game = await world.services.games.get(1)
        assert game is not None and game.judge_id == judge.id
        assert game.protocol.winner is not None and game.protocol.winner.value == "red"
        log = await server_log(world)
        bys = await world.database.fetchall("SELECT DISTINCT by_user FROM live_events")
        assert {row[0] for row in bys} == {judge.id, head.id} and log[-1]["kind"] == "end"


async def test_the_timer_warns_at_ten_seconds_and_rings_at_the_end(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base, init_data(judge.id))
            await page.clock.install()
            await page.reload()
            await page.locator(".table .seat").first.wait_for()
            await page.get_by_role("button", name="30 3 фола").click()
            assert await page.locator("#clock").inner_text() == "0:30"
            await page.clock.fast_forward(21_000)
            await page.wait_for_function("document.getElementById('clock').textContent === '0:09'")
            assert "warning" in await page.evaluate("window.__tg.haptics")
            await press(page, "Пауза")  # the clock stands
            await page.clock.fast_forward(5_000)
            assert await page.locator("#clock").inner_text() == "0:09"
            await press(page, "Пуск")
            await page.clock.fast_forward(10_000)
            await page.wait_for_function("document.getElementById('clock').textContent === '0:00'")
            assert "error" in await page.evaluate("window.__tg.haptics")
            assert page.errors == []


async def test_the_pages_reading_of_a_log_equals_the_servers(tmp_path):
    """Random legal games, then the same logs with repeats, undos and events out of place:
    the page's live.js and scoring/live.py read each into the same state."""
    rng = random.Random(33)
    logs = []
    for seed in range(60):
        table = Table(seed)
        table.play()
        log = list(table.log)
        for _ in range(rng.randint(0, 6)):
            at = rng.randrange(len(log) + 1)
            pick = rng.random()
            if pick < 0.4 and log:
                log.insert(at, dict(rng.choice(log)))  # a repeat
            elif pick < 0.8 and log:
                target = rng.choice(log)["id"]
                log.insert(at, {"id": f"u{seed}-{at}", "kind": "undo", "target": target})
            else:
                log.insert(at, {"id": f"x{seed}-{at}", "kind": "nominate",
                                "seat": rng.randint(1, 10)})  # fmt: skip
        logs.append(log)
    async with (
        dispatcher_world(tmp_path, webapp_url=APP) as world,
        app_server(world) as base,
        browser() as launched,
    ):
        page = await telegram_page(launched, base, "", size=PHONE)
        read = await page.evaluate(
            """async (logs) => {
                const live = await import('./live.js');
                return logs.map((log) => live.replay(log));
            }""",
            logs,
        )
    for log, theirs in zip(logs, read, strict=True):
        ours = replay(log)
        assert {str(k): v.value for k, v in ours.roles.items()} == theirs["roles"]
        assert (ours.phase.value, ours.round) == (theirs["phase"], theirs["round"])
        assert ours.fouls == theirs["fouls"] and ours.technical_fouls == theirs["technical"]
        assert [r.value if r else None for r in ours.removals] == theirs["removals"]
        assert list(ours.out) == theirs["order"]
        assert {str(k): v for k, v in ours.out.items()} == theirs["out"]
        assert ours.nominated == theirs["nominated"]
        assert [list(s) for s in ours.shots] == theirs["shots"]
        assert [list(c) for c in ours.checks] == theirs["checks"]
        assert list(ours.best_move) == theirs["bestMove"]
        assert (ours.winner.value if ours.winner else None) == theirs["winner"]
        assert ours.ended_by == theirs["endedBy"]
        assert ours.applied == theirs["applied"]
        assert [list(s) for s in ours.skipped] == theirs["skipped"]


async def test_outside_an_evening_the_judge_seats_the_ten_in_the_page(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        first = Taps(judge)
        await seat_players(first)  # the club knows the ten
        await first.press("✖ Отменить")
        await first.press("🗑 Да, удалить")
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base, init_data(judge.id))
            await page.get_by_text("Нажмите место и найдите игрока").wait_for()
            for number, name in enumerate(NAMES, start=1):
                if number == 3:  # the next open seat is chosen by itself; a tap chooses any
                    await page.locator(f'.list [data-seat="{number}"]').click()
                typed = "Совв" if name == "Сова" else name  # a typo finds her
                await page.locator("#search").fill(typed)
                await page.locator("#found button", has_text=name).first.click()
                if number == 4:
                    await page.screenshot(path=shots / "phone-seating.png")
                if number < 10:
                    await page.locator(".list", has_text=f"{number} · {name}").first.wait_for()
            await page.locator(".table .seat").first.wait_for()  # ten seated: the game
            names = await page.locator(".table .seat .name").all_inner_texts()
            assert sorted(names) == sorted(NAMES)
            assert page.errors == []
