"""How one API call of the pages is answered: who calls (Telegram's signed ``initData``), what he
sent (parsed once into the call's frozen body type), the call, and its answer as JSON.

A call is a named top-level function ``(web, member, body) -> answer`` registered in its page's
table (``CALLS`` of ``game``, ``standings``, ``record``, ``tonight``); a service's ``Refusal`` is
answered by its kind (``STATUS``); anything else is logged and answered with one Russian sentence,
never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, TypeVar

from aiogram import Bot
from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.core import club_scope
from bot.core.club_scope import NoClub
from bot.core.logs import Throttled
from bot.telegram.club_context import club_of_person
from bot.texts import clubs as texts_clubs
from bot.texts import webapp as texts
from bot.vocabulary.club import Club, ClubState
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.rights import Member
from bot.webapp.auth import HEADER, Caller, Unauthorized, caller
from bot.webapp.context import WebApp

log = logging.getLogger(__name__)
MAX_BODY = 256 * 1024  # a batch of events is a few kilobytes
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
# An id the page sends: a whole number JavaScript holds exactly (never a float, never a string).
Id = Annotated[int, Field(strict=True, gt=0, lt=2**53)]


class Body(BaseModel):
    """What a call's JSON body may hold; what it does not name is ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore", strict=True)


B = TypeVar("B", bound=Body)


@dataclass(slots=True)
class Web:
    """What every call is given: the services' set, the bot (to send to a chat), and the sends
    set going in the background (kept referenced until they finish)."""

    app: WebApp
    bot: Bot
    sending: set[asyncio.Task[None]] = field(default_factory=set)
    refused: Throttled = field(default_factory=lambda: Throttled(log))

    def in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)


@dataclass(frozen=True, slots=True)
class Call(Generic[B]):
    """One API call: its name (``/app/api/<name>``), its body type, its function, and whether
    only a judge may make it (checked before the function runs: the chat's ``judge`` filter)."""

    name: str
    body: type[B]
    run: Callable[[Web, Member, B], Awaitable[Any]]
    judges_only: bool = False


async def answer(web_: Web, call: Call[Any], request: web.Request) -> web.Response:
    try:
        who = caller(web_.app.token, request.headers.get(HEADER), web_.app.clock.now())
    except Unauthorized as error:
        web_.refused.warning("Mini App call from %s refused: %s", request.remote, error)
        return json_answer({"error": texts.STALE}, 401)
    body = await read_body(request, call.body)
    if body is None:
        return json_answer({"error": texts.NOT_JSON}, 400)
    try:
        club = await club_of_caller(web_.app, who)
        with club_scope.within(club):
            member = await web_.app.members.member(who.user_id)
            if call.judges_only and not member.is_judge:
                return json_answer({"error": texts.NOT_A_JUDGE}, STATUS[RefusalKind.FORBIDDEN])
            return json_answer(await call.run(web_, member, body))
    except Refusal as refusal:
        return json_answer({"error": refusal.message}, STATUS[refusal.kind])
    except Exception as error:
        return failed(web_, error, f"Mini App call {call.name} failed")


def failed(web_: Web, error: Exception, what: str) -> web.Response:
    """The answer to a call that failed: the database out of reach (a server restarting) is
    «try again in a moment» (the app's queue does, by itself); anything else is a bug, logged."""
    if web_.app.unreachable(error):
        log.warning("%s: the database cannot be reached (%s)", what, error)
        return json_answer({"error": texts.UNREACHABLE}, 503)
    log.error("%s", what, exc_info=error)
    return json_answer({"error": texts.BROKEN}, 500)


async def club_of_caller(app: WebApp, who: Caller) -> Club:
    """The club a call speaks of: the one the page was opened from (``startapp=club5``), else
    the person's own (as in private); a club that does not work now is refused."""
    named = await app.clubs.of_link(who.start_param) if who.start_param else None
    club = named or await club_of_person(app.clubs, app.members, who.user_id)
    if club is None:
        raise NoClub
    if not club.is_active:
        waits = club.state is ClubState.PENDING
        raise Refusal(
            texts_clubs.PENDING if waits else texts_clubs.SUSPENDED, RefusalKind.FORBIDDEN
        )
    return club


async def read_body(request: web.Request, kind: type[B]) -> B | None:
    """The body as its call's type; None when it is too long, not JSON, or not of the type."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        return None
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        return None
    try:
        return kind.model_validate_json(raw or b"{}")
    except (ValidationError, ValueError, RecursionError):
        return None


def json_answer(value: Any, status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(value, ensure_ascii=False, separators=(",", ":")), status=status,
        content_type="application/json", headers={"Cache-Control": "no-store", **SECURITY_HEADERS},
    )  # fmt: skip
