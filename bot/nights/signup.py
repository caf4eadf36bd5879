"""Who comes and goes by his own tap: the club's sign-up buttons in the club chat («✋ Играю»,
«⚖️ Сужу», «Не приду»; once the sign-up closed «✋ Пришёл» and «🚪 Ухожу с вечера»), and the head
judge's ``/leave Ник`` for one who left without a tap. Each change redraws the kept posts it
touches in the same transaction; the head judge hears of arrivals and leavers in private."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club.players import lookalike_key
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.nights import changes
from bot.nights.lists import Evenings, NightError, late_choice, lists_of, redraw
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import nights as texts
from bot.vocabulary.names import name_key
from bot.vocabulary.nights import NightStatus, SignupChoice, SignupRole


class SignUp:
    def __init__(self, database: Database, clock: Clock, evenings: Evenings) -> None:
        self.database = database
        self.clock = clock
        self.evenings = evenings

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
                    markup = late_choice(night, player_id).model_dump_json(exclude_none=True)
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
