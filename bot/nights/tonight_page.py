"""Tonight for a player's phone (the Mini App's «Вечер» tab): the evening's seating, every round
with his own seats marked, each table's state, and the results so far — what the seating post
and «/rating вечер» show in the chat."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import tzinfo
from typing import Any

from bot.club.players import Player, PlayerDirectory
from bot.club.tournaments import Tournament
from bot.core.clock import Clock
from bot.core.db import Database
from bot.rating.periods import GameResults
from bot.rating.service import RatingError, Ratings
from bot.tables import drafts as draft_rows
from bot.tables import nights as rows
from bot.tables.nights import Night, NightSeat
from bot.texts import nights as texts
from bot.texts.clock import clock_time
from bot.texts.markup import plain


async def current_evening(
    ratings: Ratings, database: Database, answer: dict[str, Any]
) -> tuple[Tournament, Night | None] | None:
    """The current tournament and its evening being played (the TV's and this page's); None
    without a tournament — the answer then says why."""
    try:
        tournament = await ratings.tournament("")
    except RatingError as error:
        answer["message"] = error.message
        return None
    return tournament, await rows.seated_now(database, tournament.id)


class TonightPage:
    def __init__(
        self, database: Database, clock: Clock, zone: tzinfo, ratings: Ratings,
        players: PlayerDirectory, results: GameResults,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.zone = zone
        self.ratings = ratings
        self.players = players
        self.results = results

    async def show(self, user_id: int) -> dict[str, Any]:
        answer: dict[str, Any] = {"updated": clock_time(self.clock.now(), self.zone), "rounds": []}
        current = await current_evening(self.ratings, self.database, answer)
        if current is None:
            return answer
        tournament, night = current
        if night is None:
            answer["message"] = texts.NO_EVENING_SEATED
            return answer
        mine = await self.ratings.linked_player(user_id)
        seats = await rows.seats(self.database, night.id)
        played = await rows.played_rounds(self.database, night.id)
        entering = {
            (r, t) for r, t, _, _ in await draft_rows.tables_in_play(self.database, night.id)
        }
        names = await self.players.many(list({s.player for s in seats}))
        answer["evening"] = texts.evening_title(night.date, night.starts_at)
        answer["tournament"] = tournament.title
        for number in range(1, night.rounds + 1):
            here = sorted(s for s in seats if s.round == number)
            answer["rounds"].append(_round(number, here, names, mine, played, entering))
        found = await self.results.period("вечер")  # «/rating вечер»'s text
        answer["results"] = plain(found) if found else None
        return answer


def _round(
    number: int, here: list[NightSeat], names: Mapping[int, Player], mine: int | None,
    played: set[tuple[int, int]], entering: set[tuple[int, int]],
) -> dict[str, Any]:  # fmt: skip
    def name(player: int) -> str:
        return names[player].nickname if player in names else "—"

    def state(table: int) -> str:
        if (number, table) in played:
            return "saved"
        return "playing" if (number, table) in entering else "waiting"

    tables = sorted({s.table for s in here if s.table})
    return {
        "round": number,
        "tables": [
            {
                "table": table,
                "state": state(table),
                "seats": [
                    {"seat": s.seat, "name": name(s.player), "me": s.player == mine}
                    for s in here if s.table == table
                ],
            }
            for table in tables
        ],
        "out": [name(s.player) for s in here if not s.table],
        "mine": any(s.player == mine for s in here if s.table),
    }  # fmt: skip
