"""Long polling that acknowledges an update only once it is stored, and handles it concurrently.

aiogram's own polling moves the ``getUpdates`` offset past an update as soon as it has received
it, before its handler runs: a crash then loses the judge's tap. Here each batch is stored first
(``received_updates``) and acknowledged by the next ``getUpdates`` call, which is made at once:
the updates are handled as tasks, so a slow one (a chart, a Confirm) holds up nobody else. A
crash loses nothing: what was stored and not handled is handled after the restart, before
polling goes on; the ``UpdateJournal`` skips an update handled before (a batch that comes again).

No update can stop the bot: the batch is read raw and each update parsed on its own, so one that
aiogram cannot read is set aside (``DeadLetters``) and acknowledged past while the rest of the
batch is handled; one whose handler raises is answered by the errors router, set aside and
recorded as handled, so that it is not handled again after a restart.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.dispatcher.event.bases import UNHANDLED
from aiogram.exceptions import (
    ClientDecodeError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import EditMessageText, SendMessage, TelegramMethod
from aiogram.types import TelegramObject, Update
from pydantic import ValidationError

from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.telegram.busy import BusyWord
from bot.telegram.dead_letters import DeadKind, DeadLetters, failure_reason, unreadable_reason
from bot.telegram.middlewares import Handler
from bot.telegram.retry import TelegramDown, in_update, telegram_state
from bot.texts import delivery as texts
from bot.vocabulary.refusal import Refusal

log = logging.getLogger(__name__)
POLL_TIMEOUT = 25  # seconds Telegram holds a getUpdates call open while nothing happens
KEEP_JOURNAL = timedelta(days=2)  # Telegram keeps an unacknowledged update for 24 hours


class UpdateJournal(BaseMiddleware):
    """Stores what was received; skips an update handled before; records it once its handler
    has returned (which forgets its stored copy: a trigger of migration 0014)."""

    def __init__(self, database: Database, clock: Clock, dead: DeadLetters) -> None:
        self.database = database
        self.clock = clock
        self.dead = dead
        # The newest update handled, by bot: Telegram numbers updates in order, so only an
        # update up to it can have been handled already (a batch that comes again).
        self._newest: dict[int, int] = {}
        self.outage = Outage()
        self.busy = BusyWord(database)  # the word to people while another program holds it
        self.unreachable: dict[int, Update] = {}  # to handle again: the server was gone

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        assert isinstance(event, Update)
        bot: Bot = data["bot"]
        if await self._handled_before(bot.id, event.update_id):
            log.info("Update %s was handled before a restart; skipped", event.update_id)
            await self.database.write(
                "DELETE FROM received_updates WHERE bot_id = ? AND update_id = ?",
                (bot.id, event.update_id),
            )
            return UNHANDLED
        handling = in_update.set(True)
        try:
            result = await handler(event, data)
        except Refusal:  # what was asked cannot be done: the errors router says why
            await self._record(bot.id, event.update_id)
            raise
        except TelegramDown as down:  # not a failure of ours: answered later, or handled again
            await self._telegram_down(bot.id, event, down)
            return None
        except Exception as error:  # the errors router answers; never handled a second time
            if self.database.lost(error):  # nothing known done: handled again (``unreachable``)
                raise
            await self._record(bot.id, event.update_id)
            raw = event.model_dump_json(exclude_none=True)
            await self.dead.set_aside(
                bot.id, event.update_id, DeadKind.FAILED, failure_reason(error), raw
            )
            raise
        finally:
            in_update.reset(handling)
        await self._record(bot.id, event.update_id)
        return result

    async def _telegram_down(self, bot_id: int, update: Update, down: TelegramDown) -> None:
        """Telegram failed for longer than an answer waits. A text answer goes to the outbox
        (whatever the handler did is done: the person gets its true answer once Telegram is
        back); any other update is handled again after the recovery. Admins hear of the outage
        once, when it is over (``recovered``)."""
        self.outage.began(self.clock.iso())
        reply = as_text_reply(down.method)
        if reply is None:
            log.warning("Update %s waits for Telegram: %s", update.update_id, down)
            self.outage.again[update.update_id] = update
            return
        chat_id, text, markup = reply
        log.warning("Update %s: its answer goes through the outbox (%s)", update.update_id, down)
        async with self.database.transaction() as tx:
            await outbox.enqueue(tx, str(chat_id), outbox.Kind.TEXT, self.clock.iso(),
                                 body=text, markup=markup)  # fmt: skip
        self.outage.later += 1
        await self._record(bot_id, update.update_id)

    def again_later(self, update: Update, error: BaseException) -> None:
        """The database could not be reached while ``update`` was handled (whatever the step:
        the journal's, the dialog state's, the handler's): nothing of it is known done, so it is
        handled again — a webhook answers 503 and Telegram brings it again; polling hands it on
        after its next fetch."""
        log.warning("Update %s: the database cannot be reached (%s)", update.update_id, error)
        self.unreachable[update.update_id] = update

    async def recovered(self, up: bool) -> list[Update]:
        """Once Telegram takes answers again (``up``): the updates to handle again, and the
        admins told of the outage, once."""
        if not up or not self.outage.active:
            return []
        again = list(self.outage.again.values())
        admins = await self.dead.admins()
        now = self.clock.iso()
        body = texts.outage_over(self.outage.since or now, now, self.outage.later, len(again))
        async with self.database.transaction() as tx:
            for admin in admins:
                await outbox.enqueue(tx, outbox.private(admin), outbox.Kind.TEXT, now, body=body)
        log.info("Telegram answers again: %s updates handled again", len(again))
        self.outage = Outage()
        return again

    async def _record(self, bot_id: int, update_id: int) -> None:
        await self.database.write(
            "INSERT INTO handled_updates (bot_id, update_id, handled_at) "
            "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (bot_id, update_id, self.clock.iso()),
        )
        self._newest[bot_id] = max(self._newest.get(bot_id, -1), update_id)

    async def receive(self, bot_id: int, raws: list[dict[str, Any]]) -> None:
        """Store a batch before it is acknowledged: one statement, so all of it or nothing."""
        if not raws:
            return
        now = self.clock.iso()
        values = [
            value
            for raw in raws
            for value in (bot_id, raw["update_id"], json.dumps(raw, ensure_ascii=False), now)
        ]
        await self.database.write(
            "INSERT INTO received_updates (bot_id, update_id, raw, received_at) "
            f"VALUES {', '.join(['(?, ?, ?, ?)'] * len(raws))} ON CONFLICT DO NOTHING",
            values,
        )

    async def unhandled(self, bot_id: int) -> list[dict[str, Any]]:
        """What was stored and not handled: a crash or a stop came first."""
        rows = await self.database.fetchall(
            "SELECT raw FROM received_updates WHERE bot_id = ? ORDER BY update_id", (bot_id,)
        )
        return [json.loads(row[0]) for row in rows]

    async def _handled_before(self, bot_id: int, update_id: int) -> bool:
        # Several processes behind one webhook: Telegram may bring an update again to the other
        # process (the first died before its answer), so every update asks the journal.
        newest = self._newest.get(bot_id) if not self.database.shared else update_id
        if newest is None:
            row = await self.database.fetchone(
                "SELECT max(update_id) FROM handled_updates WHERE bot_id = ?", (bot_id,)
            )
            newest = self._newest[bot_id] = row[0] if row and row[0] is not None else -1
        if update_id > newest:
            return False
        row = await self.database.fetchone(
            "SELECT 1 FROM handled_updates WHERE bot_id = ? AND update_id = ?", (bot_id, update_id)
        )
        return row is not None

    async def forget_old(self) -> None:
        cutoff = (self.clock.now() - KEEP_JOURNAL).isoformat(timespec="seconds")
        async with self.database.transaction() as connection:
            await connection.execute("DELETE FROM handled_updates WHERE handled_at < ?", (cutoff,))


@dataclass
class Outage:
    """Telegram failing for longer than answers wait: since when, the answers the outbox took
    over, and the updates to handle again once it is back."""

    since: str | None = None
    later: int = 0
    again: dict[int, Update] = field(default_factory=dict)

    def began(self, now: str) -> None:
        self.since = self.since or now

    @property
    def active(self) -> bool:
        return self.since is not None


def as_text_reply(method: TelegramMethod[Any]) -> tuple[int | str, str, str | None] | None:
    """(chat, text, its buttons' JSON) of a text the bot was sending or editing in; None for
    anything else (a photo, a file, a question to Telegram)."""
    if not isinstance(method, (SendMessage, EditMessageText)) or method.chat_id is None:
        return None
    if not method.text:
        return None
    markup = method.reply_markup
    buttons = markup.model_dump_json(exclude_none=True) if markup is not None else None
    return method.chat_id, method.text, buttons


class PollState:
    """When Telegram last answered (``getUpdates``, or the start-up calls before polling began):
    what the health check reads."""

    def __init__(self) -> None:
        self.last_ok: datetime | None = None


class RawGetUpdates(TelegramMethod[list[Any]]):
    """``getUpdates`` whose answer stays JSON: each update is parsed on its own
    (``read_update``), so one that cannot be parsed does not make the whole batch fail."""

    __returning__ = list[Any]  # anything: even a batch holding a non-object is acknowledged
    __api_method__ = "getUpdates"

    offset: int | None = None
    limit: int | None = None
    timeout: int | None = None
    allowed_updates: list[str] | None = None


async def poll(
    dispatcher: Dispatcher, bot: Bot, stop: asyncio.Event, dead: DeadLetters,
    journal: UpdateJournal, state: PollState | None = None,
) -> None:  # fmt: skip
    """Fetch, store, handle (as tasks) until ``stop`` is set; each fetch acknowledges the batch
    stored before it. Updates still being handled at the stop are left to the shutdown's grace
    period, and if they do not finish, to the next start."""
    allowed = dispatcher.resolve_used_update_types()
    if state is not None:  # Telegram answered the start-up calls just now (getMe among them)
        state.last_ok = datetime.now(UTC)
    handle = UpdateTasks(dispatcher, bot).handle

    recovering: set[asyncio.Task[None]] = set()

    async def recover() -> None:  # Telegram takes answers again: what waited for it goes on
        handle(await journal.recovered(True))

    def back() -> None:
        task = asyncio.create_task(recover())
        recovering.add(task)
        task.add_done_callback(recovering.discard)

    telegram_state(bot).listeners.append(back)
    left = await journal.unhandled(bot.id)
    if left:
        log.info("Handling %s updates received before the restart", len(left))
        handle([update for raw in left if (update := await read_update(bot, raw, dead))])
    offset: int | None = None
    delay = 1.0
    while not stop.is_set():
        fetch = asyncio.create_task(
            bot(RawGetUpdates(offset=offset, timeout=POLL_TIMEOUT, allowed_updates=allowed))
        )
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({fetch, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not fetch.done():
            fetch.cancel()
            break
        try:
            raw_batch = [raw for raw in fetch.result() if isinstance(raw, dict)]
        except TelegramRetryAfter as error:
            await _sleep_or_stop(stop, float(error.retry_after))
            continue
        except (TelegramNetworkError, TelegramServerError, ClientDecodeError) as error:
            # ClientDecodeError: the answer is not JSON at all (a proxy's error page).
            log.warning("getUpdates failed (%s); retrying in %.0f s", error, delay)
            await _sleep_or_stop(stop, delay)
            delay = min(delay * 2, 30.0)
            continue
        delay = 1.0
        if state is not None:
            state.last_ok = datetime.now(UTC)
        handle(await journal.recovered(telegram_state(bot).up))  # missed by ``back``: a race
        again, journal.unreachable = journal.unreachable, {}  # the database is back, maybe
        handle(list(again.values()))
        ids = [raw["update_id"] for raw in raw_batch if isinstance(raw.get("update_id"), int)]
        if not ids:
            continue
        read = [(raw, update) for raw in raw_batch if (update := await read_update(bot, raw, dead))]
        stored = journal.receive(bot.id, [raw for raw, _ in read])
        await journal.busy.waiting(bot, [update for _, update in read], stored)
        offset = max(ids) + 1
        handle([update for _, update in read])
    if offset is not None:  # acknowledge the last batch, so that a clean restart starts after it
        # If this fails, the journal skips those updates after the restart.
        with suppress(TelegramNetworkError, TelegramServerError, TelegramRetryAfter):
            await bot(RawGetUpdates(offset=offset, timeout=0, limit=1, allowed_updates=allowed))


async def read_update(bot: Bot, raw: dict[str, Any], dead: DeadLetters) -> Update | None:
    """The update, or None when aiogram cannot read it: then it is set aside."""
    try:
        return Update.model_validate(raw, context={"bot": bot})
    except ValidationError as error:
        update_id = raw.get("update_id")
        if isinstance(update_id, int):
            await dead.set_aside(bot.id, update_id, DeadKind.UNREADABLE,
                                 unreadable_reason(error), raw)  # fmt: skip
        return None


class UpdateTasks:
    """Updates handled as tasks. A person's updates are handled in the order they came, one
    after another (a text replayed after a restart before the next one he sent); different
    people's go on at once, so that one slow answer holds up nobody else."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot) -> None:
        self.dispatcher = dispatcher
        self.bot = bot
        self.running: set[asyncio.Task[None]] = set()
        self._tails: dict[tuple[int, int], asyncio.Task[None]] = {}

    def handle(self, updates: list[Update]) -> None:
        for update in updates:
            key = order_key(update)
            previous = self._tails.get(key) if key is not None else None
            task = asyncio.create_task(_after(previous, self.dispatcher, self.bot, update))
            self.running.add(task)
            task.add_done_callback(self.running.discard)
            if key is not None:
                self._tails[key] = task
                task.add_done_callback(functools.partial(_untail, self._tails, key))


def order_key(update: Update) -> tuple[int, int] | None:
    """(chat, person) of an update: those of one key are handled in order; None: no order."""
    event = update.event
    user = getattr(event, "from_user", None)
    chat = getattr(event, "chat", None)
    if chat is None:
        message = getattr(event, "message", None)
        chat = getattr(message, "chat", None)
    if user is None and chat is None:
        return None
    return (chat.id if chat is not None else 0, user.id if user is not None else 0)


async def _after(
    previous: asyncio.Task[None] | None, dispatcher: Dispatcher, bot: Bot, update: Update
) -> None:
    if previous is not None:
        await asyncio.wait({previous})  # its outcome is its own: handled, or set aside
    await handle_update(dispatcher, bot, update)


def _untail(
    tails: dict[tuple[int, int], asyncio.Task[None]], key: tuple[int, int], done: object
) -> None:
    if tails.get(key) is done:
        del tails[key]


async def handle_update(dispatcher: Dispatcher, bot: Bot, update: Update) -> None:
    try:
        await dispatcher.feed_update(bot, update)
    except Exception:  # the errors router answered the person; keep polling
        log.exception("Update %s failed", update.update_id)


async def _sleep_or_stop(stop: asyncio.Event, seconds: float) -> None:
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
