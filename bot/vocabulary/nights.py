"""A club evening's statuses and sign-up roles (stored as these values)."""

from __future__ import annotations

from enum import StrEnum


class NightStatus(StrEnum):
    SIGNUP = "signup"  # the sign-up in the club chat is open
    CLOSED = "closed"  # the head judge closed it; not seated yet
    SEATED = "seated"  # every round is seated; games are played
    ENDED = "ended"


class SignupRole(StrEnum):
    PLAYER = "player"
    JUDGE = "judge"


class SignupChoice(StrEnum):
    """A sign-up button (values travel in buttons)."""

    PLAY = "p"
    JUDGE = "j"
    NOT_COMING = "x"
    ARRIVED = "a"  # after the sign-up closed: «I came», for the head judge to fit him in
