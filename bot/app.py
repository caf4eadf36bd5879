"""Building the Bot and the Dispatcher, and running them."""

from __future__ import annotations

import asyncio
import logging
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Coroutine
from datetime import UTC, datetime
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.types import (
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    MenuButtonWebApp,
    WebAppInfo,
)

from bot.club.members import MemberDirectory
from bot.core import club_scope
from bot.core.config import Settings
from bot.core.db import Database, DatabaseError
from bot.core.engines import make_database
from bot.core.fsm_storage import SQLiteStorage
from bot.core.isolation import EventIsolation
from bot.core.memory import freeze_between_full_walks
from bot.core.tasks import cancelled
from bot.ops.health import Operations, health_route, serve_health
from bot.rating.pictures import stop_drawing
from bot.services import Services, build_services
from bot.telegram.club_context import ClubMiddleware
from bot.telegram.expired_callbacks import ExpiredCallbackAnswers
from bot.telegram.menus import group_commands, private_commands, publish_menu
from bot.telegram.middlewares import HandledLog, MemberMiddleware
from bot.telegram.polling import poll
from bot.telegram.response_models import KeepResponseModels
from bot.telegram.retry import Patience
from bot.telegram.screen import stop_pictures
from bot.telegram.webhook import Route, serve, webhook_route
from bot.vocabulary.rights import Member
from bot.webapp.server import webapp_routes
from handlers import build_router

log = logging.getLogger(__name__)
SHUTDOWN_GRACE_SECONDS = 10.0
MENU_BUTTON = "Рейтинг"  # the menu button of private chats, with the Mini App served
SWITCH_INTERVAL = 0.0005  # seconds the loop keeps the interpreter lock; Python's default: 0.005


def create_bot(settings: Settings, session_class: type[AiohttpSession] = AiohttpSession) -> Bot:
    """The Bot, on a session of ``session_class`` (the tests give one whose close does not wait
    for TLS connections their loopback server never makes)."""
    session = session_class()
    if settings.telegram_api_url:
        session = session_class(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    session.middleware(KeepResponseModels())
    session.middleware(Patience(settings.reply_patience))
    session.middleware(ExpiredCallbackAnswers())
    return Bot(
        token=settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML),
    )


def create_dispatcher(services: Services) -> Dispatcher:
    """The Dispatcher with every router and middleware; its handlers are given the services by
    name, and its start and stop run and end their background work."""
    dispatcher = Dispatcher(
        storage=SQLiteStorage(services.database), events_isolation=EventIsolation(services.database)
    )
    dispatcher.workflow_data.update(services.by_name())
    dispatcher.update.outer_middleware(services.in_flight)
    dispatcher.update.outer_middleware(services.journal)
    # inside the journal: its record of a handled update waits silently (answered already)
    dispatcher.update.outer_middleware(services.journal.busy)
    dispatcher.update.outer_middleware(ClubMiddleware(services.clubs, services.members))
    dispatcher.update.outer_middleware(MemberMiddleware(services.members))
    if services.settings.log_format == "json":  # the log collector's record of each update
        handled = HandledLog()
        dispatcher.message.middleware(handled)
        dispatcher.callback_query.middleware(handled)
    dispatcher.include_router(build_router())

    async def start_background_work(bot: Bot) -> None:
        await _start_background_work(bot, services)

    async def stop_background_work() -> None:
        await _stop_background_work(services)

    dispatcher.startup.register(start_background_work)
    dispatcher.shutdown.register(stop_background_work)
    return dispatcher


async def _start_background_work(bot: Bot, services: Services) -> None:
    """The first standings and Elo ratings (so the first /rating and announcement after a
    restart find them ready), and — in the process that leads the deployment's background work
    (the only one on SQLite; on PostgreSQL the first, then whichever outlives it) — the outbox
    worker (it delivers what a crash left queued) and the scheduler (what fell due while the bot
    was down runs now). A process that does not lead waits for the lead in the background."""
    await services.clubs.ensure_from_environment()
    services.standings.refresh_soon()
    services.elo.refresh_soon()
    await services.lead.start(lambda: _lead(bot, services), lambda: _rest(services))


async def _lead(bot: Bot, services: Services) -> None:
    try:
        await services.outbox.check_club_chats(bot)
    except Exception as error:  # the database just lost, say: the lead goes on, the worker sends
        log.warning("The club chats were not checked: %s", error)
    services.outbox.start(bot)
    services.scheduler.start()


async def _rest(services: Services) -> None:
    await services.scheduler.stop()
    await services.outbox.stop()


async def _stop_background_work(services: Services) -> None:
    await services.lead.stop()
    await services.scheduler.stop()
    await services.outbox.stop()
    await services.standings.stop()
    await services.elo.stop()
    await stop_pictures()
    stop_drawing()


