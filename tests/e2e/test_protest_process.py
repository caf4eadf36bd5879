"""A protest end to end with the real ``python -m bot``: filed, the bot restarted, decided."""

import pytest

from tests.club import Taps, appoint_head_judge, enter_protocol, linked_player, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess

pytestmark = pytest.mark.process  # each test starts the bot as a program


async def test_a_protest_survives_a_restart_and_is_decided(running, tmp_path):
    world, process = running
    admin, judge = await setup_club(world)
    head = await appoint_head_judge(world, admin, "Глава", "head")
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    owl = await linked_player(world, admin, "Ольга", "owl", "Сова")
    await owl.send("/protest")
    await owl.reply()
    await owl.press(owl.buttons()[0])
    await owl.reply()
    await owl.send("Судья пропустил фол")
    assert "подан" in (await owl.reply()).text
    await world.api.wait_for(lambda: "Подал: Сова" in head.last().text, 10)
    await process.stop()
    again = BotProcess(process.env["TELEGRAM_API_URL"], tmp_path)
    await again.start()
    try:
        await head.press("Отклонить")
        await world.api.wait_for(lambda: "Почему протест" in head.last().text, 20)
        await head.send("Фол засчитан верно")
        assert "Решение записано" in (await head.reply(timeout=10)).text
        await world.api.wait_for(lambda: "отклонён" in owl.last().text, 10)
        group = world.api.chats[CLUB_CHAT_ID]
        await world.api.wait_for(lambda: "отклонён главным судьёй" in group.history()[-1].text, 10)
    finally:
        await again.stop()
    assert "Traceback" not in again.text(), again.text()
