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


_FINAL_WORDS = ("финал", "final")
_TOP_WORDS = ("топ", "top", "лучших", "первых")
_LOT_WORDS = ("жребий", "жребием", "lot")
_CHOICE_WORDS = ("выбор", "выбором", "choice")
FINAL_TOP = 10  # a final's players, unless said: the first ten of the tournament's table


@dataclass(frozen=True, slots=True)
class Opening:
    date: date
    starts_at: str
    rounds: int
    tables: int
    final_top: int | None = None  # a final: the first N of the tournament's table play
    final_seats: str | None = None  # «lot» or «choice»


def parse_opening(args: str | None, today: date) -> Opening:
    """``19:30``, ``05.12 19:30``, ``05.12 19:30 4 игры 2 стола`` (in any order); a final:
    ``финал`` (the first ten of the table, seated by lot), ``финал 12 лучших выбор``."""
    words = (args or "").replace(",", " ").split()
    day: date | None = None
    starts: str | None = None
    rounds, tables = DEFAULT_ROUNDS, 0
    final_top: int | None = None
    final_seats: str | None = None
    pending: int | None = None  # a number waiting for its word («4 игры»)
    for word in words:
        low = word.lower()
        if low in _FINAL_WORDS:
            final_top = final_top or FINAL_TOP
        elif low.startswith(_TOP_WORDS) and pending is not None:
            final_top, pending = pending, None
        elif low in _LOT_WORDS or low in _CHOICE_WORDS:
            final_seats = "lot" if low in _LOT_WORDS else "choice"
        elif (found := _DATE.match(low)) is not None and day is None:
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
    if final_seats is not None and final_top is None:
        raise NightError(texts.FINAL_USAGE)  # «жребий» alone: of what?
    if final_top is None:
        return Opening(day, starts, rounds, tables)
    if not FINAL_TOP <= final_top <= 30:
        raise NightError(texts.FINAL_USAGE)
    return Opening(day, starts, rounds, 1, final_top, final_seats or "lot")