class StartupError(Exception):
    """The bot cannot start; the message says why in one line."""


async def _until_reachable(call: Callable[[], Awaitable[object]], what: str) -> None:
    """Retry a start-up call while Telegram is unreachable; a rejected token is final."""
    delay = 1.0
    while True:
        try:
            await call()
            return
        except TelegramUnauthorizedError:
            raise StartupError("BOT_TOKEN was rejected by the Bot API (Unauthorized)") from None
        except TelegramRetryAfter as error:
            wait = float(error.retry_after)
        except (TelegramNetworkError, TelegramServerError) as error:
            wait = delay
            delay = min(delay * 2, 30.0)
            log.warning("%s failed (%s); retrying in %.0f s", what, error, wait)
        await asyncio.sleep(wait)


async def prepare_bot(
    bot: Bot, members: MemberDirectory, polling: bool = True, app_page: str | None = None
) -> None:
    """Keep pending updates, switch to polling (in webhook mode the webhook is set once its
    server listens), register the command menus and, with the Mini App served, make the menu
    button of private chats open its standings."""
    if polling:
        await _until_reachable(
            lambda: bot.delete_webhook(drop_pending_updates=False), "deleteWebhook"
        )
    await _until_reachable(
        lambda: bot.set_my_commands(private_commands(), scope=BotCommandScopeAllPrivateChats()),
        "setMyCommands",
    )
    await _until_reachable(
        lambda: bot.set_my_commands(group_commands(), scope=BotCommandScopeAllGroupChats()),
        "setMyCommands",
    )
    # the staff of a one-club deployment see their menus at once; in many clubs, on their
    # first update (a person's menu is his rights in the club he speaks of)
    staff = await members.everyone_with_rights() if club_scope.maybe_club() else []
    for member in staff:
        await _until_reachable(partial(_publish_menu, bot, members, member), "setMyCommands")
    if app_page is not None:
        button = MenuButtonWebApp(
            text=MENU_BUTTON, web_app=WebAppInfo(url=f"{app_page}standings.html")
        )
        await _until_reachable(lambda: bot.set_chat_menu_button(menu_button=button), "menu")


async def _publish_menu(bot: Bot, members: MemberDirectory, member: Member) -> None:
    """A refusal (he never opened the bot) is retried on his first update."""
    if await publish_menu(bot, member):
        await members.menu_published(member)


async def open_database(settings: Settings) -> Database:
    url = settings.database_url.get_secret_value() if settings.database_url else None
    database = make_database(url, settings.database_path)
    await database.connect()
    try:
        await database.migrate()
    except sqlite3.Error as error:  # a disk that is full, a file that is not a database
        await database.close()
        raise DatabaseError(database.unusable(error)) from None
    except BaseException:
        await database.close()
        raise
    return database


async def run(settings: Settings) -> None:
    database = await open_database(settings)
    bot = create_bot(settings)
    services = build_services(settings, database)
    dispatcher = create_dispatcher(services)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    try:
        webhook = _webhook(settings, dispatcher)
        prepared = prepare_bot(
            bot, services.members, polling=webhook is None, app_page=settings.webapp_page
        )
        if not await _unless_stopped(stop, prepared):
            log.info("Stopped before polling started")
            return
        await services.journal.forget_old()
        await dispatcher.emit_startup(bot=bot, dispatcher=dispatcher)
        way = "Webhook" if webhook else "Polling"
        log.info("%s started for @%s", way, (await bot.me()).username)
        # Everything made so far (aiogram's ~700 models, the routers, the caches) lives until
        # the process ends: keep the cycle collector from walking it again and again. Measured
        # under load (50 players × /help): collections took 0.9 s of 1.3 s of the bot's CPU
        # time per 1,000 updates without this, 0.17 s with it. What outlives each full walk
        # from now on is frozen as well (bot/core/memory.py).
        freeze_between_full_walks()
        # A database trip (aiosqlite's thread) hands its answer back through the interpreter
        # lock, which a busy event loop gives up only every 5 ms by default: with the loop busy,
        # a one-statement write took 24 ms at the median, 8 ms with 0.5 ms
        # (python -m benchmarks.switch_interval).
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            if webhook is not None:
                await _serve_webhook(services, dispatcher, bot, stop, webhook)
            else:
                await _poll(services, dispatcher, bot, stop)
        finally:
            await dispatcher.emit_shutdown(bot=bot, dispatcher=dispatcher)
    finally:
        if not await services.in_flight.drained(SHUTDOWN_GRACE_SECONDS):
            log.warning("Shutting down with updates still in progress")
        await bot.session.close()
        await database.close()
        log.info("Stopped")


