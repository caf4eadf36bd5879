"""Building the Bot and the Dispatcher, and running them."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
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
from aiogram.fsm.storage.memory import SimpleEventIsolation
from aiogram.types import BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.admin.service import ClubAdmin
from bot.announce.announcer import Announcer
from bot.club.elo import EloRatings
from bot.club.games import Games
from bot.club.members import MemberDirectory
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.backup import Backups, DailyBackups
from bot.core.clock import Clock
from bot.core.config import Settings, bot_version
from bot.core.db import Change, Database
from bot.core.fsm_storage import SQLiteStorage
from bot.core.scheduler import Scheduler
from bot.core.tasks import cancelled
from bot.delivery.club_chat import ClubChat
from bot.delivery.worker import Outbox
from bot.entry.draft import Drafts
from bot.entry.editor import Editor
from bot.identity.service import Identity
from bot.nights.service import Nights
from bot.ops.health import Operations, health_route, serve_health
from bot.protests.service import Protests
from bot.rating.closing import PREFIX, Closing
from bot.rating.interchange import Files, Importer
from bot.rating.pictures import stop_drawing
from bot.rating.screens import RatingScreens
from bot.rating.service import Ratings
from bot.rating.standings import Standings
from bot.settings.service import NoticeSettings
from bot.telegram.dead_letters import DeadLetters
from bot.telegram.expired_callbacks import ExpiredCallbackAnswers
from bot.telegram.menus import group_commands, private_commands, publish_menu
from bot.telegram.middlewares import HandledLog, InFlightMiddleware, MemberMiddleware
from bot.telegram.polling import PollState, UpdateJournal, poll
from bot.telegram.response_models import KeepResponseModels
from bot.telegram.retry import RetryAfter
from bot.telegram.screen import stop_pictures
from bot.telegram.webhook import serve, webhook_route
from bot.vocabulary.rights import Member
from bot.vocabulary.window import ProtestWindow
from handlers import build_router
from scoring.elo import EloSettings

log = logging.getLogger(__name__)
SHUTDOWN_GRACE_SECONDS = 10.0
SWITCH_INTERVAL = 0.0005  # seconds the loop keeps the interpreter lock; Python's default: 0.005


def create_bot(settings: Settings) -> Bot:
    session = AiohttpSession()
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    session.middleware(KeepResponseModels())
    session.middleware(RetryAfter())
    session.middleware(ExpiredCallbackAnswers())
    return Bot(
        token=settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML),
    )


def create_dispatcher(
    settings: Settings, database: Database, clock: Clock | None = None
) -> Dispatcher:
    """The Dispatcher with every router and middleware; long-lived services as workflow data."""
    clock = clock or Clock()
    window = ProtestWindow(settings.protest_window_minutes)
    members = MemberDirectory(settings, database, clock)
    players = PlayerDirectory(database, clock)
    tournaments = Tournaments(database, clock)
    games = Games(database, clock, tournaments, window, settings.club_chat_id)
    elo = EloRatings(database, EloSettings(start=settings.elo_start, k=settings.elo_k))
    announcer = Announcer(settings, database, games, players, members, clock, window, elo)
    nights = Nights(database, clock, settings.zone, tournaments, players, games, members)
    standings = Standings(database, tournaments, window)
    ratings = Ratings(
        database, tournaments, standings, clock, window, settings.partner_min_games, settings.zone
    )
    closing = Closing(database, clock, tournaments, ratings, settings.zone)
    outbox = Outbox(
        settings, database, clock, announcer, members,
        live_posts={"night": nights.draw, PREFIX: closing.draw},
    )  # fmt: skip
    protests = Protests(database, clock, window, settings.zone, members, announcer, games)
    scheduler = Scheduler(clock)
    scheduler.add("protest windows", protests.next_deadline, protests.finalize_due)
    # after the windows: a game made final there may end its evening in the same round
    scheduler.add("evenings' end", nights.next_end, nights.end_finished)
    scheduler.add("evening reminders", nights.next_reminder, nights.remind_due)
    backups = Backups(database, clock, settings.zone)
    daily = None
    if settings.backup_dir is not None:
        daily = DailyBackups(
            backups, settings.backup_dir, settings.backup_keep, settings.backup_hour,
            settings.zone, clock, settings.backup_send_weekday, members.admin_ids,
        )  # fmt: skip
        scheduler.add("daily backup", daily.due, daily.run)
    # What a committed change sets going, wired once: nobody wakes these by hand.
    database.after_commit(Change.OUTBOX, outbox.wake_soon)
    database.after_commit(Change.STANDINGS, standings.refresh_soon)
    database.after_commit(Change.STANDINGS, elo.refresh_soon)
    database.after_commit(Change.SCHEDULE, scheduler.wake)
    editor = Editor(
        Drafts(database, clock),
        players,
        games,
        tournaments,
        clock,
        announces=settings.club_chat_id is not None,
    )
    in_flight = InFlightMiddleware()
    dead_letters = DeadLetters(database, clock, members.admin_ids)
    journal = UpdateJournal(database, clock, dead_letters)
    polling = PollState()
    club_chat = ClubChat(settings, database, clock, members)
    operations = Operations(database, clock, polling, club_chat, dead_letters, daily, bot_version())
    dispatcher = Dispatcher(
        storage=SQLiteStorage(database),
        events_isolation=SimpleEventIsolation(),
        settings=settings,
        database=database,
        clock=clock,
        members=members,
        tournaments=tournaments,
        editor=editor,
        announcer=announcer,
        outbox=outbox,
        standings=standings,
        scheduler=scheduler,
        elo=elo,
        ratings=ratings,
        rating=RatingScreens(
            ratings,
            players,
            settings.zone,
            elo,
            settings.elo_min_games,
            settings.elo_chance_games,
        ),
        files=Files(Importer(database, clock), ratings, settings.zone),
        identity=Identity(database, clock, members, players),
        protests=protests,
        notices=NoticeSettings(members),
        closing=closing,
        nights=nights,
        club_admin=ClubAdmin(settings, members, tournaments),
        backups=backups,
        in_flight=in_flight,
        journal=journal,
        dead_letters=dead_letters,
        polling=polling,
        operations=operations,
    )
    dispatcher.update.outer_middleware(in_flight)
    dispatcher.update.outer_middleware(journal)
    dispatcher.update.outer_middleware(MemberMiddleware(members))
    if settings.log_format == "json":  # the log collector's record of each handled update
        handled = HandledLog()
        dispatcher.message.middleware(handled)
        dispatcher.callback_query.middleware(handled)
    dispatcher.include_router(build_router())
    dispatcher.startup.register(_start_background_work)
    dispatcher.shutdown.register(_stop_background_work)
    return dispatcher


async def _start_background_work(
    bot: Bot, outbox: Outbox, standings: Standings, scheduler: Scheduler, elo: EloRatings
) -> None:
    """The outbox worker (it delivers what a crash left queued), the first standings and Elo
    ratings (so the first /rating and announcement after a restart find them ready) and the
    scheduler (what fell due while the bot was down runs now)."""
    await outbox.check_club_chat(bot)
    outbox.start(bot)
    standings.refresh_soon()
    elo.refresh_soon()
    scheduler.start()


async def _stop_background_work(
    outbox: Outbox, standings: Standings, scheduler: Scheduler, elo: EloRatings
) -> None:
    await scheduler.stop()
    await outbox.stop()
    await standings.stop()
    await elo.stop()
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


async def prepare_bot(bot: Bot, members: MemberDirectory, polling: bool = True) -> None:
    """Keep pending updates, switch to polling (in webhook mode the webhook is set once its
    server listens) and register the command menus."""
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
    for member in await members.everyone_with_rights():
        await _until_reachable(partial(_publish_menu, bot, members, member), "setMyCommands")


async def _publish_menu(bot: Bot, members: MemberDirectory, member: Member) -> None:
    """A refusal (he never opened the bot) is retried on his first update."""
    if await publish_menu(bot, member):
        await members.menu_published(member)


async def open_database(settings: Settings) -> Database:
    database = Database(settings.database_path)
    await database.connect()
    try:
        await database.migrate()
    except BaseException:
        await database.close()
        raise
    return database


async def run(settings: Settings) -> None:
    database = await open_database(settings)
    bot = create_bot(settings)
    dispatcher = create_dispatcher(settings, database)
    in_flight: InFlightMiddleware = dispatcher["in_flight"]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    workflow = {k: v for k, v in dispatcher.workflow_data.items() if k != "bot"}
    try:
        webhook = _webhook(settings, dispatcher)
        prepared = prepare_bot(bot, dispatcher["members"], polling=webhook is None)
        if not await _unless_stopped(stop, prepared):
            log.info("Stopped before polling started")
            return
        await dispatcher["journal"].forget_old()
        await dispatcher.emit_startup(bot=bot, dispatcher=dispatcher, **workflow)
        way = "Webhook" if webhook else "Polling"
        log.info("%s started for @%s", way, (await bot.me()).username)
        # Everything made so far (aiogram's ~700 models, the routers, the caches) lives until
        # the process ends: keep the cycle collector from walking it again and again. Measured
        # under load (50 players × /help): collections took 0.9 s of 1.3 s of the bot's CPU
        # time per 1,000 updates without this, 0.17 s with it.
        gc.freeze()
        # A database trip (aiosqlite's thread) hands its answer back through the interpreter
        # lock, which a busy event loop gives up only every 5 ms by default: with the loop busy,
        # a one-statement write took 24 ms at the median, 8 ms with 0.5 ms
        # (python -m benchmarks.switch_interval).
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            if webhook is not None:
                await _serve_webhook(settings, dispatcher, bot, stop, webhook)
            else:
                await _poll(settings, dispatcher, bot, stop)
        finally:
            await dispatcher.emit_shutdown(bot=bot, dispatcher=dispatcher, **workflow)
    finally:
        if not await in_flight.drained(SHUTDOWN_GRACE_SECONDS):
            log.warning("Shutting down with updates still in progress")
        await bot.session.close()
        await database.close()
        log.info("Stopped")


async def _poll(settings: Settings, dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event) -> None:
    """Long polling until stopped, with ``/healthz`` on ``HEALTH_LISTEN`` when set."""
    health = await _serve_health(settings, dispatcher["operations"])
    try:
        await poll(
            dispatcher, bot, stop, dispatcher["dead_letters"], dispatcher["journal"],
            dispatcher["polling"],
        )  # fmt: skip
    finally:
        log.info("Polling stopped")
        if health is not None:
            await health.cleanup()


def _webhook(settings: Settings, dispatcher: Dispatcher) -> tuple[str, str, list[str]] | None:
    if settings.webhook_url is None or settings.webhook_secret is None:
        return None
    secret = settings.webhook_secret.get_secret_value()
    return settings.webhook_url, secret, dispatcher.resolve_used_update_types()


async def _serve_webhook(
    settings: Settings, dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event,
    webhook: tuple[str, str, list[str]],
) -> None:  # fmt: skip
    """Serve Telegram's webhook (and ``/healthz``) on ``WEBHOOK_LISTEN`` until stopped; at the
    stop, requests in progress finish (each is answered only after its update was handled)."""
    assert settings.webhook_url is not None and settings.webhook_secret is not None
    path = urlsplit(settings.webhook_url).path or "/"
    route = webhook_route(
        dispatcher, bot, path, settings.webhook_secret.get_secret_value(),
        dispatcher["dead_letters"], dispatcher["polling"],
    )  # fmt: skip
    host, _, port = settings.webhook_listen.rpartition(":")
    try:
        runner = await serve(
            [route, health_route(dispatcher["operations"])], host.strip("[]"), int(port),
            grace=SHUTDOWN_GRACE_SECONDS,
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
            dispatcher["polling"].last_ok = datetime.now(UTC)  # Telegram just took it
            await stop.wait()
    finally:
        await runner.cleanup()
        log.info("Webhook stopped")


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
