"""A tournament as a spreadsheet (.xlsx) that opens right in a Russian Excel, LibreOffice and
Google Sheets: Russian headers, numbers as numbers, a sheet of standings and one of games, and
one of the players' statistics when the tournament has games run in the app.

The CSV stays exactly what ``python -m scoring standings --format csv`` prints (a machine's file);
this is the people's one. XlsxWriter is imported on the first export only: most processes never
make a spreadsheet and should not pay for loading it.
"""

from __future__ import annotations

import csv
import io
from datetime import tzinfo
from fractions import Fraction
from typing import TYPE_CHECKING

from bot.rating.standings import Board
from bot.texts import spreadsheet as texts
from bot.texts.statistics import LABEL
from scoring import Role, Winner
from scoring.statistics import Ratio

if TYPE_CHECKING:
    from xlsxwriter.format import Format
    from xlsxwriter.worksheet import Worksheet

ROLE = {
    Role.CIVILIAN: texts.CIVILIAN,
    Role.SHERIFF: texts.SHERIFF,
    Role.MAFIA: texts.MAFIA,
    Role.DON: texts.DON,
}
WINNER = {Winner.RED: texts.RED_WON, Winner.BLACK: texts.BLACK_WON, Winner.DRAW: texts.DRAW}


def points(value: Fraction) -> float:
    """A point value as the sheet's number: exact to the ten-thousandth, as the CSV rounds it."""
    return round(float(value), 4)


# A player's statistics for the sheet and the CSV: (name, key, ratio), ordered.
StatisticsRows = list[tuple[str, str, Ratio]]


def workbook(board: Board, zone: tzinfo, statistics: StatisticsRows | None = None) -> bytes:
    import xlsxwriter  # lazily: see the module's docstring

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    book.set_properties({"title": board.tournament.title})
    header = book.add_format({"bold": True, "text_wrap": True, "valign": "top", "bottom": 1})
    number = book.add_format({"num_format": "0.00##"})
    moment = book.add_format({"num_format": "dd.mm.yyyy hh:mm"})
    _standings(book.add_worksheet(texts.STANDINGS_SHEET), board, header, number)
    _games(book.add_worksheet(texts.GAMES_SHEET), board, zone, header, number, moment)
    if statistics:
        _statistics(book.add_worksheet(texts.STATISTICS_SHEET), statistics, header, number)
    book.close()
    return buffer.getvalue()


def _statistics(sheet: Worksheet, rows: StatisticsRows, header: Format, number: Format) -> None:
    _head(sheet, texts.STATISTICS_COLUMNS, header)
    for line, (name, key, ratio) in enumerate(rows, start=1):
        sheet.write_string(line, 0, name)
        sheet.write_string(line, 1, LABEL[key])
        sheet.write_string(line, 2, key)
        if ratio.value is not None:
            sheet.write_number(line, 3, points(ratio.value), number)
        sheet.write_number(line, 4, ratio.part)
        sheet.write_number(line, 5, ratio.whole)
        sheet.write_number(line, 6, ratio.games)
    sheet.autofilter(0, 0, len(rows), len(texts.STATISTICS_COLUMNS) - 1)


def statistics_csv(rows: StatisticsRows) -> str:
    """The same rows as CSV: player, key, value (a share or a mean per game), part, whole, games."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "statistic", "value", "part", "whole", "games"])
    for name, key, ratio in rows:
        shown = f"{float(ratio.value):.4f}" if ratio.value is not None else ""
        writer.writerow([name, key, shown, ratio.part, ratio.whole, ratio.games])
    return out.getvalue()


def _head(sheet: Worksheet, columns: list[tuple[str, int]], header: Format) -> None:
    for column, (title, width) in enumerate(columns):
        sheet.write_string(0, column, title, header)
        sheet.set_column(column, column, width)
    sheet.freeze_panes(1, 0)


def _standings(sheet: Worksheet, board: Board, header: Format, number: Format) -> None:
    _head(sheet, texts.STANDINGS_COLUMNS, header)
    for line, row in enumerate(board.standings, start=1):
        sheet.write_number(line, 0, row.place)
        sheet.write_string(line, 1, row.name)
        for column, count in enumerate((row.games, row.wins, row.special_wins, row.first_killed)):
            sheet.write_number(line, 2 + column, count)
        values = (
            row.win_points, row.ci, row.best_move, row.extra, row.penalty,
            row.main, row.additional, row.total,
        )  # fmt: skip
        for column, value in enumerate(values):
            sheet.write_number(line, 6 + column, points(value), number)
        sheet.write_string(line, 14, texts.YES if row.lot else "")
    sheet.autofilter(0, 0, len(board.standings), len(texts.STANDINGS_COLUMNS) - 1)


def _games(
    sheet: Worksheet, board: Board, zone: tzinfo, header: Format, number: Format, moment: Format
) -> None:
    """One row per seat of every counted game, in the order they were saved: a filter on the
    nickname gives a player's games, one on the table a judge's evening."""
    _head(sheet, texts.GAMES_COLUMNS, header)
    line = 0
    for scored in board.result.games:
        facts = board.facts[scored.game.id]
        ended = facts.ended_at.astimezone(zone).replace(tzinfo=None)
        for seat in scored.seats:
            line += 1
            sheet.write_number(line, 0, facts.table)
            sheet.write_number(line, 1, facts.number)
            sheet.write_string(line, 2, scored.game.stage)
            sheet.write_datetime(line, 3, ended, moment)
            sheet.write_string(line, 4, WINNER[scored.game.winner])
            sheet.write_number(line, 5, seat.seat)
            sheet.write_string(line, 6, seat.name)
            sheet.write_string(line, 7, ROLE[seat.role])
            values = (seat.win, seat.ci, seat.best_move, seat.extra, seat.penalty, seat.total)
            for column, value in enumerate(values):
                sheet.write_number(line, 8 + column, points(value), number)
            sheet.write_string(line, 14, texts.YES if seat.first_killed else "")
            sheet.write_number(line, 15, seat.fouls)
            sheet.write_number(line, 16, seat.technical_fouls)
            sheet.write_string(line, 17, texts.REMOVED[seat.removed] if seat.removed else "")
    sheet.autofilter(0, 0, line, len(texts.GAMES_COLUMNS) - 1)
