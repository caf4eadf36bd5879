"""``tv_links``: the clubs' TV screen links (/tv), each opening one club's room. The token
itself is never stored: its SHA-256 is, so a copy of the database opens no screen."""

from __future__ import annotations

import hashlib

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def create(tx: Transaction, token: str, user_id: int, now: str, expires_at: str) -> None:
    await tx.execute(
        "INSERT INTO tv_links (club_id, token_hash, created_by, created_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (club_id(), token_hash(token), user_id, now, expires_at),
    )


async def club_of(reader: Reader, token: str, now: str) -> int | None:
    """The club whose screen ``token`` opens now (made by /tv, not expired, not revoked)."""
    row = await reader.one(
        "SELECT club_id FROM tv_links "
        "WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?",
        (token_hash(token), now),
    )
    return int(row[0]) if row is not None else None


async def revoke_all(tx: Transaction, now: str) -> int:
    written = await tx.execute(
        "UPDATE tv_links SET revoked_at = ? "
        "WHERE club_id = ? AND revoked_at IS NULL AND expires_at > ?",
        (now, club_id(), now),
    )
    return int(written)
