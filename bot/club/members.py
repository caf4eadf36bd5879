"""Members of the club (Telegram users the bot has seen) and their rights."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from aiogram.types import User
from aiosqlite import Row

from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database, Reader
from bot.core.outbox import Kind, enqueue, private
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
    rights: frozenset[Right]


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

    def _forget(self, user_id: int) -> None:
        self._writes += 1
        self._seen.pop(user_id, None)

    async def resolve(self, user: User) -> Member:
        """The member behind an update, remembered (name, username) for later look-ups."""
        return (await self.resolve_with_menu(user))[0]

    async def resolve_with_menu(self, user: User) -> tuple[Member, bool]:
        """The member, and whether his private command menu does not show his rights yet."""
        seen = self._seen.get(user.id)
        if seen is None or (seen.full_name, seen.username) != (user.full_name, user.username):
            seen = await self._remember(user)
        member = Member(user_id=user.id, full_name=user.full_name, rights=seen.rights)
        return member, seen.menu != menu_signature(member)

    async def _remember(self, user: User) -> _Seen:
        writes = self._writes
        row = await self.database.fetchone(
            "SELECT full_name, username, menu_rights, "
            '(SELECT group_concat("right") FROM member_rights AS r WHERE r.user_id = m.user_id) '
            "AS rights FROM members AS m WHERE user_id = ?",
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
        stored = (row["rights"] or "").split(",") if row is not None else []
        seen = _Seen(
            user.full_name,
            user.username,
            (row["menu_rights"] if row is not None else None) or "",
            self._with_admin(user.id, stored),
        )
        if writes == self._writes:
            self._seen[user.id] = seen
        return seen

    async def member(self, user_id: int) -> Member:
        known = await self.get(user_id)
        name = known.full_name if known else str(user_id)
        return Member(user_id=user_id, full_name=name, rights=await self.rights_of(user_id))

    async def admin_ids(self) -> list[int]:
        """Everyone with the admin right: ``ADMIN_IDS`` and the appointed."""
        return sorted(m.user_id for m in await self.everyone_with_rights() if m.is_admin)

    async def everyone_with_rights(self) -> list[Member]:
        """Appointed staff and the admins of ``ADMIN_IDS``."""
        ids = {known.user_id for known in await self.staff()} | set(self.settings.admin_ids)
        return [await self.member(user_id) for user_id in sorted(ids)]

    async def rights_of(self, user_id: int) -> frozenset[Right]:
        rows = await self.database.fetchall(
            'SELECT "right" FROM member_rights WHERE user_id = ?', (user_id,)
        )
        return self._with_admin(user_id, [row["right"] for row in rows])

    def _with_admin(self, user_id: int, stored: list[str]) -> frozenset[Right]:
        rights = {Right(name) for name in stored if name}
        if self.settings.is_admin(user_id):
            rights.add(Right.ADMIN)
        return frozenset(rights)

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
        self._forget(member.user_id)

    async def grant(
        self, user_id: int, right: Right, granted_by: int, tell: str | None = None
    ) -> bool:
        """Give a right; False if the member had it already. A new right is told to him in
        private (``tell``), through the outbox."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            cursor = await tx.execute(
                'INSERT OR IGNORE INTO member_rights (user_id, "right", granted_by, granted_at) '
                "VALUES (?, ?, ?, ?)",
                (user_id, right.value, granted_by, now),
            )
            granted = cursor.rowcount > 0
            if granted and tell is not None:
                await enqueue(tx, private(user_id), Kind.TEXT, now, body=tell)
        self._forget(user_id)
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
        self._forget(user_id)

    async def revoke_all(
        self, user_id: int, tell: Callable[[list[Right]], str] | None = None
    ) -> list[Right]:
        """Take away every appointed right (rights from ADMIN_IDS stay); returns what was taken.
        ``tell``: what he is told in private about the rights taken (through the outbox)."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            rows = await tx.all('SELECT "right" FROM member_rights WHERE user_id = ?', (user_id,))
            taken = [Right(row[0]) for row in rows]
            await tx.execute("DELETE FROM member_rights WHERE user_id = ?", (user_id,))
            if taken and tell is not None:
                await enqueue(tx, private(user_id), Kind.TEXT, now, body=tell(taken))
        self._forget(user_id)
        return taken

    async def staff(self) -> list[KnownMember]:
        """Everyone with a right: appointed, and the admins of ``ADMIN_IDS`` (those the bot has
        not seen yet by their id alone)."""
        rows = await self.database.fetchall(
            "SELECT DISTINCT m.* FROM members m JOIN member_rights r USING (user_id) "
            "ORDER BY m.full_name"
        )
        found = [await self._known(row) for row in rows]
        listed = {known.user_id for known in found}
        for admin_id in sorted(set(self.settings.admin_ids) - listed):
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
