"""Players of the club: nicknames, search and creation."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Conflict, Database
from bot.tables import players as rows
from bot.texts import players as texts
from bot.texts.players import MAX_NICKNAME
from bot.vocabulary.names import hidden_characters, name_key

SUGGESTIONS = 8


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    nickname: str


class NicknameError(ValueError):
    """A nickname that cannot be used; the message is Russian, for the judge."""


_SEAT_NUMBER = re.compile(r"^(?:[1-9]|10)(?:\s|[.):\-])")


def clean_nickname(text: str) -> str:
    """The nickname as stored: inner whitespace collapsed; refuses empty, long or odd ones.

    Emoji sequences (ZWJ, variation selectors, skin tones, flags) are welcome; control
    characters, bidirectional overrides and stray invisible characters are not."""
    nickname = " ".join(text.split())
    if hidden_characters(nickname):
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
    return name_key(nickname)


# Latin letters that look like Cyrillic ones (and are typed for them on a Latin keyboard): a name
# with a Latin «C» or «o» inside a Cyrillic one is the same name, as е and ё are.
_LOOKALIKES = str.maketrans("AaBCcEeHKkMOoPpTXxYy", "АаВСсЕеНКкМОоРрТХхУу")


def lookalike_key(nickname: str) -> str:
    """``nickname_key`` with look-alike Latin and Cyrillic letters made one."""
    return nickname_key(nickname.translate(_LOOKALIKES))


def _digits(key: str) -> str:
    return "".join(char for char in key if char.isdigit())


def close_keys(key: str) -> int:
    """How many typos apart a nickname may be to be offered as the one meant: one in a short
    nickname (3–5 letters), two in a longer one; none in a shorter one."""
    if len(key) < 3:
        return 0
    return 1 if len(key) <= 5 else 2


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
            "SELECT id, nickname FROM players WHERE id = ? AND club_id = ?", (player_id, club_id())
        )
        return Player(row["id"], row["nickname"]) if row else None

    async def many(self, ids: list[int]) -> dict[int, Player]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self.database.fetchall(
            f"SELECT id, nickname FROM players WHERE club_id = ? AND id IN ({marks})",
            [club_id(), *ids],
        )
        return {row["id"]: Player(row["id"], row["nickname"]) for row in rows}

    async def any_linked(self, ids: list[int]) -> bool:
        """Whether one of these players has his Telegram linked (his results reach him)."""
        if not ids:
            return False
        marks = ",".join("?" * len(ids))
        row = await self.database.fetchone(
            f"SELECT 1 FROM players WHERE id IN ({marks}) AND club_id = ? "
            "AND user_id IS NOT NULL LIMIT 1",
            (*ids, club_id()),
        )
        return row is not None

    async def by_nickname(self, nickname: str) -> Player | None:
        """The player with this nickname, case, е/ё and look-alike letters aside."""
        row = await self.database.fetchone(
            "SELECT id, nickname FROM players WHERE club_id = ? AND nickname_key = ?",
            (club_id(), nickname_key(nickname)),
        )
        if row is not None:
            return Player(row["id"], row["nickname"])
        key = lookalike_key(nickname)
        same = [p for p in await self._all() if lookalike_key(p.nickname) == key]
        return same[0] if len(same) == 1 else None

    async def nicknames(self) -> dict[int, str]:
        """Every player's nickname by his id."""
        return {player.id: player.nickname for player in await self._all()}

    async def _all(self) -> list[Player]:
        rows = await self.database.fetchall(
            "SELECT id, nickname FROM players WHERE club_id = ? ORDER BY id", (club_id(),)
        )
        return [Player(row["id"], row["nickname"]) for row in rows]

    async def close_to(self, nickname: str, limit: int = 3) -> list[Player]:
        """Players a typed nickname probably means («Совв» → «Сова», «Кто» → «Кот»): a typo or
        two away (``close_keys``), nearest first; none when it is a player's own nickname."""
        key = lookalike_key(nickname)
        most = close_keys(key)
        if not most:
            return []
        everyone = await self._all()
        keys = [lookalike_key(player.nickname) for player in everyone]
        if key in keys:
            return []
        found = process.extract(key, keys, scorer=OSA.distance, score_cutoff=most, limit=limit)
        # «Гость1» and «Гость2», «Лис» and «Лис2» are told apart on purpose: not typos.
        digits = _digits(key)
        return [everyone[index] for match, _, index in found if _digits(match) == digits]

    async def search(self, text: str, limit: int = SUGGESTIONS) -> list[Player]:
        """Players whose nickname contains ``text`` (any case); those starting with it first."""
        key = nickname_key(text)
        if not key:
            return []
        rows = await self.database.fetchall(
            "SELECT id, nickname, nickname_key FROM players WHERE club_id = ?", (club_id(),)
        )
        found = [row for row in rows if key in row["nickname_key"]]
        found.sort(key=lambda row: (not row["nickname_key"].startswith(key), row["nickname_key"]))
        return [Player(row["id"], row["nickname"]) for row in found[:limit]]

    async def create(self, nickname: str, created_by: int) -> Player:
        """A new player; refused when the club has one whose nickname differs only by case or
        е/ё (``SimilarPlayerError`` names him, so that he is offered instead)."""
        nickname = clean_nickname(nickname)
        check_new_nickname(nickname)
        same = await self.by_nickname(nickname)  # «Cова» with a Latin C is «Сова»
        if same is not None:
            raise SimilarPlayerError(same)
        try:
            async with self.database.transaction() as tx:
                key = nickname_key(nickname)
                player_id = await rows.create(tx, nickname, key, created_by, self.clock.iso())
            return Player(player_id, nickname)
        except Conflict:
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
