"""The protests feature's screens: the texts and buttons of filing, deciding and /settings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import ProtestAction, ProtestCB
from bot.tables.protests import Protest
from bot.telegram.keyboards import button, column, keyboard
from bot.telegram.screen import Screen
from bot.texts import protests as texts
from bot.texts.clock import date_time


def _button(text: str, action: ProtestAction, value: int) -> InlineKeyboardButton:
    return button(text, ProtestCB(a=action, i=value))


def decision_markup(protest_id: int) -> InlineKeyboardMarkup:
    """Reject / change the result / replay, for head judges."""
    return keyboard([[
        _button(texts.REJECT, ProtestAction.REJECT, protest_id),
        _button(texts.CHANGE, ProtestAction.CHANGE, protest_id),
        _button(texts.REPLAY, ProtestAction.REPLAY, protest_id),
    ]])  # fmt: skip


def for_deciders(protest: Protest, protocol: str) -> Screen:
    return Screen(
        texts.for_deciders(protest.table, protest.number, protest.nickname, protest.text, protocol),
        decision_markup(protest.id),
    )


def ask_text(table: int, number: int, deadline: datetime, zone: tzinfo) -> Screen:
    return Screen(texts.ask_text(table, number, date_time(deadline, zone)))


def open_games(games: Sequence[tuple[int, int, int, datetime]], zone: tzinfo) -> Screen:
    """The asker's games he may still protest: (game id, table, number, deadline)."""
    if not games:
        return Screen(texts.NOTHING_OPEN)
    buttons = [
        _button(texts.open_game_button(table, number, date_time(deadline, zone)),
                ProtestAction.FILE, game_id)
        for game_id, table, number, deadline in games[:10]
    ]  # fmt: skip
    return Screen(texts.CHOOSE_GAME, column(buttons))


def pending(protests: Sequence[Protest]) -> Screen:
    if not protests:
        return Screen(texts.NO_PENDING)
    buttons = [
        _button(texts.pending_line(p.table, p.number, p.nickname), ProtestAction.SHOW, p.id)
        for p in protests[:20]
    ]
    return Screen(texts.pending_header(len(protests)), column(buttons))
