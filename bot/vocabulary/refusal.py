"""A request that cannot be done, with the Russian sentence that says why."""

from __future__ import annotations

from enum import StrEnum


class RefusalKind(StrEnum):
    """Why a request is refused, as the web layer tells it apart (its HTTP status); the chat
    side shows every kind the same way: the sentence."""

    BAD_REQUEST = "bad request"  # what was sent is not a request (a malformed event, say)
    FORBIDDEN = "forbidden"  # not this person's right
    NOT_FOUND = "not found"  # no such thing (any more)
    CONFLICT = "conflict"  # cannot be done as things stand (a game saved meanwhile)


class Refusal(Exception):
    """Raised by services for what a person asked that cannot be done; ``message`` is the
    Russian sentence to show (never a traceback, never English)."""

    def __init__(self, message: str, kind: RefusalKind = RefusalKind.CONFLICT) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
