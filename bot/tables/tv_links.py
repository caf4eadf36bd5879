"""``tv_links``: the club's TV screen links (/tv). The token itself is never stored: its
SHA-256 is, so a copy of the database opens no screen."""

from __future__ import annotations

import hashlib

from bot.core.db import Reader, Transaction


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def create(tx: Transaction, token: str, user_id: int, now: str, expires_at: str) -> None:
    await tx.execute(
        "INSERT INTO tv_links (token_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?)",
        (token_hash(token), user_id, now, expires_at),
    )


async def valid(reader: Reader, token: str, now: str) -> bool:
    """Whether ``token`` opens the screen now: made by /tv, not expired, not revoked."""
    row = await reader.one(
        "SELECT 1 FROM tv_links WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?",
        (token_hash(token), now),
    )
    return row is not None


async def revoke_all(tx: Transaction, now: str) -> int:
    cursor = await tx.execute(
        "UPDATE tv_links SET revoked_at = ? WHERE revoked_at IS NULL AND expires_at > ?",
        (now, now),
    )
    return int(cursor.rowcount or 0)
