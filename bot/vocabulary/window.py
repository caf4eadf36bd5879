"""The protest window (§8.8): the one rule for when a game's result may still be protested."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.vocabulary.statuses import GameStatus

_MINUTE = timedelta(minutes=1)


@dataclass(frozen=True, slots=True)
class ProtestWindow:
    """Protests may be filed until ``minutes`` after a game's ``protests_from``: the later of its
    end (the winner tap) and its publication (the Confirm), since players can protest only what
    they can see. While a protest awaits a decision, the game stays provisional. Derived from the
    clock, so a window that closed while the bot was down is closed when it comes back."""

    minutes: int

    @property
    def length(self) -> timedelta:
        return timedelta(minutes=self.minutes)

    def deadline(self, protests_from: datetime) -> datetime:
        """The whole minute after ``minutes`` have passed: the deadline a player reads («до
        21:48») is the exact one, never a minute already past (docs/scoring.md, reading 12)."""
        end = protests_from + self.length
        whole = end.replace(second=0, microsecond=0)
        return whole if whole == end else whole + _MINUTE

    def is_open(self, status: GameStatus, protests_from: datetime, now: datetime) -> bool:
        """Whether a protest may be filed now."""
        return status is GameStatus.PROVISIONAL and now < self.deadline(protests_from)

    def status_at(
        self, status: GameStatus, protests_from: datetime, pending_protests: bool, now: datetime
    ) -> GameStatus:
        """provisional while protests may be filed or one is pending, then final; a stored
        final or annulled status stays."""
        closed = now >= self.deadline(protests_from)
        if status is GameStatus.PROVISIONAL and not pending_protests and closed:
            return GameStatus.FINAL
        return status

    def provisional(
        self, status: GameStatus, protests_from: datetime, pending_protests: bool, now: datetime
    ) -> bool:
        return (
            self.status_at(status, protests_from, pending_protests, now) is GameStatus.PROVISIONAL
        )

    def cutoff(self, now: datetime) -> str:
        """Games whose ``protests_from`` is at or before this (ISO, as stored) have their window
        closed: ``deadline(p) <= now`` exactly when ``p + length`` is at or before ``now``'s
        whole minute."""
        whole = now.replace(second=0, microsecond=0)
        return (whole - self.length).isoformat(timespec="seconds")
