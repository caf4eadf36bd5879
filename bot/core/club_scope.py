"""The club whose work is at hand.

Every row of a club's data says its club; which club an update, a page's call, a scheduled job
or an outbox row works for is decided once, where it comes in (the update's middleware, the web
API's ``answer``, the scheduler's job, the outbox worker's row), and set here with ``within``.
The table owners read it (``club_id()``) and name it in every read and write of a club's rows;
the services read its time zone and protest window through ``CLUB_ZONE`` and ``club()``.

Why a context variable rather than a parameter: the club is the same for everything one update
does, and it would otherwise travel unchanged through four layers and some four hundred
signatures. The doors are few and tested; code that runs outside every door and reads the club
is a programming error (``NoClub``), never a silent default — except in a deployment of one club
(no ``CLUB_SIGNUP``), where that club is the fallback, exactly as the bot behaved before clubs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta, tzinfo

from bot.texts.clubs import NO_CLUB
from bot.vocabulary.club import Club
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.window import ProtestWindow

_current: ContextVar[Club | None] = ContextVar("club", default=None)
_fallback: list[Club] = []  # the one club of a one-club deployment, when it is one


class NoClub(Refusal):
    """A club's data was asked for where no club is known: a person in private who belongs to
    no club yet is told how to find his (in background work it is a bug, logged as one)."""

    def __init__(self) -> None:
        super().__init__(NO_CLUB, RefusalKind.FORBIDDEN)


def club() -> Club:
    found = _current.get()
    if found is not None:
        return found
    if _fallback:
        return _fallback[0]
    raise NoClub


def club_id() -> int:
    return club().id


def maybe_club() -> Club | None:
    """The club at hand, if any (the outbox stamps its rows with it)."""
    found = _current.get()
    return found if found is not None else (_fallback[0] if _fallback else None)


def maybe_club_id() -> int | None:
    found = maybe_club()
    return found.id if found is not None else None


def serves_one_club() -> bool:
    """A deployment of one club (no ``CLUB_SIGNUP``): what is the whole database's is the club's."""
    return bool(_fallback)


def named() -> str | None:
    """The club at hand's title where the deployment serves several clubs (a notice in private
    then says which club it comes from); None in a one-club deployment."""
    found = _current.get()
    return found.title if found is not None and not _fallback else None


@contextmanager
def within(that: Club) -> Iterator[Club]:
    token = _current.set(that)
    try:
        yield that
    finally:
        _current.reset(token)


def enter(that: Club) -> None:
    """Set the club for the rest of this task (a middleware: the task is the update's)."""
    _current.set(that)


def set_fallback(that: Club | None) -> None:
    """The club of a one-club deployment (None: many clubs, no fallback)."""
    _fallback.clear()
    if that is not None:
        _fallback.append(that)


class _ClubZone(tzinfo):
    """The time zone of the club at hand: what a service built once formats its times in."""

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return club().zone.utcoffset(_plain(dt))

    def dst(self, dt: datetime | None) -> timedelta | None:
        return club().zone.dst(_plain(dt))

    def tzname(self, dt: datetime | None) -> str | None:
        return club().zone.tzname(_plain(dt))

    def fromutc(self, dt: datetime) -> datetime:
        zone = club().zone
        return zone.fromutc(dt.replace(tzinfo=zone)).replace(tzinfo=self)

    def __str__(self) -> str:  # the zone's name, as ``ZoneInfo`` says it («Europe/Moscow»)
        return str(club().zone)

    def __repr__(self) -> str:
        return "CLUB_ZONE"


def _plain(dt: datetime | None) -> datetime | None:
    return dt.replace(tzinfo=None) if dt is not None else None


CLUB_ZONE = _ClubZone()


class _ClubWindow(ProtestWindow):
    """The protest window of the club at hand: what a service built once judges times by."""

    __slots__ = ()

    def __init__(self) -> None:  # no minutes of its own: the club's, when asked
        pass

    @property
    def minutes(self) -> int:
        return club().protest_minutes

    def __repr__(self) -> str:
        return "CLUB_WINDOW"


CLUB_WINDOW = _ClubWindow()
