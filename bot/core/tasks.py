"""Background tasks of the bot's own (the outbox worker, the scheduler, the standings' warm-up)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from contextlib import suppress
from typing import Any


async def cancelled(task: asyncio.Future[Any] | None) -> None:
    """Cancel a background task and wait until it has stopped (None: nothing runs)."""
    if task is None:
        return
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task


class ClubWarmUps:
    """One background warm-up per club at a time (the standings', the Elo ratings'): a change in
    one club starts its club's unless one is running already, and never waits for, or is
    skipped because of, another club's. The task runs in the club of the change that started
    it (it copies the context)."""

    def __init__(self) -> None:
        self._running: dict[int | None, asyncio.Task[Any]] = {}

    def start(self, club_id: int | None, work: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        task = self._running.get(club_id)
        if task is None or task.done():
            self._running[club_id] = asyncio.get_running_loop().create_task(work())

    async def finished(self, club_id: int | None) -> None:
        """Until the club's warm-up (if any) has ended; tests wait for it."""
        task = self._running.get(club_id)
        if task is not None:
            await asyncio.shield(task)

    async def stop(self) -> None:
        for task in list(self._running.values()):
            await cancelled(task)
        self._running.clear()
