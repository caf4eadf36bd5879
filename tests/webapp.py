"""The Mini App's server in a test: its routes served on 127.0.0.1, and callers with Telegram's
signed ``initData`` (made as Telegram makes it: an HMAC keyed by the bot's token)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bot.telegram.webhook import serve
from bot.webapp.server import webapp_routes
from tests.fakes.bot_api import TOKEN
from tests.harness import DispatcherWorld

APP_URL = "http://127.0.0.1/"  # WEBAPP_URL of a world whose app is served in the test


def init_data(
    user_id: int, name: str = "Иван", *, signed_at: float | None = None, token: str = TOKEN,
    start_param: str | None = None,
) -> str:  # fmt: skip
    """What Telegram hands a Mini App it opens for ``user_id``, signed with the bot's token."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps(
            {"id": user_id, "first_name": name, "language_code": "ru"},
            ensure_ascii=False,
            separators=(",", ":"),
        ),
        "auth_date": str(int(signed_at if signed_at is not None else time.time())),
    }
    if start_param is not None:  # opened by a t.me/<bot>/<app>?startapp=… link
        fields["start_param"] = start_param
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


@asynccontextmanager
async def app_server(world: DispatcherWorld) -> AsyncIterator[str]:
    """The app's routes of the world's bot, served; the base URL (``…/app/``)."""
    routes = webapp_routes(world.services.web_app(), world.bot)
    runner = await serve(routes, "127.0.0.1", 0, grace=1.0)
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}/app/"
    finally:
        await runner.cleanup()


class AppCaller:
    """One person's Mini App talking to the server."""

    def __init__(self, base: str, user_id: int, *, data: str | None = None) -> None:
        self.base = base
        self.data = data if data is not None else init_data(user_id)
        self.live: int | None = None

    async def call(self, name: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        async with (
            aiohttp.ClientSession() as session,
            session.post(
                f"{self.base}api/{name}", json=body or {},
                headers={"Authorization": f"tma {self.data}"},
            ) as response,
        ):  # fmt: skip
            return response.status, await response.json()

    async def open(self, live: int | None = None) -> dict[str, Any]:
        status, answer = await self.call("open", {"live": live})
        assert status == 200, answer
        self.live = answer.get("live", self.live)
        return dict(answer)

    async def send(self, *events: dict[str, Any]) -> dict[str, Any]:
        status, answer = await self.call("events", {"live": self.live, "events": list(events)})
        assert status == 200, answer
        return dict(answer)


def event(kind: str, **fields: Any) -> dict[str, Any]:
    """An event as the page makes it: a fresh id of the device's."""
    return {"id": uuid.uuid4().hex, "kind": kind, **fields}


def short_game(sheriff: int = 2, don: int = 9, mafia: tuple[int, int] = (4, 7)) -> list[dict]:
    """Roles, a day without a vote, the first night's shot of seat 1 and his best move, then the
    judge ends it for black — the chat's ``enter_protocol`` default game."""
    return [
        event("role", seat=sheriff, role="sheriff"),
        event("role", seat=don, role="don"),
        *(event("role", seat=seat, role="mafia") for seat in mafia),
        event("next"),  # day 1
        event("next"),  # voting
        event("vote", out=[]),
        event("next"),  # night 1
        event("shot", seat=1),
        event("best_move", seats=[4, 7, 9]),
        event("end", winner="black"),
    ]
