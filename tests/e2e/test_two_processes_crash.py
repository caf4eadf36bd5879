"""Issue 49 §2: two bot processes on PostgreSQL behind one webhook, a random one SIGKILLed at a
random tap (around Confirm, around the sends), restarted, and the judge goes on.

As the one-process crash loop (tests/e2e/test_crash_loop.py), but the fake Telegram posts the
updates to the two processes in turn and a failed post to the other (the proxy in front), and the
process killed is either: the one that leads (sends the outbox, runs the jobs) or the other.
After all rounds: every confirmed game stored once and complete, each decision recorded once,
every tap answered, every game announced (duplicates counted and printed, as on SQLite).

CI runs a short seeded version; the full run of the closing note:

    TWO_CRASH_ROUNDS=20 CRASH_SEED=7 \
        .venv/bin/python -m pytest tests/e2e/test_two_processes_crash.py -s
"""

from __future__ import annotations

import asyncio
import os
import random
import signal

import asyncpg
import pytest

from tests.club import setup_club
from tests.e2e.test_crash_loop import CrashingTaps, first_posts, notes, one_round
from tests.e2e.test_two_processes import Deployment
from tests.harness import CLUB_CHAT_ID
from tests.postgres import drop_database, fresh_database_url
from tests.timing import scaled

pytestmark = pytest.mark.process
ROUNDS = int(os.environ.get("TWO_CRASH_ROUNDS", "2"))
SEED = int(os.environ.get("CRASH_SEED", "1"))


class TwoBots:
    """What ``CrashingTaps`` kills: a random one of the two processes, started again at once."""

    def __init__(self, deployment: Deployment, rng: random.Random) -> None:
        self.deployment = deployment
        self.rng = rng
        self.kills = 0
        self.output = ""

    async def kill_and_restart(self, delay: float) -> None:
        await asyncio.sleep(delay)
        victim = self.deployment.processes[self.rng.randrange(2)]
        assert victim.process is not None
        await victim.stop(signal.SIGKILL)
        self.output += victim.text()
        victim.output = b""
        self.kills += 1
        await victim.start()

    def caught_up(self) -> bool:
        return True  # a webhook stores nothing: an update not answered 200 is posted again


@pytest.mark.waits
async def test_random_kills_of_either_process_lose_and_duplicate_no_result(fake_telegram, tmp_path):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    database_url = await fresh_database_url(migrated=False)
    rng = random.Random(SEED)
    try:
        async with Deployment(world, url, database_url, tmp_path) as deployment:
            bots = TwoBots(deployment, rng)
            _, judge = await setup_club(world)
            for number in range(1, ROUNDS + 1):
                taps = CrashingTaps(judge, bots, rng.randint(1, 20), rng.uniform(0, 0.04))
                await one_round(taps, number)  # type: ignore[arg-type]
            connection = await asyncpg.connect(database_url)

            async def delivered() -> bool:
                queued = await connection.fetchval("SELECT count(*) FROM outbox")
                corrected = {
                    post.text.split(":")[0]
                    for post in first_posts(world)
                    if "победа красных" in post.text
                }
                return len(corrected) == ROUNDS and queued == 0

            deadline = asyncio.get_running_loop().time() + scaled(30 + 9 * ROUNDS)
            while not await delivered():
                assert asyncio.get_running_loop().time() < deadline, "not delivered in time"
                await asyncio.sleep(0.2)
            games = await connection.fetchval("SELECT count(*) FROM games")
            seats = await connection.fetchval("SELECT count(*) FROM game_seats")
            actions = dict(
                await connection.fetch("SELECT action, count(*) FROM audit_log GROUP BY action")
            )
            winners = {row[0] for row in await connection.fetch("SELECT winner FROM games")}
            await connection.close()
            for process in deployment.processes:
                bots.output += process.text()
    finally:
        await drop_database(database_url)
    assert games == ROUNDS and seats == 10 * ROUNDS
    assert actions == {"created": ROUNDS, "corrected": ROUNDS}
    assert winners == {"red"}
    assert world.api.unanswered_callbacks() == []
    assert "Traceback" not in bots.output
    posts = first_posts(world)
    noted = [m.text.split(" исправлен")[0] for m in notes(world)]
    print(
        f"\ntwo-process crash loop (PostgreSQL): rounds={ROUNDS} seed={SEED} kills={bots.kills} "
        f"games={games} corrections={actions['corrected']} results lost=0 duplicated=0 "
        f"taps unanswered=0 announcements lost=0 duplicated={len(posts) - ROUNDS} "
        f"correction notes={len(noted)} duplicated={len(noted) - len(set(noted))}"
    )
