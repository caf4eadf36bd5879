"""The identity feature's buttons: a judge's decision on a link request."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import LinkAction, LinkCB
from bot.telegram.keyboards import button, keyboard
from bot.texts import identity as texts


def decision_markup(request_id: int) -> InlineKeyboardMarkup:
    return keyboard([[
        button(texts.APPROVE, LinkCB(a=LinkAction.APPROVE, q=request_id)),
        button(texts.REJECT, LinkCB(a=LinkAction.REJECT, q=request_id)),
    ]])  # fmt: skip
