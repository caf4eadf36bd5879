"""The standings for the Mini App's page (issue 35): the same table ``/rating`` shows, as data —
every row (the chat pages it by twenty), with its numbers to sort by and their text to show.

Only what the chat shows already: places, nicknames and points of counted games, ⏳ on a row
whose games may still change. Nothing of a game in play.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from bot.rating.service import RatingError, Ratings
from bot.texts.clock import clock_time
from bot.texts.points import show
from bot.vocabulary.ratings import Kind

KINDS = {kind.value: kind for kind in Kind}


async def standings(
    ratings: Ratings, zone: ZoneInfo, user_id: int, asked: str, kind_name: str
) -> dict[str, Any]:
    """The table of the tournament ``asked`` (part of its title; the current one when empty) and
    ``kind_name`` (total, avg, sheriff, don, mafia, civilian). ``RatingError`` says why not."""
    kind = KINDS.get(kind_name)
    if kind is None:
        raise RatingError("Такой таблицы нет: по сумме, по среднему или по роли.")
    tournament = await ratings.tournament(asked.strip()[:100])
    table, now = await ratings.table(tournament, kind)
    mine = await ratings.linked_player(user_id)
    listed = [t.title for t in await ratings.tournaments.all() if not t.archived]
    return {
        "tournament": tournament.title,
        "tournaments": listed,
        "kind": kind.value,
        "updated": clock_time(now, zone),
        "min_games": table.min_games,
        "left_out": table.left_out,
        "games": table.game_count,
        "rows": [
            {
                "place": row.place,
                "name": row.name,
                "value": float(row.value),
                "shown": show(row.value),
                "games": row.games,
                "wins": row.wins,
                "additional": float(row.additional),
                "additional_shown": show(row.additional),
                "ci": float(row.ci),
                "ci_shown": show(row.ci),
                "average": float(row.value / row.games)
                if kind is Kind.TOTAL and row.games
                else float(row.value),
                "provisional": row.provisional,
                "lot": row.lot,
                "me": row.player_id == mine,
            }
            for row in table.rows
        ],
    }
