"""Who comes tonight: the club's sign-up taps, the head judge's guests and judges' tables, and
who leaves. Each change redraws the kept posts it touches in the same transaction."""

from __future__ import annotations

from datetime import date

from aiogram.types import InlineKeyboardButton

from bot.callbacks import NightAction, NightCB
from bot.club.members import MemberDirectory
from bot.club.players import (
    NicknameError,
    Player,
    PlayerDirectory,
    SimilarPlayerError,
    check_new_nickname,
    clean_nickname,
)
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.parsing import InputError, user_reference
from bot.nights.lists import Evenings, NightError, late_choice, redraw
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import nights as texts
from bot.vocabulary.nights import NightStatus, SignupRole
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
        return Screen(f"{text} {texts.LATE_CHOICE}", late_choice(night, player.id))

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
        return Screen(f"{text} {texts.LATE_CHOICE}", late_choice(night, player.id))

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
