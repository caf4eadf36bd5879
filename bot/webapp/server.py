"""The Mini App's routes: its page under ``/app/`` and its JSON API under ``/app/api/``.

Every API call carries Telegram's signed ``initData`` (``bot.webapp.auth``): without a good and
fresh one the answer is 401 and nothing is read or written; the service decides the rest (403 for
someone who is not the table's judge or a head judge). Answers are JSON; an error is
``{"error": "<Russian sentence>"}`` the page shows as it is.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any
from zoneinfo import ZoneInfo

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiohttp import web

from bot.announce.announcer import Announcer
from bot.club.members import MemberDirectory
from bot.core.clock import Clock
from bot.core.logs import Throttled
from bot.entry.editor import Editor
from bot.live.service import LiveRefusal, LiveTables
from bot.rating import app_record, app_table
from bot.rating.screens import RatingScreens
from bot.rating.service import RatingError, Ratings
from bot.screen.service import ClubScreen, ScreenRefused
from bot.telegram.screen import show_in
from bot.telegram.webhook import Route
from bot.texts import live as texts
from bot.texts.markup import plain
from bot.vocabulary.refusal import RefusalKind
from bot.vocabulary.rights import Member
from bot.webapp.auth import HEADER, Unauthorized, caller

log = logging.getLogger(__name__)
MAX_BODY = 256 * 1024  # a batch of events is a few kilobytes
SCREEN_HEADER = "X-Screen-Token"
_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css",
          ".svg": "image/svg+xml"}  # fmt: skip
Handler = Callable[[Member, dict[str, Any]], Awaitable[Any]]
STATUS = {  # a refusal's kind, as HTTP says it
    RefusalKind.BAD_REQUEST: 400, RefusalKind.FORBIDDEN: 403, RefusalKind.NOT_FOUND: 404,
    RefusalKind.CONFLICT: 409,
}  # fmt: skip
# What the pages need and nothing more: their own files and Telegram's one script; their API on
# the same origin; framed only by Telegram's web client (the apps open them in a web view).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self' https://telegram.org; style-src 'self'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'self' https://web.telegram.org"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files, read once: name → (bytes, content type)."""
    folder = resources.files("bot.webapp") / "static"
    files = {}
    for entry in folder.iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in _TYPES:
            files[entry.name] = (entry.read_bytes(), _TYPES[suffix])
    return files


@dataclass(frozen=True, slots=True)
class WebApp:
    """What the pages' API asks of the bot's services (``Services.web_app()`` makes it)."""

    token: str  # the bot's: it keys Telegram's signature of initData
    clock: Clock
    members: MemberDirectory
    live: LiveTables
    editor: Editor
    ratings: Ratings
    zone: ZoneInfo
    screen: ClubScreen
    screens: RatingScreens
    announcer: Announcer


