"""The head judge's screen of an evening, in private: ``/night …`` opens the evening (or shows
it), and its buttons add and remove tables, close and reopen the sign-up, seat and end it. The
router lets only head judges here (handlers/nights.py)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from datetime import date, datetime, tzinfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournament, Tournaments
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.core.outbox import PostKey
from bot.nights import changes
from bot.nights.lists import Evenings, NightError, lists_of, redraw
from bot.nights.opening import parse_opening
from bot.nights.seat import fillable, seat
from bot.nights.timed import end
from bot.tables import drafts as draft_rows
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.telegram.keyboards import button, keyboard
from bot.telegram.screen import Screen
from bot.texts import nights as texts
from bot.vocabulary.nights import NightStatus, SignupRole
from bot.vocabulary.rights import Member

Top = Callable[[Tournament, int], Awaitable[list[int]]]  # the players of a table's first places
Early = Callable[[str], Awaitable[object]]  # a word to the head judge before a long job


class EveningDesk:
    def __init__(
        self, database: Database, clock: Clock, zone: tzinfo, evenings: Evenings,
        tournaments: Tournaments, players: PlayerDirectory, top: Top,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.zone = zone
        self.evenings = evenings
        self.tournaments = tournaments
        self.players = players
        self.top = top

    def today(self) -> date:
        return self.clock.now().astimezone(self.zone).date()

    async def open(
        self, head_judge: Member, args: str | None, request_key: str
    ) -> tuple[int, Screen]:
        """``/night …``: a new evening, its sign-up posted; an existing one is shown. The
        evening's id comes with its screen (``shown`` keeps the message that shows it)."""
        if not (args or "").strip():
            night = await self.evenings.open_one(ended_today=self.today())
            if night.status is NightStatus.ENDED:  # today's, to bring back
                return night.id, await self._ended_today(night)
            return night.id, await self.screen(night.id)
        opening = parse_opening(args, self.today())
        current = await self.tournaments.current_tournament()
        if current is None:
            raise NightError(texts.NO_TOURNAMENT)
        if current.closed:
            raise NightError(texts.tournament_closed(current.title))
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            again = await rows.by_request(tx, request_key)  # the same update once more
            final = opening.final_top is not None
            existing = again or await rows.on_date(tx, opening.date.isoformat(), final)
            its_day = await rows.on_date(tx, opening.date.isoformat()) if final else None
            if existing is None and its_day is not None and its_day.status is not NightStatus.ENDED:
                raise NightError(texts.day_goes_on(opening.date, its_day.tournament_day))
            if existing is None:
                night_id = await rows.create(
                    tx, tournament_id=current.id, date=opening.date.isoformat(),
                    starts_at=opening.starts_at, rounds=opening.rounds, tables=opening.tables,
                    seed=random.SystemRandom().randrange(10**9), opened_by=head_judge.user_id,
                    request_key=request_key, now=now, final_top=opening.final_top,
                    final_seats=opening.final_seats, tournament_day=opening.tournament_day,
                    last_rounds=opening.last_rounds, last_tables=opening.last_tables,
                )  # fmt: skip
                await redraw(tx, night_id, now, NightPost.SIGNUP)
        if existing is not None and again is None:
            if existing.status is NightStatus.ENDED:
                if date.fromisoformat(existing.date) != self.today():
                    raise NightError(texts.ended_on(date.fromisoformat(existing.date)))
                return existing.id, await self._ended_today(existing)
            intro = texts.exists(date.fromisoformat(existing.date), existing.starts_at)
            return existing.id, _headed(intro, await self.screen(existing.id))
        night_id = existing.id if existing else night_id
        opened = (
            texts.FINAL_OPENED if opening.final_top
            else texts.DAY_OPENED if opening.tournament_day else texts.OPENED
        )  # fmt: skip
        return night_id, _headed(opened, await self.screen(night_id))

    async def _finalists(self, tx: Transaction, night: Night, now: str) -> list[int]:
        """A final's players: the tournament's first places as its table stands now, on the
        list in their order (the rounds played keep who played them)."""
        tournament = await self.tournaments.get(night.tournament_id)
        assert tournament is not None and night.final_top is not None
        top = await self.top(tournament, night.final_top)
        if len(top) < 10:
            raise NightError(texts.final_too_few(len(top)))
        names = await self.players.nicknames()
        finalists = [(p, await player_rows.user_of(tx, p), names.get(p, "?")) for p in top]
        await rows.set_finalists(tx, night.id, finalists, now)
        return top

    async def draw(self, key: PostKey) -> tuple[str, InlineKeyboardMarkup | None] | None:
        """The screen as the outbox redraws it where it was shown (the evening's end, say)."""
        if await rows.get(self.database, key.id) is None:
            return None
        shown = await self.screen(key.id)
        return (shown.text or "", shown.markup)

    async def shown(self, night_id: int, chat_id: int, message_id: int) -> None:
        """The message that shows the screen in a head judge's chat: the one redrawn later."""
        async with self.database.transaction() as tx:
            await outbox.kept_sent(tx, rows.desk_key(night_id), chat_id, message_id)

    async def screen(self, night_id: int, edit: int | None = None) -> Screen:
        night, people = await self.evenings.read(night_id)
        lists = lists_of(night, people)
        played = await rows.played_rounds(self.database, night.id)
        left = [p.name for p in people if not p.coming and p.role is SignupRole.PLAYER]
        text = texts.screen(
            date.fromisoformat(night.date), night.starts_at, await self.evenings.title(night),
            night.rounds, night.tables, texts.STATUS[night.status.value], len(lists.players),
            len(lists.waiting), await self.evenings.judges_listed(night.id),
            [p.name for p in lists.unnamed], len(played), left,
            await self._rooms(night, played) if night.status is NightStatus.SEATED else (),
            texts.final_line(night.final_top, night.by_choice) if night.final_top else None,
            texts.day_plan(night.tournament_day, night.last_rounds, night.last_tables),
            sum(night.table_counts(night.tables)) if night.tables else None, night.tournament_day,
        )  # fmt: skip
        return Screen(text, _buttons(night, lists.unnamed, self.today()), edit=edit)

    async def _rooms(self, night: Night, played: set[tuple[int, int]]) -> list[str]:
        """Each table now: the rounds played in one line, the round being played table by table
        (saved, in play with its judge and since when, waiting), the rounds ahead in one."""
        seats = await rows.seats(self.database, night.id)
        tables_in = {
            r: sorted({t for n, t, _, _ in seats if n == r and t})
            for r in range(1, night.rounds + 1)
        }  # fmt: skip — fewer in the last ones
        in_play = {
            (r, t): (judge, since)
            for r, t, judge, since in await draft_rows.tables_in_play(self.database, night.id)
        }
        people = {p.user_id: p.name for p in await rows.people(self.database, night.id)}
        done = [
            r for r in range(1, night.rounds + 1) if all((r, t) in played for t in tables_in[r])
        ]
        busy = {r for r, _ in played | set(in_play)} - set(done)
        open_rounds = [r for r in range(1, night.rounds + 1) if r not in done]
        shown = sorted(busy) or open_rounds[:1]  # the rounds under way, or the next one
        lines = [texts.rounds_played(done)] if done else []
        for number in shown:
            states = []
            for table in tables_in[number]:
                if (number, table) in played:
                    states.append(texts.table_saved(table))
                elif (number, table) in in_play:
                    judge, since = in_play[(number, table)]
                    name = people.get(judge) or await self.evenings.members.full_name(judge)
                    states.append(texts.table_playing(table, name or str(judge), self._hhmm(since)))
                else:
                    states.append(texts.table_waiting(table))
            lines.append(texts.round_now(number, states))
        ahead = max(shown, default=night.rounds) + 1
        if ahead <= night.rounds:
            lines.append(texts.rounds_ahead(ahead, night.rounds))
        return lines

    def _hhmm(self, iso: str) -> str:
        return datetime.fromisoformat(iso).astimezone(self.zone).strftime("%H:%M")

    async def _ended_today(self, night: Night) -> Screen:
        """An evening of today that ended: its screen, with «↩ Вернуть вечер», said so."""
        intro = texts.ended_today(date.fromisoformat(night.date))
        return _headed(intro, await self.screen(night.id))

    async def _games_left(self, night: Night) -> int:
        """The seated games of the evening not saved yet."""
        seats = await rows.seats(self.database, night.id)
        seated = {(s.round, s.table) for s in seats if s.table}
        return len(seated - await rows.played_rounds(self.database, night.id))

    async def _unend(self, night: Night, message_id: int | None) -> Screen:
        """«↩ Вернуть вечер»: an ended evening goes on the same day, its seating and saved
        games as they were; its results are posted anew when it ends again."""
        if night.status is not NightStatus.ENDED:
            return Screen(toast=texts.NOT_ENDED, alert=True)
        if date.fromisoformat(night.date) != self.today():
            return Screen(toast=texts.unend_too_late(date.fromisoformat(night.date)), alert=True)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            if await rows.open_on_date(tx, night.date, night.id):
                return Screen(toast=texts.ANOTHER_OPEN, alert=True)
            await rows.unend(tx, night.id)
            await redraw(tx, night.id, now, NightPost.SIGNUP, NightPost.SEATING)
        shown = await self.screen(night.id, edit=message_id)
        return Screen(shown.text, shown.markup, edit=message_id, toast=texts.UNENDED, alert=False)

    async def change(self, data: NightCB) -> Screen:
        """The evening changes without a reshuffle (``changes``): its answer, as a message."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            night = await rows.get(tx, data.n)
            if night is None:
                raise NightError(texts.STALE)
            return Screen(await _change(tx, night, data, now))

    async def act(
        self, data: NightCB, message_id: int | None, early: Early | None = None
    ) -> Screen:
        """A button of the head judge's screen. ``early``: says a word at once, before a long
        job (a tournament day is seated for seconds); its result then heads the screen."""
        night = await rows.get(self.database, data.n)
        if data.a is NightAction.UNEND and night is not None:
            return await self._unend(night, message_id)
        if night is None or night.status is NightStatus.ENDED:
            return Screen(toast=texts.STALE, alert=True)
        if data.a is NightAction.END and not await rows.played_rounds(self.database, night.id):
            raise NightError(texts.NOTHING_PLAYED)  # said before any question
        if data.a is NightAction.END and data.v != "1":
            left = await self._games_left(night)
            if left:  # games still to play: asked first, nothing ends by one tap
                return _end_question(night, left, message_id)
        now = self.clock.iso()
        toast = result = None
        again = night.status is NightStatus.SEATED and data.v != "1"  # a second tap: nothing
        slow = early is not None and data.a is NightAction.SEAT and night.tournament_day
        if early is not None and slow and not again:  # said before the transaction, not in it
            await early(texts.SEATING_NOW)
        async with self.database.transaction() as tx:
            night = await rows.get(tx, data.n) or night  # as it is now: two taps at once
            if night.status is NightStatus.ENDED:
                return Screen(toast=texts.STALE, alert=True)
            if data.a in (NightAction.ADD_TABLE, NightAction.REMOVE_TABLE):
                step = 1 if data.a is NightAction.ADD_TABLE else -1
                tables = min(20, max(1, (night.tables or await fillable(tx, night)) + step))
                await rows.set_tables(tx, night.id, tables)
                toast = texts.table_count(tables)
            elif data.a is NightAction.CLOSE and night.status is NightStatus.SIGNUP:
                await rows.set_status(tx, night.id, NightStatus.CLOSED)
            elif data.a is NightAction.REOPEN and night.status is not NightStatus.SIGNUP:
                await rows.set_status(tx, night.id, NightStatus.SIGNUP)
            elif data.a is NightAction.SEAT:
                if night.status is NightStatus.SEATED and data.v != "1":
                    toast = texts.ALREADY_SEATED  # a second tap, or another head judge's
                else:
                    places = await self._finalists(tx, night, now) if night.final_top else []
                    toast = await seat(tx, night, self.clock, self.zone, places)
                    if slow:
                        result, toast = toast, None  # the toast went: said on the screen
            elif data.a is NightAction.END:
                if not await rows.played_rounds(tx, night.id):
                    raise NightError(texts.NOTHING_PLAYED)
                await end(tx, night.id, now)
                toast = texts.ENDED
            if data.a is not NightAction.REFRESH:
                await redraw(tx, night.id, now, NightPost.SIGNUP)
        shown = await self.screen(night.id, edit=message_id)
        text = f"✅ {result}\n\n{shown.text}" if result else shown.text
        return Screen(text, shown.markup, edit=message_id, toast=toast, alert=False)


async def _change(tx: Transaction, night: Night, data: NightCB, now: str) -> str:
    """«🎲 Играет» or «🪑 В запас» under /guest, «🔁 Заменить отдыхающими» under a leaver's
    note."""
    if night.status is not NightStatus.SEATED or not data.v.isdigit():
        raise NightError(texts.STALE)
    if data.a is NightAction.FIT_IN:
        return await changes.fit_in(tx, night, int(data.v), now)
    if data.a is NightAction.PLAY_IN:
        return await changes.play_in(tx, night, int(data.v), now)
    return await changes.replace(tx, night, int(data.v), now)


def _headed(intro: str, shown: Screen) -> Screen:
    return Screen(f"{intro}\n\n{shown.text}", shown.markup)


def _end_question(night: Night, left: int, message_id: int | None) -> Screen:
    """«🏁 Закончить» with games still to play: how many, and two buttons."""
    sure = button(texts.END_ANYWAY, NightCB(n=night.id, a=NightAction.END, v="1"))
    back = button(texts.END_NOT_YET, NightCB(n=night.id, a=NightAction.REFRESH))
    return Screen(
        texts.end_question(date.fromisoformat(night.date), left, night.tournament_day),
        keyboard([[sure], [back]]), edit=message_id, alert=False,
    )  # fmt: skip


def _buttons(night: Night, unnamed: list[Person], today: date) -> InlineKeyboardMarkup | None:
    if night.status is NightStatus.ENDED:
        if date.fromisoformat(night.date) != today:
            return None
        unend = NightCB(n=night.id, a=NightAction.UNEND)
        return keyboard([[button(texts.unend_label(night.tournament_day), unend)]])

    def tap(label: str, action: NightAction, value: str = "") -> InlineKeyboardButton:
        return button(label, NightCB(n=night.id, a=action, v=value))

    again = night.status is NightStatus.SEATED
    toggle = (
        tap(texts.CLOSE, NightAction.CLOSE)
        if night.status is NightStatus.SIGNUP
        else tap(texts.REOPEN, NightAction.REOPEN)
    )
    rows_ = [
        [tap(texts.RESEAT if again else texts.SEAT, NightAction.SEAT, "1" if again else "")],
        [tap(texts.ADD_TABLE, NightAction.ADD_TABLE),
         tap(texts.REMOVE_TABLE, NightAction.REMOVE_TABLE)],
        [toggle, tap(texts.REFRESH, NightAction.REFRESH)],
    ]  # fmt: skip
    rows_ += [[tap(texts.name_button(p.name), NightAction.NAME, str(p.id))] for p in unnamed[:5]]
    if night.status is NightStatus.SEATED:
        rows_.append([tap(texts.end_label(night.tournament_day), NightAction.END)])
    return keyboard(rows_)
