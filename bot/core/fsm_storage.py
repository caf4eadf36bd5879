"""aiogram FSM storage on SQLite, so that a dialog in progress survives a restart."""

from __future__ import annotations

import json
from collections.abc import Mapping
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
    def __init__(self, database: Database) -> None:
        self.database = database

    async def _upsert(self, key: StorageKey, column: str, value: str | None) -> None:
        async with self.database.transaction() as connection:
            await connection.execute(
                f"INSERT INTO fsm_state (key, {column}) VALUES (?, ?) "
                f"ON CONFLICT (key) DO UPDATE SET {column} = excluded.{column}, "
                "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
                (storage_key(key), value),
            )

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        await self._upsert(key, "state", state.state if isinstance(state, State) else state)

    async def get_state(self, key: StorageKey) -> str | None:
        row = await self.database.fetchone(
            "SELECT state FROM fsm_state WHERE key = ?", (storage_key(key),)
        )
        return row["state"] if row else None

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
