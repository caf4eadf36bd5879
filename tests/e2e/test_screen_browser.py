"""The club's TV page in a real headless Chromium at 1920×1080 (no Telegram): the table in play
with its seats and fouls, a game saved in the bot on the screen within 5 s, text readable from
across the room (≥ 32 px), a revoked link says so. The screenshot is kept and was looked at."""

from __future__ import annotations

import time

from bot.screen.service import BESIDE_EVENING_ROWS, EVENING_ROWS
from tests.browser import browser, screenshots_dir
from tests.club import Taps, seat_players, setup_club
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.handlers.test_screen import token_of
from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server, event, short_game

APP = "http://127.0.0.1/"


async def smallest_text(page) -> float:
    """The smallest font size, in CSS pixels, of any text on the screen."""
    found: float = await page.evaluate(
        "Math.min(...[...document.querySelectorAll('#screen *')]"
        ".filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3"
        " && n.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    return found


async def test_the_tv_shows_the_game_in_play_and_a_saved_game_within_five_seconds(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        await admin.send("/tv")
        token = token_of((await admin.reply()).text)
        async with app_server(world) as base, browser() as launched:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            await app.send(*game[:9], event("foul", seat=3))
            context = await launched.new_context(viewport={"width": 1920, "height": 1080})
            page = await context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            await page.goto(f"{base}tv.html#{token}")
            card = page.locator('.table[data-table="1"]')
            await card.wait_for()
            text = await card.inner_text()
            assert "Стол 1 · игра 1" in text and "идёт игра" in text and "⚠1" in text
            assert "убит" in text
            assert await smallest_text(page) >= 32
            await page.screenshot(path=shots / "tv-1920.png")
            await app.send(*game[9:])
            status, _ = await app.call("confirm", {"live": app.live})
            assert status == 200
            saved = time.monotonic()
            await page.locator(".standings h2", has_text="игр: 1").wait_for(timeout=5_000)
            assert time.monotonic() - saved < 5
            assert await page.locator(".table").count() == 0
            await admin.send("/tv off")
            await admin.reply()
            await page.get_by_text("Ссылка на экран клуба не действует").wait_for(timeout=5_000)
            assert errors == []


async def test_the_tv_at_a_seated_evening_shows_its_tables_and_both_standings(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge, _ = await seated_evening(world)
        await play_seated_game(judge)
        await admin.send("/tv")
        token = token_of((await admin.reply()).text)
        async with app_server(world) as base, browser() as launched:
            context = await launched.new_context(viewport={"width": 1920, "height": 1080})
            page = await context.new_page()
            await page.goto(f"{base}tv.html#{token}")
            await page.locator("#evening h2", has_text="Вечер · игр: 1").wait_for()
            assert await page.locator("#evening tr").count() == EVENING_ROWS
            assert await page.locator("#standings tr").count() == BESIDE_EVENING_ROWS
            assert await page.locator(".table").count() == 2
            assert "игра 2 из 3" in await page.locator('.table[data-table="1"]').inner_text()
            assert await smallest_text(page) >= 32
            height = await page.evaluate("document.documentElement.scrollHeight")
            await page.screenshot(path=shots / "tv-evening-1920.png")
            assert height <= 1080, height  # the whole screen, no scrolling on a TV
            await page.screenshot(path=shots / "tv-evening-1920.png")