async def _poll(services: Services, dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event) -> None:
    """Long polling until stopped, with ``/healthz`` on ``HEALTH_LISTEN`` when set."""
    health = await _serve_health(services.settings, services.operations)
    app = await _serve_app(services, bot)
    try:
        await poll(dispatcher, bot, stop, services.dead_letters, services.journal, services.polling)
    finally:
        log.info("Polling stopped")
        for runner in (health, app):
            if runner is not None:
                await runner.cleanup()


def _webhook(settings: Settings, dispatcher: Dispatcher) -> tuple[str, str, list[str]] | None:
    if settings.webhook_url is None or settings.webhook_secret is None:
        return None
    secret = settings.webhook_secret.get_secret_value()
    return settings.webhook_url, secret, dispatcher.resolve_used_update_types()


async def _serve_webhook(
    services: Services, dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event,
    webhook: tuple[str, str, list[str]],
) -> None:  # fmt: skip
    """Serve Telegram's webhook (and ``/healthz``) on ``WEBHOOK_LISTEN`` until stopped; at the
    stop, requests in progress finish (each is answered only after its update was handled)."""
    settings = services.settings
    assert settings.webhook_url is not None and settings.webhook_secret is not None
    path = urlsplit(settings.webhook_url).path or "/"
    route = webhook_route(
        dispatcher, bot, path, settings.webhook_secret.get_secret_value(),
        services.dead_letters, services.polling, services.journal,
    )  # fmt: skip
    host, _, port = settings.webhook_listen.rpartition(":")
    try:
        runner = await serve(
            [route, health_route(services.operations), *_app_routes(services, bot)],
            host.strip("[]"), int(port), grace=SHUTDOWN_GRACE_SECONDS,
        )  # fmt: skip
    except OSError as error:
        raise StartupError(f"WEBHOOK_LISTEN={settings.webhook_listen}: {error}") from None
    log.info("Webhook served on %s (%s)", settings.webhook_listen, path)
    url, secret, allowed = webhook

    async def set_it() -> None:
        try:
            await bot.set_webhook(url, secret_token=secret, allowed_updates=allowed)
        except TelegramBadRequest as error:
            raise StartupError(f"WEBHOOK_URL was refused by the Bot API: {error.message}") from None

    set_webhook = _until_reachable(set_it, "setWebhook")  # once the server listens
    try:
        if await _unless_stopped(stop, set_webhook):
            services.polling.last_ok = datetime.now(UTC)  # Telegram just took it
            await stop.wait()
    finally:
        await runner.cleanup()
        log.info("Webhook stopped")


def _app_routes(services: Services, bot: Bot) -> list[Route]:
    """The Mini App's page and API, when ``WEBAPP_URL`` says where it is served."""
    if services.settings.webapp_url is None:
        return []
    return webapp_routes(services.web_app(), bot)


async def _serve_app(services: Services, bot: Bot) -> Any:
    """Polling mode: the Mini App on ``WEBAPP_LISTEN`` (behind the host's HTTPS proxy)."""
    routes = _app_routes(services, bot)
    if not routes:
        return None
    listen = services.settings.webapp_listen
    host, _, port = listen.rpartition(":")
    try:
        runner = await serve(routes, host.strip("[]"), int(port), grace=SHUTDOWN_GRACE_SECONDS)
    except OSError as error:
        raise StartupError(f"WEBAPP_LISTEN={listen}: {error}") from None
    log.info("Mini App served on %s", listen)
    return runner


async def _serve_health(settings: Settings, operations: Operations) -> Any:
    """``GET /healthz`` on ``HEALTH_LISTEN``, when set. An address that cannot be listened on is
    logged and the bot goes on without it: serving the club matters more than the probe."""
    if settings.health_listen is None:
        return None
    host, _, port = settings.health_listen.rpartition(":")
    try:
        return await serve_health(operations, host.strip("[]"), int(port))
    except OSError as error:
        log.error("HEALTH_LISTEN=%s cannot be listened on: %s", settings.health_listen, error)
        return None


async def _unless_stopped(stop: asyncio.Event, work: Coroutine[Any, Any, None]) -> bool:
    """Run start-up work (which retries while Telegram is unreachable) until it is done, or
    until SIGTERM / Ctrl+C: then it is cancelled at once and False is returned."""
    task = asyncio.ensure_future(work)
    stopped = asyncio.ensure_future(stop.wait())
    await asyncio.wait({task, stopped}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        stopped.cancel()
        task.result()  # a rejected token raises here
        return True
    await cancelled(task)
    return False


def main_loop(settings: Settings) -> None:
    asyncio.run(run(settings))
