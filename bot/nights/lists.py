"""What every part of the evening reads: the sign-up as the lists show it, the judges by table,
and the refusal of a request about an evening."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club.members import MemberDirectory
from bot.club.tournaments import Tournaments
from bot.core import outbox
from bot.core.db import Database, Transaction
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, Person
from bot.telegram.keyboards import button, column
from bot.texts import nights as texts
from bot.vocabulary.nights import SignupRole
from bot.vocabulary.refusal import Refusal
from seating import SEATS


class NightError(Refusal):
    """The request cannot be done; the message is Russian and says what to do."""


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


ONE_POST_TABLES = 12  # a seating of up to this many tables over its rounds fits one message


async def redraw(tx: Transaction, night_id: int, now: str, *posts: NightPost) -> None:
    """The evening's kept posts are drawn anew in the club chat once this commits. A long
    seating (a tournament day's) may take several messages: each is drawn (those it does not
    need draw nothing)."""
    for post in posts:
        parts = 1
        if post is NightPost.SEATING:
            night = await rows.get(tx, night_id)
            tables = max((t for _, t, _, _ in await rows.seats(tx, night_id)), default=0)
            if night is not None and night.rounds * tables > ONE_POST_TABLES:
                parts = min(night.rounds, rows.SEATING_PARTS)
        for part in range(1, parts + 1):
            await outbox.enqueue_kept(tx, outbox.CLUB, rows.post_key(night_id, post, part), now)


def late_choice(night: Night, player_id: int) -> InlineKeyboardMarkup:
    """One who came after the seating: he plays his share of the rounds to come in the places
    of those who would play more, or waits in reserve."""
    play = NightCB(n=night.id, a=NightAction.PLAY_IN, v=str(player_id))
    fit = NightCB(n=night.id, a=NightAction.FIT_IN, v=str(player_id))
    return column([button(texts.PLAY_IN, play), button(texts.FIT_IN, fit)])


@dataclass(frozen=True, slots=True)
class Evenings:
    """The evening's readers, shared by its parts."""

    database: Database
    tournaments: Tournaments
    members: MemberDirectory

    async def read(self, night_id: int) -> tuple[Night, list[Person]]:
        night = await rows.get(self.database, night_id)
        if night is None:
            raise NightError(texts.STALE)
        return night, await rows.people(self.database, night_id)

    async def open_one(self, ended_today: date | None = None) -> Night:
        """The evening a head judge's command is about: the latest one not ended — or, given
        ``ended_today`` (the club's date), one of today that ended (``/night``: to bring it
        back)."""
        night = await rows.latest_open(self.database)
        if night is None and ended_today is not None:
            latest = await rows.latest(self.database)
            if latest is not None and latest.date == ended_today.isoformat():
                return latest
        if night is None:
            raise NightError(texts.NO_NIGHT)
        return night

    async def title(self, night: Night) -> str:
        tournament = await self.tournaments.get(night.tournament_id)
        return tournament.title if tournament else ""

    async def judge_names(self, night_id: int) -> list[tuple[int, str]]:
        """(table, the judge's name) for every table that has a judge tonight."""
        people = {p.user_id: p.name for p in await rows.people(self.database, night_id)}
        named = []
        for table, user_id in (await rows.judges_by_table(self.database, night_id)).items():
            name = people.get(user_id)
            if name is None:
                linked = await player_rows.linked_to(self.database, user_id)
                name = linked[1] if linked else await self.members.full_name(user_id)
            named.append((table, name or str(user_id)))
        return named

    async def judges_listed(self, night_id: int) -> list[str]:
        """Tonight's judges as the lists show them."""
        return [texts.judge_at(table, name) for table, name in await self.judge_names(night_id)]
