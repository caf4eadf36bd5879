"""Who comes tonight: the club's sign-up taps, the head judge's guests and judges' tables, and
who leaves. Each change redraws the kept posts it touches in the same transaction."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club.members import MemberDirectory
from bot.club.players import (
    NicknameError,
    Player,
    PlayerDirectory,
    SimilarPlayerError,
    check_new_nickname,
    clean_nickname,
    lookalike_key,
)
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.parsing import InputError, user_reference
from bot.nights import changes
from bot.nights.lists import Evenings, NightError, lists_of, redraw
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import nights as texts
from bot.vocabulary.names import name_key
from bot.vocabulary.nights import NightStatus, SignupChoice, SignupRole
from bot.vocabulary.rights import Member

MAX_LISTED = 100  # players a /guest list adds at once


class Roster:
    def __init__(
        self, database: Database, clock: Clock, evenings: Evenings, players: PlayerDirectory,
        members: MemberDirectory,
    ) -> None:  # fmt: skip
        self.database = database
        self.clock = clock
        self.evenings = evenings
        self.players = players
        self.members = members

    # -- the head judge ------------------------------------------------------------------------

    async def put_judge(self, args: str | None) -> str:
        """``/table 2 @user``: that judge judges table 2 tonight."""
        night = await self.evenings.open_one()
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
            await redraw(tx, night.id, now, NightPost.SIGNUP)
            if night.status is NightStatus.SEATED:
                await redraw(tx, night.id, now, NightPost.SEATING)
        return texts.judge_put(table, judge.label)

    async def add_guest(
        self, head_judge_id: int, nickname: str | None
    ) -> tuple[Screen, str | None]:
        """``/guest Ник``: a club player on tonight's list. A nickname the club has not seen but
        close to players' («Совв» → «Сова») asks first; it is returned, to be kept until the head
        judge taps (``guest_chosen``). A new player only when none is close."""
        night = await self.evenings.open_one()
        lines = [" ".join(line.split()) for line in (nickname or "").splitlines()]
        listed = [line for line in lines if line]
        if len(listed) > 1:  # a tournament day's list, a nickname a line
            return await self._add_list(night, listed, head_judge_id), None
        cleaned = listed[0] if listed else ""
        if not cleaned:
            raise NightError(texts.GUEST_USAGE)
        found = await self.players.by_nickname(cleaned)  # case, е/ё, a Latin «C» aside
        if found is not None:
            return await self._add(night, found, new=False), None
        try:
            new = clean_nickname(cleaned)
            check_new_nickname(new)
        except NicknameError as error:
            raise NightError(str(error)) from None
        close = await self.players.close_to(new)
        if close:
            return _close_players(night, new, close), new
        return await self._add_new(night, new, head_judge_id), None

    async def _add_list(self, night: Night, listed: list[str], head_judge_id: int) -> Screen:
        """Many players at once (``/guest`` with a nickname a line): the club's and new ones whose
        nickname is like nobody's go on the list; one close to a club player's, or one no
        nickname can be, is named back to be added alone, where the head judge chooses."""
        if len(listed) > MAX_LISTED:
            raise NightError(texts.guest_list_too_long(len(listed), MAX_LISTED))
        added, new, there, close, refused = [], 0, [], [], []
        for name in dict.fromkeys(listed):
            player = await self.players.by_nickname(name)
            if player is None:
                try:
                    checked = clean_nickname(name)
                    check_new_nickname(checked)
                except NicknameError as error:
                    refused.append((name, str(error)))
                    continue
                if await self.players.close_to(checked):
                    close.append(checked)
                    continue
                try:
                    player = await self.players.create(checked, head_judge_id)
                    new += 1
                except SimilarPlayerError as error:
                    player = error.existing
                except NicknameError as error:
                    refused.append((name, str(error)))
                    continue
            now = self.clock.iso()
            async with self.database.transaction() as tx:
                if await rows.add_guest(tx, night.id, player.id, player.nickname, now):
                    await redraw(tx, night.id, now, NightPost.SIGNUP)
                    added.append(player.nickname)
                else:
                    there.append(player.nickname)
        return Screen(texts.guests_added(
            len(added), new, there, close, refused, night.status is NightStatus.SEATED
        ))  # fmt: skip

    async def guest_chosen(self, head_judge_id: int, data: NightCB, waiting: str | None) -> Screen:
        """The head judge's choice under ``/guest``: a close player, or the new one he typed;
        «👤 Гость» after «is it one who signed up without a nickname?»."""
        night = await self._night_of(data)
        if data.v == _NEW:
            if not waiting:
                raise NightError(texts.GUEST_CHOICE_GONE)
            return await self._add_new(night, waiting, head_judge_id)
        number, _, as_guest = data.v.partition("+")
        player = await self.players.get(int(number)) if number.isdigit() else None
        if player is None:
            raise NightError(texts.GUEST_CHOICE_GONE)
        return await self._add(night, player, new=False, ask=not as_guest)

    async def _add_new(
        self, night: Night, nickname: str, head_judge_id: int, person_id: int | None = None
    ) -> Screen:
        try:
            player = await self.players.create(nickname, head_judge_id)
        except SimilarPlayerError as error:  # made meanwhile, by a game or another tap
            player, new = error.existing, False
        except NicknameError as error:
            raise NightError(str(error)) from None
        else:
            new = True
        if person_id is not None:
            return await self._name(night, person_id, player, new=new)
        return await self._add(night, player, new=new)

    async def _add(self, night: Night, player: Player, *, new: bool, ask: bool = True) -> Screen:
        """On the list; at a seated evening, the head judge may fit him into the rounds to come
        without moving anybody else (``changes.fit_in``). While somebody on the list has no
        nickname, the head judge is asked first whether this is him (one person, listed once)."""
        people = [p for p in await rows.people(self.database, night.id) if p.coming]
        unnamed = [p for p in people if p.player_id is None and p.role is SignupRole.PLAYER]
        if ask and unnamed and all(p.player_id != player.id for p in people):
            return _one_of_them(night, player, new, unnamed)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            added = await rows.add_guest(tx, night.id, player.id, player.nickname, now)
            if added:
                await redraw(tx, night.id, now, NightPost.SIGNUP)
        if not added:
            return Screen(texts.guest_there(player.nickname))
        text = texts.guest_added(player.nickname, new)
        if night.status is not NightStatus.SEATED:
            return Screen(text)
        return Screen(f"{text} {texts.LATE_CHOICE}", _late_choice(night, player.id))

    # -- one signed up without a nickname ------------------------------------------------------

    async def naming(self, data: NightCB) -> tuple[Screen, int]:
        """«🔗 Ник для …» on the head judge's screen: he is asked for the nickname; the row
        whose nickname it is comes back, to be kept until he sends it."""
        night = await self._night_of(data)
        person = await self._unnamed_person(night, data.v)
        return Screen(texts.send_nickname_for(person.name)), person.id

    async def name_typed(
        self, head_judge_id: int, person_id: int, nickname: str
    ) -> tuple[Screen, str | None]:
        """The nickname he sent for one signed up without it: found, or asked about like
        ``/guest`` («Совв» → «Сова»?); the typed nickname comes back while the choice waits."""
        night = await self.evenings.open_one()
        person = await self._unnamed_person(night, str(person_id))
        cleaned = " ".join(nickname.split())
        found = await self.players.by_nickname(cleaned)
        if found is not None:
            return await self._name(night, person.id, found, new=False), None
        try:
            new = clean_nickname(cleaned)
            check_new_nickname(new)
        except NicknameError as error:
            raise NightError(str(error)) from None
        close = await self.players.close_to(new)
        if close:
            return _close_players(night, new, close, person.id), new
        return await self._add_new(night, new, head_judge_id, person.id), None

    async def link_chosen(self, head_judge_id: int, data: NightCB, waiting: str | None) -> Screen:
        """«🔗 Это …»: the player (or the new one typed) is the one who signed up unnamed."""
        night = await self._night_of(data)
        person, _, chosen = data.v.partition(".")
        if not person.isdigit():
            raise NightError(texts.GUEST_CHOICE_GONE)
        if chosen == _NEW:
            if not waiting:
                raise NightError(texts.GUEST_CHOICE_GONE)
            return await self._add_new(night, waiting, head_judge_id, int(person))
        player = await self.players.get(int(chosen)) if chosen.isdigit() else None
        if player is None:
            raise NightError(texts.GUEST_CHOICE_GONE)
        return await self._name(night, int(person), player, new=False)

    async def _name(self, night: Night, person_id: int, player: Player, *, new: bool) -> Screen:
        """He plays tonight as ``player``: listed once, told so, seated if the evening is."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            people = await rows.people(tx, night.id)
            person = next((p for p in people if p.id == person_id), None)
            if person is None or person.player_id is not None or not person.coming:
                raise NightError(texts.GUEST_CHOICE_GONE)
            other = next(
                (p for p in people if p.player_id == player.id and p.user_id is not None), None
            )
            if other is not None:
                raise NightError(texts.nickname_on_the_list(player.nickname, other.name))
            owner = await player_rows.user_of(tx, player.id)
            if owner is not None and owner != person.user_id:
                raise NightError(texts.nickname_of_another(player.nickname))
            await rows.name_person(tx, person.id, player.id)
            await redraw(tx, night.id, now, NightPost.SIGNUP)
            if person.user_id is not None:
                await outbox.enqueue(
                    tx, outbox.private(person.user_id), outbox.Kind.TEXT, now,
                    body=texts.named_tonight(date.fromisoformat(night.date), player.nickname),
                )  # fmt: skip
            seated = {s.player for s in await rows.seats(tx, night.id)}
        text = texts.person_named(person.name, player.nickname, new)
        if night.status is not NightStatus.SEATED or player.id in seated:
            return Screen(text)
        return Screen(f"{text} {texts.LATE_CHOICE}", _late_choice(night, player.id))

    async def _unnamed_person(self, night: Night, value: str) -> Person:
        people = await rows.people(self.database, night.id)
        person = next((p for p in people if value.isdigit() and p.id == int(value)), None)
        if person is None or person.player_id is not None or not person.coming:
            raise NightError(texts.NAMED_ALREADY)
        return person

    async def _night_of(self, data: NightCB) -> Night:
        night = await self.evenings.open_one()
        if night.id != data.n:
            raise NightError(texts.GUEST_CHOICE_GONE)
        return night

    async def leave(self, nickname: str | None) -> Screen:
        """``/leave Ник``: a player (a guest, say) is no longer on tonight's list."""
        night = await self.evenings.open_one()
        wanted = " ".join((nickname or "").split())
        if not wanted:
            raise NightError(texts.LEAVE_USAGE)
        people = [p for p in await rows.people(self.database, night.id) if p.coming]
        found = next((p for p in people if name_key(p.name) == name_key(wanted)), None)
        if found is None:  # «Cова» with a Latin C is «Сова», as for /guest
            alike = [p for p in people if lookalike_key(p.name) == lookalike_key(wanted)]
            found = alike[0] if len(alike) == 1 else None
        if found is None:
            raise NightError(texts.not_on_the_list(wanted))
        note, markup = await self._leave(night, person_id=found.id, by_head_judge=True)
        return Screen(note, markup)

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
        if night.final_top is not None and wanted is not SignupChoice.JUDGE:
            return texts.FINAL_PLAY  # the tournament's table decides who plays a final
        if night.status is not NightStatus.SIGNUP:
            if wanted is SignupChoice.NOT_COMING:
                return (await self._leave(night, user_id=user_id))[0]
            if wanted is SignupChoice.ARRIVED:
                return await self._arrived(night, user_id, full_name)
            return texts.SIGNUP_CLOSED
        linked = await player_rows.linked_to(self.database, user_id)
        player_id = linked[0] if linked else None
        role = SignupRole.JUDGE if wanted is SignupChoice.JUDGE else SignupRole.PLAYER
        coming = wanted is not SignupChoice.NOT_COMING
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            people = await rows.people(tx, night_id)
            before = next((p for p in people if p.user_id == user_id), None)
            if (
                before is not None
                and before.coming == coming
                and (before.role is role or not coming)
            ):
                return texts.ALREADY if coming else texts.NOT_COMING_NOTED
            await rows.sign_up(tx, night_id, user_id, player_id, full_name, role, coming, now)
            await redraw(tx, night_id, now, NightPost.SIGNUP)
            if coming and role is SignupRole.PLAYER and player_id is None and before is None:
                await outbox.enqueue(
                    tx, outbox.private(user_id), outbox.Kind.TEXT, now,
                    body=texts.who_are_you(date.fromisoformat(night.date)),
                )  # fmt: skip
        if not coming:
            return texts.NOT_COMING_NOTED
        if role is SignupRole.JUDGE:
            return texts.SIGNED_AS_JUDGE
        lists = lists_of(night, _after_tap(people, before, user_id, full_name, role))
        ordered = [p.user_id for p in lists.players + lists.waiting]
        place = ordered.index(user_id) + 1
        return texts.signed_up(place, place > len(lists.players))

    async def _arrived(self, night: Night, user_id: int, full_name: str) -> str:
        """«✋ Пришёл» after the sign-up closed: he is on the list again (or for the first time);
        the head judge gets one tap to fit him into the rounds to come."""
        linked = await player_rows.linked_to(self.database, user_id)
        player_id, name = linked if linked else (None, full_name)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            before = _row_of(await rows.people(tx, night.id), user_id, player_id)
            if before is not None and before.coming:
                return texts.ALREADY_HERE
            role = SignupRole.PLAYER
            await rows.sign_up(tx, night.id, user_id, player_id, full_name, role, True, now)
            await redraw(tx, night.id, now, NightPost.SIGNUP)
            seated = night.status is NightStatus.SEATED
            markup = None
            if player_id is None:
                note = texts.arrived_unnamed(name)
            elif seated and await changes.keeps_his_seats(tx, night, player_id):
                note = texts.came_back_seated(name)  # his seats were never given away
            else:
                note = texts.arrived(name, seated)
                if seated:
                    markup = _late_choice(night, player_id).model_dump_json(exclude_none=True)
            await outbox.enqueue(
                tx, outbox.private(night.opened_by), outbox.Kind.TEXT, now, body=note,
                markup=markup,
            )  # fmt: skip
        return texts.ARRIVED_NOTED

    async def _leave(
        self, night: Night, *, user_id: int | None = None, person_id: int | None = None,
        by_head_judge: bool = False,
    ) -> tuple[str, InlineKeyboardMarkup | None]:  # fmt: skip
        """Somebody on the list goes after the sign-up closed: he is off the list (and off his
        table, if he judged); the head judge hears what to do about it. Seats already made stay
        until he re-seats: the games to come are his call."""
        now = self.clock.iso()
        linked = await player_rows.linked_to(self.database, user_id) if user_id else None
        async with self.database.transaction() as tx:
            people = await rows.people(tx, night.id)
            if person_id is None:  # his tap: his own row, or the one the head judge listed
                person = _row_of(people, user_id, linked[0] if linked else None)
            else:
                person = next((p for p in people if p.id == person_id), None)
            if person is None or not person.coming:
                return (texts.SIGNUP_CLOSED if person is None else texts.ALREADY_LEFT), None
            table = None
            if person.role is SignupRole.JUDGE and person.user_id is not None:
                table = await rows.judge_table(tx, night.id, person.user_id)
                await rows.leave_tables(tx, night.id, person.user_id)
            await rows.set_coming(tx, person.id, False)
            await redraw(tx, night.id, now, NightPost.SIGNUP)
            if night.status is NightStatus.SEATED:
                await redraw(tx, night.id, now, NightPost.SEATING)
            day = date.fromisoformat(night.date)
            note = (
                texts.judge_left(day, person.name, table)
                if person.role is SignupRole.JUDGE
                else texts.player_left(day, person.name, night.status is NightStatus.SEATED)
            )
            markup = None
            if night.status is NightStatus.SEATED and person.player_id is not None:
                data = NightCB(n=night.id, a=NightAction.REPLACE, v=str(person.player_id))
                markup = column([button(texts.REPLACE, data)])
            if not by_head_judge:
                await outbox.enqueue(
                    tx, outbox.private(night.opened_by), outbox.Kind.TEXT, now, body=note,
                    markup=markup.model_dump_json(exclude_none=True) if markup else None,
                )  # fmt: skip
        return (note, markup) if by_head_judge else (texts.LEFT, None)


