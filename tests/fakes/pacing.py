"""The outbox's pacing clock as the in-process tests own it.

While a test is busy (sending commands, tapping buttons), the outbox keeps Telegram's limits in
real time, so a rush of taps still coalesces into a few edits of a kept post. When the test waits
for the outbox to deliver everything (``hurry``), every pacing wait ends at once and the clock
jumps to where that wait would have ended: five messages to one person cost no seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.delivery.pacing import Pacing


class SkippedPacing(Pacing):
    def __init__(self) -> None:
        self.skipped = 0.0  # seconds jumped so far
        self._hurry = asyncio.Event()

    def now(self) -> float:
        return time.monotonic() + self.skipped

    def skip(self, seconds: float) -> None:
        """Move the clock on, as if ``seconds`` had passed."""
        self.skipped += seconds

    @asynccontextmanager
    async def hurry(self) -> AsyncIterator[None]:
        """While inside, no pacing wait takes any time."""
        self._hurry.set()
        try:
            yield
        finally:
            self._hurry.clear()

    async def wait(self, wake: asyncio.Event, seconds: float) -> None:
        until = self.now() + seconds
        if not self._hurry.is_set():
            waits = [asyncio.ensure_future(wake.wait()), asyncio.ensure_future(self._hurry.wait())]
            try:
                await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
        if wake.is_set():
            return
        left = until - self.now()
        if left > 0:
            self.skip(left)
        await asyncio.sleep(0)  # the loop goes round between two jumps
