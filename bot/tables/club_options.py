"""``club_options``: each club's own choices, one row per option that an admin set."""

from __future__ import annotations

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction
from bot.tables.moved import Archive, Moved, rows_of


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


async def archived(reader: Reader) -> Archive:
    """The club's options, as an archive carries them."""
    return {"club_options": rows_of(await reader.all(
        "SELECT key, value, changed_by, changed_at FROM club_options WHERE club_id = ? "
        "ORDER BY key", (club_id(),)
    ))}  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's options, each as its admin set it, over the club's defaults."""
    await tx.executemany(
        "INSERT INTO club_options (club_id, key, value, changed_by, changed_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (club_id, key) DO UPDATE SET value = excluded.value, "
        "changed_by = excluded.changed_by, changed_at = excluded.changed_at",
        [
            (moved.club_id, row["key"], row["value"], row.get("changed_by"), row.get("changed_at"))
            for row in archive.get("club_options", [])
        ],
    )
