"""The result editor's screens, in the order a judge goes through them."""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """The editor's screens; the first seven are the protocol's parts, in order."""

    PLAYERS = "players"
    ROLES = "roles"
    WINNER = "winner"
    NIGHT = "night"
    BEST_MOVE = "best_move"
    EXTRAS = "extras"
    SUMMARY = "summary"
    TABLE = "table"  # the table and game number
    SEAT = "seat"  # one seat's extra and penalties
    EDIT = "edit"  # what to change, from the summary
    DISCARD = "discard"  # "delete the draft?" asked once


ORDER = (
    Step.PLAYERS,
    Step.ROLES,
    Step.WINNER,
    Step.NIGHT,
    Step.BEST_MOVE,
    Step.EXTRAS,
    Step.SUMMARY,
)
