"""A club's own choices that admins make in /settings (the ``club_options`` table's reader and
writer is ``bot.tables.club_options``)."""

from __future__ import annotations

from bot.core.clock import Clock
from bot.core.db import Database
from bot.tables import club_options as rows
from bot.vocabulary.options import DEFAULTS, ClubOption


class ClubOptions:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def get(self, option: ClubOption) -> bool:
        value = await rows.read(self.database, option.value)
        return DEFAULTS[option] if value is None else value == "1"

    async def all(self) -> dict[ClubOption, bool]:
        return {option: await self.get(option) for option in ClubOption}

    async def set(self, option: ClubOption, on: bool, by: int) -> None:
        async with self.database.transaction() as tx:
            await rows.write(tx, option.value, "1" if on else "0", by, self.clock.iso())

    async def fair_play(self) -> bool:
        return await self.get(ClubOption.FAIR_PLAY)
