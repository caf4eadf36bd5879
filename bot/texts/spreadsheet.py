"""What a person reads in the tournament's spreadsheet: sheet names, headers, the few words."""

from __future__ import annotations

STANDINGS_SHEET = "Таблица"
GAMES_SHEET = "Игры"
STATISTICS_SHEET = "Статистика"
# The statistics of the games run in the app: a row per player and statistic (docs/statistics.md)
STATISTICS_COLUMNS = [
    ("Игрок", 22),
    ("Статистика", 34),
    ("Ключ", 24),
    ("Значение", 11),
    ("Часть", 8),
    ("Из", 8),
    ("Игр", 7),
]
YES = "да"
CIVILIAN, SHERIFF, MAFIA, DON = "мирный", "шериф", "мафия", "дон"
RED_WON, BLACK_WON, DRAW = "красные", "чёрные", "ничья"

# (header, column width in characters)
STANDINGS_COLUMNS = [
    ("Место", 7),
    ("Игрок", 22),
    ("Игр", 6),
    ("Побед", 7),
    ("Побед шерифом и доном", 10),
    ("Убит в первую ночь", 10),
    ("Баллы за победы", 9),
    ("Ci", 8),
    ("Лучший ход", 9),
    ("Доп. баллы", 9),
    ("Штрафы", 9),
    ("Основные", 9),
    ("Дополнительные", 10),
    ("Итого", 9),
    ("Место по жребию", 9),
]
GAMES_COLUMNS = [
    ("Стол", 6),
    ("Игра", 6),
    ("Этап", 14),
    ("Окончена", 17),
    ("Победили", 10),
    ("Место за столом", 8),
    ("Игрок", 22),
    ("Роль", 9),
    ("Победа", 8),
    ("Ci", 8),
    ("Лучший ход", 9),
    ("Доп. баллы", 9),
    ("Штрафы", 9),
    ("Итого", 9),
    ("Убит в первую ночь", 10),
    ("Фолы", 6),
    ("Тех. фолы", 6),
    ("Удалён", 12),
]
REMOVED = {"fouls": "4 фола", "technical": "2 тех. фола", "judge": "судьёй", "ppk": "ППК"}
