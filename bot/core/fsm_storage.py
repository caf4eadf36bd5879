"""aiogram FSM storage on SQLite, so that a dialog in progress survives a restart."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from aiogram.fsm.state import State
from aiogram.fsm.storage.base import BaseStorage, StateType, StorageKey

from bot.core.db import Database


def storage_key(key: StorageKey) -> str:
    """Every part of the key, ``destiny`` included, so that two scenes never share a record."""
    return ":".join(
        str(part if part is not None else "")
        for part in (
            key.bot_id,
            key.chat_id,
            key.user_id,
            key.thread_id,
            key.business_connection_id,
            key.destiny,
        )
    )


class SQLiteStorage(BaseStorage):
    """States and data in the ``fsm_state`` table; states also kept in memory.

    aiogram asks for the state on every update. This process is the table's only writer, so a
    state read once (or written) is known without a database trip until the bot restarts.
    """

    def __init__(self, database: Database) -> None:
        self.database = database
        self._states: dict[str, str | None] = {}
        # another process moved a dialog on (a tap that reached the other process)
        database.on_announce("fsm", self._heard)

    def _heard(self, name: str) -> None:
        if name:
            self._states.pop(name, None)
        else:  # all of them (what another process said may have been missed)
            self._states.clear()

    async def _upsert(self, key: StorageKey, column: str, value: str | None) -> None:
        async with self.database.transaction() as connection:
            now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
            await connection.execute(
                f"INSERT INTO fsm_state (key, {column}, updated_at) VALUES (?, ?, ?) "
                f"ON CONFLICT (key) DO UPDATE SET {column} = excluded.{column}, "
                "updated_at = excluded.updated_at",
                (storage_key(key), value, now),
            )

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        value = state.state if isinstance(state, State) else state
        self._states.pop(storage_key(key), None)  # a failed write leaves nothing stale
        await self._upsert(key, "state", value)
        self._states[storage_key(key)] = value
        await self.database.announce("fsm", storage_key(key))

    async def get_state(self, key: StorageKey) -> str | None:
        name = storage_key(key)
        if name in self._states:
            return self._states[name]
        row = await self.database.fetchone("SELECT state FROM fsm_state WHERE key = ?", (name,))
        # a state written while this read waited is newer than what it read
        return self._states.setdefault(name, row["state"] if row else None)

    async def set_data(self, key: StorageKey, data: Mapping[str, Any]) -> None:
        await self._upsert(key, "data", json.dumps(dict(data), ensure_ascii=False))

    async def get_data(self, key: StorageKey) -> dict[str, Any]:
        row = await self.database.fetchone(
            "SELECT data FROM fsm_state WHERE key = ?", (storage_key(key),)
        )
        if row is None:
            return {}
        data: dict[str, Any] = json.loads(row["data"])
        return data

    async def close(self) -> None:
        """The database is owned and closed by the application, not by the storage."""
