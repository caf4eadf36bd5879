"""Telegram's limits as the fake Bot API enforces them (the error texts are Telegram's own)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any

MAX_TEXT = 4096
MAX_CALLBACK_DATA = 64
MAX_ROW = 8
MAX_BUTTONS = 100
_ALLOWED_TAGS = {
    "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre",
    "tg-spoiler", "span", "blockquote", "tg-emoji",
}  # fmt: skip
_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


class BotAPIError(Exception):
    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        if self.retry_after is not None:
            body["parameters"] = {"retry_after": self.retry_after}
        if self.migrate_to_chat_id is not None:
            body["parameters"] = {"migrate_to_chat_id": self.migrate_to_chat_id}
        return body


def bad_request(description: str) -> BotAPIError:
    return BotAPIError(400, f"Bad Request: {description}")


class _StrictHTML(HTMLParser):
    """Telegram's HTML parse mode: only its tags, balanced, and every <, > and & escaped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.stack: list[str] = []
        self.text: list[str] = []
        self.error: str | None = None

    def _fail(self, message: str) -> None:
        if self.error is None:
            self.error = message

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _ALLOWED_TAGS:
            self._fail(f'Unsupported start tag "{tag}"')
        self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._fail(f'Unsupported start tag "{tag}"')

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self._fail(f'Unexpected end tag "{tag}"')
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for char in "<>&":
            if char in data:
                self._fail(f'Unexpected "{char}" in text; it must be escaped')
        self.text.append(data)

    def handle_entityref(self, name: str) -> None:
        if name not in _ENTITIES:
            self._fail(f'Unsupported HTML entity "&{name};"')
        self.text.append(_ENTITIES.get(name, ""))

    def handle_charref(self, name: str) -> None:
        try:
            code = int(name[1:], 16) if name.lower().startswith("x") else int(name)
            self.text.append(chr(code))
        except (ValueError, OverflowError):
            self._fail(f'Invalid character reference "&#{name};"')


def plain_text(text: str, parse_mode: str | None) -> str:
    """The text a person sees; raises Telegram's error when the markup does not parse."""
    if parse_mode is None or parse_mode == "":
        return text
    if parse_mode.upper() != "HTML":
        raise bad_request(f"unsupported parse_mode {parse_mode!r} in this fake")
    parser = _StrictHTML()
    parser.feed(text)
    parser.close()
    if parser.rawdata:  # an unterminated "<…" is left unparsed
        parser._fail(f"Unclosed tag or stray '<' at {parser.rawdata[:20]!r}")
    if parser.stack and parser.error is None:
        parser._fail(f'Can\'t find end tag corresponding to start tag "{parser.stack[-1]}"')
    if parser.error:
        raise bad_request(f"can't parse entities: {parser.error}")
    return "".join(parser.text)


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def check_text(text: str | None, parse_mode: str | None) -> str:
    if text is None:
        raise bad_request("message text is empty")
    plain = plain_text(text, parse_mode)
    if not plain.strip():
        raise bad_request("message text is empty")
    if utf16_length(plain) > MAX_TEXT:
        raise bad_request("message is too long")
    return plain


def check_markup(markup: Any, private: bool = True) -> dict[str, Any] | None:
    """An inline keyboard as Telegram takes it; a web-app button only in a private chat."""
    if markup is None:
        return None
    if isinstance(markup, str):
        markup = json.loads(markup)
    if "inline_keyboard" in markup:
        rows = markup["inline_keyboard"]
        total = 0
        for row in rows:
            if len(row) > MAX_ROW:
                raise bad_request("BUTTONS_TOO_MUCH")
            total += len(row)
            for button in row:
                if not button.get("text"):
                    raise bad_request("BUTTON_TEXT_EMPTY")
                data = button.get("callback_data")
                if data is not None and not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA:
                    raise bad_request("BUTTON_DATA_INVALID")
                web_app = button.get("web_app")
                if web_app is not None and (
                    not private
                    or not str(web_app.get("url", "")).startswith(("https://", "http://127.0.0.1"))
                ):
                    raise bad_request("BUTTON_TYPE_INVALID")  # fmt: skip
                if data is None and not (
                    button.get("url") or button.get("switch_inline_query") or web_app
                ):
                    raise bad_request("BUTTON_TYPE_INVALID")
        if total > MAX_BUTTONS:
            raise bad_request("BUTTONS_TOO_MUCH")
    elif "keyboard" in markup:
        for row in markup["keyboard"]:
            if len(row) > MAX_ROW * 2:
                raise bad_request("BUTTONS_TOO_MUCH")
    result: dict[str, Any] = markup
    return result
