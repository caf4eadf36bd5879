"""``/night …`` read: the day, the start, the games at a table and the tables, in any order; a
final's or a tournament day's words."""

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
_TOURNAMENT_WORDS = ("турнир", "турнирный", "tournament")
_THEN_WORDS = ("затем", "потом", "+", "then")
FINAL_TOP = 10  # a final's players, unless said: the first ten of the tournament's table
EVENING_ROUNDS = 10  # an evening's rounds at most
TOURNAMENT_ROUNDS = 20  # a tournament day's


@dataclass(frozen=True, slots=True)
class Opening:
    date: date
    starts_at: str
    rounds: int
    tables: int
    final_top: int | None = None  # a final: the first N of the tournament's table play
    final_seats: str | None = None  # «lot» or «choice»
    tournament_day: bool = False  # seated as a tournament, up to twenty rounds
    last_rounds: int = 0  # of ``rounds``, the last ones, at fewer tables …
    last_tables: int = 0  # … at this many


def parse_opening(args: str | None, today: date) -> Opening:
    """``19:30``, ``05.12 19:30``, ``05.12 19:30 4 игры 2 стола`` (in any order); a final:
    ``финал`` (the first ten of the table, seated by lot), ``финал 12 лучших выбор``; a
    tournament day: ``турнир``, with its last rounds at fewer tables after ``затем``: ``10 игр
    2 стола затем 1 игра 1 стол турнир``."""
    words = (args or "").replace(",", " ").split()
    day: date | None = None
    starts: str | None = None
    rounds, tables = DEFAULT_ROUNDS, 0
    final_top: int | None = None
    final_seats: str | None = None
    tournament_day = False
    last: list[int | None] | None = None  # after «затем»: [games, tables] of the last rounds
    pending: int | None = None  # a number waiting for its word («4 игры»)
    for word in words:
        low = word.lower()
        if low in _TOURNAMENT_WORDS:
            tournament_day = True
        elif low in _THEN_WORDS and last is None and pending is None:
            last = [None, None]
        elif last is not None and pending is not None and low.startswith(_ROUND_WORDS):
            last[0], pending = pending, None
        elif last is not None and pending is not None and low.startswith(_TABLE_WORDS):
            last[1], pending = pending, None
        elif low in _FINAL_WORDS:
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
    if last is not None or tournament_day:
        if final_top is not None:
            raise NightError(texts.TOURNAMENT_DAY_USAGE)  # a final is seated by its own rules
        return _with_last_rounds(day, starts, rounds, tables, tournament_day, last)
    if not 1 <= rounds <= EVENING_ROUNDS or not 0 <= tables <= 20:
        raise NightError(texts.USAGE)
    if final_seats is not None and final_top is None:
        raise NightError(texts.FINAL_USAGE)  # «жребий» alone: of what?
    if final_top is None:
        return Opening(day, starts, rounds, tables)
    if not FINAL_TOP <= final_top <= 30:
        raise NightError(texts.FINAL_USAGE)
    return Opening(day, starts, rounds, 1, final_top, final_seats or "lot")


def _with_last_rounds(
    day: date, starts: str, rounds: int, tables: int, tournament_day: bool,
    last: list[int | None] | None,
) -> Opening:  # fmt: skip
    """A tournament day, or an evening whose last rounds have fewer tables: ``rounds`` games at
    ``tables`` tables, then ``last`` (games, tables)."""
    last_rounds, last_tables = 0, 0
    if last is not None:
        if last[0] is None or last[1] is None or not last[0] or not last[1]:
            raise NightError(texts.TOURNAMENT_DAY_USAGE)  # «затем» without both of its numbers
        last_rounds, last_tables = last[0], last[1]
    most = TOURNAMENT_ROUNDS if tournament_day else EVENING_ROUNDS
    if rounds < 1 or rounds + last_rounds > most or not 0 <= tables <= 20:
        raise NightError(texts.TOURNAMENT_DAY_USAGE)
    if last_rounds and tables and last_tables >= tables:
        raise NightError(texts.last_tables_fewer(last_tables, tables))
    return Opening(
        day, starts, rounds + last_rounds, tables, tournament_day=tournament_day,
        last_rounds=last_rounds, last_tables=last_tables,
    )  # fmt: skip
