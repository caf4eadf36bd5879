"""The fake Bot API served over HTTP on 127.0.0.1, as aiogram (and ``python -m bot``) talk to it."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from tests.fakes.bot_api import TOKEN, FakeBotAPI, decode_params
from tests.fakes.telegram_rules import BotAPIError


class FakeTelegramServer:
    def __init__(self, api: FakeBotAPI, token: str = TOKEN) -> None:
        self.api = api
        self.token = token
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._file)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        return self.url

    async def stop(self) -> None:
        self.api.closing = True
        self.api._notify()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _reply({"ok": False, "error_code": 401, "description": "Unauthorized"}, 401)
        raw: dict[str, Any]
        if request.content_type == "application/json":
            raw = {
                k: v if isinstance(v, str) else json.dumps(v)
                for k, v in (await request.json()).items()
            }
        else:
            form = await request.post()
            raw = {key: value for key, value in form.items() if isinstance(value, str)}
            uploads: dict[str, tuple[str, bytes]] = {}
            for key, value in form.items():
                if not isinstance(value, str):
                    uploads[key] = (getattr(value, "filename", key), value.file.read())
            for key, value in list(raw.items()):
                if value.startswith("attach://") and value[9:] in uploads:
                    name, content = uploads[value[9:]]
                    raw[key] = self.api.store_file(name, content)
        method = request.match_info["method"].lower()
        dropped = self.api.down is not None and self.api.down[0] == "drop"
        if dropped and self.api.failing_now(method) == "drop":
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)
        if self.api.dropping.get(method, 0) > 0:  # the connection breaks before any answer
            self.api.dropping[method] -= 1
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)
        try:
            result = await self.api.call(request.match_info["method"], decode_params(raw))
        except BotAPIError as error:
            if error.code == 502:  # what a proxy in front of Telegram answers: HTML, not JSON
                return web.Response(
                    status=502, text="<html><body>502 Bad Gateway</body></html>",
                    content_type="text/html",
                )  # fmt: skip
            return _reply(error.payload(), error.code)
        return _reply({"ok": True, "result": result})

    async def _file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        stored = self.api.files.get(request.match_info["path"])
        if stored is None:
            return web.Response(status=404)
        return web.Response(body=stored[1])


def _reply(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.json_response(
        body, status=status, dumps=lambda data: json.dumps(data, ensure_ascii=False)
    )
