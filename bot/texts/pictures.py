"""The words drawn on pictures (the font has no emoji: marks are plain characters)."""

from __future__ import annotations

from bot.texts.rating import BOARD_TITLE, PAGE_SIZE
from bot.vocabulary.ratings import Kind

__all__ = ["PAGE_SIZE"]

LOT_MARK = "*"
PROVISIONAL_MARK = "°"
LOT_LEGEND = "* место среди равных определено жребием"
PROVISIONAL_LEGEND = "° результат предварительный: идёт время на протест"
X_LABEL = "игра"
Y_LABEL = "баллы нарастающим итогом"
ELO_TITLE = "Рейтинг Эло по всем играм клуба"
ELO_LINES = ("красные", "чёрные")
ELO_X_LABEL = "игра в клубе (0 — до первой)"


def progress_title(nickname: str) -> str:
    return f"{nickname}: баллы по ходу турнира"


def progress_subtitle(tournament: str, games: int) -> str:
    return f"{tournament} · игр: {games}"


def standings_title(tournament: str, kind: Kind) -> str:
    return f"Рейтинг — {tournament}: {BOARD_TITLE[kind]}"


def standings_subtitle(as_of: str, page: int, pages: int, games: int) -> str:
    where = f" · страница {page} из {pages}" if pages > 1 else ""
    return f"игр в турнире: {games} · по состоянию на {as_of}{where}"


def header(kind: Kind) -> tuple[str, ...]:
    value = "Итого" if kind is Kind.TOTAL else "Среднее"
    return ("Место", "Игрок", value, "Игр", "Побед", "Доп", "Ci")
