"""The Mini App's routes: its pages under ``/app/`` and their JSON API under ``/app/api/``.

Every API call carries Telegram's signed ``initData`` (``bot.webapp.auth``): without a good and
fresh one the answer is 401 and nothing is read or written (``bot.webapp.calls``). Each page's
calls are a table in its module: ``game`` (the judge's), ``standings``, ``record``, ``tonight``;
the TV (``tv``) has its own secret link instead. Answers are JSON; an error is
``{"error": "<Russian sentence>"}`` the page shows as it is.
"""

from __future__ import annotations

from functools import partial
from importlib import resources
from typing import Any

from aiogram import Bot
from aiohttp import web

from bot.telegram.webhook import Route
from bot.webapp import game, record, standings, tonight, tv
from bot.webapp.calls import SECURITY_HEADERS, Call, Web, answer
from bot.webapp.context import WebApp
from bot.webapp.rules import rules_file

CALLS: list[Call[Any]] = [*game.CALLS, *standings.CALLS, *record.CALLS, *tonight.CALLS]
_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css",
          ".svg": "image/svg+xml"}  # fmt: skip
Files = dict[str, tuple[bytes, str]]


def webapp_routes(app: WebApp, bot: Bot) -> list[Route]:
    web_ = Web(app, bot)
    pages = partial(page, static_files())
    return [
        ("GET", "/app/", pages),
        ("GET", "/app/{name}", pages),
        ("POST", "/app/api/tv", partial(tv.tv, web_)),
        *(("POST", f"/app/api/{call.name}", partial(answer, web_, call)) for call in CALLS),
    ]


def static_files() -> Files:
    """The pages' files, read once: name → (bytes, content type); ``rules.json`` is made from the
    server's rules and words."""
    folder = resources.files("bot.webapp") / "static"
    files = {"rules.json": (rules_file(), "application/json")}
    for entry in folder.iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in _TYPES:
            files[entry.name] = (entry.read_bytes(), _TYPES[suffix])
    return files


async def page(files: Files, request: web.Request) -> web.Response:
    name = request.match_info.get("name") or "index.html"
    found = files.get(name)
    if found is None:
        return web.Response(status=404, text="not found")
    body, content_type = found
    headers = {"Cache-Control": "no-cache", **SECURITY_HEADERS}
    return web.Response(body=body, content_type=content_type, charset="utf-8", headers=headers)
