"""An import's staging file: the rows of a season written away from the bot's database — in a
worker thread, on a connection of their own, holding no lock the bot's updates wait for — and
then copied in by one short transaction (``games.insert_staged``, ``audit.append_staged``), so
that an import stays all or nothing while others go on saving games.

The rows are those the games will have, except what only that transaction knows: a game's id is
its index in the file (the first free id is added), its tournament is 0 and its stage is the
stage's index (the ids of the tournament and stages it creates are put in).
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.tables.audit import CREATED_COLUMN_NAMES
from bot.tables.games import GAME_COLUMN_NAMES, SEAT_COLUMN_NAMES

SCHEMA = "staging"  # the file's name while it is attached to the bot's connection
SUFFIX = ".import-staging"  # beside the database: «club.sqlite3.import-staging»


def path_for(database: Path) -> Path:
    """Where an import stages its rows: beside the database (same disk), one at a time."""
    if str(database) == ":memory:":  # a test's database: the system's temporary folder
        return Path(tempfile.gettempdir()) / f"mafia-bot-{os.getpid()}{SUFFIX}"
    return database.with_name(database.name + SUFFIX)


def write(
    path: Path, games: Sequence[Sequence[Any]], seats: Sequence[Sequence[Any]],
    audit: Sequence[Sequence[Any]],
) -> None:  # fmt: skip
    """The staging file made anew with these rows (blocking: for a worker thread). A scratch
    file: no journal, no waiting for the disk — a crash leaves a file the next import replaces."""
    path.unlink(missing_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("BEGIN")
        for table, columns, rows in (
            ("staged_games", GAME_COLUMN_NAMES, games),
            ("staged_seats", SEAT_COLUMN_NAMES, seats),
            ("staged_audit", CREATED_COLUMN_NAMES, audit),
        ):
            connection.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
            marks = ", ".join("?" * len(columns))
            connection.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
        connection.execute("COMMIT")
    finally:
        connection.close()


def remove(path: Path) -> None:
    path.unlink(missing_ok=True)
