"""Issue 45 §3: every page at a phone's 360 px with the longest nickname the bot accepts (32
characters, with no space to break at): nothing is wider than the screen, every button can be
tapped, the standings' columns a phone shows fit its width. Screenshots are kept and looked at."""

from __future__ import annotations

from bot.texts.players import MAX_NICKNAME
from tests.browser import BROWSER, DARK, TABLET, browser, screenshots_dir, telegram_page
from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol
from tests.webapp import app_server, init_data

pytestmark = BROWSER  # a real Chromium, one per worker: seconds each

APP = "http://127.0.0.1/"
LONG = "Ж" * 14 + "_очень_длинный_ник"  # 32 characters, not one space
NAMES = [LONG, *(f"Игрок{n:02d}" for n in range(1, 14))]
assert len(LONG) == MAX_NICKNAME

WIDEST = """
Math.max(document.documentElement.scrollWidth,
  ...[...document.querySelectorAll('body *')].map(e => e.getBoundingClientRect().right))
"""


async def assert_fits(page, what: str) -> None:
    widest = await page.evaluate(WIDEST)
    assert widest <= 360.5, f"{what}: {widest} px at a 360 px screen"


async def tappable(page, button) -> bool:
    """The button is on top where it is drawn: a finger on its middle presses it."""
    await button.scroll_into_view_if_needed()
    box = await button.bounding_box()
    return await page.evaluate(
        "([x, y, el]) => { const top = document.elementFromPoint(x, y);"
        " return top === el || el.contains(top); }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, await button.element_handle()],
    )


async def test_every_page_fits_a_phone_with_a_32_character_nickname(tmp_path):
    shots = screenshots_dir(tmp_path)
    protocol = random_protocol(NAMES, 50, seed=9)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
        assert "Игр: 50" in (await admin.reply()).text
        fan = world.person("Болельщик", username="fan")
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, f"{base}record.html?player={LONG}",
                                       init_data(fan.id))  # fmt: skip
            await page.locator("h1").wait_for()
            await page.locator("#games > button").first.wait_for()
            await page.screenshot(path=shots / "phone-record-long.png", full_page=True)
            await assert_fits(page, "record")
            more = page.get_by_role("button", name="Показать ещё")
            if await more.count():
                assert await tappable(page, more), "«Показать ещё» is under another button"
            page = await telegram_page(launched, f"{base}standings.html", init_data(fan.id))
            await page.locator("#standings tbody tr").first.wait_for()
            await page.screenshot(path=shots / "phone-standings-long.png", full_page=True)
            await assert_fits(page, "standings")
            for header in ("Ci", "Ср."):  # any column is one tap away, and on the screen
                await page.locator(".extra").get_by_role("button", name=header).click()
                cell = page.locator("#standings th", has_text=header).last
                box = await cell.bounding_box()
                assert box["x"] + box["width"] <= 360.5, header
                await assert_fits(page, f"standings with {header}")
            await page.screenshot(path=shots / "phone-standings-ci.png")
            page = await telegram_page(launched, f"{base}tonight.html", init_data(fan.id))
            await page.locator("h1").wait_for()
            await assert_fits(page, "tonight")
            record = await telegram_page(launched, f"{base}record.html", init_data(fan.id))
            text = record.locator("#text")
            await text.wait_for()  # not linked: said as a state, with what to do — not an error
            assert "/iam" in await text.inner_text()
            assert await record.locator(".error").count() == 0
            await record.screenshot(path=shots / "phone-record-not-linked.png")
            dark = await telegram_page(launched, f"{base}standings.html", init_data(fan.id),
                                       size=TABLET, theme=DARK)  # fmt: skip
            await dark.locator("#standings tbody tr").first.wait_for()
            await dark.screenshot(path=shots / "tablet-dark-standings-long.png")
            assert page.errors == [] and dark.errors == []


async def test_the_judges_page_shows_why_a_player_left_whole_beside_his_fouls(tmp_path):
    from tests.club import Taps, seat_players, setup_club
    from tests.webapp import AppCaller, event, short_game

    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _admin, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            app = AppCaller(base, judge.id)
            await app.open()
            game = short_game()
            await app.send(*game[:5], event("foul", seat=5), event("technical", seat=5),
                           event("nominate", seat=5), event("next"), event("vote", out=[5]),
                           *(event("foul", seat=6) for _ in range(4)))  # fmt: skip
            view = await app.open(app.live)
            assert view["skipped"] == [], view["skipped"]
            for size, theme, name in ((None, None, "phone"), (TABLET, DARK, "tablet-dark")):
                page = await telegram_page(
                    launched,
                    base,
                    init_data(judge.id),
                    **({"size": size, "theme": theme} if size else {}),
                )
                await page.locator(".seat").first.wait_for()
                cut = await page.evaluate(
                    "[...document.querySelectorAll('.seat .marks')]"
                    ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
                )
                assert cut == [], cut
                marks = await page.locator(".seat .marks").all_inner_texts()
                assert any("заголосован" in m for m in marks) and any("4 фола" in m for m in marks)
                await page.screenshot(path=shots / f"{name}-judge-left-and-fouls.png")
                if size is None:
                    await assert_fits(page, "the judge's page")
