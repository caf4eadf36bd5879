"""Players of the club: nicknames, search and creation."""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass

from bot.core.clock import Clock
from bot.core.db import Database

MAX_NICKNAME = 32
SUGGESTIONS = 8


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    nickname: str


class NicknameError(ValueError):
    """A nickname that cannot be used; the message is Russian, for the judge."""


def clean_nickname(text: str) -> str:
    """The nickname as stored: inner whitespace collapsed; refuses empty, long or odd ones."""
    nickname = " ".join(text.split())
    if not nickname:
        raise NicknameError("Ник не может быть пустым.")
    if len(nickname) > MAX_NICKNAME:
        raise NicknameError(f"Ник длиннее {MAX_NICKNAME} символов.")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co") for char in nickname):
        raise NicknameError("В нике есть непечатаемые символы.")
    return nickname


def nickname_key(nickname: str) -> str:
    return " ".join(nickname.split()).casefold()


class PlayerDirectory:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def get(self, player_id: int) -> Player | None:
        row = await self.database.fetchone(
            "SELECT id, nickname FROM players WHERE id = ?", (player_id,)
        )
        return Player(row["id"], row["nickname"]) if row else None

    async def many(self, ids: list[int]) -> dict[int, Player]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self.database.fetchall(
            f"SELECT id, nickname FROM players WHERE id IN ({marks})", ids
        )
        return {row["id"]: Player(row["id"], row["nickname"]) for row in rows}

    async def by_nickname(self, nickname: str) -> Player | None:
        row = await self.database.fetchone(
            "SELECT id, nickname FROM players WHERE nickname_key = ?", (nickname_key(nickname),)
        )
        return Player(row["id"], row["nickname"]) if row else None

    async def search(self, text: str, limit: int = SUGGESTIONS) -> list[Player]:
        """Players whose nickname contains ``text`` (any case); those starting with it first."""
        key = nickname_key(text)
        if not key:
            return []
        rows = await self.database.fetchall("SELECT id, nickname, nickname_key FROM players")
        found = [row for row in rows if key in row["nickname_key"]]
        found.sort(key=lambda row: (not row["nickname_key"].startswith(key), row["nickname_key"]))
        return [Player(row["id"], row["nickname"]) for row in found[:limit]]

    async def create(self, nickname: str, created_by: int) -> Player:
        """A new player, or the existing one with the same nickname (any case)."""
        nickname = clean_nickname(nickname)
        async with self.database.transaction() as connection:
            try:
                cursor = await connection.execute(
                    "INSERT INTO players (nickname, nickname_key, created_by, created_at) "
                    "VALUES (?, ?, ?, ?)",
                    (nickname, nickname_key(nickname), created_by, self.clock.iso()),
                )
                return Player(int(cursor.lastrowid or 0), nickname)
            except sqlite3.IntegrityError:
                pass
        existing = await self.by_nickname(nickname)
        assert existing is not None
        return existing
