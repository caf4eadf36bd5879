"""Every status the club's tables store, as enums all the way to the SQL parameters."""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    PROVISIONAL = "provisional"  # protests may still be filed, or one awaits a decision
    FINAL = "final"
    ANNULLED = "annulled"  # does not count (a replay was ordered)


class LiveStatus(StrEnum):
    """A game run in the app (``live_games``)."""

    PLAYING = "playing"  # its log grows; its protocol draft is open
    SAVED = "saved"  # its protocol was saved (from the app or in the chat): the log is kept


class ProtestStatus(StrEnum):
    PENDING = "pending"
    REJECTED = "rejected"
    CHANGED = "changed"
    REPLAY = "replay"


class LinkStatus(StrEnum):
    """A player's request to be linked to a nickname (/iam)."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    WITHDRAWN = "withdrawn"  # replaced by a newer request of the same person


class AuditAction(StrEnum):
    """What a game's audit record says happened to it."""

    CREATED = "created"
    CORRECTED = "corrected"
    ANNULLED = "annulled"


class PlayerAction(StrEnum):
    """What a player's audit record says happened to his nickname or link."""

    LINKED = "linked"
    UNLINKED = "unlinked"
    RENAMED = "renamed"
    MERGED = "merged"
    IMPORTED = "imported"
