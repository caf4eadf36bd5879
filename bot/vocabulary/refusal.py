"""A request that cannot be done, with the Russian sentence that says why."""

from __future__ import annotations


class Refusal(Exception):
    """Raised by services for what a person asked that cannot be done; ``message`` is the
    Russian sentence to show (never a traceback, never English)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