def _late_choice(night: Night, player_id: int) -> InlineKeyboardMarkup:
    """One who came after the seating: he plays his share of the rounds to come in the places
    of those who would play more, or waits in reserve."""
    play = NightCB(n=night.id, a=NightAction.PLAY_IN, v=str(player_id))
    fit = NightCB(n=night.id, a=NightAction.FIT_IN, v=str(player_id))
    return column([button(texts.PLAY_IN, play), button(texts.FIT_IN, fit)])


def _row_of(people: list[Person], user_id: int | None, player_id: int | None) -> Person | None:
    """A member's row tonight: the one his taps made, or the one the head judge listed for his
    player (``/guest``) — he is on the list either way."""
    mine = next((p for p in people if p.user_id is not None and p.user_id == user_id), None)
    if mine is None and player_id is not None:
        mine = next((p for p in people if p.user_id is None and p.player_id == player_id), None)
    return mine


def _after_tap(
    people: list[Person], before: Person | None, user_id: int, full_name: str, role: SignupRole
) -> list[Person]:
    """The list as one coming tap leaves it: his row changed in place, or added last."""
    if before is None:
        tapped = Person(0, user_id, None, None, full_name, role, True)
        return [*people, tapped]
    return [replace(p, role=role, coming=True) if p is before else p for p in people]


