"""The announcement of a game in the club chat: every seat's points and what they are made of."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from decimal import Decimal

from bot.texts import announce as texts
from bot.texts import protests as protest_texts
from bot.texts.clock import date_time
from bot.texts.game import WINNER, discipline, seat_points
from bot.vocabulary.statuses import ProtestStatus
from scoring import GameScore, Winner


@dataclass(frozen=True, slots=True)
class AnnouncementData:
    tournament: str
    stage: str
    table: int
    number: int
    winner: Winner
    judge: str
    nicknames: list[str]  # by seat
    penalties: list[list[tuple[str, str]]]  # by seat: (code, short name) of each penalty
    discipline: list[Decimal]  # by seat: what a removal or a team defeat cost (0: none)
    score: GameScore | None  # None: annulled
    first_killed: int | None
    best_move: list[int]
    deadline: datetime
    final: bool
    protests: tuple[tuple[ProtestStatus, str, str | None], ...] = ()  # (status, nickname, reason)
    waiting: bool = False  # the window closed with a protest still to decide
    replays: int | None = None  # the number of the annulled game this one replays
    weight: Decimal = Decimal(1)  # the stage's: its games' points count × weight
    red_chance: float | None = None  # the Elo chance of the red team before the game


def announcement(data: AnnouncementData, zone: tzinfo) -> str:
    result = WINNER[data.winner] if data.score is not None else texts.ANNULLED_RESULT
    lines = [
        texts.title(data.table, data.number, result, data.replays),
        texts.where(data.tournament, data.stage, data.judge),
    ]
    if data.weight != 1 and data.score is not None:
        lines.append(texts.weighted(data.weight))
    if data.score is None:
        lines += ["", texts.ANNULLED, *protest_texts.announcement_lines(data.protests)]
        return "\n".join(lines)
    lines.append("")
    for seat in data.score.seats:
        points = data.discipline[seat.seat - 1]
        lines.append(seat_points(seat, data.nicknames[seat.seat - 1], points))
        for code, description in data.penalties[seat.seat - 1]:
            lines.append(texts.penalty_line(code, description))
        if told := discipline(seat.fouls, seat.technical_fouls, seat.removed, points):
            lines.append(texts.discipline_line(told))
    lines.append("")
    lines.append(
        texts.night(data.first_killed, data.best_move) if data.first_killed else texts.MISS
    )
    if data.red_chance is not None:
        lines.append(texts.red_chance(data.red_chance))
    if any(seat.ci for seat in data.score.seats):
        lines.append(texts.CI_LEGEND)
    if any(seat.best_move for seat in data.score.seats):
        lines.append(texts.BEST_MOVE_LEGEND)
    lines += protest_texts.announcement_lines(data.protests)
    if data.waiting:
        lines.append(protest_texts.WAITING_DECISION)
    elif data.final:
        lines.append(texts.FINAL)
    else:
        lines.append(texts.protest_until(date_time(data.deadline, zone)))
    return "\n".join(lines)
