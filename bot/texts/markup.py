"""The one way the bot builds HTML: every value goes through ``quote``; tags are literal."""

from __future__ import annotations

import html
import re

from aiogram.utils.text_decorations import html_decoration

_TAG = re.compile(r"<[^>]+>")


def quote(value: object) -> str:
    """A value safe inside an HTML message: «<Дон> & Co» stays a nickname, not markup."""
    return html_decoration.quote(str(value))


def bold(value: object) -> str:
    return f"<b>{quote(value)}</b>"


def echo(value: object, limit: int = 60) -> str:
    """Something a person typed, repeated back: quoted, and cut short so that an answer to a
    4096-character message still fits in one of Telegram's."""
    text = str(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return quote(text)


def plain(text: str) -> str:
    """A message's HTML as the person reads it: tags gone, «&lt;» back to «<» (a web page shows
    the bot's texts this way, and a message Telegram returns is compared with it)."""
    return html.unescape(_TAG.sub("", text))
