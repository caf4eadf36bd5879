"""The protest window (§8.8): the one rule for when a game's result may still be protested."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.vocabulary.statuses import GameStatus


@dataclass(frozen=True, slots=True)
class ProtestWindow:
    """Protests may be filed until ``minutes`` after a game ended; while one awaits a decision,
    the game stays provisional. Derived from the clock, so a window that closed while the bot
    was down is closed when it comes back."""

    minutes: int

    @property
    def length(self) -> timedelta:
        return timedelta(minutes=self.minutes)

    def deadline(self, ended_at: datetime) -> datetime:
        return ended_at + self.length

    def is_open(self, status: GameStatus, ended_at: datetime, now: datetime) -> bool:
        """Whether a protest may be filed now."""
        return status is GameStatus.PROVISIONAL and now < self.deadline(ended_at)

    def status_at(
        self, status: GameStatus, ended_at: datetime, pending_protests: bool, now: datetime
    ) -> GameStatus:
        """provisional while protests may be filed or one is pending, then final; a stored
        final or annulled status stays."""
        closed = now >= self.deadline(ended_at)
        if status is GameStatus.PROVISIONAL and not pending_protests and closed:
            return GameStatus.FINAL
        return status

    def provisional(
        self, status: GameStatus, ended_at: datetime, pending_protests: bool, now: datetime
    ) -> bool:
        return self.status_at(status, ended_at, pending_protests, now) is GameStatus.PROVISIONAL

    def cutoff(self, now: datetime) -> str:
        """Games that ended at or before this (ISO, as stored) have their window closed."""
        return (now - self.length).isoformat(timespec="seconds")
