"""The announcement of a game in the club chat, and the short reply noting a change."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from html import escape
from zoneinfo import ZoneInfo

from bot.views.common import WINNER, seat_points
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
    score: GameScore | None  # None: annulled
    first_killed: int | None
    best_move: list[int]
    deadline: datetime
    final: bool


def announcement(data: AnnouncementData, zone: ZoneInfo) -> str:
    lines = [
        f"🏁 <b>Стол {data.table}, игра {data.number}: {WINNER[data.winner]}</b>",
        f"Турнир «{escape(data.tournament)}», этап «{escape(data.stage)}». "
        f"Судья: {escape(data.judge)}.",
    ]
    if data.score is None:
        lines.append("\n<b>Игра аннулирована</b> и не идёт в рейтинг.")
        return "\n".join(lines)
    lines.append("")
    for seat in data.score.seats:
        lines.append(seat_points(seat, data.nicknames[seat.seat - 1]))
    lines.append("")
    if data.first_killed:
        night = f"Первым убит: место {data.first_killed}"
        if data.best_move:
            night += f", лучший ход: {', '.join(map(str, data.best_move))}"
        lines.append(night + ".")
    else:
        lines.append("Первой ночью — промах.")
    lines.append("Ci показан по состоянию этапа сейчас.")
    local = data.deadline.astimezone(zone)
    if data.final:
        lines.append("Время протестов истекло: результат окончательный.")
    else:
        lines.append(f"Протест можно подать до {local:%H:%M} ({local:%d.%m}).")
    return "\n".join(lines)


def change_note(table: int, number: int, what: str) -> str:
    return (
        f"✏️ Результат игры {number} (стол {table}) исправлен: {escape(what)}. "
        "Сообщение выше обновлено."
    )
