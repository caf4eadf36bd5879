"""The one way the bot builds HTML: every value goes through ``quote``; tags are literal."""

from __future__ import annotations

from aiogram.utils.text_decorations import html_decoration


def quote(value: object) -> str:
    """A value safe inside an HTML message: «<Дон> & Co» stays a nickname, not markup."""
    return html_decoration.quote(str(value))


def bold(value: object) -> str:
    return f"<b>{quote(value)}</b>"
