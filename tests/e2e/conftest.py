"""The real ``python -m bot`` process, polling the fake Bot API, for end-to-end tests."""

import pytest

from tests.fakes.bot_api import TOKEN
from tests.harness import CLUB_CHAT_ID, BotProcess


@pytest.fixture
async def running(fake_telegram, tmp_path):
    world, url = fake_telegram
    world.group(CLUB_CHAT_ID)
    process = BotProcess(url, tmp_path)
    await process.start()
    await world.api.wait_for(lambda: any(m == "getUpdates" for m, _ in world.api.calls), 20)
    yield world, process
    if process.process and process.process.returncode is None:
        await process.stop()
    assert "Traceback" not in process.text(), process.text()
    assert TOKEN.split(":")[1] not in process.text(), "the log shows the bot's token"
    assert world.api.unanswered_callbacks() == []
