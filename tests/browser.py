"""A real headless Chromium (Debian's ``chromium``, driven by Playwright) opening the Mini App the
way Telegram does: Telegram's script replaced by a stub of its WebApp object carrying initData
signed with the bot's token, at a phone's or a tablet's width."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.timing import ms, scaled

TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
PHONE = {"width": 360, "height": 780}
TABLET = {"width": 820, "height": 1180}
DARK = {
    "--tg-theme-bg-color": "#17212b", "--tg-theme-text-color": "#f5f5f5",
    "--tg-theme-hint-color": "#708499", "--tg-theme-button-color": "#5288c1",
    "--tg-theme-button-text-color": "#ffffff", "--tg-theme-secondary-bg-color": "#232e3c",
}  # fmt: skip


def chromium_path() -> str:
    """Debian's chromium; without it the browser tests are skipped here, and fail in CI (which
    installs it: ``.ci/run`` sets BROWSER_TESTS_REQUIRED)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("BROWSER_TESTS_REQUIRED"):
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        pytest.fail("playwright is not installed: pip install -e '.[test]'")
    return found


def telegram_stub(init_data: str, theme: dict[str, str] | None = None) -> str:
    """Telegram's WebApp object as a page meets it, recording what the page asks of it."""
    return f"""
window.__tg = {{ haptics: [], closed: false, swipes: true, closingConfirmation: false }};
window.Telegram = {{ WebApp: {{
  initData: {json.dumps(init_data)},
  themeParams: {{}},
  colorScheme: {json.dumps("dark" if theme else "light")},
  ready() {{}}, expand() {{}},
  disableVerticalSwipes() {{ window.__tg.swipes = false; }},
  enableClosingConfirmation() {{ window.__tg.closingConfirmation = true; }},
  disableClosingConfirmation() {{ window.__tg.closingConfirmation = false; }},
  close() {{ window.__tg.closed = true; }},
  HapticFeedback: {{
    impactOccurred(k) {{ window.__tg.haptics.push('impact:' + k); }},
    notificationOccurred(k) {{ window.__tg.haptics.push(k); }},
  }},
}} }};
for (const [name, value] of Object.entries({json.dumps(theme or {})})) {{
  document.documentElement.style.setProperty(name, value);
}}
"""


_SHARED: dict[str, Any] = {}  # the worker's Chromium and the loop it belongs to
# A browser test module's marks: the ``browser`` tier (its time limit), the session's loop (the
# worker's Chromium belongs to it) and that Chromium, launched by the first test that needs it.
BROWSER = [
    pytest.mark.browser,
    pytest.mark.asyncio(loop_scope="session"),
    pytest.mark.usefixtures("worker_chromium"),
]


@asynccontextmanager
async def shared_chromium() -> AsyncIterator[Any]:
    """One Chromium for the worker's browser tests (their loop is the session's): launched once,
    closed at the end of the session."""
    async with _launched() as launched:
        _SHARED.update(browser=launched, loop=asyncio.get_running_loop())
        try:
            yield launched
        finally:
            _SHARED.clear()


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    """The worker's Chromium, its pages' contexts closed after the test (each page has a fresh
    one: its own storage, another device); a test outside the session's loop gets its own."""
    launched = _SHARED.get("browser")
    if launched is None or _SHARED.get("loop") is not asyncio.get_running_loop():
        async with _launched() as own:
            yield own
        return
    try:
        yield launched
    finally:
        for context in list(launched.contexts):
            await context.close()


@asynccontextmanager
async def _launched() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    path = chromium_path()
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


async def telegram_page(
    launched: Any, url: str, init_data: str, *, size: dict[str, int] = PHONE,
    theme: dict[str, str] | None = None, clock: bool = False,
) -> Any:  # fmt: skip
    """A page of its own (its own storage: another device) opened as Telegram opens the app;
    ``clock``: its timers wait for the test (``page.clock.fast_forward``)."""
    context = await launched.new_context(viewport=size, device_scale_factor=2, has_touch=True)
    context.set_default_timeout(ms(30))  # Playwright's own default, in this machine's time
    if clock:
        await context.clock.install()
    stub = telegram_stub(init_data, theme)

    async def serve_stub(route: Any) -> None:
        await route.fulfill(status=200, content_type="text/javascript", body=stub)

    await context.route(TELEGRAM_SCRIPT, serve_stub)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: _csp_violation(message, errors))  # a refused script, say
    page.errors = errors  # read by the test: a page that threw fails it
    if "#" not in url:  # as Telegram opens it: the signed data in the address too
        url += "#" + urlencode({"tgWebAppData": init_data, "tgWebAppVersion": "8.0"})
    await page.goto(url)
    return page


def _csp_violation(message: Any, errors: list[str]) -> None:
    if message.type == "error" and "Content Security Policy" in message.text:
        errors.append(message.text)


def screenshots_dir(tmp_path: Path) -> Path:
    """Where the screenshots go: ``SCREENSHOTS_DIR`` to keep and look at them, else the test's
    temporary folder."""
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path / "screens")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def wait_until(page: Any, expression: str, timeout: float = 10.0) -> None:
    """Until ``expression`` is true in the page. Playwright's ``wait_for_function`` compiles its
    predicate with ``eval`` inside the page, which the pages' Content-Security-Policy forbids
    (as it should): this asks from outside instead."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + scaled(timeout)
    while not await page.evaluate(expression):
        if loop.time() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        await asyncio.sleep(0.05)
