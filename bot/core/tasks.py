"""Background tasks of the bot's own (the outbox worker, the scheduler, the standings' warm-up)."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any


async def cancelled(task: asyncio.Future[Any] | None) -> None:
    """Cancel a background task and wait until it has stopped (None: nothing runs)."""
    if task is None:
        return
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
