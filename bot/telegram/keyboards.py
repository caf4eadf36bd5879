"""The one way keyboards are built: plain rows of buttons.

aiogram's ``InlineKeyboardBuilder`` deep-copies the whole keyboard on every button it adds (a
tenth of a /rating under load, docs/performance.md); plain rows cost nothing and read as what
the person sees."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

MAX_PER_ROW = 8  # Telegram's limit


def button(text: str, data: CallbackData) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=data.pack())


def link(text: str, url: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, url=url)


def in_rows(
    buttons: Iterable[InlineKeyboardButton], per_row: int
) -> list[list[InlineKeyboardButton]]:
    assert 0 < per_row <= MAX_PER_ROW
    items = list(buttons)
    return [items[start : start + per_row] for start in range(0, len(items), per_row)]


def keyboard(rows: Sequence[Sequence[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[list(row) for row in rows if row])


def column(buttons: Iterable[InlineKeyboardButton]) -> InlineKeyboardMarkup:
    """One button a row."""
    return keyboard(in_rows(buttons, 1))
