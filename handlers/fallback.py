"""Buttons nobody else understood (stale, forged, from an old version): answered, never ignored."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot import texts


async def unknown_button(callback: CallbackQuery) -> None:
    await callback.answer(texts.STALE_BUTTON, show_alert=True)


def build_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    return router
