"""The judge's game in the app: open it, send its taps, save it or take it to the chat, and
seat the table in the app. Only a judge calls these (``judges_only``); which game is his or a
head judge's is the service's rule (``bot.live``)."""

from __future__ import annotations

import logging
from typing import Any

from aiogram.exceptions import TelegramAPIError

from bot.live.service import ToChat
from bot.telegram.screen import show_in
from bot.texts import live as texts
from bot.vocabulary.rights import Member
from bot.webapp.calls import Body, Call, Id, Web

log = logging.getLogger(__name__)


class OpenBody(Body):
    live: Id | None = None  # a game to take over; none: the judge's own table
    new: bool = False  # a head judge starts a table of his own instead


class GameBody(Body):
    live: Id


class EventsBody(Body):
    live: Id
    events: list[Any]  # each checked by the rules (``scoring.live.check_event``)


class SearchBody(Body):
    q: str = ""


class SeatBody(Body):
    seat: Id
    player: Id | None = None  # a player of the club, or
    nickname: str | None = None  # a new one by nickname
    sure: bool = False  # «a new player, not the one a typo away»


async def open_game(web: Web, member: Member, body: OpenBody) -> Any:
    return await web.app.live.open(member, body.live, new=body.new)


async def record(web: Web, member: Member, body: EventsBody) -> Any:
    return await web.app.live.record(member, body.live, body.events)


async def confirm(web: Web, member: Member, body: GameBody) -> Any:
    return await web.app.live.confirm(member, body.live)


async def to_chat(web: Web, member: Member, body: GameBody) -> Any:
    """The protocol goes to the judge's chat for additional points and penalties; Telegram may
    be slow or down, so the app does not wait for the message."""
    moved = await web.app.live.to_chat(member, body.live)
    web.in_background(_send(web, moved))
    return {"told": texts.IN_CHAT_SENT}


async def _send(web: Web, moved: ToChat) -> None:
    try:
        await show_in(web.bot, moved.judge_id, moved.screen, shown=web.app.editor.shown)
    except (TelegramAPIError, OSError, TimeoutError):
        log.warning("The protocol could not be sent to the judge's chat; /game shows it")


async def search(web: Web, member: Member, body: SearchBody) -> Any:
    return await web.app.live.search(member, body.q)


async def seat(web: Web, member: Member, body: SeatBody) -> Any:
    return await web.app.live.seat(member, body.seat, body.player, body.nickname, body.sure)


CALLS: list[Call[Any]] = [
    Call("open", OpenBody, open_game, judges_only=True),
    Call("events", EventsBody, record, judges_only=True),
    Call("confirm", GameBody, confirm, judges_only=True),
    Call("chat", GameBody, to_chat, judges_only=True),
    Call("search", SearchBody, search, judges_only=True),
    Call("seat", SeatBody, seat, judges_only=True),
]
