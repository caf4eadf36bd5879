"""Names of roles and results, shared by every screen."""

from __future__ import annotations

from aiogram.utils.keyboard import InlineKeyboardBuilder

from scoring import Role, Winner

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


def rows_of(builder: InlineKeyboardBuilder, count: int, width: int) -> list[int]:
    """Row widths that put ``count`` buttons in rows of at most ``width``."""
    rows = [width] * (count // width)
    if count % width:
        rows.append(count % width)
    return rows
