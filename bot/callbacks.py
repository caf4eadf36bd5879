"""Callback data of every button: ids only, never names, always within Telegram's 64 bytes."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class EntryCB(CallbackData, prefix="e"):
    """A button of a judge's protocol editor: draft ``d`` as shown at revision ``r``.

    The revision makes a double tap harmless: the second tap comes from a screen that is no
    longer current and is ignored, instead of toggling a choice back off.
    """

    d: int
    r: int
    a: str
    v: str = ""


class GameCB(CallbackData, prefix="g"):
    """A button about a saved game (correct it) or about starting the next one."""

    a: str
    g: int = 0


class AdminCB(CallbackData, prefix="a"):
    a: str
    t: int = 0
    v: str = ""