def webapp_routes(app: WebApp, bot: Bot) -> list[Route]:
    token, clock, members, live, editor = app.token, app.clock, app.members, app.live, app.editor
    ratings, zone, screen, screens, announcer = (
        app.ratings, app.zone, app.screen, app.screens, app.announcer
    )  # fmt: skip
    files = static_files()
    sending: set[asyncio.Task[None]] = set()
    refused = Throttled(log)  # a flood of forged calls must not flood the log

    async def page(request: web.Request) -> web.Response:
        name = request.match_info.get("name") or "index.html"
        found = files.get(name)
        if found is None:
            return web.Response(status=404, text="not found")
        body, content_type = found
        headers = {"Cache-Control": "no-cache", **SECURITY_HEADERS}
        return web.Response(body=body, content_type=content_type, charset="utf-8",
                            headers=headers)  # fmt: skip

    def api(handler: Handler) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def answer(request: web.Request) -> web.Response:
            try:
                who = caller(token, request.headers.get(HEADER), clock.now())
            except Unauthorized as error:
                refused.warning("Mini App call from %s refused: %s", request.remote, error)
                return _json({"error": texts.STALE}, 401)
            body = await _body(request)
            if body is None:
                return _json({"error": texts.NOT_JSON}, 400)
            member = await members.member(who.user_id)
            try:
                return _json(await handler(member, body))
            except LiveRefusal as refusal:
                return _json({"error": refusal.message}, STATUS[refusal.kind])
            except RatingError as refusal:
                return _json({"error": refusal.message}, 404)
            except Exception:
                log.exception("Mini App call %s failed", request.path)
                return _json({"error": texts.BROKEN}, 500)

        return answer

    async def open_game(member: Member, body: dict[str, Any]) -> Any:
        return await live.open(
            member, _whole(body.get("live"), optional=True), new=body.get("new") is True
        )

    async def record(member: Member, body: dict[str, Any]) -> Any:
        events = body.get("events")
        if not isinstance(events, list):
            raise LiveRefusal(RefusalKind.BAD_REQUEST, texts.NOT_JSON)
        return await live.record(member, _whole(body.get("live")), events)

    async def confirm(member: Member, body: dict[str, Any]) -> Any:
        return await live.confirm(member, _whole(body.get("live")))

    async def to_chat(member: Member, body: dict[str, Any]) -> Any:
        moved = await live.to_chat(member, _whole(body.get("live")))

        async def send() -> None:  # Telegram may be slow or down: the app does not wait
            try:
                await show_in(bot, moved.judge_id, moved.screen, shown=editor.shown)
            except (TelegramAPIError, OSError, TimeoutError):
                log.warning("The protocol could not be sent to the judge's chat; /game shows it")

        task = asyncio.get_running_loop().create_task(send())
        sending.add(task)
        task.add_done_callback(sending.discard)
        return {"told": texts.IN_CHAT_SENT}

    async def search(member: Member, body: dict[str, Any]) -> Any:
        text = body.get("q")
        return await live.search(member, text if isinstance(text, str) else "")

    async def seat(member: Member, body: dict[str, Any]) -> Any:
        nickname = body.get("nickname")
        return await live.seat(
            member, _whole(body.get("seat")), _whole(body.get("player"), optional=True),
            nickname if isinstance(nickname, str) else None, body.get("sure") is True,
        )  # fmt: skip

    async def table(member: Member, body: dict[str, Any]) -> Any:
        """Anyone whose Telegram signed the call: what /rating shows everyone."""
        asked, kind, period = body.get("tournament"), body.get("kind"), body.get("period")
        return await app_table.standings(
            ratings, screens.results, zone, member.user_id,
            asked if isinstance(asked, str) else "", kind if isinstance(kind, str) else "total",
            period if isinstance(period, str) else "",
        )  # fmt: skip

    async def tv(request: web.Request) -> web.Response:
        """The club's TV: its secret token instead of initData (a browser, not Telegram)."""
        try:
            return _json(await screen.view(request.headers.get(SCREEN_HEADER, "")))
        except ScreenRefused:
            return _json({"error": texts.SCREEN_REFUSED}, 401)
        except Exception:
            log.exception("The club's screen failed")
            return _json({"error": texts.BROKEN}, 500)

    async def player_record(member: Member, body: dict[str, Any]) -> Any:
        """Anyone whose Telegram signed the call: what /me and /player show."""
        player, asked = body.get("player"), body.get("tournament")
        return await app_record.record(
            screens, member.user_id, player if isinstance(player, str) else "",
            asked if isinstance(asked, str) else "",
        )  # fmt: skip

    async def game_text(member: Member, body: dict[str, Any]) -> Any:
        """A saved game as the club chat announced it (a game in play is no saved game)."""
        text = await announcer.render_if_exists(_whole(body.get("game")))
        if text is None:
            raise RatingError(texts.GAME_GONE)
        return {"text": plain(text)}

    async def tonight(member: Member, body: dict[str, Any]) -> Any:
        """Anyone whose Telegram signed the call: the seating post and the evening's results."""
        return await screen.tonight(member.user_id)

    return [
        ("GET", "/app/", page),
        ("POST", "/app/api/tv", tv),
        ("GET", "/app/{name}", page),
        ("POST", "/app/api/open", api(open_game)),
        ("POST", "/app/api/events", api(record)),
        ("POST", "/app/api/confirm", api(confirm)),
        ("POST", "/app/api/chat", api(to_chat)),
        ("POST", "/app/api/search", api(search)),
        ("POST", "/app/api/seat", api(seat)),
        ("POST", "/app/api/standings", api(table)),
        ("POST", "/app/api/tonight", api(tonight)),
        ("POST", "/app/api/record", api(player_record)),
        ("POST", "/app/api/game", api(game_text)),
    ]


async def _body(request: web.Request) -> dict[str, Any] | None:
    if request.content_length is not None and request.content_length > MAX_BODY:
        return None
    try:
        raw = await request.content.read(MAX_BODY + 1)
        if len(raw) > MAX_BODY:
            return None
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None


def _whole(value: Any, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if type(value) is not int or not 0 < value < 2**53:
        raise LiveRefusal(RefusalKind.BAD_REQUEST, texts.NOT_JSON)
    return value


def _json(value: Any, status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(value, ensure_ascii=False, separators=(",", ":")), status=status,
        content_type="application/json", headers={"Cache-Control": "no-store", **SECURITY_HEADERS},
    )  # fmt: skip
