"""The private notices a member chooses in /settings (each on or off; all on by default)."""

from __future__ import annotations

from enum import StrEnum


class Notice(StrEnum):
    """A kind of private notice; the value travels in the /settings buttons."""

    RESULTS = "r"  # his own result of every game, and a change of his points
    EVENING = "e"  # an evening's seating: where he sits in every round
    REMINDERS = "m"  # before his rounds: the evening starts, his table is free

    @property
    def column(self) -> str:
        """The ``members`` column that stores the choice."""
        return _COLUMNS[self]


_COLUMNS = {
    Notice.RESULTS: "private_results",
    Notice.EVENING: "evening_notices",
    Notice.REMINDERS: "round_reminders",
}
