"""The current time, injectable so that tests can move it (protest windows, deadlines)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class Clock:
    def __init__(self) -> None:
        self.shift = timedelta(0)

    def now(self) -> datetime:
        return datetime.now(UTC) + self.shift

    def iso(self) -> str:
        return self.now().isoformat(timespec="seconds")
