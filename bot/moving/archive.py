"""A whole club as one file, and that file brought into another deployment's club.

``/archive`` writes the club at hand — its settings and options, staff rights, players and their
nicknames' history, tournaments with their stages, games with their seats, corrections and live
logs, evenings with their sign-ups, seats and tables, protests and link requests — as one gzipped
JSON document: each table's rows as the owner reads them (``archived`` in each owner). ``/import``
of that file in a club that holds nothing yet (a club that has just joined) writes every row back
through the same owners (``restore``) in one transaction, with new ids, so that it lands whole
or not at all. What belongs to the bot that sent it stays behind: messages and their ids in the
old chats, the outbox, drafts of games not saved, TV links, dialog states.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import zlib
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.club import members as member_rows
from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.db import Conflict, Database, Reader, Transaction
from bot.tables import (
    audit,
    club_options,
    games,
    link_requests,
    live,
    nights,
    players,
    protests,
    tournaments,
)
from bot.tables import clubs as club_rows
from bot.tables.clubs import ENVIRONMENT_CLUB
from bot.tables.moved import Archive, BrokenArchive, Moved
from bot.texts import archive as texts
from bot.vocabulary.names import file_stem

FORMAT = "mafia-club-archive"
VERSION = 1  # of the document's shape; each table's columns are its rows' own
MAX_ARCHIVE_BYTES = 400 * 1024 * 1024  # unpacked: a club of 100,000 games is about a tenth
ARCHIVED_BY = (
    club_options, players, tournaments, games, audit, nights, protests, link_requests, live,
)  # fmt: skip
# The order rows are written in: each after the rows it names.
RESTORED_BY = (players, tournaments, games, audit, nights, protests, link_requests, live)
ACCOUNT_COLUMNS = {  # the columns that name a Telegram account, by table
    "players": ("user_id",), "games": ("judge_id",), "link_requests": ("user_id",),
    "protests": ("user_id",), "night_people": ("user_id",), "night_tables": ("user_id",),
    "live_games": ("judge_id",),
}  # fmt: skip
DIGEST_OPTION = "archive_digest"  # club_options: the archive this club was made of


@dataclass(frozen=True, slots=True)
class ArchiveFile:
    content: bytes
    name: str
    caption: str


class NotAnArchive(Exception):
    """The file is something else (a tournament's protocol, say): not for this importer."""


class ArchiveRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def is_archive(raw: bytes) -> bool:
    """Whether a file sent with /import is a club's archive (cheap: its first bytes)."""
    try:
        head = (
            zlib.decompressobj(wbits=31).decompress(raw[:4096], 2048)
            if raw[:2] == (b"\x1f\x8b")
            else raw[:2048]
        )
    except zlib.error:
        return False
    return f'"format": "{FORMAT}"'.encode() in head or f'"format":"{FORMAT}"'.encode() in head


class ClubArchive:
    def __init__(
        self, database: Database, clubs: Clubs, members: MemberDirectory, clock: Clock
    ) -> None:
        self.database = database
        self.clubs = clubs
        self.members = members
        self.clock = clock
        self._one_at_a_time = asyncio.Lock()

    async def export(self) -> ArchiveFile:
        """The club at hand as one file, read from one state of the database."""
        club = club_scope.club()
        async with self.database.snapshot() as reader:
            tables: Archive = {}
            for owner in ARCHIVED_BY:
                tables.update(await owner.archived(reader))
            admins = self.clubs.settings.admin_ids if club.id == ENVIRONMENT_CLUB else ()
            tables.update(
                await member_rows.archived(reader, _accounts(tables), admins, self.clock.iso())
            )
        document = {
            "format": FORMAT, "version": VERSION, "schema": await self.database.user_version(),
            "exported_at": self.clock.iso(),
            "club": {
                "title": club.title, "timezone": club.timezone, "ruleset": club.ruleset,
                "protest_minutes": club.protest_minutes,
            },
            "tables": tables,
        }  # fmt: skip
        content = await asyncio.to_thread(_packed, document)
        caption = texts.archive_caption(
            club.title, len(tables["tournaments"]), len(tables["games"]), len(tables["players"])
        )
        return ArchiveFile(content, f"{file_stem(club.title, 'club')}.club.json.gz", caption)

    async def bring_in(self, raw: bytes) -> str:
        """The archive's club written into the club at hand, which must hold nothing yet:
        what came in, or why nothing did (``ArchiveRefused``)."""
        document, digest = await asyncio.to_thread(_read, raw)
        club = club_scope.club()
        async with self._one_at_a_time:
            try:
                async with self.database.transaction() as tx:
                    if await club_options.read(tx, DIGEST_OPTION) == digest:
                        raise ArchiveRefused(texts.ALREADY_BROUGHT_IN)
                    if await _holds_anything(tx):
                        raise ArchiveRefused(texts.club_not_empty(club.title))
                    tables = document["tables"]
                    await _restore(tx, tables, Moved(club.id, digest[:12]))
                    await club_options.write(tx, DIGEST_OPTION, digest, 0, self.clock.iso())
                    await club_rows.configure(tx, club.id, _settings(club, document["club"]))
            except (BrokenArchive, Conflict, KeyError, TypeError, ValueError):
                raise ArchiveRefused(texts.BROKEN) from None
        await self.clubs.load()
        await self.members.forget()
        return texts.brought_in(
            club.title, len(tables.get("tournaments", [])), len(tables.get("games", [])),
            len(tables.get("players", [])), len(tables.get("nights", [])),
        )  # fmt: skip


async def _restore(tx: Transaction, tables: Archive, moved: Moved) -> None:
    await member_rows.restore(tx, tables, moved)
    for owner in RESTORED_BY:
        await owner.restore(tx, tables, moved)
    await club_options.restore(tx, tables, moved)


async def _holds_anything(reader: Reader) -> bool:
    """Whether the club at hand has a tournament or a player already: an archive comes only
    into a club that starts with it."""
    return bool(await tournaments.count_of_club(reader) or await players.count_of_club(reader))


def _accounts(tables: Archive) -> set[int]:
    return {
        int(row[column])
        for table, columns in ACCOUNT_COLUMNS.items()
        for row in tables.get(table, [])
        for column in columns
        if row.get(column) is not None
    }


def _packed(document: dict[str, Any]) -> bytes:
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=6, mtime=0)


