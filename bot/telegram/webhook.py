"""Telegram's webhook, served by aiohttp behind the host's HTTPS proxy (``WEBHOOK_URL``).

The same guarantee as polling's acknowledgement after handling: a request is answered 200 only
after its update was handled, so a crash in the middle means Telegram delivers it again (and the
journal skips a repeat of one that was handled). A request without the right
``X-Telegram-Bot-Api-Secret-Token`` gets 401, is logged, and is never handled. An update aiogram
cannot read is set aside and answered 200, so that Telegram goes on to the next one.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from aiogram import Bot, Dispatcher
from aiohttp import web

from bot.telegram.dead_letters import DeadLetters
from bot.telegram.polling import PollState, UpdateJournal, handle_update, read_update
from bot.telegram.retry import telegram_state

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
Route = tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]


def webhook_route(
    dispatcher: Dispatcher, bot: Bot, path: str, secret: str, dead: DeadLetters,
    state: PollState, journal: UpdateJournal,
) -> Route:  # fmt: skip
    async def receive(request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            log.warning("Webhook request from %s without the right secret: refused", request.remote)
            return web.Response(status=401)
        try:
            raw = await request.json()
        except (ValueError, RecursionError):  # not JSON, or nested deeper than any update
            return web.Response(status=400)
        if not isinstance(raw, dict):
            return web.Response(status=400)
        state.last_ok = datetime.now(UTC)
        update = await read_update(bot, raw, dead)
        if update is not None:
            await handle_update(dispatcher, bot, update)  # handled before the 200
            if journal.unreachable.pop(update.update_id, None) is not None:
                return web.Response(status=503)  # the database was gone: Telegram brings it again
            if journal.outage.again.pop(update.update_id, None) is not None:
                return web.Response(status=503)  # Telegram failed it: it delivers it again
            await journal.recovered(telegram_state(bot).up)  # the admins told of an outage
        return web.Response(status=200)

    return ("POST", path, receive)


async def serve(routes: list[Route], host: str, port: int, grace: float) -> web.AppRunner:
    """An aiohttp server with these routes; at cleanup, requests in progress get ``grace``."""
    app = web.Application()
    for method, path, handler in routes:
        app.router.add_route(method, path, handler)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=grace)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
