"""The standings page in a real headless Chromium at a phone's width: a player sorts by a column,
filters by role and searches a nickname the way he does on his phone; his own row is marked."""

from __future__ import annotations

import time
from datetime import timedelta

from tests.browser import BROWSER, DARK, browser, screenshots_dir, telegram_page, wait_until
from tests.handlers.test_nights import play_seated_game, seated_evening
from tests.handlers.test_standings_app import played_two_games
from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol
from tests.timing import ms
from tests.webapp import app_server, init_data

pytestmark = BROWSER  # a real Chromium, one per worker: seconds each

APP = "http://127.0.0.1/"
SEASON = [f"Игрок{n:02d}" for n in range(1, 15)]


async def column(page, number: int) -> list[str]:
    return await page.locator(f"#standings tbody tr td:nth-child({number})").all_inner_texts()


async def nicknames(page) -> list[str]:
    """The names column without its marks (🎲 the lot, ⏳ provisional)."""
    return [name.replace(" 🎲", "").replace(" ⏳", "") for name in await column(page, 2)]


async def test_a_player_sorts_filters_and_searches_the_table(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base + "standings.html", init_data(owl.id))
            await page.locator("#standings tbody tr").first.wait_for()
            assert await page.locator("h1").inner_text() == "Осенний кубок"
            assert await column(page, 1) == [str(n) for n in range(1, 11)]
            mine = page.locator("#standings tr.me")
            assert (await mine.locator("td.name").inner_text()).startswith("Сова")
            assert "⏳" in await mine.inner_text()
            await page.screenshot(path=shots / "phone-standings.png", full_page=True)
            await page.locator('th[data-key="name"]').click()  # by nickname, А→Я
            names = await nicknames(page)
            assert names == sorted(names, key=lambda n: n.casefold()) or names[0] == "<Дон> & Co"
            await page.locator('th[data-key="games"]').click()
            await page.get_by_role("button", name="Мафия", exact=True).click()
            await wait_until(
                page,  # Сова and Волк
                "document.querySelectorAll('#standings tbody tr').length === 2",
            )
            await page.locator("#search").fill("сов")
            assert await nicknames(page) == ["Сова"]
            await page.locator("#search").fill("никто")
            await page.get_by_text("Никого с таким ником.").wait_for()
            assert page.errors == []
            dark = await telegram_page(launched, base + "standings.html", init_data(owl.id),
                                       theme=DARK)  # fmt: skip
            await dark.locator("#standings tbody tr").first.wait_for()
            await dark.screenshot(path=shots / "phone-standings-dark.png")


async def test_the_days_table_and_a_provisional_row_turning_final_by_itself(tmp_path):
    """A player picks «За дни» (today by default) and reads the day's table; left open, the page
    drops ⏳ by itself when the protest window closes."""
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base + "standings.html", init_data(owl.id),
                                       clock=True)  # fmt: skip
            await page.locator("#standings tbody tr").first.wait_for()
            await page.get_by_role("button", name="За дни").click()
            await page.get_by_role("button", name="Показать").click()
            await page.locator("h1", has_text="📅 Игры").wait_for()
            assert await column(page, 1) == [str(n) for n in range(1, 11)]
            assert "⏳" in await page.locator("#standings tr.me").inner_text()
            await page.screenshot(path=shots / "phone-standings-days.png", full_page=True)
            world.clock.shift = world.services.games.window.length + timedelta(minutes=1)
            await page.clock.fast_forward("01:05")  # the page asks again within a minute
            await wait_until(page, "!document.querySelector('#standings').innerText.includes('⏳')")
            assert await column(page, 1) == [str(n) for n in range(1, 11)]
            assert page.errors == []


async def test_a_player_sees_tonight_with_his_seats_and_goes_to_the_table(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge, people = await seated_evening(world)
        await play_seated_game(judge)
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base + "tonight.html", init_data(people[0].id))
            await page.locator(".round").first.wait_for()
            assert await page.locator(".round").count() == 3
            assert await page.locator("li.me").count() == await page.locator(".round.mine").count()
            assert "✅ сыграна" in await page.locator('.round[data-round="1"]').inner_text()
            await page.screenshot(path=shots / "phone-tonight.png", full_page=True)
            await page.get_by_text("📊 Таблица").click()
            await page.locator("#standings tbody tr").first.wait_for()
            assert page.errors == []


