"""A club's archive coming into this database: its rows by table, and each old id's new one.

Each table owner reads its part of the club (``archived``) and writes it back with new ids
(``restore``); this module is what they share: the rows as the archive carries them, and the
map from the ids of the database they left to the ids they get here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Rows = list[dict[str, Any]]
Archive = dict[str, Rows]  # table → its rows, each a column → value mapping


class BrokenArchive(Exception):
    """A row names a row the archive does not hold: the file was edited or cut."""


def rows_of(cursor_rows: list[Any]) -> Rows:
    """``aiosqlite.Row`` results as plain mappings, for the archive's JSON."""
    return [dict(row) for row in cursor_rows]


@dataclass
class Moved:
    """Where the rows go: the club they become, and the new id of each old one by kind."""

    club_id: int
    tag: str  # makes the archive's unique keys unique here: «moved:<club>:<key>»
    ids: dict[str, dict[int, int]] = field(default_factory=dict)

    def new(self, kind: str, old: int, new: int) -> None:
        self.ids.setdefault(kind, {})[int(old)] = new

    def of(self, kind: str, old: Any) -> Any:
        """The new id of ``old`` (None stays None)."""
        if old is None:
            return None
        try:
            return self.ids[kind][int(old)]
        except (KeyError, TypeError, ValueError):
            raise BrokenArchive(f"{kind} {old!r} is not in the archive") from None

    def key(self, old: str | None) -> str | None:
        """A unique key of the old database, unique here too."""
        return None if old is None else f"moved:{self.club_id}:{self.tag}:{old}"


def values(row: dict[str, Any], columns: tuple[str, ...], **given: Any) -> tuple[Any, ...]:
    """The row's values in ``columns``' order, those named in ``given`` replaced (a column an
    older archive lacks is None: its default where the table has one)."""
    return tuple(given[column] if column in given else row.get(column) for column in columns)


def marks(columns: tuple[str, ...]) -> str:
    return ", ".join("?" * len(columns))


def by_id(rows: Rows) -> Rows:
    return sorted(rows, key=lambda row: int(row["id"]))
