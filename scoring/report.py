"""Rendering a computed distance: JSON (SCORING.md), a table for people, CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any

from scoring.engine import Result, SeatScore, Standing, ruleset_scale
from scoring.rulesets import Ruleset

_FOUR = Decimal("0.0001")
_TWO = Decimal("0.01")


def rounded(value: Fraction, places: Decimal = _FOUR) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    result = exact.quantize(places, rounding=ROUND_HALF_UP)
    return result if result else abs(result)  # never "-0.0"


def _number(value: Fraction) -> float:
    # A decimal with four places prints back exactly through float's shortest repr.
    return float(rounded(value))


STANDING_FIELDS = (
    "place", "name", "games", "wins", "special_wins", "first_killed", "win_points", "ci",
    "best_move", "extra", "penalty", "main", "additional", "total", "lot",
)  # fmt: skip


def standing_dict(row: Standing) -> dict[str, Any]:
    return {
        "place": row.place,
        "name": row.name,
        "games": row.games,
        "wins": row.wins,
        "special_wins": row.special_wins,
        "first_killed": row.first_killed,
        "win_points": _number(row.win_points),
        "ci": _number(row.ci),
        "best_move": _number(row.best_move),
        "extra": _number(row.extra),
        "penalty": _number(row.penalty),
        "main": _number(row.main),
        "additional": _number(row.additional),
        "total": _number(row.total),
        "lot": row.lot,
    }


class _NumberTexts:
    """JSON texts of points, each rounded once.

    A distance's seats share a handful of values (a win, a penalty, an extra), held as integer
    units of ``1/scale``; Ci is one of a few fractions per stage. Rounding a value once instead
    of for every seat of every game is what keeps 10,000 games' output fast.
    """

    def __init__(self, scale: int) -> None:
        self._scale = scale
        self._units: dict[int, str] = {}
        self._fractions: dict[Fraction, str] = {}

    def units(self, value: int) -> str:
        text = self._units.get(value)
        if text is None:
            text = self._units[value] = repr(_number(Fraction(value, self._scale)))
        return text

    def fraction(self, value: Fraction) -> str:
        text = self._fractions.get(value)
        if text is None:
            text = self._fractions[value] = repr(_number(value))
        return text


# A JSON string as json.dumps(..., ensure_ascii=False) writes it, without its per-call set-up.
_string: Callable[[str], str] = encode_basestring


_SEAT_POINTS = (
    '"role": "%s", "win": %s, "ci": %s, "best_move": %s, "extra": %s, "penalty": %s, '
    '"main": %s, "additional": %s, "total": %s%s}'
)


def _discipline(seat: SeatScore) -> str:
    """A seat's fouls, technical fouls and removal, only where not zero or none."""
    parts = []
    if seat.fouls:
        parts.append(f', "fouls": {seat.fouls}')
    if seat.technical_fouls:
        parts.append(f', "technical_fouls": {seat.technical_fouls}')
    if seat.removed is not None:
        parts.append(f', "removed": "{seat.removed}"')
    return "".join(parts)


def _seat_points(seat: SeatScore, numbers: _NumberTexts) -> str:
    """A seat's JSON after its number and name: the same for every equal seat of the distance."""
    additional = seat.best_move_units + seat.extra_units + seat.penalty_units
    if seat.ci:
        ci = numbers.fraction(seat.ci)
        main = numbers.fraction(seat.main)
        total = numbers.fraction(seat.total)
    else:
        ci = "0.0"
        main = numbers.units(seat.win_units)
        total = numbers.units(seat.win_units + additional)
    return _SEAT_POINTS % (
        seat.role.value,
        numbers.units(seat.win_units),
        ci,
        numbers.units(seat.best_move_units),
        numbers.units(seat.extra_units),
        numbers.units(seat.penalty_units),
        main,
        numbers.units(additional),
        total,
        _discipline(seat),
    )


class _SeatTexts:
    """JSON lines of seats; a seat's points part is made once per distinct combination."""

    def __init__(self, numbers: _NumberTexts) -> None:
        self._numbers = numbers
        self._names: dict[str, str] = {}
        self._points: dict[tuple[object, ...], str] = {}

    def lines(self, seats: tuple[SeatScore, ...]) -> str:
        lines = []
        for seat in seats:
            name = self._names.get(seat.name)
            if name is None:
                name = self._names[seat.name] = _string(seat.name)
            key = (
                seat.role,
                seat.win_units,
                seat.best_move_units,
                seat.extra_units,
                seat.penalty_units,
                seat.ci,
                seat.fouls,
                seat.technical_fouls,
                seat.removed,
            )
            points = self._points.get(key)
            if points is None:
                points = self._points[key] = _seat_points(seat, self._numbers)
            lines.append(f'      {{"seat": {seat.seat}, "name": {name}, {points}')
        return ",\n".join(lines)