_NEW = "new"


def _close_players(
    night: Night, nickname: str, close: list[Player], person_id: int | None = None
) -> Screen:
    """«Совв»: one of the close players, or a new one — as a guest, or as the nickname of one
    who signed up without it (``person_id``)."""

    def choice(label: str, value: str) -> InlineKeyboardButton:
        if person_id is None:
            return button(label, NightCB(n=night.id, a=NightAction.GUEST, v=value))
        return button(label, NightCB(n=night.id, a=NightAction.LINK, v=f"{person_id}.{value}"))

    buttons = [choice(texts.guest_is(p.nickname), str(p.id)) for p in close]
    buttons.append(choice(texts.guest_new(nickname), _NEW))
    return Screen(texts.guest_close(nickname, [p.nickname for p in close]), column(buttons))


def _one_of_them(night: Night, player: Player, new: bool, unnamed: list[Person]) -> Screen:
    """«Сова» while some signed up without a nickname: is it one of them, or a guest?"""

    def him(person: Person) -> InlineKeyboardButton:
        data = NightCB(n=night.id, a=NightAction.LINK, v=f"{person.id}.{player.id}")
        return button(texts.is_him(person.name), data)

    buttons = [him(p) for p in unnamed[:8]]
    as_guest = NightCB(n=night.id, a=NightAction.GUEST, v=f"{player.id}+guest")
    buttons.append(button(texts.A_GUEST, as_guest))
    names = [p.name for p in unnamed]
    return Screen(texts.one_of_the_unnamed(player.nickname, new, names), column(buttons))
