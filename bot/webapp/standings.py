"""The club's table in the app: what /rating shows everyone whose Telegram signed the call."""

from __future__ import annotations

from typing import Any

from bot.rating import app_table
from bot.vocabulary.rights import Member
from bot.webapp.calls import Body, Call, Web


class StandingsBody(Body):
    tournament: str = ""  # words naming a tournament; empty: the current one
    kind: str = "total"  # the board: total, by role, …
    period: str = ""  # «вечер», a date or dates; empty: the whole tournament


async def standings(web: Web, member: Member, body: StandingsBody) -> Any:
    app = web.app
    return await app_table.standings(
        app.ratings, app.screens.results, app.zone, member.user_id, body.tournament, body.kind,
        body.period,
    )  # fmt: skip


CALLS: list[Call[Any]] = [Call("standings", StandingsBody, standings)]
