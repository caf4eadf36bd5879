"""The live table protocol (issue 33): a game a judge runs in the Mini App, kept as its log.

A live game fills in its judge's protocol draft — the one ``/game`` opens: seated from the
evening, or seated in the app — and its log (``live_events``) is the truth; the state and the
protocol are read from it by ``scoring.live``. Saving goes the chat's way: ``Games.save`` of the
draft, so the game is saved once, announced, sent to each player, open to protests.

Who may: a judge (the web layer lets no one else call), for a game the judge whose draft it is,
and a head judge (he takes a game over). Everyone else gets a ``Refusal`` with its kind (the web
layer's status): nothing is written, and the roles of a game in play are never shown to anyone
but them.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from typing import Any

from bot.club.games import Games, NewGame, SaveError
from bot.club.members import MemberDirectory
from bot.club.options import ClubOptions
from bot.club.players import PlayerDirectory
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.entry.draft import Draft, Drafts
from bot.entry.editor import Editor
from bot.entry.steps import EntryError
from bot.live.players import new_player, players_for_a_seat
from bot.live.protocol import kinds_recorded, with_the_log
from bot.tables import live as rows
from bot.telegram.screen import Screen
from bot.texts import live as texts
from bot.texts.markup import plain
from bot.vocabulary.options import LAYER_OPTIONS
from bot.vocabulary.protocol import SEATS
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import LiveStatus
from scoring.live import LiveState, LogError, check_event, replay

log = logging.getLogger(__name__)
CLOSED = "closed"  # the page's word for a game in play whose protocol draft is gone
MAX_EVENTS = 3000  # a game is a few hundred taps; more is not a game
MAX_BATCH = 500


@dataclass(frozen=True, slots=True)
class ToChat:
    """The protocol went to the chat: the editor's screen to send, and what the app says."""

    judge_id: int
    screen: Screen
    told: str


