"""Players of the club: nicknames, search and creation."""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass

from bot.core.clock import Clock
from bot.core.db import Database
from bot.tables import players as rows
from bot.texts import players as texts
from bot.texts.players import MAX_NICKNAME

SUGGESTIONS = 8


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    nickname: str


class NicknameError(ValueError):
    """A nickname that cannot be used; the message is Russian, for the judge."""


_ZWJ = "\u200d"
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_TAGS = range(0xE0020, 0xE0080)  # the tag letters of subdivision flags (🏴 + tags)
_SEAT_NUMBER = re.compile(r"^(?:[1-9]|10)(?:\s|[.):\-])")


def _emoji_like(char: str) -> bool:
    """A character an emoji sequence is made of: a symbol, a skin tone, a variation selector."""
    return unicodedata.category(char) in ("So", "Sk", "Mn") or char == "\ufe0f"


def _invisible_ok(nickname: str, index: int) -> bool:
    """A format character is fine only where an emoji sequence needs it (ZWJ, flag tags)."""
    char = nickname[index]
    before = nickname[index - 1] if index else ""
    after = nickname[index + 1] if index + 1 < len(nickname) else ""
    if char == _ZWJ:
        return bool(before) and bool(after) and _emoji_like(before) and _emoji_like(after)
    if ord(char) in _TAGS:
        return bool(before) and (before == "\U0001f3f4" or ord(before) in _TAGS)
    return False


def clean_nickname(text: str) -> str:
    """The nickname as stored: inner whitespace collapsed; refuses empty, long or odd ones.

    Emoji sequences (ZWJ, variation selectors, skin tones, flags) are welcome; control
    characters, bidirectional overrides and stray invisible characters are not."""
    nickname = " ".join(text.split())
    for index, char in enumerate(nickname):
        category = unicodedata.category(char)
        if char in _BIDI_CONTROLS or category in ("Cc", "Cs", "Co", "Cn"):
            raise NicknameError(texts.NICKNAME_INVISIBLE)
        if category == "Cf" and not _invisible_ok(nickname, index):
            raise NicknameError(texts.NICKNAME_INVISIBLE)
    visible = [c for c in nickname if unicodedata.category(c) not in ("Cf", "Mn", "Me", "Zs")]
    if not visible:
        raise NicknameError(texts.NICKNAME_EMPTY)
    if len(nickname) > MAX_NICKNAME:
        raise NicknameError(texts.NICKNAME_TOO_LONG)
    return nickname


def check_new_nickname(nickname: str) -> None:
    """What a *new* player's nickname must also satisfy: it is not a pasted seat line."""
    if _SEAT_NUMBER.match(nickname):
        raise NicknameError(texts.NICKNAME_STARTS_WITH_SEAT)


def nickname_key(nickname: str) -> str:
    """What makes two nicknames one: case, spacing and е/ё do not count."""
    return " ".join(nickname.split()).casefold().replace("ё", "е")


class SimilarPlayerError(NicknameError):
    """The club already has a player whose nickname differs only by case or е/ё."""

    def __init__(self, existing: Player) -> None:
        super().__init__(texts.similar_exists(existing.nickname))
        self.existing = existing


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
        """A new player; refused when the club has one whose nickname differs only by case or
        е/ё (``SimilarPlayerError`` names him, so that he is offered instead)."""
        nickname = clean_nickname(nickname)
        check_new_nickname(nickname)
        try:
            async with self.database.transaction() as tx:
                key = nickname_key(nickname)
                player_id = await rows.create(tx, nickname, key, created_by, self.clock.iso())
            return Player(player_id, nickname)
        except sqlite3.IntegrityError:
            pass
        existing = await self.by_nickname(nickname)
        assert existing is not None
        raise SimilarPlayerError(existing)

    async def create_or_get(self, nickname: str, created_by: int) -> Player:
        """The player with this nickname (up to case and е/ё), created when the club has none."""
        try:
            return await self.create(nickname, created_by)
        except SimilarPlayerError as error:
            return error.existing
