"""Issue 45 §4: every page and answer of the Mini App and the TV says what it may load and who
may frame it — its own files and Telegram's script, its own API, framed by Telegram's web
client only — and sends no referrer (the TV's link carries its secret)."""

from __future__ import annotations

import aiohttp

from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server

PAGES = ("", "index.html", "standings.html", "record.html", "tonight.html", "tv.html", "app.js",
         "sw.js", "style.css")  # fmt: skip


async def test_every_page_and_answer_carries_the_security_headers(tmp_path):
    async with dispatcher_world(tmp_path) as world, app_server(world) as base:
        async with aiohttp.ClientSession() as session:
            for name in PAGES:
                async with session.get(base + name) as response:
                    assert response.status == 200, name
                    headers = response.headers
                    policy = headers["Content-Security-Policy"]
                    assert "default-src 'none'" in policy
                    assert "script-src 'self' https://telegram.org" in policy
                    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
                    assert "frame-ancestors 'self' https://web.telegram.org" in policy
                    assert headers["Referrer-Policy"] == "no-referrer"
                    assert headers["X-Content-Type-Options"] == "nosniff"
        status, _ = await AppCaller(base, 1, data="").call("open")
        assert status == 401
        async with (
            aiohttp.ClientSession() as session,
            session.post(base + "api/open", json={}) as response,
        ):
            assert "frame-ancestors" in response.headers["Content-Security-Policy"]


async def test_a_flood_of_forged_calls_writes_a_few_log_lines_not_one_each(tmp_path, caplog):
    import asyncio
    import logging

    from bot.core.logs import Throttled

    async with dispatcher_world(tmp_path) as world, app_server(world) as base:
        forged = AppCaller(base, 1, data="user=%7B%22id%22%3A1%7D&hash=00")
        statuses = await asyncio.gather(*(forged.call("open") for _ in range(200)))
        assert {status for status, _ in statuses} == {401}
    refused = [r for r in caplog.records if r.name == "bot.webapp.calls"]
    assert 1 <= len(refused) <= 5
    clock = [0.0]
    throttled = Throttled(logging.getLogger("test.throttled"), window=60, burst=2)
    import bot.core.logs as logs

    real = logs.time.monotonic
    logs.time.monotonic = lambda: clock[0]
    try:
        caplog.clear()
        for _ in range(10):
            throttled.warning("refused %s", "x")
        clock[0] = 61
        throttled.warning("refused %s", "y")
    finally:
        logs.time.monotonic = real
    lines = [r.getMessage() for r in caplog.records if r.name == "test.throttled"]
    assert lines == [
        "refused x", "refused x",
        "8 more like the lines above in 60 s, not written one by one", "refused y",
    ]  # fmt: skip
