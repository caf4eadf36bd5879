"""Rendering a computed distance: JSON (SCORING.md), a table for people, CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from scoring.engine import Result, Standing
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


def result_dict(result: Result) -> dict[str, Any]:
    return {
        "ruleset": result.ruleset.id,
        "standings": [standing_dict(row) for row in result.standings],
        "games": [
            {
                "id": game.game.id,
                "stage": game.game.stage,
                "winner": game.game.winner.value,
                "players": [
                    {
                        "seat": seat.seat,
                        "name": seat.name,
                        "role": seat.role.value,
                        "win": _number(seat.win),
                        "ci": _number(seat.ci),
                        "best_move": _number(seat.best_move),
                        "extra": _number(seat.extra),
                        "penalty": _number(seat.penalty),
                        "main": _number(seat.main),
                        "additional": _number(seat.additional),
                        "total": _number(seat.total),
                    }
                    for seat in game.seats
                ],
            }
            for game in result.games
        ],
    }


def to_json(result: Result) -> str:
    return json.dumps(result_dict(result), ensure_ascii=False, indent=2) + "\n"


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
