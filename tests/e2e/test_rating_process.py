"""Players end to end: the real ``python -m bot`` importing a season, linking a player, answering
/rating, /me (with its picture) and /export — all through the fake Bot API over HTTP."""

import pytest

from tests.club import setup_club
from tests.harness import CLUB_CHAT_ID
from tests.protocols import protocol_bytes, random_protocol

pytestmark = pytest.mark.process  # each test starts the bot as a program


async def test_a_season_imported_and_read_by_a_player(running):
    world, _ = running
    admin, judge = await setup_club(world)
    names = [f"Игрок{n:02d}" for n in range(40)]
    await admin.send_file("Весна.json", protocol_bytes(random_protocol(names, 80)), "/import")
    assert "Игр: 80" in (await admin.reply(timeout=20)).text
    await admin.press("⭐ Сделать текущим: Весна")  # the import left «Осенний кубок» current
    assert "Текущий турнир: «Весна»" in (await admin.reply()).text
    player = world.person("Алиса", username="alice")
    await player.send("/iam игрок07")
    assert "Запрос отправлен" in (await player.reply()).text
    await world.api.wait_for(lambda: "просит привязать" in judge.last().text)
    await judge.press("✅ Подтвердить")
    await world.api.wait_for(lambda: "привязан к нику «Игрок07»" in player.last().text)
    await player.send("/rating")
    page = await player.reply()
    assert "Страница 1 из 2" in page.text and "👉" in page.text
    await player.press("▶")
    assert "Страница 2 из 2" in (await player.reply()).text
    await player.send("/me")
    chart = await world.api.wait_for(lambda: player.last().photo and player.last(), 30)
    assert world.api.file_of(chart)[1].startswith(b"\x89PNG")
    await player.send("/rating", world.api.chats[CLUB_CHAT_ID])
    summary = await player.reply(world.api.chats[CLUB_CHAT_ID])
    assert "Вся таблица" in summary.buttons()[0]["text"]
    await judge.send("/export")
    await world.api.wait_for(lambda: len([m for m in judge.bot_messages() if m.document]) == 3)
    assert not world.api.message_errors()
