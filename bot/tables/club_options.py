"""``club_options``: each club's own choices, one row per option that an admin set."""

from __future__ import annotations

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction


async def read(reader: Reader, key: str) -> str | None:
    row = await reader.one(
        "SELECT value FROM club_options WHERE club_id = ? AND key = ?", (club_id(), key)
    )
    return str(row[0]) if row else None


async def write(tx: Transaction, key: str, value: str, by: int, now: str) -> None:
    await tx.execute(
        "INSERT INTO club_options (club_id, key, value, changed_by, changed_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (club_id, key) DO UPDATE SET value = excluded.value, "
        "changed_by = excluded.changed_by, changed_at = excluded.changed_at",
        (club_id(), key, value, by, now),
    )
