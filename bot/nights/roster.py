"""Who comes tonight: the club's sign-up taps, the head judge's guests and judges' tables, and
who leaves. Each change redraws the kept posts it touches in the same transaction."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from bot.club.members import MemberDirectory
from bot.club.players import NicknameError, PlayerDirectory
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.parsing import InputError, user_reference
from bot.nights.lists import Evenings, NightError, lists_of, redraw
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.texts import nights as texts
from bot.vocabulary.names import name_key
from bot.vocabulary.nights import NightStatus, SignupChoice, SignupRole
from bot.vocabulary.rights import Member


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

    async def add_guest(self, head_judge: Member, nickname: str | None) -> str:
        """``/guest Ник``: a player (found or created) on tonight's list."""
        night = await self.evenings.open_one()
        if not (nickname or "").strip():
            raise NightError(texts.GUEST_USAGE)
        try:
            player = await self.players.create_or_get(
                " ".join((nickname or "").split()), head_judge.user_id
            )
        except NicknameError as error:
            raise NightError(str(error)) from None
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            added = await rows.add_guest(tx, night.id, player.id, player.nickname, now)
            if added:
                await redraw(tx, night.id, now, NightPost.SIGNUP)
        return texts.guest_added(player.nickname) if added else texts.guest_there(player.nickname)

    async def leave(self, nickname: str | None) -> str:
        """``/leave Ник``: a player (a guest, say) is no longer on tonight's list."""
        night = await self.evenings.open_one()
        wanted = " ".join((nickname or "").split())
        if not wanted:
            raise NightError(texts.LEAVE_USAGE)
        key = name_key(wanted)
        people = [p for p in await rows.people(self.database, night.id) if p.coming]
        found = next((p for p in people if name_key(p.name) == key), None)
        if found is None:
            raise NightError(texts.not_on_the_list(wanted))
        return await self._leave(night, person_id=found.id, by_head_judge=True)

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
            if coming and player_id is None and before is None:
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
            await redraw(tx, night.id, now, NightPost.SIGNUP)
            if night.status is NightStatus.SEATED:
                await redraw(tx, night.id, now, NightPost.SEATING)
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


def _after_tap(
    people: list[Person], before: Person | None, user_id: int, full_name: str, role: SignupRole
) -> list[Person]:
    """The list as one coming tap leaves it: his row changed in place, or added last."""
    if before is None:
        tapped = Person(0, user_id, None, None, full_name, role, True)
        return [*people, tapped]
    return [replace(p, role=role, coming=True) if p is before else p for p in people]
