from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.club.clubs import Clubs
from bot.core import club_scope
from tests.fakes.bot_api import FakeBotAPI
from tests.fakes.people import World
from tests.fakes.server import FakeTelegramServer
from tests.harness import DispatcherWorld, dispatcher_world
from tests.timing import scaled


@pytest.fixture(autouse=True)
def one_club() -> Iterator[None]:
    """A test that builds services by hand works in a one-club deployment's club, as the bot
    did before clubs; a test of many clubs builds its world with ``CLUB_SIGNUP`` (no fallback)."""
    club_scope.set_fallback(Clubs.environment_default())
    yield
    club_scope.set_fallback(None)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test module marked ``both_engines`` (the services' and delivery tests) runs each test
    twice: on SQLite and on PostgreSQL (its worlds' databases, ``TEST_ENGINE``)."""
    if metafunc.definition.get_closest_marker("both_engines"):
        metafunc.fixturenames.append("engine")
        metafunc.parametrize("engine", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "postgres":
        from tests.postgres import required

        required()  # skipped here without PostgreSQL; failed in CI
        monkeypatch.setenv("TEST_ENGINE", "postgres")
    else:
        monkeypatch.delenv("TEST_ENGINE", raising=False)
    return str(request.param)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DispatcherWorld]:
    async with dispatcher_world(tmp_path) as created:
        yield created


@pytest.fixture
async def fake_telegram() -> AsyncIterator[tuple[World, str]]:
    """A fake Bot API on 127.0.0.1 for a bot process to poll: the world and its URL."""
    api = FakeBotAPI()
    server = FakeTelegramServer(api)
    url = await server.start()
    try:
        yield World(api), url
    finally:
        await server.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (processes, browsers, the quick benchmarks): begun while the other
    worker takes the many short ones, they end in the middle of the run instead of making its
    tail (the quick benchmark alone is a minute and a half)."""
    long_first = ("slow", "process")

    def weight(item: pytest.Item) -> int:
        return 0 if any(item.get_closest_marker(m) for m in long_first) else 1

    items.sort(key=weight)  # stable: the order within each group is kept
    for item in items:  # tiered time limits, in this machine's time (tests/timing.py)
        given = item.get_closest_marker("timeout")
        tiered = max((LIMITS[m] for m in LIMITS if item.get_closest_marker(m)), default=None)
        limit = given.args[0] if given and given.args else tiered or IN_PROCESS_LIMIT
        item.add_marker(pytest.mark.timeout(scaled(limit)), append=False)  # the closest wins
        if item.get_closest_marker("waits"):  # their own worker: it mostly sleeps
            item.add_marker(pytest.mark.xdist_group("waits"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker per core, and one more for the tests that mostly wait on a real clock
    (``waits``): they run one after another beside the rest instead of holding a core's worker
    asleep for minutes (CI: 2 cores, 3 workers)."""
    return (os.cpu_count() or 1) + 1


# A small limit for the many in-process tests, so that a new real-time wait fails at once; the
# marked ones get more. Seconds on the reference machine (tests/timing.py).
IN_PROCESS_LIMIT = 45
LIMITS = {"browser": 90, "process": 180, "slow": 600}


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def worker_chromium():  # used by BROWSER (tests/browser.py)
    """The worker's one Chromium, for every browser test it runs (a fresh context each)."""
    from tests.browser import shared_chromium

    async with shared_chromium() as launched:
        yield launched
