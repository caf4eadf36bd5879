"""Background warm-ups are per club: one club's running warm-up never skips another's."""

import asyncio

from bot.core.tasks import ClubWarmUps


async def test_a_clubs_warm_up_runs_beside_anothers_and_is_not_started_twice():
    warm_ups = ClubWarmUps()
    release = asyncio.Event()
    ran: list[str] = []

    def work(name: str):
        async def run() -> None:
            ran.append(name)
            await release.wait()

        return run

    warm_ups.start(1, work("north"))
    warm_ups.start(2, work("south"))  # the North's is still running
    warm_ups.start(1, work("north again"))  # the North's own is: this one is not needed
    await asyncio.sleep(0)
    assert ran == ["north", "south"]
    release.set()
    await warm_ups.finished(1)
    await warm_ups.finished(2)
    warm_ups.start(1, work("north later"))  # the first has ended: a new change warms again
    await warm_ups.finished(1)
    assert ran[-1] == "north later"
    await warm_ups.stop()


async def test_stopping_cancels_every_clubs_warm_up():
    warm_ups = ClubWarmUps()
    started = asyncio.Event()

    async def forever() -> None:
        started.set()
        await asyncio.Event().wait()

    warm_ups.start(1, forever)
    warm_ups.start(None, forever)  # a one-club deployment's, at start-up
    await started.wait()
    await warm_ups.stop()
    await warm_ups.finished(1)  # nothing runs any more