def _unpacked(raw: bytes) -> bytes:
    """The file's text, unpacked no further than ``MAX_ARCHIVE_BYTES`` (a small file may unpack
    to gigabytes: it is refused before they are made)."""
    if raw[:2] != b"\x1f\x8b":
        return raw
    unpacker = zlib.decompressobj(wbits=31)
    text = unpacker.decompress(raw, MAX_ARCHIVE_BYTES + 1)
    if len(text) > MAX_ARCHIVE_BYTES:
        raise ArchiveRefused(texts.TOO_BIG)
    if not unpacker.eof:
        raise ArchiveRefused(texts.BROKEN)  # cut short
    return text


def _read(raw: bytes) -> tuple[dict[str, Any], str]:
    """The archive's document and its digest, or why it cannot come in (``ArchiveRefused``)."""
    try:
        text = _unpacked(raw)
        document = json.loads(text)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, json.JSONDecodeError):
        raise ArchiveRefused(texts.BROKEN) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise NotAnArchive
    if not isinstance(document.get("version"), int) or document["version"] > VERSION:
        raise ArchiveRefused(texts.NEWER)
    if not isinstance(document.get("tables"), dict) or not isinstance(document.get("club"), dict):
        raise ArchiveRefused(texts.BROKEN)
    return document, hashlib.sha256(raw).hexdigest()


def _settings(club: Any, given: dict[str, Any]) -> club_rows.NewClub:
    """The archive's time zone, rules and protest window for the club; its title stays the
    one its admin gave when it joined."""
    zone = str(given.get("timezone") or club.timezone)
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        zone = club.timezone
    minutes = given.get("protest_minutes")
    return club_rows.NewClub(
        title=club.title, chat_id=club.chat_id, timezone=zone,
        ruleset=str(given.get("ruleset") or club.ruleset),
        protest_minutes=minutes if isinstance(minutes, int) and 0 < minutes <= 1440 else (
            club.protest_minutes
        ),
        state=club.state,
    )  # fmt: skip
