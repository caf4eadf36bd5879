"""One after-commit signal and one scheduler: what a committed change sets going runs once, a
rolled-back one sets nothing going, and timed work is derived from the database, so what fell
due while the bot was down runs when it starts."""

import asyncio
from datetime import datetime, timedelta

import pytest

from bot.core.clock import Clock
from bot.core.db import Change
from bot.core.outbox import Kind, enqueue, private
from bot.core.scheduler import Scheduler


async def test_a_committed_change_wakes_its_reactions_once(database):
    woken: list[str] = []
    database.after_commit(Change.OUTBOX, lambda: woken.append("outbox"))
    database.after_commit(Change.STANDINGS, lambda: woken.append("standings"))
    async with database.transaction() as tx:
        await enqueue(tx, private(1), Kind.TEXT, "2026-12-01T00:00:00+00:00", body="а")
        await enqueue(tx, private(2), Kind.TEXT, "2026-12-01T00:00:00+00:00", body="б")
        assert woken == []  # not before the commit
    assert woken == ["outbox"]


async def test_a_rolled_back_change_wakes_nothing(database):
    woken: list[str] = []
    database.after_commit(Change.OUTBOX, lambda: woken.append("outbox"))
    with pytest.raises(RuntimeError):
        async with database.transaction() as tx:
            await enqueue(tx, private(1), Kind.TEXT, "2026-12-01T00:00:00+00:00", body="а")
            raise RuntimeError("half-done")
    assert woken == [] and await database.fetchall("SELECT id FROM outbox") == []


class Due:
    """A job whose due time lives in the 'database' (here: an attribute), as the real ones do."""

    def __init__(self, clock: Clock, at: datetime | None) -> None:
        self.clock = clock
        self.at = at
        self.runs: list[datetime] = []

    async def due(self) -> datetime | None:
        return self.at

    async def run(self) -> None:
        self.runs.append(self.clock.now())
        self.at = None


async def test_what_fell_due_while_the_bot_was_down_runs_at_start():
    clock = Clock()
    job = Due(clock, clock.now() - timedelta(hours=3))
    scheduler = Scheduler(clock)
    scheduler.add("overdue", job.due, job.run)
    assert await scheduler.run_due() is None
    assert len(job.runs) == 1


async def test_a_job_runs_when_due_and_a_wake_brings_a_new_due_time_forward():
    clock = Clock()
    job = Due(clock, None)
    scheduler = Scheduler(clock)
    scheduler.add("window", job.due, job.run)
    scheduler.start()
    try:
        await asyncio.sleep(0.05)
        assert job.runs == []  # nothing due: it waits (up to a minute) for a wake
        due = job.at = clock.now() + timedelta(milliseconds=300)
        scheduler.wake()
        for _ in range(100):
            if job.runs:
                break
            await asyncio.sleep(0.05)
        assert len(job.runs) == 1 and job.runs[0] >= due  # not before it was due
    finally:
        await scheduler.stop()


async def test_a_failing_job_does_not_stop_the_others(caplog):
    clock = Clock()
    good = Due(clock, clock.now())

    async def broken() -> None:
        raise ValueError("a bug")

    scheduler = Scheduler(clock)
    scheduler.add("broken", good.due, broken)
    scheduler.add("good", good.due, good.run)
    await scheduler.run_due()
    assert len(good.runs) == 1 and "Scheduled job broken failed" in caplog.text
