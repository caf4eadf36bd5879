"""``/night …`` read: the day, the start, the games at a table and the tables, in any order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.nights.lists import NightError
from bot.texts import nights as texts

DEFAULT_ROUNDS = 3
_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})(?:\.(\d{2}|\d{4}))?$")
_TIME = re.compile(r"^(\d{1,2})[:.](\d{2})$")
_ROUND_WORDS = ("игр", "игры", "игра", "раунд", "раунда", "раундов", "games")
_TABLE_WORDS = ("стол", "стола", "столов", "столы", "tables")


@dataclass(frozen=True, slots=True)
class Opening:
    date: date
    starts_at: str
    rounds: int
    tables: int


def parse_opening(args: str | None, today: date) -> Opening:
    """``19:30``, ``05.12 19:30``, ``05.12 19:30 4 игры 2 стола`` (in any order)."""
    words = (args or "").replace(",", " ").split()
    day: date | None = None
    starts: str | None = None
    rounds, tables = DEFAULT_ROUNDS, 0
    pending: int | None = None  # a number waiting for its word («4 игры»)
    for word in words:
        low = word.lower()
        if (found := _DATE.match(low)) is not None and day is None:
            year = int(found.group(3)) if found.group(3) else today.year
            year += 2000 if year < 100 else 0
            try:
                day = date(year, int(found.group(2)), int(found.group(1)))
            except ValueError:
                raise NightError(texts.bad_date(word)) from None
            if not found.group(3) and day < today:  # «05.01» in December: next January
                day = day.replace(year=day.year + 1)
        elif (found := _TIME.match(low)) is not None and starts is None:
            hour, minute = int(found.group(1)), int(found.group(2))
            if hour > 23 or minute > 59:
                raise NightError(texts.bad_time(word))
            starts = f"{hour:02d}:{minute:02d}"
        elif low.isdigit() and pending is None:
            pending = int(low)
        elif low.startswith(_ROUND_WORDS) and pending is not None:
            rounds, pending = pending, None
        elif low.startswith(_TABLE_WORDS) and pending is not None:
            tables, pending = pending, None
        else:
            raise NightError(texts.USAGE)
    if starts is None or pending is not None:
        raise NightError(texts.USAGE)
    day = day or today
    if day < today:
        raise NightError(texts.past_date(day))
    if not 1 <= rounds <= 10 or not 0 <= tables <= 20:
        raise NightError(texts.USAGE)
    return Opening(day, starts, rounds, tables)
