"""``club_options``: a club's own choices, one row per option that an admin set."""

from __future__ import annotations

from bot.core.db import Reader, Transaction


async def read(reader: Reader, key: str) -> str | None:
    row = await reader.one("SELECT value FROM club_options WHERE key = ?", (key,))
    return str(row[0]) if row else None


async def write(tx: Transaction, key: str, value: str, by: int, now: str) -> None:
    await tx.execute(
        "INSERT INTO club_options (key, value, changed_by, changed_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
        "changed_by = excluded.changed_by, changed_at = excluded.changed_at",
        (key, value, by, now),
    )
