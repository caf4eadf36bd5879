"""What makes two names one: case, spacing and е/ё do not count (nicknames, tournament titles);
and what no name a person types may hold: control characters, bidirectional overrides, stray
invisible ones (emoji sequences keep theirs)."""

from __future__ import annotations

import re
import unicodedata

_ZWJ = "\u200d"
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_TAGS = range(0xE0020, 0xE0080)  # the tag letters of subdivision flags (🏴 + tags)


def _emoji_like(char: str) -> bool:
    """A character an emoji sequence is made of: a symbol, a skin tone, a variation selector."""
    return unicodedata.category(char) in ("So", "Sk", "Mn") or char == "\ufe0f"


def _invisible_ok(text: str, index: int) -> bool:
    """A format character is fine only where an emoji sequence needs it (ZWJ, flag tags)."""
    char = text[index]
    before = text[index - 1] if index else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if char == _ZWJ:
        return bool(before) and bool(after) and _emoji_like(before) and _emoji_like(after)
    if ord(char) in _TAGS:
        return bool(before) and (before == "\U0001f3f4" or ord(before) in _TAGS)
    return False


def _hidden_at(text: str, index: int) -> bool:
    char = text[index]
    category = unicodedata.category(char)
    if char in _BIDI_CONTROLS or category in ("Cc", "Cs", "Co", "Cn"):
        return True
    return category == "Cf" and not _invisible_ok(text, index)


def hidden_characters(text: str) -> bool:
    """Whether a name holds a character that hides or turns what is shown (a right-to-left
    override makes «Кубок» read «кобуК»; a zero-width space makes two names look one)."""
    return any(_hidden_at(text, index) for index in range(len(text)))


def without_hidden(text: str) -> str:
    """The name with such characters left out (a title that came in a file's caption)."""
    return "".join(char for index, char in enumerate(text) if not _hidden_at(text, index))


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold().replace("ё", "е")


def file_stem(title: str, fallback: str = "tournament") -> str:
    """A title as the start of a file's name: letters, digits, «-» and «_» only."""
    stem = re.sub(r"[^\w\-]+", "_", title, flags=re.UNICODE).strip("_")
    return stem[:60] or fallback
