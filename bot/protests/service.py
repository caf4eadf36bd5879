"""Protests (§8.8) and the head judge's decisions (§8.8.4, §8.9), and the passing of protest
windows.

A protest may be filed by one of the game's ten players (linked to his nickname) until the end of
the game + the protest window; it is kept verbatim. Head judges (or admins, when the club has no
head judge) decide: reject (with a reason), change the result (through the result editor; the
decision is recorded when the correction is saved), or a replay (the game is annulled). A decision
is final: it is written only over a pending protest, so two head judges pressing at once make one.
Every message this sends goes through the outbox, queued in the transaction that decided it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from fractions import Fraction

from bot.announce.announcer import Announcer
from bot.club.decisions import finalize_if_settled, tell_decision
from bot.club.games import Games
from bot.club.members import MemberDirectory
from bot.club.results import queue_changed_points
from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Database, Reader, Transaction
from bot.core.outbox import CLUB, Kind, enqueue, private
from bot.core.parsing import InputError, table_and_game
from bot.protests import screens
from bot.tables import audit
from bot.tables import games as game_rows
from bot.tables import players as player_rows
from bot.tables import protests as rows
from bot.tables.protests import Protest
from bot.telegram.screen import Screen
from bot.texts import protests as texts
from bot.texts.clock import date_time
from bot.vocabulary.refusal import Refusal
from bot.vocabulary.rights import Member, Right
from bot.vocabulary.statuses import AuditAction, GameStatus, ProtestStatus
from bot.vocabulary.window import ProtestWindow

MAX_TEXT = 2000


class ProtestError(Refusal):
    """The protest or decision cannot be made; the message is Russian and says why.

    ``retry``: the text was unusable (empty, too long) — the person is asked for it again."""

    def __init__(self, message: str, *, retry: bool = False) -> None:
        super().__init__(message)
        self.retry = retry


@dataclass(frozen=True, slots=True)
class OpenGame:
    game_id: int
    table: int
    number: int
    deadline: datetime


class Protests:
    def __init__(
        self,
        database: Database,
        clock: Clock,
        window: ProtestWindow,
        zone: tzinfo,
        members: MemberDirectory,
        announcer: Announcer,
        games: Games,
    ) -> None:
        self.games = games
        self.database = database
        self.clock = clock
        self.window = window
        self.zone = zone
        self.members = members
        self.announcer = announcer

    # -- who decides ---------------------------------------------------------------------------

    @staticmethod
    def may_decide(member: Member) -> bool:
        """Head judges decide protests (admins are head judges too)."""
        return member.is_head_judge

    async def deciders(self) -> list[int]:
        """Who is asked to decide: the head judges; when the club has none, its admins."""
        everyone = await self.members.everyone_with_rights()
        heads = [m.user_id for m in everyone if Right.HEAD_JUDGE in m.rights]
        return heads or [m.user_id for m in everyone if m.is_admin]

    # -- filing --------------------------------------------------------------------------------

    async def open_games(self, user_id: int) -> list[OpenGame]:
        """The asker's games he may still protest (newest first)."""
        found = await self.database.fetchall(
            "SELECT g.id, g.table_number, g.game_number, g.protests_from FROM games AS g "
            "JOIN game_seats AS s ON s.game_id = g.id JOIN players AS p ON p.id = s.player_id "
            "WHERE p.club_id = ? AND p.user_id = ? AND g.status = ? AND g.protests_from > ? "
            "AND NOT EXISTS (SELECT 1 FROM protests AS pr WHERE pr.game_id = g.id "
            "AND pr.player_id = p.id) ORDER BY g.id DESC",
            (club_id(), user_id, GameStatus.PROVISIONAL.value, self._cutoff()),
        )
        return [
            OpenGame(
                row["id"], row["table_number"], row["game_number"],
                self.window.deadline(datetime.fromisoformat(row["protests_from"])),
            )
            for row in found
        ]  # fmt: skip

    async def open_games_screen(self, user_id: int) -> Screen:
        games = await self.open_games(user_id)
        return screens.open_games(
            [(g.game_id, g.table, g.number, g.deadline) for g in games], self.zone
        )

    async def check(self, user_id: int, game_id: int) -> OpenGame:
        """Whether this person may protest this game now; the reason (and deadline) if not."""
        return (await self._seat(self.database, user_id, game_id))[0]

    async def ask(self, user_id: int, game_id: int) -> Screen:
        """The prompt for a protest's text (``ProtestError`` when he may not file one)."""
        game = await self.check(user_id, game_id)
        return screens.ask_text(game.table, game.number, game.deadline, self.zone)

    async def _seat(self, reader: Reader, user_id: int, game_id: int) -> tuple[OpenGame, int]:
        """The game he may protest and his player id in it, or why he may not."""
        game = await reader.one(
            "SELECT id, table_number, game_number, protests_from, status FROM games WHERE id = ? "
            "AND tournament_id IN (SELECT id FROM tournaments WHERE club_id = ?)",
            (game_id, club_id()),
        )
        if game is None:
            raise ProtestError(texts.NO_SUCH_GAME)
        protests_from = datetime.fromisoformat(game["protests_from"])
        deadline = self.window.deadline(protests_from)
        found = OpenGame(game["id"], game["table_number"], game["game_number"], deadline)
        seat = await reader.one(
            "SELECT p.id FROM players AS p JOIN game_seats AS s ON s.player_id = p.id "
            "WHERE p.user_id = ? AND s.game_id = ? AND p.club_id = ?",
            (user_id, game_id, club_id()),
        )
        if seat is None:
            linked = await player_rows.linked_to(reader, user_id)
            raise ProtestError(texts.not_a_player(found.table, found.number, linked is not None))
        status = GameStatus(game["status"])
        if status is GameStatus.ANNULLED:
            raise ProtestError(texts.ANNULLED)
        if not self.window.is_open(status, protests_from, self.clock.now()):
            raise ProtestError(texts.too_late(found.table, found.number, self._when(deadline)))
        earlier = await rows.status_of_players(reader, game_id, int(seat["id"]))
        if earlier is not None:
            raise ProtestError(texts.already_filed(earlier))
        return found, int(seat["id"])

    async def file(self, user_id: int, game_id: int, text: str) -> Screen:
        """File a protest; the deciders get it with the game's protocol as announced. The
        receipt for the protester."""
        if not text.strip():
            raise ProtestError(texts.EMPTY, retry=True)
        if len(text) > MAX_TEXT:
            raise ProtestError(texts.too_long(len(text)), retry=True)
        protocol = await self.announcer.render_if_exists(game_id) or ""
        deciders = await self.deciders()  # before the transaction: the database has one lock
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            _, player_id = await self._seat(tx, user_id, game_id)
            protest_id = await rows.insert(tx, game_id, player_id, user_id, text, now)
            protest = await rows.get(tx, protest_id)
            assert protest is not None
            shown = screens.for_deciders(protest, protocol)
            markup = shown.markup.model_dump_json(exclude_none=True) if shown.markup else None
            for decider in deciders:
                await enqueue(tx, private(decider), Kind.TEXT, now, game_id=game_id,
                              body=shown.text, markup=markup)  # fmt: skip
            await enqueue(tx, CLUB, Kind.ANNOUNCE, now, game_id=game_id)
        return Screen(texts.receipt(protest.table, protest.number))

    async def file_in_group(
        self, chat_id: int, replied_to: int | None, user_id: int, text: str
    ) -> Screen:
        """``/protest текст`` as a reply to the game's announcement in the club chat."""
        game_id = None
        if replied_to is not None:
            game_id = await self.announcer.game_of_message(chat_id, replied_to)
        if game_id is None:
            return Screen(texts.GROUP_USAGE)
        try:
            return await self.file(user_id, game_id, text)
        except ProtestError as error:
            return Screen(error.message)

    # -- deciding ------------------------------------------------------------------------------

    async def _pending(self, reader: Reader, protest_id: int) -> Protest:
        protest = await rows.get(reader, protest_id)
        if protest is None:
            raise ProtestError(texts.NO_SUCH_PROTEST)
        if protest.status is not ProtestStatus.PENDING:
            raise ProtestError(texts.already_decided(protest.status))
        return protest

    async def can_decide(self, protest_id: int) -> Protest:
        return await self._pending(self.database, protest_id)

    async def shown_to_decider(self, protest_id: int) -> Screen:
        """A pending protest again (from /protests), with its decision buttons."""
        protest = await self.can_decide(protest_id)
        protocol = await self.announcer.render_if_exists(protest.game_id) or ""
        return screens.for_deciders(protest, protocol)

    async def reject(self, protest_id: int, actor_id: int, reason: str) -> Screen:
        return await self._decide(protest_id, actor_id, reason, ProtestStatus.REJECTED)

    async def replay(self, protest_id: int, actor_id: int, reason: str) -> Screen:
        return await self._decide(protest_id, actor_id, reason, ProtestStatus.REPLAY)

    async def _decide(
        self, protest_id: int, actor_id: int, reason: str, status: ProtestStatus
    ) -> Screen:
        reason = _reason(reason)
        now = self.clock.iso()
        protest = await self._pending(self.database, protest_id)
        points = await self.games.points(protest.game_id) if status is ProtestStatus.REPLAY else {}
        async with self.database.transaction() as tx:
            protest = await self._pending(tx, protest_id)
            if status is ProtestStatus.REPLAY:
                # The game no longer counts: all its pending protests are settled by the replay.
                await self._annul(tx, protest.game_id, actor_id, now, reason, points)
            else:
                await rows.decide(tx, protest_id, status, actor_id, now, reason)
                await tell_decision(tx, protest, status, reason, now)
            await finalize_if_settled(tx, protest.game_id, now, self._cutoff())
            await enqueue(tx, CLUB, Kind.ANNOUNCE, now, game_id=protest.game_id)
        return Screen(texts.decided_for_decider(protest.table, protest.number, status))

    async def annul(self, game_id: int, actor_id: int, reason: str) -> None:
        """§8.9 without a protest: a head judge orders a replay."""
        reason = _reason(reason)
        now = self.clock.iso()
        exists = await game_rows.status_of(self.database, game_id) is not None
        points = await self.games.points(game_id) if exists else {}
        async with self.database.transaction() as tx:
            status = await game_rows.status_of(tx, game_id)
            if status is None:
                raise ProtestError(texts.NO_SUCH_GAME)
            if status is GameStatus.ANNULLED:
                raise ProtestError(texts.ALREADY_ANNULLED)
            await self._annul(tx, game_id, actor_id, now, reason, points)
            await enqueue(tx, CLUB, Kind.REPLY, now, game_id=game_id,
                          body=texts.annulled_for_club(reason))  # fmt: skip
            await enqueue(tx, CLUB, Kind.ANNOUNCE, now, game_id=game_id)

    async def annul_by_words(self, args: str | None, actor_id: int) -> Screen:
        """``/replay СТОЛ ИГРА причина`` in the current tournament."""
        words = (args or "").split(maxsplit=2)
        if len(words) < 3:
            return Screen(texts.ANNUL_USAGE)
        try:
            table, number = table_and_game(f"{words[0]} {words[1]}")
        except InputError as error:
            return Screen(f"{error.message}\n\n{texts.ANNUL_USAGE}")
        row = await self.database.fetchone(
            "SELECT id FROM games WHERE tournament_id = (SELECT id FROM tournaments "
            "WHERE club_id = ? AND is_current = 1) AND table_number = ? AND game_number = ?",
            (club_id(), table, number),
        )
        try:
            if row is None:
                raise ProtestError(texts.NO_SUCH_TABLE_GAME)
            await self.annul(int(row[0]), actor_id, words[2])
        except ProtestError as error:
            return Screen(error.message)
        return Screen(texts.annulled_for_decider(table, number))

    async def _annul(
        self, tx: Transaction, game_id: int, actor_id: int, now: str, reason: str,
        points: dict[int, Fraction],
    ) -> None:  # fmt: skip
        """The game is annulled; its pending protests are decided as a replay; each linked
        player is told his points of it no longer count."""
        game = await tx.one("SELECT table_number, game_number FROM games WHERE id = ?", (game_id,))
        assert game is not None
        await queue_changed_points(tx, game_id, game[0], game[1], points, {}, now)
        last = await audit.last_after(tx, game_id)
        await game_rows.annul(tx, game_id, now)
        await self.games.events.results_changed(tx, game_id, now)
        await audit.append(tx, game_id, actor_id, now, AuditAction.ANNULLED, last, last or "{}",
                           reason=reason)  # fmt: skip
        for protest in await rows.pending_of_game(tx, game_id):
            await rows.decide(tx, protest.id, ProtestStatus.REPLAY, actor_id, now, reason)
            await tell_decision(tx, protest, ProtestStatus.REPLAY, reason, now)

    async def pending_screen(self) -> Screen:
        return screens.pending(await rows.pending(self.database))

    # -- the player's own results in private ---------------------------------------------------

    # -- windows -------------------------------------------------------------------------------

    async def finalize_due(self) -> list[int]:
        """Store «final» for every game whose window has closed with no pending protest, and
        queue the edit of its announcement. Run at start-up and by the scheduler: a window that
        closed while the bot was down is closed when it comes back."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            due = await game_rows.due_to_finalize(tx, self._cutoff())
            await game_rows.finalize(tx, due, now)
            for game_id in due:
                await enqueue(tx, CLUB, Kind.ANNOUNCE, now, game_id=game_id)
        return due

    async def next_deadline(self) -> datetime | None:
        """When the earliest provisional game awaiting no decision turns final (maybe already
        passed: ``finalize_due`` is due then); None when no game waits for its window."""
        opened = await game_rows.earliest_open(self.database)
        return self.window.deadline(datetime.fromisoformat(opened)) if opened else None

    def _cutoff(self) -> str:
        return self.window.cutoff(self.clock.now())

    def _when(self, moment: datetime) -> str:
        return date_time(moment, self.zone)


def _reason(text: str) -> str:
    reason = text.strip()
    if not reason:
        raise ProtestError(texts.REASON_EMPTY, retry=True)
    if len(reason) > MAX_TEXT:
        raise ProtestError(texts.too_long(len(reason)), retry=True)
    return reason
