"""People (Telegram users the bot has seen: one account, one person, in every club) and their
rights — each a right in one club."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from aiogram.types import User

from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database, Reader, Row, Transaction
from bot.core.outbox import Kind, enqueue, private
from bot.tables.clubs import ENVIRONMENT_CLUB
from bot.tables.moved import Archive, Moved, rows_of
from bot.vocabulary.notices import Notice
from bot.vocabulary.rights import Member, Right


@dataclass(frozen=True, slots=True)
class KnownMember:
    user_id: int
    full_name: str
    username: str | None
    rights: frozenset[Right]

    @property
    def label(self) -> str:
        return f"{self.full_name} (@{self.username})" if self.username else self.full_name


@dataclass(frozen=True, slots=True)
class _Seen:
    """What an update needs to know about its sender, as stored."""

    full_name: str
    username: str | None
    menu: str  # the rights his private command menu shows
    rights: dict[int, frozenset[Right]]  # by club
    current_club: int | None  # in private: the club he last chose


class MemberDirectory:
    """The owner of the ``members`` and ``member_rights`` tables. Every write to them goes
    through here, so the members seen since the start are kept in memory: an update from a
    known member whose name has not changed costs no database trip."""

    def __init__(self, settings: Settings, database: Database, clock: Clock) -> None:
        self.settings = settings
        self.database = database
        self.clock = clock
        self._seen: dict[int, _Seen] = {}
        self._writes = 0  # a read that a write overtook must not be kept
        database.on_announce("members", self._heard)

    def _heard(self, key: str) -> None:
        """Another process wrote a member (or, without a key, brought many in)."""
        self._writes += 1
        if key:
            self._seen.pop(int(key), None)
        else:
            self._seen.clear()

    async def _forget(self, user_id: int) -> None:
        self._writes += 1
        self._seen.pop(user_id, None)
        await self.database.announce("members", str(user_id))

    async def forget(self) -> None:
        """Everyone read again (a club's archive brought rights in behind this directory)."""
        self._writes += 1
        self._seen.clear()
        await self.database.announce("members")

    async def resolve(self, user: User) -> Member:
        """The member behind an update, remembered (name, username) for later look-ups."""
        return (await self.resolve_with_menu(user))[0]

    async def resolve_with_menu(self, user: User) -> tuple[Member, bool]:
        """The member, and whether his private command menu does not show his rights yet."""
        seen = await self._seen_now(user)
        member = Member(user.id, user.full_name, self._in_club(user.id, seen.rights))
        return member, seen.menu != menu_signature(member)

    async def _seen_now(self, user: User) -> _Seen:
        seen = self._seen.get(user.id)
        if seen is None or (seen.full_name, seen.username) != (user.full_name, user.username):
            seen = await self._remember(user)
        return seen

    async def current_club(self, user: User) -> int | None:
        """The club he chose last in private (None: never chose one)."""
        return (await self._seen_now(user)).current_club

    async def chosen_club(self, user_id: int) -> int | None:
        """The club he chose last in private (None: never chose one, or never seen)."""
        seen = self._seen.get(user_id)
        if seen is not None:
            return seen.current_club
        row = await self.database.fetchone(
            "SELECT current_club FROM members WHERE user_id = ?", (user_id,)
        )
        return int(row[0]) if row is not None and row[0] is not None else None

    async def choose_club(self, user_id: int, club_id: int) -> None:
        async with self.database.transaction() as tx:
            await tx.execute(
                "UPDATE members SET current_club = ? WHERE user_id = ?", (club_id, user_id)
            )
        await self._forget(user_id)

    async def clubs_of(self, user_id: int) -> list[int]:
        """The clubs he has a right in or a nickname linked in, oldest first."""
        rows = await self.database.fetchall(
            "SELECT club_id FROM member_rights WHERE user_id = ? "
            "UNION SELECT club_id FROM players WHERE user_id = ? ORDER BY 1",
            (user_id, user_id),
        )
        found = [int(row[0]) for row in rows]
        if self.settings.is_admin(user_id) and ENVIRONMENT_CLUB not in found:
            found.insert(0, ENVIRONMENT_CLUB)
        return found

    async def _remember(self, user: User) -> _Seen:
        writes = self._writes
        row = await self.database.fetchone(
            "SELECT full_name, username, menu_rights, current_club, "
            "(SELECT group_concat(r.club_id || ':' || r.\"right\") FROM member_rights AS r "
            "WHERE r.user_id = m.user_id) AS rights FROM members AS m WHERE user_id = ?",
            (user.id,),
        )
        if row is None or (row["full_name"], row["username"]) != (user.full_name, user.username):
            async with self.database.transaction() as connection:
                await connection.execute(
                    "INSERT INTO members (user_id, full_name, username, updated_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                    "full_name = excluded.full_name, username = excluded.username, "
                    "updated_at = excluded.updated_at",
                    (user.id, user.full_name, user.username, self.clock.iso()),
                )
        by_club: dict[int, set[Right]] = {}
        for pair in (row["rights"] or "").split(",") if row is not None else []:
            if pair:
                club_id, _, right = pair.partition(":")
                by_club.setdefault(int(club_id), set()).add(Right(right))
        seen = _Seen(
            user.full_name,
            user.username,
            (row["menu_rights"] if row is not None else None) or "",
            {club_id: frozenset(rights) for club_id, rights in by_club.items()},
            row["current_club"] if row is not None else None,
        )
        if writes == self._writes:
            self._seen[user.id] = seen
        return seen

    async def member(self, user_id: int) -> Member:
        known = await self.get(user_id)
        if known is not None:  # his rights are read with him
            return Member(user_id=user_id, full_name=known.full_name, rights=known.rights)
        return Member(user_id=user_id, full_name=str(user_id), rights=await self.rights_of(user_id))

    async def admin_ids(self) -> list[int]:
        """Everyone with the admin right: ``ADMIN_IDS`` and the appointed."""
        return sorted(m.user_id for m in await self.everyone_with_rights() if m.is_admin)

    async def everyone_with_rights(self) -> list[Member]:
        """Appointed staff and the admins of ``ADMIN_IDS``."""
        ids = {known.user_id for known in await self.staff()} | set(self._environment_admins())
        return [await self.member(user_id) for user_id in sorted(ids)]

    async def rights_of(self, user_id: int) -> frozenset[Right]:
        """His rights in the club at hand."""
        rows = await self.database.fetchall(
            'SELECT "right" FROM member_rights WHERE club_id = ? AND user_id = ?',
            (club_scope.club_id(), user_id),
        )
        return self._with_admin(user_id, [row["right"] for row in rows])

    def _in_club(self, user_id: int, by_club: dict[int, frozenset[Right]]) -> frozenset[Right]:
        """His rights in the club at hand (none outside every club)."""
        club = club_scope.maybe_club()
        if club is None:
            return frozenset()
        return self._with_admin(user_id, list(by_club.get(club.id, frozenset())))

    def _with_admin(self, user_id: int, stored: list[str]) -> frozenset[Right]:
        """``ADMIN_IDS`` are admins of the environment's club."""
        rights = {Right(name) for name in stored if name}
        if self.settings.is_admin(user_id) and club_scope.club_id() == ENVIRONMENT_CLUB:
            rights.add(Right.ADMIN)
        return frozenset(rights)

    def _environment_admins(self) -> frozenset[int]:
        club = club_scope.maybe_club()
        return self.settings.admin_ids if club and club.id == ENVIRONMENT_CLUB else frozenset()

    async def find(self, reference: int | str) -> KnownMember | None:
        """A member by id or by username (without the @), among those the bot has seen."""
        if isinstance(reference, int):
            row = await self.database.fetchone(
                "SELECT * FROM members WHERE user_id = ?", (reference,)
            )
        else:
            row = await self.database.fetchone(
                "SELECT * FROM members WHERE lower(username) = lower(?)", (reference,)
            )
        return await self._known(row) if row else None

    async def full_name(self, user_id: int) -> str | None:
        """His name as Telegram last showed it (kept for those seen since the start)."""
        seen = self._seen.get(user_id)
        if seen is not None:
            return seen.full_name
        row = await self.database.fetchone(
            "SELECT full_name FROM members WHERE user_id = ?", (user_id,)
        )
        return str(row[0]) if row else None

    async def get(self, user_id: int) -> KnownMember | None:
        row = await self.database.fetchone("SELECT * FROM members WHERE user_id = ?", (user_id,))
        return await self._known(row) if row else None

    async def _known(self, row: Row) -> KnownMember:
        user_id = row["user_id"]
        return KnownMember(
            user_id=user_id,
            full_name=row["full_name"],
            username=row["username"],
            rights=await self.rights_of(user_id),
        )

    async def menu_published(self, member: Member) -> None:
        async with self.database.transaction() as connection:
            await connection.execute(
                "UPDATE members SET menu_rights = ? WHERE user_id = ?",
                (menu_signature(member), member.user_id),
            )
        await self._forget(member.user_id)

    async def grant(
        self, user_id: int, right: Right, granted_by: int, tell: str | None = None
    ) -> bool:
        """Give a right; False if the member had it already. A new right is told to him in
        private (``tell``), through the outbox."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            written = await tx.execute(
                "INSERT INTO member_rights "
                '(club_id, user_id, "right", granted_by, granted_at) VALUES (?, ?, ?, ?, ?) '
                "ON CONFLICT DO NOTHING",
                (club_scope.club_id(), user_id, right.value, granted_by, now),
            )
            granted = written > 0
            if granted and tell is not None:
                await enqueue(tx, private(user_id), Kind.TEXT, now, body=tell)
        await self._forget(user_id)
        return granted

    async def choices(self, user_id: int) -> dict[Notice, bool]:
        """Which private notices he gets (each on unless he switched it off in /settings)."""
        columns = ", ".join(notice.column for notice in Notice)
        row = await self.database.fetchone(
            f"SELECT {columns} FROM members WHERE user_id = ?", (user_id,)
        )
        return {notice: bool(row[i]) if row else True for i, notice in enumerate(Notice)}

    async def wants(self, user_id: int, notice: Notice) -> bool:
        return (await self.choices(user_id))[notice]

    async def choose(self, user_id: int, notice: Notice, on: bool) -> None:
        async with self.database.transaction() as tx:
            await tx.execute(
                f"UPDATE members SET {notice.column} = ? WHERE user_id = ?", (int(on), user_id)
            )
        await self._forget(user_id)

    async def revoke_all(
        self, user_id: int, tell: Callable[[list[Right]], str] | None = None
    ) -> list[Right]:
        """Take away every appointed right (rights from ADMIN_IDS stay); returns what was taken.
        ``tell``: what he is told in private about the rights taken (through the outbox)."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            club_id = club_scope.club_id()
            rows = await tx.all(
                'SELECT "right" FROM member_rights WHERE club_id = ? AND user_id = ?',
                (club_id, user_id),
            )
            taken = [Right(row[0]) for row in rows]
            await tx.execute(
                "DELETE FROM member_rights WHERE club_id = ? AND user_id = ?", (club_id, user_id)
            )
            if taken and tell is not None:
                await enqueue(tx, private(user_id), Kind.TEXT, now, body=tell(taken))
        await self._forget(user_id)
        return taken

    async def staff(self) -> list[KnownMember]:
        """Everyone with a right in the club at hand: appointed, and the admins of ``ADMIN_IDS``
        (those the bot has not seen yet by their id alone)."""
        rows = await self.database.fetchall(
            "SELECT DISTINCT m.* FROM members m JOIN member_rights r USING (user_id) "
            "WHERE r.club_id = ? ORDER BY m.full_name",
            (club_scope.club_id(),),
        )
        found = [await self._known(row) for row in rows]
        listed = {known.user_id for known in found}
        for admin_id in sorted(set(self._environment_admins()) - listed):
            known = await self.get(admin_id)
            found.append(
                known or KnownMember(admin_id, str(admin_id), None, self._with_admin(admin_id, []))
            )
        return found


def menu_signature(member: Member) -> str:
    return ",".join(sorted(right.value for right in member.rights))


async def wanting(tx: Reader, user_ids: Iterable[int], notice: Notice) -> set[int]:
    """Those of ``user_ids`` who get ``notice`` (a person the bot has never seen: yes — a
    message he cannot receive is dropped by the outbox)."""
    wanted = set(user_ids)
    if not wanted:
        return wanted
    marks = ",".join("?" * len(wanted))
    refused = await tx.all(
        f"SELECT user_id FROM members WHERE user_id IN ({marks}) AND {notice.column} = 0",
        sorted(wanted),
    )
    return wanted - {int(row[0]) for row in refused}


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------


async def archived(
    reader: Reader, user_ids: Iterable[int], admins: Iterable[int] = (), now: str = ""
) -> Archive:
    """The accounts the club's rows name, and the club's rights, as an archive carries them:
    a person's name goes with the club, his choices of notices stay his own. ``admins``: the
    environment's admins of a one-club deployment, admins by its settings, not by a row — in
    the archive they are the club's admins like any other."""
    rights = rows_of(await reader.all(
        'SELECT user_id, "right", granted_by, granted_at FROM member_rights WHERE club_id = ? '
        "ORDER BY user_id", (club_scope.club_id(),)
    ))  # fmt: skip
    named = {(row["user_id"], row["right"]) for row in rights}
    rights += [
        {"user_id": admin, "right": Right.ADMIN.value, "granted_by": admin, "granted_at": now}
        for admin in sorted(admins)
        if (admin, Right.ADMIN.value) not in named
    ]
    found: Archive = {"members": [], "member_rights": rights}
    wanted = sorted(set(user_ids) | {row["user_id"] for row in rights})
    for start in range(0, len(wanted), 500):  # SQLite's bound parameters: a few hundred at once
        part = wanted[start : start + 500]
        found["members"] += rows_of(await reader.all(
            "SELECT user_id, full_name, username, updated_at FROM members "
            f"WHERE user_id IN ({','.join('?' * len(part))}) ORDER BY user_id", part,
        ))  # fmt: skip
    return found


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's accounts (a person this bot knows keeps the name it knows) and the club's
    rights, in the club at hand."""
    await tx.executemany(
        "INSERT INTO members (user_id, full_name, username, updated_at) "
        "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [
            (row["user_id"], row["full_name"], row.get("username"), row["updated_at"])
            for row in archive.get("members", [])
        ],
    )
    await tx.executemany(
        'INSERT INTO member_rights (club_id, user_id, "right", granted_by, granted_at) '
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [
            (moved.club_id, row["user_id"], row["right"], row["granted_by"], row["granted_at"])
            for row in archive.get("member_rights", [])
        ],
    )
