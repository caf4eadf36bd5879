"""The deployment's clubs, kept in memory (a few hundred rows, read by every update): the
owner of writes to ``clubs`` above the table functions of ``bot.tables.clubs``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database, Reader
from bot.tables import clubs as rows
from bot.tables.clubs import ENVIRONMENT_CLUB, NewClub
from bot.texts.clubs import DEFAULT_TITLE
from bot.vocabulary.club import Club, ClubState


class Clubs:
    def __init__(self, settings: Settings, database: Database, clock: Clock) -> None:
        self.settings = settings
        self.database = database
        self.clock = clock
        self._by_id: dict[int, Club] = {}
        self._by_chat: dict[int, int] = {}
        if self.one_club:
            self._by_id[ENVIRONMENT_CLUB] = self._from_environment(DEFAULT_TITLE)
            club_scope.set_fallback(self._by_id[ENVIRONMENT_CLUB])
        else:
            club_scope.set_fallback(None)
        self._reloading: set[asyncio.Task[None]] = set()
        database.on_announce("clubs", self._heard)

    def _heard(self, _key: str) -> None:
        """Another process changed a club: read them again (a few hundred rows)."""
        task = asyncio.get_running_loop().create_task(self.load())
        self._reloading.add(task)
        task.add_done_callback(self._reloading.discard)

    async def _changed(self) -> None:
        await self.load()
        await self.database.announce("clubs")

    @staticmethod
    def environment_default() -> Club:
        """The environment's club as the settings' defaults describe it."""
        return Club(ENVIRONMENT_CLUB, DEFAULT_TITLE, None, "Europe/Moscow", "rules-8", 10,
                    ClubState.ACTIVE)  # fmt: skip

    @property
    def one_club(self) -> bool:
        """A deployment of one club, set by the environment (no ``CLUB_SIGNUP``)."""
        return self.settings.club_signup is None

    def _from_environment(self, title: str) -> Club:
        settings = self.settings
        return Club(
            id=ENVIRONMENT_CLUB, title=title, chat_id=settings.club_chat_id,
            timezone=settings.timezone, ruleset=settings.ruleset,
            protest_minutes=settings.protest_window_minutes, state=ClubState.ACTIVE,
        )  # fmt: skip

    def new(self, title: str, chat_id: int | None, timezone: str | None = None) -> NewClub:
        """A new club with the deployment's defaults (the environment's club settings)."""
        settings = self.settings
        state = ClubState.PENDING if settings.club_signup == "approval" else ClubState.ACTIVE
        return NewClub(
            title=title, chat_id=chat_id, timezone=timezone or settings.timezone,
            ruleset=settings.ruleset, protest_minutes=settings.protest_window_minutes,
            state=state,
        )  # fmt: skip

    async def ensure_from_environment(self) -> None:
        """Club 1 from ``CLUB_CHAT_ID``, ``TIMEZONE``, ``RULESET`` and
        ``PROTEST_WINDOW_MINUTES``: made when a one-club deployment (or one that names a club
        chat) has none, and kept equal to them — the environment rules its own club. Read in the
        writing transaction: two processes that start at once on a new database make it once."""
        wanted = self.one_club or self.settings.club_chat_id is not None
        if wanted:
            now = self.clock.iso()
            async with self.database.transaction() as tx:
                stored = {club.id: club for club in await rows.everyone(tx)}
                title = stored[ENVIRONMENT_CLUB].title if ENVIRONMENT_CLUB in stored else None
                club = self._from_environment(title or DEFAULT_TITLE)
                new = NewClub(
                    club.title, club.chat_id, club.timezone, club.ruleset,
                    club.protest_minutes, ClubState.ACTIVE,
                )  # fmt: skip
                if title is None:
                    await rows.create(tx, new, 0, now, club_id=ENVIRONMENT_CLUB)
                else:
                    await rows.configure(tx, ENVIRONMENT_CLUB, new)
                    configured = self.settings.club_chat_id
                    moved = await rows.migrated_from(tx, ENVIRONMENT_CLUB) == configured
                    if configured is not None and not moved:
                        await rows.set_chat(tx, ENVIRONMENT_CLUB, configured)
        await self._changed()

    async def load(self) -> None:
        clubs = await rows.everyone(self.database)
        self._by_id = {club.id: club for club in clubs}
        self._by_chat = {club.chat_id: club.id for club in clubs if club.chat_id is not None}
        if self.one_club:
            club_scope.set_fallback(self._by_id.get(ENVIRONMENT_CLUB))

    def get(self, club_id: int) -> Club | None:
        return self._by_id.get(club_id)

    def of_chat(self, chat_id: int) -> Club | None:
        club_id = self._by_chat.get(chat_id)
        return self._by_id.get(club_id) if club_id is not None else None

    def everyone(self) -> list[Club]:
        return list(self._by_id.values())

    def active(self) -> list[Club]:
        return [club for club in self._by_id.values() if club.is_active]

    async def create(self, new: NewClub, by: int) -> Club:
        async with self.database.transaction() as tx:
            club_id = await rows.create(tx, new, by, self.clock.iso())
        await self._changed()
        return self._by_id[club_id]

    async def set_state(self, club: Club, state: ClubState, by: int | None) -> Club:
        async with self.database.transaction() as tx:
            await rows.set_state(tx, club.id, state, by)
        await self._changed()
        return self._by_id[club.id]

    async def set_chat(self, club: Club, chat_id: int | None) -> Club:
        async with self.database.transaction() as tx:
            await rows.set_chat(tx, club.id, chat_id)
        await self._changed()
        return self._by_id[club.id]

    async def migrated(self, old: int, new: int) -> Club | None:
        async with self.database.transaction() as tx:
            club_id = await rows.migrated(tx, old, new)
        await self._changed()
        return self._by_id.get(club_id) if club_id is not None else None

    async def deployment_admins(self) -> list[int]:
        """Who hears about the deployment itself (backups, updates set aside): its operators
        and the environment's admins."""
        return sorted(self.settings.operator_ids | self.settings.admin_ids)

    def working(self) -> list[Club]:
        """Clubs whose timed work goes on: all but those never approved (a suspended club's
        protest windows still close, a club that left still ends its evening)."""
        waiting = (ClubState.PENDING, ClubState.REJECTED)
        return [club for club in self._by_id.values() if club.state not in waiting]

    def each_club(
        self,
        due: Callable[[], Awaitable[datetime | None]],
        run: Callable[[], Awaitable[object]],
        candidates: Callable[[Reader], Awaitable[set[int]]],
    ) -> tuple[Callable[[], Awaitable[datetime | None]], Callable[[], Awaitable[object]]]:
        """A scheduler job of every club: due when any club's is, run in each club due.
        ``candidates`` reads, in one query across clubs, the clubs that may have it due: on each
        wake only they are asked (three hundred clubs are not three hundred queries a job)."""
        when_due: dict[int, datetime] = {}

        async def earliest() -> datetime | None:
            when_due.clear()
            maybe = await candidates(self.database)
            for club in self.working():
                if club.id not in maybe:
                    continue
                with club_scope.within(club):
                    when = await due()
                    # In UTC while the club is at hand: a time in ``CLUB_ZONE`` (an evening's
                    # reminder) read outside it would ask for a club there is none of.
                    if when is not None:
                        when_due[club.id] = when.astimezone(UTC)
            return min(when_due.values(), default=None)

        async def run_due() -> None:
            now = self.clock.now()
            for club_id, when in list(when_due.items()):
                club = self.get(club_id)
                if club is not None and when <= now:
                    with club_scope.within(club):
                        await run()

        return earliest, run_due

    async def of_link(self, payload: str) -> Club | None:
        """The club a deep link speaks of: ``club<id>`` (alone or after a page's name), a game's
        protest (``protest-<game>``),
        a tournament's table (``rating-<tournament>-…``); None for any other."""
        for part in payload.split("-"):  # «club5», «standings-club5»
            if part.startswith("club") and part[4:].isdigit() and len(part) < 16:
                return self.get(int(part[4:]))
        kind, _, rest = payload.partition("-")
        number = rest.split("-", 1)[0]
        if not number.isdigit() or len(number) > 12:
            return None
        if kind == "protest":
            club_id = await rows.of_game(self.database, int(number))
        elif kind == "rating":
            club_id = await rows.of_tournament(self.database, int(number))
        else:
            return None
        return self.get(club_id) if club_id is not None else None
