"""The boards a player can ask for: the standings by total, by average, and per role.

A sum rewards attendance, so clubs also look at averages per game among players with enough
games. Every number comes from the scoring core's result (``Board``); the boards only choose,
order and count.
"""

from __future__ import annotations

import math
from datetime import datetime
from fractions import Fraction

from bot.rating.standings import Board
from bot.vocabulary.ratings import Kind, Row, Table
from bot.vocabulary.window import ProtestWindow
from scoring import Standing
from scoring.kept import RoleTotals

AVERAGE_MIN_GAMES_CAP = 10  # the default minimum for averages never asks for more than this


def default_min_games(board: Board, kind: Kind) -> int:
    """0 for the sum; for averages half the most games anyone played (a role board: in that
    role), rounded up, at most ``AVERAGE_MIN_GAMES_CAP`` — so a new tournament shows someone."""
    if not kind.by_average:
        return 0
    most = max((_games_in(board, row, kind) for row in board.standings), default=0)
    return min(AVERAGE_MIN_GAMES_CAP, math.ceil(most / 2))


def _games_in(board: Board, row: Standing, kind: Kind) -> int:
    if kind.role is None:
        return row.games
    totals = board.role_totals(board.player_id(row)).get(kind.role)
    return totals.games if totals is not None else 0


def table(
    board: Board, kind: Kind, min_games: int | None, now: datetime, window: ProtestWindow
) -> Table:
    minimum = default_min_games(board, kind) if min_games is None else min_games
    if kind is Kind.TOTAL:
        rows = _total_rows(board, minimum, now, window)
    else:
        rows = _average_rows(board, kind, minimum, now, window)
    counted = {row.player_id for row in rows}
    everyone = len([row for row in board.standings if _games_in(board, row, kind)])
    return Table(kind, tuple(rows), minimum, everyone - len(counted), board.game_count)


def _provisional(board: Board, player_id: int, now: datetime, window: ProtestWindow) -> bool:
    return board.provisional(player_id, now, window)


def _total_rows(board: Board, minimum: int, now: datetime, window: ProtestWindow) -> list[Row]:
    rows: list[Row] = []
    for row in board.standings:
        if row.games < minimum:
            continue
        player_id = board.player_id(row)
        rows.append(
            Row(
                place=len(rows) + 1,
                player_id=player_id,
                name=row.name,
                value=row.total,
                games=row.games,
                wins=row.wins,
                additional=row.additional,
                ci=row.ci,
                lot=row.lot,
                provisional=_provisional(board, player_id, now, window),
            )
        )
    return rows


def _average_rows(
    board: Board, kind: Kind, minimum: int, now: datetime, window: ProtestWindow
) -> list[Row]:
    candidates: list[tuple[Fraction, int, Row]] = []
    for standing in board.standings:  # engine order: ties keep the tie-breaks and the lot
        player_id = board.player_id(standing)
        totals = _totals(board, standing, kind)
        if totals is None or totals.games < minimum:
            continue
        average = totals.total / totals.games
        row = Row(
            place=0,
            player_id=player_id,
            name=standing.name,
            value=average,
            games=totals.games,
            wins=totals.wins,
            additional=totals.additional,
            ci=totals.ci,
            lot=False,
            provisional=_provisional(board, player_id, now, window),
        )
        candidates.append((average, standing.place, row))
    candidates.sort(key=lambda item: (-item[0], item[1]))
    return [_placed(row, index) for index, (_, _, row) in enumerate(candidates, start=1)]


def _totals(board: Board, standing: Standing, kind: Kind) -> RoleTotals | None:
    """The player's games of the board's kind (a role, or all), with their points."""
    if kind.role is not None:
        return board.role_totals(board.player_id(standing)).get(kind.role)
    if not standing.games:
        return None
    return RoleTotals(None, standing.games, standing.wins, standing.total,
                      standing.additional, standing.ci)  # fmt: skip


def _placed(row: Row, place: int) -> Row:
    return Row(place, row.player_id, row.name, row.value, row.games, row.wins, row.additional,
               row.ci, row.lot, row.provisional)  # fmt: skip