def json_chunks(result: Result) -> Iterator[str]:
    """The standings JSON of SCORING.md in pieces: one line per standing and per seat.

    Written line by line rather than by ``json.dumps(..., indent=2)``: indenting makes Python
    use its pure-Python encoder, which took 3 of the 3.5 seconds of 10,000 games, and building
    the whole text at once held it all in memory.
    """
    yield f'{{\n  "ruleset": {_string(result.ruleset.id)},'
    stages = _stages(result)
    if stages is not None:
        yield f'\n  "stages": {json.dumps(stages, ensure_ascii=False)},'
    yield '\n  "standings": ['
    rows = ["    " + json.dumps(standing_dict(row), ensure_ascii=False) for row in result.standings]
    yield ("\n" + ",\n".join(rows) + "\n  ]") if rows else "]"
    yield ',\n  "games": ['
    seat_texts = _SeatTexts(_NumberTexts(ruleset_scale(result.ruleset)))
    separator = "\n"
    numbers = _NumberTexts(ruleset_scale(result.ruleset))
    for game in result.games:
        weight = result.weight(game.game.stage)
        weighed = f'"weight": {numbers.fraction(weight)}, ' if stages is not None else ""
        head = (
            f'    {{"id": {_string(game.game.id)}, "stage": {_string(game.game.stage)}, '
            f'{weighed}"winner": "{game.game.winner.value}", "players": ['
        )
        if weight == 1:
            seats = seat_texts.lines(game.seats)
        else:  # what the game counts for: every point × the stage's weight
            seats = ",\n".join(_weighted_seat(seat, weight, numbers) for seat in game.seats)
        yield f"{separator}{head}\n{seats}\n    ]}}"
        separator = ",\n"
    yield "\n  ]\n}\n" if result.games else "]\n}\n"


def _stages(result: Result) -> list[dict[str, Any]] | None:
    """Every stage listed or used, with its weight; None when no ``stages`` list was read."""
    if result.listed is None:
        return None
    names = dict.fromkeys([*result.listed, *(game.game.stage for game in result.games)])
    return [{"name": name, "weight": _number(result.weight(name))} for name in names]


def _weighted_seat(seat: SeatScore, weight: Fraction, numbers: _NumberTexts) -> str:
    parts = (seat.win, seat.ci, seat.best_move, seat.extra, seat.penalty, seat.main,
             seat.additional, seat.total)  # fmt: skip
    texts = [numbers.fraction(part * weight) for part in parts]
    return f'      {{"seat": {seat.seat}, "name": {_string(seat.name)}, ' + _SEAT_POINTS % (
        seat.role.value,
        *texts,
        _discipline(seat),
    )


def to_json(result: Result) -> str:
    return "".join(json_chunks(result))


_TABLE_COLUMNS = (
    ("Место", "place"),
    ("Игрок", "name"),
    ("Игр", "games"),
    ("Побед", "wins"),
    ("Д/Ш", "special_wins"),
    ("ПУ", "first_killed"),
    ("Победы", "win_points"),
    ("Ci", "ci"),
    ("ЛХ", "best_move"),
    ("Доп", "extra"),
    ("Штраф", "penalty"),
    ("Осн.", "main"),
    ("Доп.всего", "additional"),
    ("Итого", "total"),
)


def _cell(row: Standing, field: str) -> str:
    value = getattr(row, field)
    if isinstance(value, Fraction):
        return str(rounded(value, _TWO))
    if field == "place" and row.lot:
        return f"{value}*"
    return str(value)


def to_table(result: Result) -> str:
    header = [title for title, _ in _TABLE_COLUMNS]
    rows = [[_cell(row, field) for _, field in _TABLE_COLUMNS] for row in result.standings]
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = []
    for cells in [header, *rows]:
        padded = [
            cell.ljust(width) if index == 1 else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        lines.append("  ".join(padded).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.append("")
    lines.append(f"Правила: {result.ruleset.id} — {result.ruleset.title}")
    if any(row.lot for row in result.standings):
        lines.append("* место определено жребием")
    return "\n".join(lines) + "\n"


def to_csv(result: Result) -> str:
    buffer = io.StringIO()
    fields = STANDING_FIELDS
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(fields)
    for row in result.standings:
        data = standing_dict(row)
        data.update(
            {
                key: str(rounded(getattr(row, key)))
                for key, value in data.items()
                if isinstance(value, float)
            }
        )
        data["lot"] = "1" if row.lot else "0"
        writer.writerow([data[key] for key in fields])
    return buffer.getvalue()


def rulesets_text(rulesets: list[Ruleset]) -> str:
    from scoring.validation import OUTCOME_NAMES_RU, ROLE_NAMES_RU, fmt

    lines = []
    for ruleset in rulesets:
        lines.append(f"{ruleset.id} — {ruleset.title}")
        lines.append(
            f"  победа {fmt(ruleset.win_points)}; "
            f"лучший ход: 2 чёрных {fmt(ruleset.best_move_points[2])}, "
            f"3 чёрных {fmt(ruleset.best_move_points[3])}; доп. баллы {fmt(ruleset.extra_min)}…"
            f"{fmt(ruleset.extra_max)} с шагом {fmt(ruleset.extra_step)}; "
            f"Ci: {fmt(ruleset.ci_factor)}·i/B, не больше {fmt(ruleset.ci_cap)}, "
            f"B = {fmt(ruleset.ci_share * 100)}% игр"
        )
        removal, team_defeat = (
            "без штрафа" if value is None else fmt(value)
            for value in (ruleset.removal, ruleset.team_defeat)
        )
        lines.append(
            f"  дисциплина: удаление (4 фола, 2 технических, судьёй) {removal}; ППК {team_defeat}"
        )
        for item in ruleset.penalties:
            who = ", ".join(
                ROLE_NAMES_RU[role] for role in sorted(item.roles, key=list(ROLE_NAMES_RU).index)
            )
            when = ", ".join(
                OUTCOME_NAMES_RU[o] for o in sorted(item.outcomes, key=list(OUTCOME_NAMES_RU).index)
            )
            lines.append(
                f"  {item.code:<8} {fmt(item.value):>5}  {item.description} ({who}; {when})"
            )
        lines.append("")
    return "\n".join(lines)
