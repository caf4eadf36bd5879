"""The club's TV page in a real headless Chromium at 1920×1080 (no Telegram): the table in play
with its seats and fouls, a game saved in the bot on the screen within 5 s, text readable from
across the room (≥ 32 px), a revoked link says so. The screenshot is kept and was looked at."""

from __future__ import annotations

import time

from bot.tv.service import BESIDE_EVENING_ROWS, EVENING_ROWS
from tests.browser import BROWSER, browser, screenshots_dir
from tests.club import Taps, appoint_judge, seat_players, setup_club
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.handlers.test_tv import token_of
from tests.harness import dispatcher_world
from tests.timing import ms, scaled
from tests.webapp import AppCaller, app_server, event, short_game

pytestmark = BROWSER  # a real Chromium, one per worker: seconds each

APP = "http://127.0.0.1/"


async def smallest_text(page) -> float:
    """The smallest font size, in CSS pixels, of any text on the screen."""
    found: float = await page.evaluate(
        "Math.min(...[...document.querySelectorAll('#screen *')]"
        ".filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3"
        " && n.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    return found


async def a_club_with_its_tv(world):
    """A club whose judge has seated ten in the chat, and the TV's link its admin got: (admin,
    judge, the link's token)."""
    admin, judge = await setup_club(world)
    await seat_players(Taps(judge))
    await admin.send("/tv")
    return admin, judge, token_of((await admin.reply()).text)


async def test_the_tv_shows_the_game_in_play_and_a_saved_game_within_five_seconds(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge, token = await a_club_with_its_tv(world)
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
            assert "Стол 1 · игра 1" in text and "НОЧЬ 1" in text.upper() and "⚠1" in text
            assert "убит" in text
            assert await smallest_text(page) >= 32
            await page.screenshot(path=shots / "tv-1920.png")
            await app.send(*game[9:])
            status, _ = await app.call("confirm", {"live": app.live})
            assert status == 200
            saved = time.monotonic()
            await page.locator(".standings h2", has_text="игр: 1").wait_for(timeout=ms(5))
            assert time.monotonic() - saved < scaled(5)
            assert await page.locator(".table").count() == 0
            await admin.send("/tv off")
            await admin.reply()
            await page.get_by_text("Ссылка на экран клуба не действует").wait_for(timeout=ms(5))
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


async def test_the_tv_reads_from_the_back_of_the_room(tmp_path):
    """Issue 45 §3: one table in play fills most of the screen, with the phase and who is put
    to the vote; three fouls and a technical one read «⚠3 Т1», not «⚠4» (which would mean out);
    a protocol entered in the chat dialog is on the screen too, its ten without a role."""
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge, token = await a_club_with_its_tv(world)
        async with app_server(world) as base, browser() as launched:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            await app.send(*game[:5], *(event("foul", seat=3) for _ in range(3)),
                           event("technical", seat=3), event("nominate", seat=5))  # fmt: skip
            context = await launched.new_context(viewport={"width": 1920, "height": 1080})
            page = await context.new_page()
            await page.goto(f"{base}tv.html#{token}")
            card = page.locator('.table[data-table="1"]')
            await card.wait_for()
            text = await card.inner_text()
            assert "ДЕНЬ 1" in text.upper() and "⚠3" in text and "Т1" in text and "⚠4" not in text
            assert await page.locator(".seat.nominated").count() == 1
            assert await page.locator('.seat.nominated[data-seat="5"]').count() == 1
            box = await card.bounding_box()
            assert box["height"] >= 0.75 * 1080 and box["width"] >= 0.6 * 1920, box
            seat_size = await page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('.seat')).fontSize)"
            )
            assert seat_size >= 60, seat_size  # a nickname read across the room
            assert await smallest_text(page) >= 32
            for role in ("шериф", "мафия", "sheriff", "mafia", "don"):  # «<Дон> & Co» is a name
                assert role not in (await page.inner_text("body")).lower()
            await page.screenshot(path=shots / "tv-one-table-1920.png")
            # A second judge enters his game in the chat: his ten appear beside it.
            other = await appoint_judge(world, admin, "Пётр", "petr_judge")
            taps = Taps(other)
            await taps.send("/game")
            await taps.send("\n".join(f"Гость{n}" for n in range(1, 11)))
            labels = [b for b in other.buttons() if b.startswith("➕ Создать новых игроков")]
            if labels:
                await taps.press(labels[0])
            await page.locator(".table").nth(1).wait_for(timeout=ms(5))
            second = await page.locator(".table").nth(1).inner_text()
            assert "Гость1" in second and "Гость10" in second
            height = await page.evaluate("document.documentElement.scrollHeight")
            assert height <= 1080, height
            await page.screenshot(path=shots / "tv-two-tables-1920.png")
