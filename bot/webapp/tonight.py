"""A player's «tonight» page: the evening's seating, every round, and its results so far."""

from __future__ import annotations

from typing import Any

from bot.vocabulary.rights import Member
from bot.webapp.calls import Body, Call, Web


class NoBody(Body):
    """The call asks nothing: who calls is all it needs."""


async def tonight(web: Web, member: Member, body: NoBody) -> Any:
    return await web.app.tonight.show(member.user_id)


CALLS: list[Call[Any]] = [Call("tonight", NoBody, tonight)]
