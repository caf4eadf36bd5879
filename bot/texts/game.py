"""Names of roles and results, shared by every screen."""

from __future__ import annotations

from bot.texts.markup import quote
from bot.texts.points import show, signed
from scoring import Role, SeatScore, Winner

ROLE = {Role.CIVILIAN: "мирный", Role.SHERIFF: "шериф", Role.MAFIA: "мафия", Role.DON: "дон"}
ROLE_MARK = {Role.CIVILIAN: "", Role.SHERIFF: "Ш", Role.MAFIA: "М", Role.DON: "Д"}
WINNER = {
    Winner.RED: "победа красных",
    Winner.BLACK: "победа чёрных",
    Winner.DRAW: "ничья",
}
WINNER_BUTTON = {Winner.RED: "🔴 Красные", Winner.BLACK: "⚫ Чёрные", Winner.DRAW: "🤝 Ничья"}


def short(nickname: str, limit: int = 12) -> str:
    return nickname if len(nickname) <= limit else nickname[: limit - 1] + "…"


def seat_points(seat: SeatScore, nickname: str) -> str:
    """«4. Сова — мафия: <b>1.3</b> (победа 1, доп. +0.3)»: the total and what made it."""
    parts = [f"победа {show(seat.win)}"] if seat.win else []
    for label, value in (
        ("Ci", seat.ci),
        ("ЛХ", seat.best_move),
        ("доп.", seat.extra),
        ("штраф", seat.penalty),
    ):
        if value:
            parts.append(f"{label} {signed(value)}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{seat.seat}. {quote(nickname)} — {ROLE[seat.role]}: <b>{show(seat.total)}</b>{detail}"