async def test_a_player_reads_his_record_with_charts_and_opens_a_game(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base + "record.html", init_data(owl.id))
            await page.locator("h1", has_text="Сова").wait_for()
            assert await page.locator("figure.chart polyline").count() >= 1
            await page.locator("[data-game]").first.click()
            await page.locator(".summary", has_text="Стол 1").last.wait_for()
            await page.screenshot(path=shots / "phone-record.png", full_page=True)
            await page.locator("#player").fill("Волк")  # another player's, by his nickname
            await page.get_by_role("button", name="Найти").click()
            await page.locator("h1", has_text="Волк").wait_for()
            await page.locator("#player").fill("Никтотакой")
            await page.get_by_role("button", name="Найти").click()
            await page.locator("#text", has_text="Никтотакой").wait_for()  # not found: said
            assert page.errors == []


async def test_a_season_record_in_blocks_with_partners_and_every_game(tmp_path):
    """Sixty games of a season: his place and points, each role, achievements, partners and
    rivals (a tap opens theirs) and every game of his, twenty at a time."""
    shots = screenshots_dir(tmp_path)
    protocol = random_protocol(SEASON, 60, seed=5)
    mine = sum(SEASON[0] in {p["name"] for p in g["players"]} for g in protocol["games"])
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
        assert "Игр: 60" in (await admin.reply()).text
        fan = world.person("Болельщик", username="fan")
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(
                launched, f"{base}record.html?player={SEASON[0]}", init_data(fan.id)
            )
            await page.locator("h1", has_text=SEASON[0]).wait_for()
            assert await page.locator(".tile").count() == 4
            assert await page.locator("table.roles tbody tr").count() == 4
            assert await page.locator("ul.achievements li").count() >= 4
            assert await page.locator(".people").count() == 3
            assert await page.locator("#games > button").count() == 20
            await page.screenshot(path=shots / "phone-record-season.png", full_page=True)
            while await page.get_by_role("button", name="Показать ещё").count():
                await page.get_by_role("button", name="Показать ещё").click()
            assert await page.locator("#games > button").count() == mine
            partner = page.locator(".people button.link").first
            name = await partner.inner_text()
            await partner.click()
            await page.locator("h1", has_text=name).wait_for()
            assert page.errors == []


async def test_the_club_chats_link_opens_the_table_not_the_judges_page(tmp_path):
    """t.me/<bot>/<app>?startapp=standings-club1 opens the app's address with the page it names
    (the club is the server's to read)."""
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, _, owl = await played_two_games(world)
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(
                launched, f"{base}?tgWebAppStartParam=standings-club1", init_data(owl.id)
            )
            await page.locator("#standings tbody tr").first.wait_for()
            assert page.url.split("#")[0].split("?")[0].endswith("/standings.html")
            assert page.errors == []


async def test_two_hundred_players_render_within_a_second_on_a_slow_phone(tmp_path):
    """A club of 200: the table is drawn, re-sorted and filtered within a second each, with the
    browser's CPU slowed four times (a budget phone). The server's answer is timed apart (the
    benchmark's standings API p99); here the page's own work once the answer is in."""
    names = [f"Игрок{n:03d}" for n in range(200)]
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("club.json", protocol_bytes(random_protocol(names, 400, seed=3)),
                              "/import Клуб")  # fmt: skip
        assert "Игр: 400" in (await admin.reply()).text
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, "about:blank", init_data(admin.id))
            cdp = await page.context.new_cdp_session(page)
            await cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            # Each the best of three: the machine is shared, and a moment's contention is not
            # the page's cost (a slower page is slower every time).
            drawn = []
            for _ in range(3):
                await page.goto(base + "standings.html")
                await page.locator("#standings tbody tr:nth-child(200)").wait_for()
                drawn.append(await page.evaluate(
                    "performance.now() - performance.getEntriesByType('resource')"
                    ".find(e => e.name.endsWith('api/standings')).responseEnd"
                ))  # fmt: skip
            assert min(drawn) < ms(1), drawn  # a second on the reference machine
            for step in (
                lambda: page.locator('th[data-key="games"]').click(),  # each click re-sorts
                lambda: page.locator("#search").fill("Игрок1"),
            ):
                took = []
                for _ in range(3):
                    await page.locator("#search").fill("")
                    started = time.perf_counter()
                    await step()
                    await page.evaluate("new Promise(r => requestAnimationFrame(() => r()))")
                    took.append((time.perf_counter() - started) * 1e3)
                assert min(took) < ms(1), took
            assert await page.locator("#standings tbody tr").count() == 100  # Игрок100…Игрок199
            assert page.errors == []
