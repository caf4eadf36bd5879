"""The club's TV (issue 35 §2): a page for a browser in the room, opened by a secret link
an admin or head judge gets with /tv — tonight's tables and the standings, updating by itself.

What it shows is what anyone in the room may see: who sits at each table, fouls, who has left
and how (voted out, shot, removed) — **never a role**: the live game's roles are read here only
to know who has left, and nothing about them goes into the answer. The standings are /rating's.
"""

from __future__ import annotations

import secrets
from datetime import datetime, time, timedelta, tzinfo
from typing import Any

from bot.club.clubs import Clubs
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournament
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.db import Database
from bot.entry.draft import Drafts
from bot.nights.tonight_page import current_evening
from bot.rating import app_table
from bot.rating.periods import GameResults
from bot.rating.service import Ratings
from bot.tables import drafts as draft_rows
from bot.tables import live as live_rows
from bot.tables import nights as night_rows
from bot.tables import tv_links as rows
from bot.texts import live as live_texts
from bot.texts import tv as texts
from bot.texts.clock import clock_time
from bot.texts.points import show
from bot.vocabulary.club import Club
from bot.vocabulary.ratings import Kind
from bot.vocabulary.rights import Member
from scoring.live import replay

TOKEN_BYTES = 24
ENDS_AT = time(6, 0)  # a link made for an evening works until the next morning, the club's time
STANDINGS_ROWS = 12
EVENING_ROWS = 8  # tonight's table, above the tournament's
BESIDE_EVENING_ROWS = 8  # the tournament's, below tonight's: both fit the screen


class TvRefused(Exception):
    """No such link, or it expired or was revoked: 401."""


class ClubTv:
    def __init__(
        self, clubs: Clubs, database: Database, clock: Clock, zone: tzinfo, ratings: Ratings,
        players: PlayerDirectory, drafts: Drafts,
        results: GameResults, page: str | None,
    ) -> None:  # fmt: skip
        self.clubs = clubs
        self.database = database
        self.clock = clock
        self.zone = zone
        self.ratings = ratings
        self.players = players
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

    async def club_of(self, token: str) -> Club:
        """The club whose room the link shows (``TvRefused``: none, expired or revoked, or the
        club does not work now)."""
        now = self.clock.now().isoformat(timespec="seconds")
        club_id = await rows.club_of(self.database, token, now) if 0 < len(token) <= 100 else None
        club = self.clubs.get(club_id) if club_id is not None else None
        if club is None or not club.is_active:
            raise TvRefused
        return club

    # -- what the screen shows -------------------------------------------------------------------

    async def view(self, token: str) -> dict[str, Any]:
        with club_scope.within(await self.club_of(token)):
            return await self._view()

    async def _view(self) -> dict[str, Any]:
        now = self.clock.now()
        answer: dict[str, Any] = {"updated": clock_time(now, self.zone), "tables": []}
        current = await current_evening(self.ratings, self.database, answer)
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

    async def _evening_standings(
        self, tournament: Tournament, night: night_rows.Night
    ) -> dict[str, Any]:
        """Tonight's table so far: the games of the evening, as «Итоги вечера» will count them."""
        ids = [game_id for _, _, game_id in await night_rows.night_games(self.database, night.id)]
        count, rows = await app_table.games_table(self.results, tournament, ids, Kind.TOTAL, None)
        return {
            "games": count,
            "standings": [
                {
                    "place": row.place,
                    "name": row.name,
                    "total": show(row.value),
                    "games": row.games,
                    "provisional": row.provisional,
                }
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