class LiveTables:
    def __init__(
        self, database: Database, clock: Clock, drafts: Drafts, editor: Editor,
        games: Games, players: PlayerDirectory, members: MemberDirectory, options: ClubOptions,
    ) -> None:  # fmt: skip
        self.database = database
        self.options = options
        self.clock = clock
        self.drafts = drafts
        self.editor = editor
        self.games = games
        self.players = players
        self.members = members
        # One game's log and its save, one at a time: an event that arrives while the game is
        # being saved waits, then is either in the protocol or refused — never acknowledged and
        # left out (two taps at the same instant on two devices).
        self._turns: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _turn(self, live_id: int) -> asyncio.Lock:
        lock = self._turns.get(live_id)
        if lock is None:
            lock = self._turns[live_id] = asyncio.Lock()
        return lock

    # -- opening ---------------------------------------------------------------------------------

    async def open(self, member: Member, live_id: int | None, new: bool = False) -> dict[str, Any]:
        """The app opened: a game to take over (``live_id``), or the judge's own table — his
        draft (``/game``'s, made now if he has none), its live game once ten are seated. A
        head judge without a draft of his own chooses first: a game in play, or a ``new`` one."""
        if live_id is not None:
            game = await self._game_for(member, live_id)
            await self._drop_empty_draft(member, game)
            return await self.view(game)
        draft = await self.drafts.of_judge(member.user_id)
        if draft is None and not new and (others := await self._others(member)):
            return {"choose": True, "others": others}
        if draft is None:
            opened = await self.editor.open(member)  # what /game makes: seated from the evening
            draft = await self.drafts.of_judge(member.user_id)
            if draft is None:  # no tournament running, or it is closed: the chat says so
                raise Refusal(plain(opened.text or ""), RefusalKind.CONFLICT)
        if draft.is_correction:
            raise Refusal(texts.CORRECTION_IN_CHAT, RefusalKind.CONFLICT)
        own = await rows.of_draft(self.database, draft.id)
        if own is None and draft.protocol.players_complete:
            own = await self._start(draft)
        if own is None:
            return await self._seating(member, draft)
        answer = await self.view(own)
        answer["others"] = await self._others(member)  # a head judge may take one over
        return answer

    async def _drop_empty_draft(self, member: Member, game: rows.LiveGame) -> None:
        """A head judge takes another judge's game over: his own protocol with nobody seated
        (``/game``, opened to reach the app's button) is no game — it goes, so that no «Новая
        игра» of the same table and number stays behind."""
        own = await self.drafts.of_judge(member.user_id)
        if own is None or own.id == game.draft_id or own.is_correction:
            return
        if any(p is not None for p in own.protocol.players):
            return  # he seated somebody: his to finish or discard
        if await rows.of_draft(self.database, own.id) is None:
            await self.drafts.discard(own.id)

    async def _start(self, draft: Draft) -> rows.LiveGame:
        now = self.clock.iso()
        protocol = draft.protocol
        players = tuple(p for p in protocol.players if p is not None)
        layers = [layer.value for layer, option in LAYER_OPTIONS.items()
                  if await self.options.get(option)]  # fmt: skip
        async with self.database.transaction() as tx:
            existing = await rows.of_draft(tx, draft.id)
            if existing is None:
                await rows.create(
                    tx, draft.id, draft.judge_id, draft.tournament_id, protocol.table,
                    protocol.number, players, layers, now,
                )  # fmt: skip
        game = await rows.of_draft(self.database, draft.id)
        assert game is not None
        return game

    async def _game_for(self, member: Member, live_id: int) -> rows.LiveGame:
        game = await rows.get(self.database, live_id)
        if game is None:
            raise Refusal(texts.NO_SUCH_GAME, RefusalKind.NOT_FOUND)
        if game.judge_id != member.user_id and not member.is_head_judge:
            raise Refusal(texts.FOREIGN_GAME, RefusalKind.FORBIDDEN)
        return game

    async def _draft_of(self, game: rows.LiveGame) -> Draft:
        draft = await self.drafts.get(game.draft_id)
        if draft is None:
            raise Refusal(texts.GAME_CLOSED, RefusalKind.CONFLICT)
        return draft

    # -- seating in the app ----------------------------------------------------------------------

    async def _seating(self, member: Member, draft: Draft) -> dict[str, Any]:
        names = await self.players.many([p for p in draft.protocol.players if p is not None])
        return {
            "seating": True,
            "table": draft.protocol.table,
            "number": draft.protocol.number,
            "seats": [
                {"seat": seat, "id": p, "nickname": names[p].nickname if p in names else None}
                for seat in SEATS
                for p in [draft.protocol.player(seat)]
            ],
            "others": await self._others(member),
        }

    async def search(self, member: Member, text: str) -> list[dict[str, Any]]:
        return await players_for_a_seat(self.players, text)

    async def seat(
        self, member: Member, seat: int, player_id: int | None, nickname: str | None, sure: bool
    ) -> dict[str, Any]:
        """A player on a seat of the judge's draft (one seated elsewhere changes seats), or a
        new player by nickname (asked again when the club has one a typo away)."""
        draft = await self.drafts.of_judge(member.user_id)
        if draft is None or draft.is_correction:
            raise Refusal(texts.GAME_CLOSED, RefusalKind.CONFLICT)
        if await rows.of_draft(self.database, draft.id) is not None:
            raise Refusal(texts.SEAT_TAKEN_BY_GAME, RefusalKind.CONFLICT)
        if seat not in SEATS:
            raise Refusal(texts.BAD_EVENT, RefusalKind.BAD_REQUEST)
        if player_id is not None:
            player = await self.players.get(player_id) if 0 < player_id < 2**53 else None
            if player is None:
                raise Refusal(texts.NO_SUCH_GAME, RefusalKind.NOT_FOUND)
        else:
            player = await new_player(self.players, member, (nickname or "").strip(), sure)
        try:
            await self.editor.seat_in_app(draft, seat, player)
        except EntryError as error:
            raise Refusal(plain(error.message), RefusalKind.CONFLICT) from None
        return await self.open(member, None)

    async def _others(self, member: Member) -> list[dict[str, Any]]:
        """Games in play a head judge may take over (not his own)."""
        if not member.is_head_judge:
            return []
        playing = await rows.playing(self.database)
        names = {g.judge_id: await self.members.full_name(g.judge_id) for g in playing}
        return [
            {"live": g.id, "table": g.table, "number": g.number, "judge": names[g.judge_id] or ""}
            for g in playing
            if g.judge_id != member.user_id
        ]

    # -- the log -------------------------------------------------------------------------------

    async def record(self, member: Member, live_id: int, events: list[Any]) -> dict[str, Any]:
        """Events from the device's queue: each one new to the log is added (a repeat — the
        same id — is stored once), then the game as it stands is returned."""
        game = await self._game_for(member, live_id)
        if len(events) > MAX_BATCH:
            raise Refusal(texts.TOO_MANY_EVENTS, RefusalKind.BAD_REQUEST)
        try:
            for event in events:
                check_event(event)
        except LogError:
            raise Refusal(texts.BAD_EVENT, RefusalKind.BAD_REQUEST) from None
        if not events:
            return await self.view(game)
        async with self._turn(live_id):  # answered as the turn found it: read once, not again
            return await self._shown(*await self._append(member, game, events))

    async def _append(
        self, member: Member, game: rows.LiveGame, events: list[Any]
    ) -> tuple[rows.LiveGame, Draft | None]:
        """Add the events new to the log; the game and its draft (None once saved) as read in
        this turn."""
        live_id = game.id
        game = await rows.get(self.database, live_id) or game  # as it is now, in its turn
        if game.status is LiveStatus.SAVED:
            known = await rows.event_ids(self.database, live_id)
            if all(event["id"] in known for event in events):
                return game, None  # sent again after its answer was lost: it is in the protocol
            raise Refusal(texts.SAVED_BEFORE_EVENT, RefusalKind.CONFLICT)
        draft = await self._draft_of(game)  # discarded in the chat: nothing to add to
        async with self.database.transaction() as tx:
            known, last = await rows.heads(tx, live_id)
            new: dict[str, dict[str, Any]] = {}
            for event in events:
                if event["id"] not in known:
                    new.setdefault(event["id"], dict(event))
            if len(known) + len(new) > MAX_EVENTS:
                raise Refusal(texts.TOO_MANY_EVENTS, RefusalKind.BAD_REQUEST)
            if new:
                await rows.append(tx, live_id, list(new.values()), member.user_id,
                                  self.clock.iso(), after=last)  # fmt: skip
        return game, draft

    async def view(self, game: rows.LiveGame) -> dict[str, Any]:
        """The game for the judge's screen: seats, the log in the server's order, the state the
        log leads to, and once it is over the summary the chat would show."""
        game = await rows.get(self.database, game.id) or game
        playing = game.status is LiveStatus.PLAYING
        return await self._shown(game, await self.drafts.get(game.draft_id) if playing else None)

    async def _shown(self, game: rows.LiveGame, draft: Draft | None) -> dict[str, Any]:
        """``view`` of the game and its draft as read (None: saved, or discarded in the chat)."""
        events = await rows.events(self.database, game.id)
        state = replay(events)
        by_id = {event["id"]: event for event in events}
        playing = game.status is LiveStatus.PLAYING
        players = draft.protocol.players if draft is not None else game.players
        names = await self.players.many([p for p in players if p is not None])
        answer: dict[str, Any] = {
            "live": game.id,
            "table": game.table,
            "number": game.number,
            # a game whose protocol was discarded in the chat is «closed» to the page
            "status": CLOSED if playing and draft is None else game.status.value,
            "closed": texts.GAME_CLOSED if playing and draft is None else None,
            "game_id": game.game_id,
            "seats": [
                {"seat": seat, "nickname": names[p].nickname if p in names else "—"}
                for seat, p in zip(SEATS, players, strict=True)
            ],
            "log": events,
            "layers": list(game.layers),
            "winner": state.winner.value if state.winner else None,
            "skipped": [
                {"id": i, "why": why.value, "said": texts.skipped(why, by_id[i].get("seat"))}
                for i, why in state.skipped
            ],
        }
        if draft is not None and state.over and state.roles_complete:
            answer["summary"] = plain(
                await self.editor.summary_text(draft, with_the_log(draft.protocol, state))
            )
        return answer

    # -- the end -------------------------------------------------------------------------------

    async def confirm(self, member: Member, live_id: int) -> dict[str, Any]:
        """Save the game as the log tells it: the chat's Confirm, from the app. A save that
        cannot be done as it is goes to the chat, whose screen says what to fix."""
        await self._game_for(member, live_id)
        async with self._turn(live_id):
            return await self._confirm(live_id)

    async def _confirm(self, live_id: int) -> dict[str, Any]:
        game = await rows.get(self.database, live_id)
        assert game is not None  # live games are never deleted
        if game.status is LiveStatus.SAVED:  # another device's «Сохранить» came first: the same
            return await self._saved(game)
        draft = await self._draft_of(game)
        events = await rows.events(self.database, game.id)
        state = replay(events)
        if not state.over or not state.roles_complete:
            raise Refusal(texts.NOT_OVER, RefusalKind.CONFLICT)
        draft.protocol = with_the_log(draft.protocol, state)
        judge = await self.members.member(game.judge_id)
        try:
            await self.games.save(await self.editor.submission(draft), judge)
        except SaveError as error:
            again = await rows.get(self.database, live_id)
            if again is not None and again.status is LiveStatus.SAVED:  # saved in the chat
                return await self._saved(again)
            moved = await self._to_chat(game, draft, state, error)
            why = texts.SAVE_FAILED.format(why=plain(moved.told))
            raise Refusal(why, RefusalKind.CONFLICT) from None
        saved = await rows.get(self.database, live_id)
        assert saved is not None
        return await self._saved(saved)

    async def _saved(self, game: rows.LiveGame) -> dict[str, Any]:
        """The answer to «Сохранить» of a saved game, whichever device asks: where the result
        went (the players' private messages only when one of them has his Telegram linked)."""
        players = [p for p in game.players if p is not None]
        linked = await self.players.any_linked(players)
        return {"saved": game.game_id, "told": texts.saved_told(linked)}

    async def to_chat(self, member: Member, live_id: int) -> ToChat:
        """«Доп. баллы и штрафы — в чате»: the protocol so far goes to the judge's chat."""
        game = await self._game_for(member, live_id)
        if game.status is LiveStatus.SAVED:
            raise Refusal(texts.ALREADY_SAVED, RefusalKind.CONFLICT)
        draft = await self._draft_of(game)
        state = replay(await rows.events(self.database, game.id))
        return await self._to_chat(game, draft, state, None)

    async def _to_chat(
        self, game: rows.LiveGame, draft: Draft, state: LiveState, error: SaveError | None
    ) -> ToChat:
        protocol = with_the_log(draft.protocol, state)
        problem = error.problem if error is not None else None
        screen, told = await self.editor.from_the_app(
            draft, protocol, texts.CONTINUE_IN_CHAT, problem
        )
        return ToChat(game.judge_id, screen, told)


async def game_saved(tx: Transaction, game: NewGame) -> None:
    """A protocol was saved — from the app, or in the chat after the app: the live game of its
    draft is over, and its log is kept with the saved game."""
    live = await rows.of_draft(tx, game.draft_id) if game.draft_id else None
    if live is None or live.status is not LiveStatus.PLAYING:
        return
    events = await rows.events(tx, live.id)
    await rows.saved(tx, live.id, game.game_id, kinds_recorded(replay(events), events), game.now)
