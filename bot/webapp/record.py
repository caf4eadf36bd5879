"""A player's record in the app (what /me and /player show), and a saved game as the club chat
announced it — for anyone whose Telegram signed the call."""

from __future__ import annotations

from typing import Any

from bot.rating import app_record
from bot.rating.service import RatingError
from bot.texts import webapp as texts
from bot.texts.markup import plain
from bot.vocabulary.rights import Member
from bot.webapp.calls import Body, Call, Id, Web


class RecordBody(Body):
    player: str = ""  # a nickname; empty: the caller's own record
    tournament: str = ""  # words naming a tournament; empty: every game


class GameTextBody(Body):
    game: Id


async def record(web: Web, member: Member, body: RecordBody) -> Any:
    return await app_record.record(web.app.screens, member.user_id, body.player, body.tournament)


async def game_text(web: Web, member: Member, body: GameTextBody) -> Any:
    """A game in play is no saved game: only saved ones are shown."""
    text = await web.app.announcer.render_if_exists(body.game)
    if text is None:
        raise RatingError(texts.GAME_GONE)
    return {"text": plain(text)}


CALLS: list[Call[Any]] = [
    Call("record", RecordBody, record),
    Call("game", GameTextBody, game_text),
]
