"""What the editor reads to show a draft besides the draft itself (``EditorContext``): the
tournament and its rules, the seated players, suggestions for a seat, close players of pasted
nicknames, the points, a lineup that left the evening's seating."""

from __future__ import annotations

import asyncio
from datetime import datetime

from bot.club.games import Games
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.entry.draft import Draft, Step
from bot.entry.screens import EditorContext
from bot.entry.seated import seated_lineup, sitting_out, who_left


class EditorReads:
    def __init__(
        self, database: Database, players: PlayerDirectory, games: Games,
        tournaments: Tournaments, clock: Clock, app_page: str | None = None,
    ) -> None:  # fmt: skip
        self.database = database
        self.players = players
        self.games = games
        self.tournaments = tournaments
        self.clock = clock
        self.app_page = app_page  # the Mini App's page, offered to run the game there

    async def context(self, draft: Draft) -> EditorContext:
        protocol = draft.protocol
        ids = [p for p in protocol.players if p is not None]
        # asked at once: every tap waits for the database once here, not once for each
        tournament, stage, players = await asyncio.gather(
            self.tournaments.get(draft.tournament_id),
            self.tournaments.stage(draft.stage_id),
            self.players.many(ids),
        )
        assert tournament is not None and stage is not None
        ctx = EditorContext(
            tournament=tournament.title,
            stage=stage.name,
            ruleset=tournament.ruleset(),
            players=players,
            app_page=self.app_page,
        )
        if draft.step is Step.PLAYERS and draft.query:
            close = await self.players.close_to(draft.query)
            found = await self.players.search(draft.query)
            # Close players first («Совв» → «Сова»), then those whose nickname holds the text.
            ordered = list({p.id: p for p in [*close, *found]}.values())
            ctx.suggestions = [p for p in ordered if _may_sit(draft, p.id)][:8]
        elif draft.step is Step.PLAYERS and draft.cursor and draft.night:
            # A seat chosen at a seated evening: who sits this round out may come in for him.
            out = await sitting_out(self.database, draft.night)
            spare = await self.players.many([p for p in out if p not in ids])
            ctx.suggestions = sorted(spare.values(), key=lambda p: p.nickname.casefold())[:8]
        if draft.step is Step.PLAYERS and draft.night and not draft.is_correction:
            ctx.left = await who_left(self.database, draft.night[0]) & set(ids)
        if draft.step is Step.PLAYERS:
            for seat, name in draft.unknown:
                close = [p for p in await self.players.close_to(name) if p.id not in ids]
                if close:
                    ctx.close[seat] = close
        if draft.step is Step.SUMMARY and not protocol.missing():
            ctx.score, ctx.problems = await self.games.score(
                protocol, draft.stage_id, ctx.ruleset, tournament.seed, draft.game_id
            )
            ctx.ended_long_ago = self._ended_long_ago(draft)
        if draft.step is Step.SUMMARY and draft.night and not draft.is_correction:
            ctx.off_seating = await self._off_seating(draft, draft.night)
        if draft.step is Step.SUMMARY and not draft.is_correction:
            awaiting = await self.games.awaiting_replay(draft.tournament_id, protocol.table)
            ctx.awaiting_replay = awaiting[1] if awaiting else None
        return ctx

    async def _off_seating(
        self, draft: Draft, night: tuple[int, int]
    ) -> list[tuple[int, str, str]]:
        planned = await seated_lineup(self.database, night, draft.protocol.table)
        players = draft.protocol.players
        changed = [i for i, p in enumerate(planned) if i < len(players) and players[i] != p]
        names = await self.players.many([p for p in (*players, *planned) if p is not None])

        def name(player: int | None) -> str:
            return names[player].nickname if player in names else "—"

        return [(i + 1, name(players[i]), name(planned[i])) for i in changed]

    def _ended_long_ago(self, draft: Draft) -> tuple[int, int] | None:
        """Minutes since the winner tap of a new game, when more than the protest window."""
        if draft.is_correction or draft.ended_at is None:
            return None
        ago = self.clock.now() - datetime.fromisoformat(draft.ended_at)
        window = self.games.window
        return (int(ago.total_seconds() // 60), window.minutes) if ago > window.length else None


def _may_sit(draft: Draft, player_id: int) -> bool:
    """A suggestion for the chosen seat: a player not seated, or — a seat being chosen — one
    seated elsewhere (tapped, the two change seats)."""
    seat = draft.protocol.seat_of(player_id)
    return seat is None or (draft.cursor is not None and seat != draft.cursor)
