"""A club's chat as the outbox sees it: which chat it is now (a group upgraded to a supergroup
has a new id), and whether the bot may write there (kept on the club's row, ``bot.tables.clubs``).

A problem is remembered once and the club's admins are told once, in private, through the
outbox; when the bot can write again, the problem is forgotten and the admins are told that too.
Everything here is about the club at hand (``bot.core.club_scope``)."""

from __future__ import annotations

import logging

from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core import club_scope, outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.outbox import CLUB, Kind, enqueue, private
from bot.tables import clubs as rows
from bot.texts import delivery as texts

log = logging.getLogger(__name__)


class ClubChat:
    def __init__(
        self, clubs: Clubs, database: Database, clock: Clock, members: MemberDirectory
    ) -> None:
        self.clubs = clubs
        self.database = database
        self.clock = clock
        self.members = members

    async def chat_id(self, chat: str) -> int | None:
        """The Telegram chat of an outbox row's ``chat`` (None: the club has no chat now)."""
        if chat != CLUB:
            return int(chat)
        club = self.clubs.get(club_scope.club_id())
        return club.chat_id if club is not None and club.is_active else None

    async def is_club_chat(self, chat_id: int) -> bool:
        return self.clubs.of_chat(chat_id) is not None

    async def has_problem(self) -> bool:
        """Whether the bot cannot write to the chat of the club at hand."""
        return await rows.problem(self.database, club_scope.club_id()) is not None

    async def with_problems(self) -> int:
        """How many active clubs' chats refuse the bot (``/healthz``)."""
        return await rows.with_problems(self.database)

    async def record_problem(self, chat_id: int | None, problem: str) -> None:
        """Remember the problem; the first time, tell every admin in private what to do."""
        now = self.clock.iso()
        admins = await self._admins()  # before the transaction: the database has one lock
        async with self.database.transaction() as tx:
            if not await rows.record_problem(tx, club_scope.club_id(), problem, now):
                return  # told already
            text = texts.club_chat_unreachable(chat_id, problem, await outbox.waiting(tx, CLUB))
            for admin_id in admins:
                await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)

    async def back(self, chat_id: int) -> None:
        """The bot can write to the club's chat (again): forget the problem, tell the admins."""
        now = self.clock.iso()
        admins = await self._admins()
        async with self.database.transaction() as tx:
            if await rows.clear_problem(tx, club_scope.club_id()):
                for admin_id in admins:
                    text = texts.club_chat_back(chat_id)
                    await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)
        log.info("Club chat %s is writable", chat_id)

    async def migrated(self, old: int, new: int) -> None:
        now = self.clock.iso()
        admins = await self._admins()
        await self.clubs.migrated(old, new)
        async with self.database.transaction() as tx:
            for admin_id in admins:
                text = texts.club_chat_migrated(old, new)
                await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)

    async def _admins(self) -> list[int]:
        return [m.user_id for m in await self.members.everyone_with_rights() if m.is_admin]
