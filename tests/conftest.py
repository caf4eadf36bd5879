from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakes.bot_api import FakeBotAPI
from tests.fakes.people import World
from tests.fakes.server import FakeTelegramServer
from tests.harness import DispatcherWorld, dispatcher_world


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
