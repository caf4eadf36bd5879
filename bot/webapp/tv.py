"""The club's TV: a browser in the room, not Telegram — its secret link's token stands in for
``initData`` (``/tv`` makes it), and what it shows holds no role."""

from __future__ import annotations

from aiohttp import web

from bot.texts import webapp as texts
from bot.tv.service import TvRefused
from bot.webapp.calls import Web, failed, json_answer

TOKEN_HEADER = "X-Screen-Token"


async def tv(web_: Web, request: web.Request) -> web.Response:
    try:
        return json_answer(await web_.app.tv.view(request.headers.get(TOKEN_HEADER, "")))
    except TvRefused:
        return json_answer({"error": texts.SCREEN_REFUSED}, 401)
    except Exception as error:
        return failed(web_, error, "The club's screen failed")
