"""aiogram's event isolation (one update of a chat at a time, its dialog state read and written in
turn) across every process of the deployment.

Within a process, aiogram's own per-key lock; then, when the database is shared by several
processes, the database's lock of that chat (``Database.hold``): the other process's update of
the same chat waits until this one is handled. So a judge's two quick taps that Telegram posts to
two processes are handled one after the other, and an update Telegram brings again to the other
process while the first still handles it waits, then finds it handled and is skipped.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager

from aiogram.fsm.storage.base import BaseEventIsolation, StorageKey
from aiogram.fsm.storage.memory import SimpleEventIsolation

from bot.core.db import Database


def key_number(key: StorageKey) -> int:
    """The chat's key as a signed 32-bit number (PostgreSQL's advisory lock key): a rare
    collision only makes two chats wait for each other."""
    text = f"{key.bot_id}:{key.chat_id}:{key.user_id}:{key.thread_id}:{key.business_connection_id}"
    digest = hashlib.blake2b(text.encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big", signed=True)


class EventIsolation(BaseEventIsolation):
    def __init__(self, database: Database) -> None:
        self.database = database
        self.local = SimpleEventIsolation()

    @asynccontextmanager
    async def lock(self, key: StorageKey) -> AsyncGenerator[None, None]:
        async with self.local.lock(key):  # this process's other updates of the chat first
            number = key_number(key)  # then the other processes' (none on SQLite: no wait)
            await self.database.hold(number)
            try:
                yield
            finally:
                await self.database.let_go(number)

    async def close(self) -> None:
        await self.local.close()
