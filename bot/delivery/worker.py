"""The outbox's worker: delivers every queued message, none ever blocking another.

Per chat, rows go out in the order they were queued; a chat waits out its own flood wait or
back-off while other chats go on. Telegram's limits are kept ahead of time (``SendLimits``).
The club chat has a worker of its own (a lane): an announcement never waits for the private
results of the game before it to be drawn and sent.

What can happen to a row:
- delivered: its effect is recorded and the row deleted in one transaction;
- a flood wait or a network/server failure: the chat waits, then the row is tried again;
- the club chat refuses the bot (not found, kicked, no rights): the club's rows wait, admins are
  told once in private, and the rows go to the chat configured when the bot can write again
  (bot re-added, ``CLUB_CHAT_ID`` fixed and restarted, or a check every few minutes);
- the group became a supergroup: the new id is used from then on and admins are told;
- a person the bot cannot write to (never opened it, blocked it): the row is dropped quietly.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext, suppress
from datetime import datetime, timedelta
from enum import StrEnum
from itertools import zip_longest
from typing import Any

from aiogram import Bot
from aiogram.exceptions import (
    AiogramError,
    ClientDecodeError,
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)

from bot.announce.announcer import Announcer
from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core import club_scope, outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.outbox import CLUB, Kind
from bot.core.tasks import cancelled
from bot.delivery.club_chat import ClubChat
from bot.delivery.limits import SendLimits
from bot.delivery.pacing import Pacing
from bot.delivery.sending import KeptPost, RowSender
from bot.telegram.retry import waits_here

log = logging.getLogger(__name__)
CLUB_RECHECK = 300.0  # seconds between attempts while the club chat refuses the bot
LONGEST_BACKOFF = 300.0
IDLE_RECHECK = 60.0  # seconds an empty outbox waits before it looks again unasked

_CLUB_REFUSALS = (
    "chat not found",
    "kicked",
    "not a member",
    "not enough rights",
    "have no rights",
    "chat_write_forbidden",
    "need administrator rights",
    "bot is not a member",
)


class Lane(StrEnum):
    CLUB = "club chat"
    PEOPLE = "private chats"


LANES = tuple(Lane)


class Outbox:
    def __init__(
        self,
        clubs: Clubs,
        database: Database,
        clock: Clock,
        announcer: Announcer,
        members: MemberDirectory,
        limits: SendLimits | None = None,
        pacing: Pacing | None = None,
        kept_posts: Mapping[str, KeptPost] | None = None,
    ) -> None:
        self.clubs = clubs
        self.database = database
        self.clock = clock
        self.announcer = announcer
        self.members = members
        self.club_chat = ClubChat(clubs, database, clock, members)
        self.limits = limits or SendLimits()
        self.pacing = pacing or Pacing()
        self.sender = RowSender(database, clock, announcer, members, self.pacing, kept_posts)
        self._retry_at: dict[int, float] = {}  # row → when it may be tried again (pacing time)
        self._backed_off = False  # a row failed since the last send that went through
        # Two lanes, each its own worker: the club chat's rows, and everyone else's. A player's
        # private result being drawn and sent never holds up the next game's announcement.
        self._wakes = {lane: asyncio.Event() for lane in LANES}
        self._idle_lanes: set[Lane] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._club_paused_until: dict[int | None, float] = {}  # by club
        self._served: dict[Lane, int | None] = {}  # the club whose row went last, per lane
        self.idle = asyncio.Event()  # set while nothing is queued (tests wait for it)
        self.delayed = 0  # rows put off after a network or server failure, since start

    @property
    def send_timeout(self) -> float:
        return self.sender.send_timeout

    @send_timeout.setter
    def send_timeout(self, seconds: float) -> None:
        self.sender.send_timeout = seconds

    # -- running -------------------------------------------------------------------------------

    def start(self, bot: Bot) -> None:
        self._tasks = [
            asyncio.create_task(self._run(bot, lane), name=f"outbox: {lane.value}")
            for lane in LANES
        ]
        self.wake()

    async def stop(self) -> None:
        for task in self._tasks:
            await cancelled(task)
        self._tasks = []

    def wake(self) -> None:
        """Something was queued, or a chat may be writable again: look now."""
        self._club_paused_until.clear()
        self.wake_soon()

    def wake_soon(self) -> None:
        self.idle.clear()
        self._idle_lanes.clear()
        for wake in self._wakes.values():
            wake.set()

    async def _run(self, bot: Bot, lane: Lane) -> None:
        waits_here.set(False)  # flood waits are this worker's to schedule, per chat
        wake = self._wakes[lane]
        while True:
            wake.clear()
            try:
                delay = await self.deliver_due(bot, lane)
            except Exception as error:  # a bug, not a Telegram condition: keep the worker alive
                self.database.log_failure(log, error, "Outbox pass failed; trying again in 5 s")
                delay = 5.0
            if delay is None:
                if wake.is_set():  # a row was queued while this pass read: look again first
                    continue
                self._idle_lanes.add(lane)
                if len(self._idle_lanes) == len(LANES):
                    self.idle.set()
                # Woken after every commit that queued a row; the timeout only guards against a
                # row written some other way (a restored backup, a hand-made fix).
                with suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), IDLE_RECHECK)
                continue
            await self.pacing.wait(wake, max(delay, 0.01))

    async def deliver_due(self, bot: Bot, lane: Lane) -> float | None:
        """Deliver the head of every chat's queue in ``lane`` that may go now.

        Returns the seconds until the next row is due, or None when the lane is empty."""
        rows = await outbox.due(self.database, club=lane is Lane.CLUB)
        if not rows:
            return None
        heads: dict[tuple[str, int | None], Any] = {}
        kept_posts: dict[tuple[str, int | None], Any] = {}
        live_due = math.inf
        for row in rows:
            if row["kind"] == Kind.KEPT.value:
                # A kept post is edited at most every KEPT_INTERVAL seconds: what happens
                # meanwhile is drawn in the next edit. It does not hold up the chat's other rows:
                # it is drawn as it is when it goes, so news (a game's announcement) goes first.
                wait = self.sender.kept_wait(row)
                if wait > 0:
                    live_due = min(live_due, wait)
                    continue
                kept_posts.setdefault(_queue_of(row), row)
                continue
            heads.setdefault(_queue_of(row), row)
        for queue, row in kept_posts.items():
            heads.setdefault(queue, row)
        next_due = math.inf
        for (chat, _), row in self._in_turn(lane, heads.values()):
            with self._club_of(row["club_id"]):
                wait = await self._head(bot, row, chat, row["club_id"])
            if wait == 0.0:
                self._served[lane] = row["club_id"]
            next_due = min(next_due, wait)
        return min(next_due, live_due)

    def _in_turn(self, lane: Lane, heads: Iterable[Any]) -> list[tuple[tuple[str, Any], Any]]:
        """The heads in the order they may go: clubs take turns, starting with the one after
        the club served last; within a club, in the order they were queued. A pass sends few
        rows (Telegram's 30 a second for the whole bot), so without turns the club that queued
        first would be served first on every pass, and a busy club's 200 private results would
        hold back every other club's rows."""
        by_club: dict[int, list[Any]] = {}
        for row in heads:
            by_club.setdefault(row["club_id"] or 0, []).append(row)
        clubs = sorted(by_club)
        last = self._served.get(lane) or 0
        start = next((place for place, club in enumerate(clubs) if club > last), 0)
        turns = clubs[start:] + clubs[:start]
        rounds = zip_longest(*(by_club[club] for club in turns))
        return [(_queue_of(row), row) for turn in rounds for row in turn if row is not None]

    def _club_of(self, club_id: int | None) -> AbstractContextManager[object]:
        """The row is its club's work: its chat, its time zone, its admins."""
        club = self.clubs.get(club_id) if club_id is not None else None
        return club_scope.within(club) if club is not None else nullcontext()

    async def _head(self, bot: Bot, row: Any, chat: str, club_id: int | None) -> float:
        """Deliver the head of a queue if it may go now; else the seconds until it may."""
        chat_id = await self.club_chat.chat_id(chat)
        if chat_id is None:
            return CLUB_RECHECK
        wait = max(
            self._not_before(row),
            self.limits.wait(chat_id, self.pacing.now(), kept_post=row["kind"] == Kind.KEPT.value),
            self._club_wait(club_id) if chat == CLUB else 0.0,
        )
        if wait > 0:
            return wait
        await self._deliver(bot, row, chat_id)
        return 0.0

    # -- one row -------------------------------------------------------------------------------

    async def _deliver(self, bot: Bot, row: Any, chat_id: int) -> None:
        club = row["chat"] == CLUB
        self._retry_at.pop(int(row["id"]), None)  # due: a new failure sets it again
        try:
            went = await self.sender.send(bot, row, chat_id)
        except TelegramRetryAfter as error:
            self.limits.block(chat_id, self.pacing.now() + error.retry_after)
            log.warning("Flood wait of %s s for chat %s", error.retry_after, chat_id)
        except TelegramMigrateToChat as error:
            await self._club_migrated(chat_id, error.migrate_to_chat_id)
        except (TelegramForbiddenError, TelegramBadRequest) as error:
            refused = isinstance(error, TelegramForbiddenError) or _is_refusal(error)
            if club and refused:
                await self._club_unreachable(chat_id, error.message)
            elif refused:
                log.info("Message %s to %s dropped: %s", row["id"], chat_id, error.message)
                await self.sender.drop(row)
            else:
                log.error("Message %s refused by Telegram: %s", row["id"], error.message)
                await self.sender.drop(row)
        except (TelegramNetworkError, TelegramServerError, ClientDecodeError) as error:
            await self._back_off(row, str(error))
        except (TelegramAPIError, AiogramError) as error:
            await self._back_off(row, str(error))
        else:
            if went:  # a kept post with nothing to draw sent nothing: no share of the limits
                self.limits.sent(chat_id, self.pacing.now())
            if club:
                await self._club_reachable(chat_id)
            if self._backed_off:
                await self._telegram_back()

    async def _back_off(self, row: Any, problem: str) -> None:
        attempts = int(row["attempts"]) + 1
        delay = min(5.0 * 2 ** (attempts - 1), LONGEST_BACKOFF)
        next_try = self.clock.now() + timedelta(seconds=delay)  # kept across a restart
        self._retry_at[int(row["id"])] = self.pacing.now() + delay
        self._backed_off = True
        log.warning("Message %s delayed %.0f s: %s", row["id"], delay, problem or "no answer")
        async with self.database.transaction() as tx:
            await outbox.postpone(
                tx, row["id"], attempts, next_try.isoformat(timespec="seconds"), problem
            )
        self.delayed += 1

    async def _telegram_back(self) -> None:
        """A send went through after others failed: Telegram answers again. The rows backed
        off meanwhile go now, not minutes later (an outage's answers come within seconds)."""
        self._backed_off = False
        self._retry_at.clear()
        async with self.database.transaction() as tx:
            await outbox.retry_now(tx)
        for wake in self._wakes.values():
            wake.set()

    def _not_before(self, row: Any) -> float:
        retry_at = self._retry_at.get(int(row["id"]))
        if retry_at is not None:
            return retry_at - self.pacing.now()
        if not row["next_try_at"]:
            return 0.0
        return (datetime.fromisoformat(row["next_try_at"]) - self.clock.now()).total_seconds()

    # -- the club chat -------------------------------------------------------------------------

    async def is_club_chat(self, chat_id: int) -> bool:
        return await self.club_chat.is_club_chat(chat_id)

    def _club_wait(self, club_id: int | None) -> float:
        return max(0.0, self._club_paused_until.get(club_id, 0.0) - self.pacing.now())

    async def _club_unreachable(self, chat_id: int, problem: str) -> None:
        club = club_scope.maybe_club()
        self._club_paused_until[club.id if club else None] = self.pacing.now() + CLUB_RECHECK
        log.warning("Club chat %s refuses the bot (%s); announcements wait", chat_id, problem)
        await self.record_club_problem(chat_id, problem)

    async def record_club_problem(self, chat_id: int | None, problem: str) -> None:
        await self.club_chat.record_problem(chat_id, problem)

    async def _club_reachable(self, chat_id: int) -> None:
        if await self.club_chat.has_problem():
            await self.club_chat_back(chat_id)

    async def club_chat_back(self, chat_id: int) -> None:
        """The bot can write to the club chat (again): its rows go now."""
        await self.club_chat.back(chat_id)
        self.wake()

    async def _club_migrated(self, old: int, new: int) -> None:
        log.warning("Club chat %s became supergroup %s; announcing there", old, new)
        await self.club_migrated(old, new)

    async def club_migrated(self, old: int, new: int) -> None:
        await self.club_chat.migrated(old, new)
        self.wake()

    async def check_club_chats(self, bot: Bot) -> None:
        """At start-up: say at once (one WARNING line, admins told) if a club's chat is
        unusable."""
        for club in self.clubs.active():
            with club_scope.within(club):
                await self._check_club_chat(bot)

    async def _check_club_chat(self, bot: Bot) -> None:
        chat_id = await self.club_chat.chat_id(CLUB)
        if chat_id is None:
            return
        try:
            await bot.get_chat(chat_id)
        except TelegramMigrateToChat as error:
            await self.club_migrated(chat_id, error.migrate_to_chat_id)
        except (TelegramForbiddenError, TelegramBadRequest) as error:
            log.warning("CLUB_CHAT_ID %s is unreachable: %s", chat_id, error.message)
            await self.record_club_problem(chat_id, error.message)
        except (TelegramNetworkError, TelegramServerError, ClientDecodeError):
            pass  # Telegram is unreachable: the worker finds out when it sends
        else:
            await self._club_reachable(chat_id)


def _queue_of(row: Any) -> tuple[str, int | None]:
    """Rows of one queue go in order: one club's chat, or a person's chat as one club writes
    to him (two clubs' messages to one person need no order between them)."""
    return (row["chat"], row["club_id"])


def _is_refusal(error: TelegramAPIError) -> bool:
    description = error.message.lower()
    return any(refusal in description for refusal in _CLUB_REFUSALS)
