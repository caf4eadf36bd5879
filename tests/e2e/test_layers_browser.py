"""The log's layers tapped in a real headless Chromium at a phone's width (issue 48 §1): a club
turns every layer on, and a judge records who nominated whom, the raised hands (a tap per hand,
«Все остальные» for the rest), the last words and each black's shot — the taps counted, the
server's log and reading checked, the screens kept (``SCREENSHOTS_DIR``) and looked at."""

from __future__ import annotations

import json

from scoring.live import replay
from tests.browser import BROWSER, browser, screenshots_dir, telegram_page
from tests.club import NAMES, Taps, linked_player, seat_players, setup_club
from tests.harness import dispatcher_world
from tests.timing import ms
from tests.webapp import app_server, init_data

pytestmark = BROWSER

APP = "http://127.0.0.1/"
EVERY_LAYER = ("🗣 Записывать, кто выставил", "✋ Записывать голоса по рукам",
               "🎯 Записывать выстрел каждого", "📜 Записывать завещания")  # fmt: skip


class Judge:
    """The judge's fingers on the page: every tap counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0

    async def seat(self, *numbers: int) -> None:
        for number in numbers:
            await self.page.locator(f'.table [data-seat="{number}"]').click()
            self.taps += 1

    async def press(self, label: str) -> None:
        await self.page.get_by_role("button", name=label, exact=True).click()
        self.taps += 1


async def server_log(world) -> list[dict]:
    rows = await world.database.fetchall("SELECT data FROM live_events ORDER BY seq")
    return [json.loads(row[0]) for row in rows]


async def test_a_judge_taps_nominators_hands_last_words_and_each_shot(tmp_path):
    shots = screenshots_dir(tmp_path)
    async with dispatcher_world(tmp_path, webapp_url=APP, stats_min_games=1) as world:
        admin, judge = await setup_club(world)
        await admin.send("/settings")
        await admin.reply()
        for label in EVERY_LAYER:
            await admin.press(label)
        await seat_players(Taps(judge))
        async with app_server(world) as base, browser() as launched:
            page = await telegram_page(launched, base, init_data(judge.id))
            await page.locator(".table .seat").first.wait_for()
            you = Judge(page)
            await you.seat(2, 9, 4, 7)  # sheriff, don, mafia, mafia
            await you.press("☀️ День 1")
            start = you.taps
            await you.seat(4)  # the nominee…
            await page.get_by_text("Выставлен 4. Кто выставил?").wait_for()
            await page.screenshot(path=shots / "phone-nominator.png")
            await you.seat(1)  # …and who nominated him
            await you.seat(5, 4)
            assert you.taps - start == 4  # two nominations, two taps each
            await you.press("🗳 Голосование")
            start = you.taps
            await page.get_by_text("Голосование за 4: нажмите поднятые руки (0).").wait_for()
            await you.seat(1, 2, 3)  # a tap per raised hand
            await page.screenshot(path=shots / "phone-hands.png")
            await you.press("Записать за 4: 3")
            await you.press("Все остальные (7)")  # the rest, in one tap
            assert you.taps - start == 5
            assert "Голоса: за 4 — 3, за 5 — 7." in await page.locator("#tally").inner_text()
            await page.screenshot(path=shots / "phone-tally.png")
            await you.seat(5)
            await you.press("Уходит: 5")
            start = you.taps
            await you.press("Завещание 5")
            await you.seat(4, 2, 2)  # 4 black; 2 twice: red
            await page.get_by_text("Чёрные: 4 · красные: 2").wait_for()
            await page.screenshot(path=shots / "phone-last-words.png")
            await you.press("Записать завещание")
            assert you.taps - start == 5
            await you.press("🌙 Ночь 1")
            start = you.taps
            await you.press("Стреляли по-разному")
            await page.get_by_text("Выстрел чёрного 4: нажмите место").wait_for()
            await you.seat(1)
            await you.seat(1)  # seat 7's shot
            await page.screenshot(path=shots / "phone-split-shot.png")
            await you.press("Не стрелял")  # the don
            assert you.taps - start == 4  # one tap to begin, one for each black
            await you.press("🏁 Завершить…")
            await you.press("Победа красных")
            await page.locator("#summary").wait_for(timeout=ms(10))
            await you.press("✅ Сохранить")
            await page.get_by_text("Игра сохранена").wait_for()
            assert page.errors == []
            # A player reads the new numbers on his record page, beside the club's average.
            fox = await linked_player(world, admin, "Лиса", "fox", NAMES[0])  # seat 1
            page = await telegram_page(launched, base + "record.html", init_data(fox.id))
            section = page.locator("#statistics")
            await section.wait_for()
            row = section.locator("tr", has_text="Выставлял чёрных")
            assert [await row.locator("td").nth(n).inner_text() for n in (1, 2)] == ["100%", "100%"]
            assert "игр: 1" in await row.inner_text()
            assert await section.locator("th", has_text="Вы").count() >= 1
            await section.scroll_into_view_if_needed()
            await section.screenshot(path=shots / "phone-record-statistics.png")
            assert page.errors == []
        log = await server_log(world)
        state = replay(log)
        assert state.nominations == [(1, 4, 1), (1, 5, 4)]
        assert [(h.candidate, h.voters) for h in state.hands] == [
            (4, (1, 2, 3)), (5, (4, 5, 6, 7, 8, 9, 10))
        ]  # fmt: skip
        assert state.last_words == {5: ((4,), (2,))}
        assert state.shots == [(1, None)]  # they disagreed: a miss
        assert sorted(state.shooters) == [(1, 4, 1), (1, 7, 1), (1, 9, None)]
        assert state.skipped == []
        stored = await world.database.fetchone("SELECT layers FROM live_games")
        assert sorted(json.loads(stored[0])) == ["hands", "last_words", "nominators", "shooters"]
