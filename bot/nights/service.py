"""A club evening as the head judge runs it: open it, let the club sign up, count tables, seat
every round fairly, tell everyone where to sit (docs/bot.md, «Вечер»).

Every change is one transaction that also queues what people must see: the sign-up list and the
seating are kept posts of the club chat (``Kind.LIVE``: drawn when they go out, so a rush of taps
costs a few edits), each player's own evening is a private message. A restart loses nothing.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club import members as member_rows
from bot.club.games import Games
from bot.club.members import MemberDirectory
from bot.club.players import NicknameError, PlayerDirectory
from bot.club.tournaments import Tournament, Tournaments
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.core.parsing import InputError, user_reference
from bot.nights import pictures, results, seating
from bot.rating.nominations import nominee_lines
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, Person
from bot.telegram.keyboards import button, keyboard
from bot.telegram.screen import Picture, Screen
from bot.texts import nights as texts
from bot.texts import pictures as picture_texts
from bot.texts.markup import quote
from bot.texts.points import show
from bot.vocabulary.names import name_key
from bot.vocabulary.nights import NightStatus, SignupChoice, SignupRole
from bot.vocabulary.notices import Notice
from bot.vocabulary.protocol import player_key
from bot.vocabulary.refusal import Refusal
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import GameStatus
from scoring import Standing

DEFAULT_ROUNDS = 3
REMIND_AHEAD = timedelta(minutes=15)  # the first round's reminder, before the start
SEATS = seating.SEATS
_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})(?:\.(\d{2}|\d{4}))?$")
_TIME = re.compile(r"^(\d{1,2})[:.](\d{2})$")
_ROUND_WORDS = ("игр", "игры", "игра", "раунд", "раунда", "раундов", "games")
_TABLE_WORDS = ("стол", "стола", "столов", "столы", "tables")


class PictureOf(StrEnum):
    """Which picture a «🖼 Картинкой» button asks for (the value travels in it)."""

    SEATING = "s"
    RESULTS = "r"


@dataclass(frozen=True, slots=True)
class _Found:
    """Some games' results, as the posts and pictures show them."""

    tonight: results.Tonight
    names: dict[str, str]  # player key → nickname
    count: int  # the games counted
    provisional: bool  # one of them may still be protested


class NightError(Refusal):
    """The request cannot be done; the message is Russian and says what to do."""


@dataclass(frozen=True, slots=True)
class Opening:
    date: date
    starts_at: str
    rounds: int
    tables: int


def parse_opening(args: str | None, today: date) -> Opening:
    """``19:30``, ``05.12 19:30``, ``05.12 19:30 4 игры 2 стола`` (in any order)."""
    words = (args or "").replace(",", " ").split()
    day: date | None = None
    starts: str | None = None
    rounds, tables = DEFAULT_ROUNDS, 0
    pending: int | None = None  # a number waiting for its word («4 игры»)
    for word in words:
        low = word.lower()
        if (found := _DATE.match(low)) is not None and day is None:
            year = int(found.group(3)) if found.group(3) else today.year
            year += 2000 if year < 100 else 0
            try:
                day = date(year, int(found.group(2)), int(found.group(1)))
            except ValueError:
                raise NightError(texts.bad_date(word)) from None
            if not found.group(3) and day < today:  # «05.01» in December: next January
                day = day.replace(year=day.year + 1)
        elif (found := _TIME.match(low)) is not None and starts is None:
            hour, minute = int(found.group(1)), int(found.group(2))
            if hour > 23 or minute > 59:
                raise NightError(texts.bad_date(word))
            starts = f"{hour:02d}:{minute:02d}"
        elif low.isdigit() and pending is None:
            pending = int(low)
        elif low.startswith(_ROUND_WORDS) and pending is not None:
            rounds, pending = pending, None
        elif low.startswith(_TABLE_WORDS) and pending is not None:
            tables, pending = pending, None
        else:
            raise NightError(texts.USAGE)
    if starts is None or pending is not None:
        raise NightError(texts.USAGE)
    day = day or today
    if day < today:
        raise NightError(texts.past_date(day))
    if not 1 <= rounds <= 10 or not 0 <= tables <= 20:
        raise NightError(texts.USAGE)
    return Opening(day, starts, rounds, tables)


