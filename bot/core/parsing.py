"""One strict parser per kind of value a person types, used everywhere that value is typed.

Each returns the value or raises ``InputError`` with a Russian sentence; nothing malformed or out
of range ever reaches SQLite or the scoring core (``str.isdigit`` accepts «²», ``int`` does not;
``Decimal`` accepts «NaN»; SQLite refuses integers beyond 64 bits).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from bot.texts import parsing as texts
from bot.vocabulary.refusal import Refusal

MAX_TELEGRAM_ID = 2**52  # Telegram ids fit in 52 bits
MAX_TABLE = 99
MAX_GAME_NUMBER = 9999
_ASCII_NUMBER = re.compile(r"[0-9]{1,40}")  # longer is not a number a person means
_USERNAME = re.compile(r"@?([A-Za-z][A-Za-z0-9_]{2,31})")
_EXTRA = re.compile(r"[+-]?(?:[0-9]{1,3}(?:[.,][0-9]{1,4})?|[.,][0-9]{1,4})")


class InputError(Refusal, ValueError):
    """What a person typed cannot be used; ``message`` says why, in Russian."""


def small_number(text: str, low: int, high: int) -> int | None:
    """An ASCII whole number within [low, high], or None."""
    text = text.strip()
    if not _ASCII_NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def user_reference(text: str) -> int | str:
    """A Telegram user id (a positive number) or a ``@username`` (returned without the @)."""
    text = text.strip()
    if _ASCII_NUMBER.fullmatch(text):
        value = int(text)
        if 1 <= value < MAX_TELEGRAM_ID:
            return value
        raise InputError(texts.BAD_USER_ID)
    match = _USERNAME.fullmatch(text)
    if match is None:
        raise InputError(texts.BAD_USER_REFERENCE)
    return match.group(1)


def table_and_game(text: str) -> tuple[int, int]:
    """«2 5», «2, 5» or «2/5»: the table (1–99) and the game number (1–9999)."""
    parts = re.split(r"[\s,;/]+", text.strip())
    if len(parts) != 2:
        raise InputError(texts.TABLE_AND_GAME_FORMAT)
    table = small_number(parts[0], 1, MAX_TABLE)
    number = small_number(parts[1], 1, MAX_GAME_NUMBER)
    if table is None or number is None:
        if all(_ASCII_NUMBER.fullmatch(part) for part in parts):
            raise InputError(texts.TABLE_AND_GAME_RANGE)
        raise InputError(texts.TABLE_AND_GAME_FORMAT)
    return table, number


def extra_points(text: str) -> Decimal:
    """A judge's extra points as typed: «0.3», «0,35», «-0.1», «.5» — a short finite decimal."""
    text = text.strip()
    if not _EXTRA.fullmatch(text):
        raise InputError(texts.EXTRA_FORMAT)
    try:
        return Decimal(text.replace(",", "."))
    except InvalidOperation:  # unreachable after the pattern, kept as a guard
        raise InputError(texts.EXTRA_FORMAT) from None
