"""The outbox's pacing clock: the time its limits are kept in, and the waits between sends.

Telegram's limits (one message a second into a private chat, an edit of a kept post every few
seconds) are kept on a monotonic clock, and the worker sleeps until the next row is due unless
something new is queued first. Both go through ``Pacing``, so that a test can own that time:
the in-process harness advances it instead of sleeping (``tests/fakes/pacing.py``).
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress


class Pacing:
    """Real time: ``now`` is the monotonic clock and a wait takes as long as it says."""

    def now(self) -> float:
        return time.monotonic()

    async def wait(self, wake: asyncio.Event, seconds: float) -> None:
        """Until ``wake`` is set or ``seconds`` have passed, whichever comes first."""
        with suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), seconds)