@dataclass(frozen=True, slots=True)
class Lists:
    """The sign-up as the lists show it."""

    players: list[Person]  # coming to play, in the order they signed up, within the seats
    waiting: list[Person]  # coming to play, beyond the seats
    judges: list[Person]

    @property
    def unnamed(self) -> list[Person]:
        return [p for p in self.players + self.waiting if p.player_id is None]


def lists_of(night: Night, people: list[Person]) -> Lists:
    playing = [p for p in people if p.coming and p.role is SignupRole.PLAYER]
    judges = [p for p in people if p.coming and p.role is SignupRole.JUDGE]
    cap = SEATS * night.tables if night.tables else len(playing)
    return Lists(playing[:cap], playing[cap:], judges)


class Nights:
    def __init__(
        self, database: Database, clock: Clock, zone: ZoneInfo, tournaments: Tournaments,
        players: PlayerDirectory, games: Games, members: MemberDirectory,
    ) -> None:  # fmt: skip
        self.games = games
        self.members = members
        self.database = database
        self.clock = clock
        self.zone = zone
        self.tournaments = tournaments
        self.players = players

    def today(self) -> date:
        return self.clock.now().astimezone(self.zone).date()

    # -- the head judge ------------------------------------------------------------------------

    async def open(self, member: Member, args: str | None, request_key: str) -> Screen:
        """``/night …``: a new evening, its sign-up posted; an existing one is shown."""
        if not member.is_head_judge:
            raise NightError(texts.ONLY_HEAD_JUDGE)
        if not (args or "").strip():
            night = await rows.latest_open(self.database)
            if night is None:
                raise NightError(texts.NO_NIGHT)
            return await self.screen(night.id)
        opening = parse_opening(args, self.today())
        current = await self.tournaments.current_tournament()
        if current is None:
            raise NightError(texts.NO_TOURNAMENT)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            again = await rows.by_request(tx, request_key)  # the same update once more
            existing = again or await rows.on_date(tx, opening.date.isoformat())
            if existing is None:
                night_id = await rows.create(
                    tx, tournament_id=current.id, date=opening.date.isoformat(),
                    starts_at=opening.starts_at, rounds=opening.rounds, tables=opening.tables,
                    seed=random.SystemRandom().randrange(10**9), opened_by=member.user_id,
                    request_key=request_key, now=now,
                )  # fmt: skip
                await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night_id), now)
        if existing is not None and again is None:
            shown = await self.screen(existing.id)
            intro = texts.exists(date.fromisoformat(existing.date), existing.starts_at)
            return Screen(f"{intro}\n\n{shown.text}", shown.markup)
        shown = await self.screen(existing.id if existing else night_id)
        return Screen(f"{texts.OPENED}\n\n{shown.text}", shown.markup)

    async def screen(self, night_id: int, edit: int | None = None) -> Screen:
        night, people = await self._read(night_id)
        lists = lists_of(night, people)
        played = len(await rows.played_rounds(self.database, night.id))
        text = texts.screen(
            date.fromisoformat(night.date), night.starts_at, await self._title(night),
            night.rounds, night.tables, texts.STATUS[night.status.value], len(lists.players),
            len(lists.waiting), [_judge(t, n) for t, n in await self.judge_names(night.id)],
            [p.name for p in lists.unnamed],
            played,
        )  # fmt: skip
        return Screen(text, self._screen_buttons(night), edit=edit)

    def _screen_buttons(self, night: Night) -> InlineKeyboardMarkup | None:
        if night.status is NightStatus.ENDED:
            return None

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
        if night.status is NightStatus.SEATED:
            rows_.append([tap(texts.END, NightAction.END)])
        return keyboard(rows_)

    async def act(self, member: Member, data: NightCB, message_id: int | None) -> Screen:
        """A button of the head judge's screen."""
        if not member.is_head_judge:
            return Screen(toast=texts.ONLY_HEAD_JUDGE, alert=True)
        night = await rows.get(self.database, data.n)
        if night is None or night.status is NightStatus.ENDED:
            return Screen(toast=texts.STALE, alert=True)
        now = self.clock.iso()
        toast = None
        async with self.database.transaction() as tx:
            night = await rows.get(tx, data.n) or night  # as it is now: two taps at once
            if night.status is NightStatus.ENDED:
                return Screen(toast=texts.STALE, alert=True)
            if data.a is NightAction.ADD_TABLE:
                tables = min(20, (night.tables or await self._fillable(tx, night)) + 1)
                await rows.set_tables(tx, night.id, tables)
                toast = texts.table_count(tables)
            elif data.a is NightAction.REMOVE_TABLE:
                tables = max(1, (night.tables or await self._fillable(tx, night)) - 1)
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
                    toast = await self._seat(tx, night, now)
            elif data.a is NightAction.END:
                if not await rows.played_rounds(tx, night.id):
                    raise NightError(texts.NOTHING_PLAYED)
                await self._end(tx, night.id, now)
                toast = texts.ENDED
            if data.a is not NightAction.REFRESH:
                await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night.id), now)
        shown = await self.screen(night.id, edit=message_id)
        return Screen(shown.text, shown.markup, edit=message_id, toast=toast, alert=False)

    @staticmethod
    async def _end(tx: Transaction, night_id: int, now: str) -> None:
        await rows.end(tx, night_id, now)
        await outbox.enqueue_live(tx, outbox.CLUB, _results_key(night_id), now)
        await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night_id), now)

    # -- timed: the first round's reminder, the evening's end ----------------------------------

    def _reminder_time(self, night: Night) -> datetime:
        starts = datetime.combine(
            date.fromisoformat(night.date), time.fromisoformat(night.starts_at), self.zone
        )
        return starts - REMIND_AHEAD

    async def next_reminder(self) -> datetime | None:
        """When the players of a seated evening's first round are next due to be reminded."""
        due = [self._reminder_time(night) for night in await rows.to_remind(self.database)]
        return min(due, default=None)

    async def remind_due(self) -> None:
        """Each player of a first round that starts soon hears where he sits (once per
        evening; a restart after the time sends what was due)."""
        now = self.clock.iso()
        for night in await rows.to_remind(self.database):
            if self.clock.now() < self._reminder_time(night):
                continue
            async with self.database.transaction() as tx:
                again = await rows.get(tx, night.id)
                if again is None or again.reminded_at is not None:
                    continue  # reminded meanwhile
                await rows.set_reminded(tx, night.id, now)
                await self._remind_first_round(tx, night, now)

    async def _remind_first_round(self, tx: Transaction, night: Night, now: str) -> None:
        stored = await rows.seats(tx, night.id)
        first: dict[int, tuple[int, int, int]] = {}  # player → his first (round, table, seat)
        for round_number, table, seat, player_id in sorted(stored):
            if table > 0 and player_id not in first:
                first[player_id] = (round_number, table, seat)
        people = [p for p in await rows.people(tx, night.id) if p.coming]
        users = {p.player_id: p.user_id for p in people if p.player_id and p.user_id}
        wanted = await member_rows.wanting(tx, users.values(), Notice.REMINDERS)
        for player_id, (round_number, table, seat) in first.items():
            user_id = users.get(player_id)
            if user_id in wanted:
                await outbox.enqueue(
                    tx, outbox.private(user_id), outbox.Kind.TEXT, now,
                    body=texts.starts_soon(night.starts_at, round_number, table, seat),
                )  # fmt: skip

    async def next_end(self) -> datetime | None:
        """Now, when an evening has every seated game saved and final; else nothing waits
        (a game turning final wakes the scheduler, and this is asked again)."""
        return self.clock.now() if await rows.all_final(self.database) else None

    async def end_finished(self) -> None:
        """Every evening whose games are all saved and final ends: its results are posted."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            for night in await rows.all_final(tx):
                await self._end(tx, night.id, now)

    async def _fillable(self, tx: Transaction, night: Night) -> int:
        people = await rows.people(tx, night.id)
        playing = [p for p in people if p.coming and p.role is SignupRole.PLAYER]
        return max(1, len(playing) // SEATS)

    async def _seat(self, tx: Transaction, night: Night, now: str) -> str:
        """Seat every round still to play (sign-up closes): rounds with a game saved stay as
        they are. The seating post and each player's evening follow."""
        people = await rows.people(tx, night.id)
        lists = lists_of(night, people)
        # Everyone coming plays: beyond the seats of one round, they sit out in turn.
        named = [p for p in lists.players + lists.waiting if p.player_id is not None]
        stored = await rows.seats(tx, night.id)
        played = {r for r, _ in await rows.played_rounds(tx, night.id)}
        kept = max(played, default=0)  # this round and those before it are never re-seated
        kept_rounds = _rounds_of(stored, kept)
        tables = night.tables or len(named) // SEATS  # a table added: the rounds to come have it
        if tables < 1 or len(named) < SEATS * tables:
            raise NightError(texts.not_enough(len(named), tables))
        if kept >= night.rounds:
            raise NightError(texts.ALL_PLAYED)
        evening = seating.Evening(
            players=[p.player_id for p in named if p.player_id is not None],
            tables=tables,
            rounds=night.rounds,
            seed=night.seed + kept,  # a re-seating after round k: its own, stored, seed
            played=kept_rounds,
            seat_history=await rows.seat_history(tx, night.tournament_id),
            barred=await self._judges_tables(tx, night),
        )
        rounds = seating.seat(evening)
        await rows.replace_seats(tx, night.id, kept + 1, [
            (number, table_number, seat, player)
            for number, done in enumerate(rounds, start=1) if number > kept
            for table_number, table in enumerate((done.out, *done.tables))
            for seat, player in enumerate(table, start=1)
        ])  # fmt: skip
        if night.tables != tables:
            await rows.set_tables(tx, night.id, tables)
        for table, judge in (await rows.judges_by_table(tx, night.id)).items():
            await rows.put_judge(tx, night.id, table, judge)  # kept: a judge leaving moves nobody
        await rows.set_seated(tx, night.id, seating.VERSION)
        await outbox.enqueue_live(tx, outbox.CLUB, _seating_key(night.id), now)
        day = date.fromisoformat(night.date)
        if night.reminded_at is None and self.clock.now() >= self._reminder_time(night):
            await rows.set_reminded(tx, night.id, now)  # this message is the reminder
        wanted = await member_rows.wanting(
            tx, (p.user_id for p in named if p.user_id is not None), Notice.EVENING
        )
        for person in named:
            if person.user_id not in wanted or person.player_id is None:
                continue  # a guest (nobody to write to), or he said no in /settings
            places = [done.place_of(person.player_id) for done in rounds]
            await outbox.enqueue(
                tx, outbox.private(person.user_id), outbox.Kind.TEXT, now,
                body=texts.your_evening(day, places, kept),
            )  # fmt: skip
        return texts.seated(night.rounds - kept, len(named), len(lists.unnamed))

    async def _judges_tables(self, tx: Transaction, night: Night) -> dict[int, frozenset[int]]:
        """A judge who also plays (his nickname is on the list) never sits at his own table."""
        barred: dict[int, frozenset[int]] = {}
        for table, user_id in (await rows.judges_by_table(tx, night.id)).items():
            linked = await player_rows.linked_to(tx, user_id)
            if linked is not None:
                barred[linked[0]] = frozenset({table})
        return barred

    async def judge_names(self, night_id: int) -> list[tuple[int, str]]:
        """(table, the judge's name) for every table that has a judge tonight."""
        people = {p.user_id: p.name for p in await rows.people(self.database, night_id)}
        named = []
        for table, user_id in (await rows.judges_by_table(self.database, night_id)).items():
            name = people.get(user_id)
            if name is None:
                row = await self.database.fetchone(
                    "SELECT coalesce(p.nickname, m.full_name) FROM members AS m "
                    "LEFT JOIN players AS p ON p.user_id = m.user_id WHERE m.user_id = ?",
                    (user_id,),
                )
                name = row[0] if row else str(user_id)
            named.append((table, name))
        return named

    async def put_judge(self, member: Member, args: str | None) -> str:
        """``/table 2 @user``: that judge judges table 2 tonight."""
        if not member.is_head_judge:
            raise NightError(texts.ONLY_HEAD_JUDGE)
        night = await rows.latest_open(self.database)
        if night is None:
            raise NightError(texts.NO_NIGHT)
        words = (args or "").split()
        if len(words) != 2 or not words[0].isdigit() or not 1 <= int(words[0]) <= 20:
            raise NightError(texts.TABLE_USAGE)
        try:
            reference = user_reference(words[1])
        except InputError as error:
            raise NightError(f"{error.message}\n\n{texts.TABLE_USAGE}") from None
        judge = await self.members.find(reference)
        if judge is None:
            raise NightError(texts.unknown_person(words[1]))
        if not Member(judge.user_id, judge.full_name, judge.rights).is_judge:
            raise NightError(texts.not_a_judge(judge.label))
        table = int(words[0])
        async with self.database.transaction() as tx:
            await rows.put_judge(tx, night.id, table, judge.user_id)
            now = self.clock.iso()
            await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night.id), now)
            if night.status is NightStatus.SEATED:
                await outbox.enqueue_live(tx, outbox.CLUB, _seating_key(night.id), now)
        return texts.judge_put(table, judge.label)

    async def add_guest(self, member: Member, nickname: str | None) -> str:
        """``/guest Ник``: a player (found or created) on tonight's list."""
        if not member.is_head_judge:
            raise NightError(texts.ONLY_HEAD_JUDGE)
        night = await rows.latest_open(self.database)
        if night is None:
            raise NightError(texts.NO_NIGHT)
        if not (nickname or "").strip():
            raise NightError(texts.GUEST_USAGE)
        try:
            player = await self.players.create_or_get(
                " ".join((nickname or "").split()), member.user_id
            )
        except NicknameError as error:
            raise NightError(str(error)) from None
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            added = await rows.add_guest(tx, night.id, player.id, player.nickname, now)
            if added:
                await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night.id), now)
        return texts.guest_added(player.nickname) if added else texts.guest_there(player.nickname)

    # -- the club ------------------------------------------------------------------------------

    async def tap(self, night_id: int, user_id: int, full_name: str, choice: str) -> str:
        """A sign-up button in the club chat: the toast that answers it."""
        try:
            wanted = SignupChoice(choice)
        except ValueError:
            return texts.STALE
        night = await rows.get(self.database, night_id)
        if night is None or night.status is NightStatus.ENDED:
            return texts.STALE
        if night.status is not NightStatus.SIGNUP:
            if wanted is SignupChoice.NOT_COMING:
                return await self._leave(night, user_id=user_id)
            return texts.SIGNUP_CLOSED
        linked = await player_rows.linked_to(self.database, user_id)
        player_id = linked[0] if linked else None
        role = SignupRole.JUDGE if wanted is SignupChoice.JUDGE else SignupRole.PLAYER
        coming = wanted is not SignupChoice.NOT_COMING
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            before = {p.user_id: p for p in await rows.people(tx, night_id)}.get(user_id)
            if (
                before is not None
                and before.coming == coming
                and (before.role is role or not coming)
            ):
                return texts.ALREADY if coming else texts.NOT_COMING_NOTED
            await rows.sign_up(tx, night_id, user_id, player_id, full_name, role, coming, now)
            await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night_id), now)
            if coming and player_id is None and before is None:
                await outbox.enqueue(
                    tx, outbox.private(user_id), outbox.Kind.TEXT, now,
                    body=texts.who_are_you(date.fromisoformat(night.date)),
                )  # fmt: skip
            people = await rows.people(tx, night_id)
        if not coming:
            return texts.NOT_COMING_NOTED
        if role is SignupRole.JUDGE:
            return texts.SIGNED_AS_JUDGE
        lists = lists_of(night, people)
        ordered = [p.user_id for p in lists.players + lists.waiting]
        place = ordered.index(user_id) + 1
        return texts.signed_up(place, place > len(lists.players))

    async def leave(self, member: Member, nickname: str | None) -> str:
        """``/leave Ник``: a player (a guest, say) is no longer on tonight's list."""
        if not member.is_head_judge:
            raise NightError(texts.ONLY_HEAD_JUDGE)
        night = await rows.latest_open(self.database)
        if night is None:
            raise NightError(texts.NO_NIGHT)
        wanted = " ".join((nickname or "").split())
        if not wanted:
            raise NightError(texts.LEAVE_USAGE)
        key = name_key(wanted)
        people = [p for p in await rows.people(self.database, night.id) if p.coming]
        found = next((p for p in people if name_key(p.name) == key), None)
        if found is None:
            raise NightError(texts.not_on_the_list(wanted))
        return await self._leave(night, person_id=found.id, by_head_judge=True)

    async def _leave(
        self, night: Night, *, user_id: int | None = None, person_id: int | None = None,
        by_head_judge: bool = False,
    ) -> str:  # fmt: skip
        """Somebody on the list goes after the sign-up closed: he is off the list (and off his
        table, if he judged); the head judge hears what to do about it. Seats already made stay
        until he re-seats: the games to come are his call."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            people = await rows.people(tx, night.id)
            person = next(
                (p for p in people if (p.user_id == user_id if person_id is None
                                       else p.id == person_id)),
                None,
            )  # fmt: skip
            if person is None or not person.coming:
                return texts.SIGNUP_CLOSED if person is None else texts.NOT_COMING_NOTED
            table = None
            if person.role is SignupRole.JUDGE and person.user_id is not None:
                table = await rows.judge_table(tx, night.id, person.user_id)
                await rows.leave_tables(tx, night.id, person.user_id)
            await rows.set_coming(tx, person.id, False)
            await outbox.enqueue_live(tx, outbox.CLUB, _signup_key(night.id), now)
            if night.status is NightStatus.SEATED:
                await outbox.enqueue_live(tx, outbox.CLUB, _seating_key(night.id), now)
            day = date.fromisoformat(night.date)
            note = (
                texts.judge_left(day, person.name, table)
                if person.role is SignupRole.JUDGE
                else texts.player_left(day, person.name, night.status is NightStatus.SEATED)
            )
            if not by_head_judge:
                await outbox.enqueue(
                    tx, outbox.private(night.opened_by), outbox.Kind.TEXT, now, body=note
                )
        return note if by_head_judge else texts.LEFT

    # -- the kept posts ------------------------------------------------------------------------

    async def draw(self, key: str) -> tuple[str, InlineKeyboardMarkup | None] | None:
        """A kept post of the club chat by its key: the sign-up list or the seating."""
        _, night_id, what = key.split(":")
        night = await rows.get(self.database, int(night_id))
        if night is None:
            return None
        if what == "signup":
            return await self._signup_post(night)
        if what == "results":
            return await self._results_post(night)
        return await self._seating_post(night)

    async def _signup_post(self, night: Night) -> tuple[str, InlineKeyboardMarkup | None]:
        people = await rows.people(self.database, night.id)
        lists = lists_of(night, people)
        open_ = night.status is NightStatus.SIGNUP
        text = texts.signup_post(
            date.fromisoformat(night.date), night.starts_at, await self._title(night),
            night.rounds, night.tables, [p.name for p in lists.players],
            [p.name for p in lists.waiting],
            [_judge(t, n) for t, n in await self.judge_names(night.id)], open_,
        )  # fmt: skip
        if night.status is NightStatus.ENDED:
            return text, None
        choices: tuple[tuple[str, SignupChoice], ...] = (
            (
                (texts.PLAY, SignupChoice.PLAY),
                (texts.JUDGE, SignupChoice.JUDGE),
                (texts.NOT_COMING, SignupChoice.NOT_COMING),
            )
            if open_
            else ((texts.LEAVING, SignupChoice.NOT_COMING),)
        )  # fmt: skip — once closed, the one thing left to say is that one goes
        markup = keyboard([[
            button(label, NightCB(n=night.id, a=NightAction.SIGN_UP, v=choice.value))
            for label, choice in choices
        ]])  # fmt: skip
        return text, markup

    async def _seating_post(self, night: Night) -> tuple[str, InlineKeyboardMarkup | None] | None:
        seats = await rows.seats(self.database, night.id)
        if not seats:
            return None
        names = await self._nicknames()
        played = await rows.played_rounds(self.database, night.id)
        by_round: dict[int, dict[int, list[str]]] = {}
        for number, table, _, player in seats:
            by_round.setdefault(number, {}).setdefault(table, []).append(names.get(player, "?"))
        rounds = [
            (
                [by_round[number][table] for table in sorted(by_round[number]) if table],
                by_round[number].get(0, []),
                {table for r, table in played if r == number},
            )
            for number in sorted(by_round)
        ]
        judges = await self.judge_names(night.id)
        text = texts.seating_post(
            date.fromisoformat(night.date), night.seed, night.seating_version or "", rounds,
            judges,
        )  # fmt: skip
        return text, self._picture_button(night, PictureOf.SEATING)

    async def _results_post(self, night: Night) -> tuple[str, InlineKeyboardMarkup | None] | None:
        if night.status is not NightStatus.ENDED:
            return None
        tournament = await self.tournaments.get(night.tournament_id)
        if tournament is None:
            return None
        found = await self._tonight(tournament, await self._game_ids(night))
        title = texts.results_title(date.fromisoformat(night.date))
        return self._worded(found, title), self._picture_button(night, PictureOf.RESULTS)

    @staticmethod
    def _picture_button(night: Night, what: PictureOf) -> InlineKeyboardMarkup:
        data = NightCB(n=night.id, a=NightAction.PICTURE, v=what.value)
        return keyboard([[button(texts.PICTURE, data)]])

    async def picture(self, night_id: int, what: str) -> Picture | None:
        """The seating or the results of an evening as a picture; None when there is none."""
        from bot.rating.pictures import render_async  # lazy: the drawing loads on first use

        night = await rows.get(self.database, night_id)
        tournament = await self.tournaments.get(night.tournament_id) if night else None
        if night is None or tournament is None or what not in set(PictureOf):
            return None
        day = date.fromisoformat(night.date)
        if what == PictureOf.SEATING:
            seats = await rows.seats(self.database, night.id)
            if not seats:
                return None
            names = await self._nicknames()
            rounds = max(r for r, _, _, _ in seats)
            cells: dict[int, list[str]] = {}
            for number, table, seat, player in sorted(seats):
                row = cells.setdefault(player, ["—"] * rounds)
                if table:
                    row[number - 1] = texts.picture_place(table, seat)
            places = sorted(
                ((names.get(player, "?"), row) for player, row in cells.items()),
                key=lambda item: name_key(item[0]),
            )
            drawing = pictures.seating_picture(
                texts.seating_picture_title(day),
                texts.seating_picture_subtitle(
                    tournament.title, night.seed, night.seating_version or ""
                ),
                rounds, places,
            )  # fmt: skip
            caption = texts.seating_picture_title(day)
        else:
            if night.status is not NightStatus.ENDED:
                return None
            found = await self._tonight(tournament, await self._game_ids(night))
            board = [
                (f"{place}{'*' if row.lot else ''}", found.names.get(row.name, "?"),
                 show(row.total), str(row.games), str(row.wins), show(row.additional),
                 show(row.ci))
                for place, row in enumerate(found.tonight.table, start=1)
            ]  # fmt: skip
            legend = [texts.PICTURE_PROVISIONAL] if found.provisional else []
            if any(row.lot for row in found.tonight.table):
                legend.append(picture_texts.LOT_LEGEND)
            drawing = pictures.results_picture(
                texts.results_picture_title(day),
                texts.results_picture_subtitle(tournament.title, found.count), board, legend,
            )  # fmt: skip
            caption = texts.results_picture_title(day)
        png = await render_async(drawing)
        return Picture(png, f"night-{night.id}-{what}.png", caption)

    async def _game_ids(self, night: Night) -> list[int]:
        return [game_id for _, _, game_id in await rows.night_games(self.database, night.id)]

    async def _nicknames(self) -> dict[int, str]:
        return {
            row[0]: row[1]
            for row in await self.database.fetchall("SELECT id, nickname FROM players")
        }

    async def period(self, words: str | None) -> str | None:
        """``/rating вечер`` (the last evening), ``/rating 01.12`` (a day), ``/rating
        01.11-30.11`` (days): the table of those games; None when the words name none."""
        text = " ".join((words or "").lower().split())
        if text in texts.EVENING_WORDS:
            night = await rows.latest(self.database)
            if night is None:
                return texts.NO_EVENING_YET
            tournament = await self.tournaments.get(night.tournament_id)
            assert tournament is not None
            ids = [game_id for _, _, game_id in await rows.night_games(self.database, night.id)]
            if not ids:
                return texts.evening_not_played(date.fromisoformat(night.date))
            title = texts.results_title(date.fromisoformat(night.date))
            return await self._table_of(tournament, ids, title)
        days = _days(text, self.today())
        if days is None:
            return None
        first, last = days
        tournament = await self.tournaments.current_tournament()
        if tournament is None:
            return texts.NO_TOURNAMENT
        start = datetime.combine(first, time(0), self.zone).astimezone(UTC)
        end = datetime.combine(last + timedelta(days=1), time(0), self.zone).astimezone(UTC)
        rows_ = await self.database.fetchall(
            "SELECT id, ended_at FROM games WHERE tournament_id = ? AND status != ? ORDER BY id",
            (tournament.id, GameStatus.ANNULLED.value),
        )
        ids = [row["id"] for row in rows_ if start <= datetime.fromisoformat(row["ended_at"]) < end]
        title = texts.period_title(first, last)
        if not ids:
            return texts.no_games_then(title)
        return await self._table_of(tournament, ids, title)

    async def _table_of(self, tournament: Tournament, game_ids: list[int], title: str) -> str:
        """The results of some games of a tournament, each scored as its stage stands."""
        return self._worded(await self._tonight(tournament, game_ids), title)

    async def _tonight(self, tournament: Tournament, game_ids: list[int]) -> _Found:
        now = self.clock.now()
        scored = []
        provisional = False
        for game_id in game_ids:
            stored, score = await self.games.scored(game_id)
            if score is None:
                continue  # annulled since
            scored.append((stored.table, stored.number, score))
            provisional |= stored.status_at(now, self.games.window) is GameStatus.PROVISIONAL
        names = {player_key(player): name for player, name in (await self._nicknames()).items()}
        found = results.tonight(scored, tournament.ruleset(), tournament.seed)
        return _Found(found, names, len(scored), provisional)

    @staticmethod
    def _worded(found: _Found, title: str) -> str:
        names = found.names

        def worded(row: Standing | None, with_games: bool = False) -> str | None:
            if row is None:
                return None
            games = f" за {texts.games_word(row.games)}" if with_games else ""
            return f"{quote(names.get(row.name, '?'))} — {show(row.total)}{games}"

        tonight = found.tonight
        return texts.results_post(
            title, found.count,
            [(names.get(r.name, "?"), show(r.total), r.games, r.wins) for r in tonight.table],
            worded(tonight.best, with_games=True),
            nominee_lines(tonight.nominations, lambda key: names.get(key, "?")),
            [f"{quote(names.get(name, '?'))} (стол {table}, игра {number})"
             for name, table, number in tonight.best_moves],
            found.provisional, results.BEST_MIN_GAMES,
        )  # fmt: skip

    # -- reading -------------------------------------------------------------------------------

    async def _read(self, night_id: int) -> tuple[Night, list[Person]]:
        night = await rows.get(self.database, night_id)
        if night is None:
            raise NightError(texts.STALE)
        return night, await rows.people(self.database, night_id)

    async def _title(self, night: Night) -> str:
        tournament = await self.tournaments.get(night.tournament_id)
        return tournament.title if tournament else ""


def _rounds_of(stored: list[tuple[int, int, int, int]], upto: int) -> list[seating.Round]:
    """The stored seating of rounds 1…``upto`` as the seating function takes them."""
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table, _, player in stored:  # ordered by round, table, seat
        if number <= upto:
            tables.setdefault(number, {}).setdefault(table, []).append(player)
    return [  # table 0 is who sat the round out: not a table
        seating.Round(
            tuple(tuple(tables[n][t]) for t in sorted(tables[n]) if t),
            tuple(tables[n].get(0, ())),
        )
        for n in sorted(tables)
    ]


_DAY = r"(\d{1,2})\.(\d{1,2})(?:\.(\d{2}|\d{4}))?"
_PERIOD = re.compile(rf"^{_DAY}(?:\s*[-–—]\s*{_DAY})?$")


def _days(text: str, today: date) -> tuple[date, date] | None:
    """``01.12`` or ``01.11-30.11`` (years optional: the latest such day not after today)."""
    found = _PERIOD.match(text)
    if found is None:
        return None
    groups = found.groups()

    def day_of(d: str, m: str, y: str | None) -> date | None:
        year = (int(y) + (2000 if len(y) == 2 else 0)) if y else today.year
        try:
            value = date(year, int(m), int(d))
        except ValueError:
            return None
        return value.replace(year=value.year - 1) if not y and value > today else value

    first = day_of(*groups[:3])
    last = day_of(*groups[3:]) if groups[3] else first
    if first is None or last is None or last < first:
        return None
    return first, last


def _judge(table: int, name: str) -> str:
    return texts.judge_at(table, name)


def _results_key(night_id: int) -> str:
    return f"night:{night_id}:results"


def _signup_key(night_id: int) -> str:
    return f"night:{night_id}:signup"


def _seating_key(night_id: int) -> str:
    return f"night:{night_id}:seating"
