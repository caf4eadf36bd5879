"""The club chat as the outbox sees it: which chat it is now (a group upgraded to a supergroup
has a new id), and whether the bot may write there. The owner of ``club_chat_state``.

A problem is remembered once and every admin is told once, in private, through the outbox; when
the bot can write again, the problem is forgotten and the admins are told that too."""

from __future__ import annotations

import logging

from bot.club.members import MemberDirectory
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database
from bot.core.outbox import CLUB, Kind, enqueue, private
from bot.texts import delivery as texts

log = logging.getLogger(__name__)


class ClubChat:
    def __init__(
        self, settings: Settings, database: Database, clock: Clock, members: MemberDirectory
    ) -> None:
        self.settings = settings
        self.database = database
        self.clock = clock
        self.members = members

    async def chat_id(self, chat: str) -> int | None:
        """The Telegram chat of an outbox row's ``chat`` (None: no club chat is configured)."""
        if chat != CLUB:
            return int(chat)
        configured = self.settings.club_chat_id
        if configured is None:
            return None
        state = await self.database.fetchone("SELECT * FROM club_chat_state WHERE id = 1")
        if state is not None and state["migrated_from"] == configured:
            return int(state["migrated_to"])
        return configured

    async def is_club_chat(self, chat_id: int) -> bool:
        return chat_id == await self.chat_id(CLUB)

    async def has_problem(self) -> bool:
        state = await self.database.fetchone("SELECT problem FROM club_chat_state WHERE id = 1")
        return state is not None and state["problem"] is not None

    async def record_problem(self, chat_id: int | None, problem: str) -> None:
        """Remember the problem; the first time, tell every admin in private what to do."""
        now = self.clock.iso()
        admins = await self._admins()  # before the transaction: the database has one lock
        async with self.database.transaction() as tx:
            row = await tx.one("SELECT problem FROM club_chat_state WHERE id = 1")
            if row is not None and row[0] is not None:
                return  # told already
            await tx.execute(
                "UPDATE club_chat_state SET problem = ?, since = ? WHERE id = 1", (problem, now)
            )
            text = texts.club_chat_unreachable(chat_id, problem, await outbox.waiting(tx, CLUB))
            for admin_id in admins:
                await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)

    async def back(self, chat_id: int) -> None:
        """The bot can write to the club chat (again): forget the problem, tell the admins."""
        now = self.clock.iso()
        admins = await self._admins()
        async with self.database.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE club_chat_state SET problem = NULL, since = NULL "
                "WHERE id = 1 AND problem IS NOT NULL"
            )
            if cursor.rowcount:
                for admin_id in admins:
                    text = texts.club_chat_back(chat_id)
                    await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)
        log.info("Club chat %s is writable", chat_id)

    async def migrated(self, old: int, new: int) -> None:
        now = self.clock.iso()
        admins = await self._admins()
        async with self.database.transaction() as tx:
            await tx.execute(
                "UPDATE club_chat_state SET migrated_from = ?, migrated_to = ? WHERE id = 1",
                (old, new),
            )
            for admin_id in admins:
                text = texts.club_chat_migrated(old, new)
                await enqueue(tx, private(admin_id), Kind.TEXT, now, body=text)

    async def _admins(self) -> list[int]:
        return [m.user_id for m in await self.members.everyone_with_rights() if m.is_admin]
