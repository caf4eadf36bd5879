"""Refusals of typed values that cannot be used."""

from __future__ import annotations

BAD_USER_ID = "Такого id в Telegram не бывает: id — положительное число до 16 цифр."
BAD_USER_REFERENCE = "Укажите человека как @username или числовой id."
TABLE_AND_GAME_FORMAT = "Напишите два числа: номер стола и номер игры, например «2 5»."
TABLE_AND_GAME_RANGE = "Стол — от 1 до 99, игра — от 1 до 9999."
EXTRA_FORMAT = "Напишите число, например 0.3."
