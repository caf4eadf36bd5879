"""A club: one group of people who play together, with its chat, time zone and rules."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from zoneinfo import ZoneInfo

from bot.vocabulary.window import ProtestWindow


class ClubState(StrEnum):
    PENDING = "pending"  # asked to join; an operator has not approved it yet
    ACTIVE = "active"
    SUSPENDED = "suspended"  # an operator stopped it: its commands are refused, its data kept
    LEFT = "left"  # the bot was removed from its group: kept, and it goes on when added back
    REJECTED = "rejected"  # an operator declined the request


@dataclass(frozen=True, slots=True)
class Club:
    id: int
    title: str
    chat_id: int | None  # its group; None until connected
    timezone: str
    ruleset: str  # the default ruleset of a new tournament: a built-in id or a file
    protest_minutes: int
    state: ClubState

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def window(self) -> ProtestWindow:
        return ProtestWindow(self.protest_minutes)

    @property
    def is_active(self) -> bool:
        return self.state is ClubState.ACTIVE
