"""What the evening does on time, as the scheduler's jobs: the first round's reminder before
the start, and the end once every seated game is saved and final."""

from __future__ import annotations

from datetime import date, datetime, tzinfo

from bot.club import members as member_rows
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.nights.lists import redraw
from bot.nights.seat import reminder_time
from bot.tables import nights as rows
from bot.tables.nights import Night, NightPost
from bot.texts import nights as texts
from bot.vocabulary.notices import Notice


async def end(tx: Transaction, night_id: int, now: str) -> None:
    """The evening ends: «Итоги вечера» is posted and the sign-up loses its buttons."""
    await rows.end(tx, night_id, now)
    await redraw(tx, night_id, now, NightPost.RESULTS, NightPost.SIGNUP)


class EveningTimer:
    def __init__(self, database: Database, clock: Clock, zone: tzinfo) -> None:
        self.database = database
        self.clock = clock
        self.zone = zone

    async def next_reminder(self) -> datetime | None:
        """When the players of a seated evening's first round are next due to be reminded."""
        due = [reminder_time(night, self.zone) for night in await rows.to_remind(self.database)]
        return min(due, default=None)

    async def remind_due(self) -> None:
        """Each player of a first round that starts soon hears where he sits (once per
        evening; a restart after the time sends what was due)."""
        now = self.clock.iso()
        for night in await rows.to_remind(self.database):
            if self.clock.now() < reminder_time(night, self.zone):
                continue
            async with self.database.transaction() as tx:
                again = await rows.get(tx, night.id)
                if again is None or again.reminded_at is not None:
                    continue  # reminded meanwhile
                await rows.set_reminded(tx, night.id, now)
                await _remind_first_round(tx, night, now)

    async def next_end(self) -> datetime | None:
        """Now, when an evening has every seated game saved and final; else nothing waits
        (a game turning final wakes the scheduler, and this is asked again)."""
        return self.clock.now() if await rows.all_final(self.database) else None

    async def end_finished(self) -> None:
        """Every evening whose games are all saved and final ends: its results are posted."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            for night in await rows.all_final(tx):
                await end(tx, night.id, now)
                await _tell_head_judges(tx, night, now)


async def _tell_head_judges(tx: Transaction, night: Night, now: str) -> None:
    """The head judges' screens of the evening lose their buttons, and they hear it ended: every
    game saved and final (he who opened it, when nobody's screen is kept)."""
    key = rows.desk_key(night.id)
    chats = await outbox.kept_chats(tx, key) or [night.opened_by]
    for chat_id in chats:
        await outbox.enqueue_kept(tx, outbox.private(chat_id), key, now)
        await outbox.enqueue(
            tx, outbox.private(chat_id), outbox.Kind.TEXT, now,
            body=texts.ended_by_itself(date.fromisoformat(night.date)),
        )  # fmt: skip


async def _remind_first_round(tx: Transaction, night: Night, now: str) -> None:
    stored = await rows.seats(tx, night.id)
    first: dict[int, tuple[int, int, int]] = {}  # player → his first (round, table, seat)
    for round_number, table, seat, player_id in sorted(stored):
        if table > 0 and player_id not in first:
            first[player_id] = (round_number, table, seat)
    people = [p for p in await rows.people(tx, night.id) if p.coming]
    users = {p.player_id: p.user_id for p in people if p.player_id and p.user_id}
    wanted = await member_rows.wanting(tx, users.values(), Notice.REMINDERS)
    for player_id, (round_number, table, seat) in first.items():
        user_id = users.get(player_id)
        if user_id in wanted:
            await outbox.enqueue(
                tx, outbox.private(user_id), outbox.Kind.TEXT, now,
                body=texts.starts_soon(night.starts_at, round_number, table, seat),
            )  # fmt: skip
