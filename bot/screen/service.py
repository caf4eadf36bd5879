"""The club's TV screen (issue 35 §2): a page for a browser in the room, opened by a secret link
an admin or head judge gets with /tv — tonight's tables and the standings, updating by itself.

What it shows is what anyone in the room may see: who sits at each table, fouls, who has left
and how (voted out, shot, removed) — **never a role**: the live game's roles are read here only
to know who has left, and nothing about them goes into the answer. The standings are /rating's.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.club.members import MemberDirectory
from bot.club.players import Player, PlayerDirectory
from bot.club.tournaments import Tournament
from bot.core.clock import Clock
from bot.core.db import Database
from bot.entry.draft import Drafts
from bot.rating import app_table
from bot.rating.periods import GameResults
from bot.rating.service import RatingError, Ratings
from bot.tables import drafts as draft_rows
from bot.tables import live as live_rows
from bot.tables import nights as night_rows
from bot.tables import screens as rows
from bot.texts import live as live_texts
from bot.texts import screen as texts
from bot.texts.clock import clock_time
from bot.texts.markup import plain
from bot.texts.points import show
from bot.vocabulary.ratings import Kind
from bot.vocabulary.rights import Member
from scoring.live import replay

TOKEN_BYTES = 24
ENDS_AT = time(6, 0)  # a link made for an evening works until the next morning, the club's time
STANDINGS_ROWS = 12
EVENING_ROWS = 8  # tonight's table, above the tournament's
BESIDE_EVENING_ROWS = 8  # the tournament's, below tonight's: both fit the screen


class ScreenRefused(Exception):
    """No such link, or it expired or was revoked: 401."""


class ClubScreen:
    def __init__(
        self, database: Database, clock: Clock, zone: ZoneInfo, ratings: Ratings,
        players: PlayerDirectory, members: MemberDirectory, drafts: Drafts,
        results: GameResults, page: str | None,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.zone = zone
        self.ratings = ratings
        self.players = players
        self.members = members
        self.drafts = drafts
        self.results = results
        self.page = page  # the Mini App's page base (WEBAPP_URL/app/); None: not served

    # -- the links -------------------------------------------------------------------------------

    async def link(self, member: Member, args: str | None) -> str:
        """/tv: a new link (until the next morning), or /tv off: every link revoked."""
        if not member.is_head_judge:
            return texts.NOT_ALLOWED
        if self.page is None:
            return texts.NOT_SERVED
        now = self.clock.now()
        if (args or "").strip().casefold() in ("off", "выкл", "стоп"):
            async with self.database.transaction() as tx:
                revoked = await rows.revoke_all(tx, now.isoformat(timespec="seconds"))
            return texts.revoked(revoked)
        local = now.astimezone(self.zone)
        ends = datetime.combine(local.date(), ENDS_AT, tzinfo=self.zone)
        if ends <= local:
            ends += timedelta(days=1)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        until = ends.astimezone(now.tzinfo).isoformat(timespec="seconds")
        async with self.database.transaction() as tx:
            await rows.create(tx, token, member.user_id, now.isoformat(timespec="seconds"), until)
        return texts.made(f"{self.page}tv.html#{token}", ends.strftime("%H:%M %d.%m"))

    async def check(self, token: str) -> None:
        now = self.clock.now().isoformat(timespec="seconds")
        if not token or len(token) > 100 or not await rows.valid(self.database, token, now):
            raise ScreenRefused

    # -- what the screen shows -------------------------------------------------------------------

    async def view(self, token: str) -> dict[str, Any]:
        await self.check(token)
        now = self.clock.now()
        answer: dict[str, Any] = {"updated": clock_time(now, self.zone), "tables": []}
        current = await self._current(answer)
        if current is None:
            return answer
        tournament, night = current
        shown_rows = STANDINGS_ROWS
        if night is not None:
            answer["evening"] = await self._evening_standings(tournament, night)
            if answer["evening"]["standings"]:
                shown_rows = BESIDE_EVENING_ROWS
        table, _ = await self.ratings.table(tournament, Kind.TOTAL)
        answer["tournament"] = tournament.title
        answer["games"] = table.game_count
        answer["standings"] = [
            {
                "place": row.place,
                "name": row.name,
                "total": show(row.value),
                "games": row.games,
                "provisional": row.provisional,
            }
            for row in table.rows[:shown_rows]
        ]
        answer["tables"] = await self._tables(tournament.id, night)
        return answer

    async def _current(
        self, answer: dict[str, Any]
    ) -> tuple[Tournament, night_rows.Night | None] | None:
        """The current tournament and its evening being played; None without a tournament (the
        answer then says why)."""
        try:
            tournament = await self.ratings.tournament("")
        except RatingError as error:
            answer["message"] = error.message
            return None
        return tournament, await night_rows.seated_now(self.database, tournament.id)

    async def _evening_standings(
        self, tournament: Tournament, night: night_rows.Night
    ) -> dict[str, Any]:
        """Tonight's table so far: the games of the evening, as «Итоги вечера» will count them."""
        ids = [game_id for _, _, game_id in await night_rows.night_games(self.database, night.id)]
        count, rows = await app_table.games_table(self.results, tournament, ids, Kind.TOTAL, None)
        return {
            "games": count,
            "standings": [
                {k: row[k] for k in ("place", "name", "games", "provisional")}
                | {"total": row["shown"]}
                for row in rows[:EVENING_ROWS]
            ],
        }

    async def _tables(
        self, tournament_id: int, night: night_rows.Night | None
    ) -> list[dict[str, Any]]:
        """Each table now: a game run in the app (seats, fouls, who left, the phase, who is put
        to the vote), a protocol entered in the chat (its seats), or, at a seated evening, the
        ten of its next round."""
        shown: dict[tuple[int, int], dict[str, Any]] = {}  # by (table, which of its games)
        in_app = set()
        for game in await live_rows.playing(self.database):
            if game.tournament_id != tournament_id:
                continue
            in_app.add(game.draft_id)
            draft = await self.drafts.get(game.draft_id)
            players = draft.protocol.players if draft is not None else game.players
            state = replay(await live_rows.events(self.database, game.id))
            seats = await self._seats(list(players))
            for seat in seats:
                number = seat["seat"]
                seat["fouls"] = state.fouls[number - 1]
                seat["technical"] = state.technical_fouls[number - 1]
                seat["left"] = live_texts.LEFT[state.out[number]] if number in state.out else ""
                seat["nominated"] = number in state.nominated and not state.over
            shown[(game.table, len(shown))] = {
                "table": game.table, "number": game.number, "state": "playing",
                "over": state.over, "seats": seats,
                "phase": "" if state.over else texts.phase(state.phase.value, state.round),
            }  # fmt: skip
        for draft in await self.drafts.in_play(tournament_id):  # entered in the chat
            protocol = draft.protocol
            if draft.id in in_app or not protocol.players_complete:
                continue  # two judges may both be at «table 1»: the room sees both games
            shown[(protocol.table, len(shown))] = {
                "table": protocol.table, "number": protocol.number, "state": "playing",
                "seats": await self._seats(list(protocol.players)),
            }  # fmt: skip
        if night is not None:
            await self._evening(night, shown)
        return [shown[key] for key in sorted(shown)]

    async def _evening(
        self, night: night_rows.Night, shown: dict[tuple[int, int], dict[str, Any]]
    ) -> None:
        seats = await night_rows.seats(self.database, night.id)
        played = await night_rows.played_rounds(self.database, night.id)
        entering = {table: round_ for round_, table, _, _ in
                    await draft_rows.tables_in_play(self.database, night.id)}  # fmt: skip
        tables = sorted({table for _, table, _, _ in seats if table})
        taken = {table for table, _ in shown}
        for table in tables:
            if table in taken:
                continue
            here = {r for r, t, _, _ in seats if t == table}  # the last rounds may not have it
            left = [r for r in range(1, night.rounds + 1) if r in here and (r, table) not in played]
            if not left:
                shown[(table, 0)] = {"table": table, "state": "done", "seats": []}
                continue
            number = entering.get(table, left[0])
            ten = sorted((seat, player) for r, t, seat, player in seats
                         if r == number and t == table)  # fmt: skip
            shown[(table, 0)] = {
                "table": table, "round": number, "rounds": night.rounds,
                "state": "playing" if table in entering else "waiting",
                "seats": await self._seats([player for _, player in ten]),
            }  # fmt: skip

    # -- tonight, for a player's phone -------------------------------------------------------------

    async def tonight(self, user_id: int) -> dict[str, Any]:
        """The evening's seating, every round (his own marked), each table's state, and the
        results so far — what the seating post and «/rating вечер» show in the chat."""
        now = self.clock.now()
        answer: dict[str, Any] = {"updated": clock_time(now, self.zone), "rounds": []}
        current = await self._current(answer)
        if current is None:
            return answer
        tournament, night = current
        if night is None:
            answer["message"] = texts.NO_EVENING
            return answer
        mine = await self.ratings.linked_player(user_id)
        seats = await night_rows.seats(self.database, night.id)
        played = await night_rows.played_rounds(self.database, night.id)
        entering = {(r, t) for r, t, _, _ in
                    await draft_rows.tables_in_play(self.database, night.id)}  # fmt: skip
        names = await self.players.many(list({player for *_, player in seats}))
        answer["evening"] = texts.evening_title(night.date, night.starts_at)
        answer["tournament"] = tournament.title
        for number in range(1, night.rounds + 1):
            here = sorted(s for s in seats if s.round == number)
            tables = sorted({t for _, t, _, _ in here if t})
            answer["rounds"].append({
                "round": number,
                "tables": [
                    {
                        "table": table,
                        "state": "saved" if (number, table) in played
                        else "playing" if (number, table) in entering else "waiting",
                        "seats": [
                            {"seat": seat, "name": _name(names, player), "me": player == mine}
                            for _, t, seat, player in here if t == table
                        ],
                    }
                    for table in tables
                ],
                "out": [_name(names, p) for _, t, _, p in here if not t],
                "mine": any(p == mine for _, t, _, p in here if t),
            })  # fmt: skip
        answer["results"] = await self.results_so_far()
        return answer

    async def results_so_far(self) -> str | None:
        """«/rating вечер»'s text, plain."""
        found = await self.results.period("вечер")
        return plain(found) if found else None

    async def _seats(self, players: list[int | None]) -> list[dict[str, Any]]:
        names = await self.players.many([p for p in players if p is not None])
        return [
            {
                "seat": seat,
                "name": names[p].nickname if p in names else "—",
                "fouls": 0,
                "technical": 0,
                "left": "",
                "nominated": False,
            }
            for seat, p in enumerate(players, start=1)
        ]


def _name(names: Mapping[int, Player], player: int) -> str:
    return names[player].nickname if player in names else "—"
