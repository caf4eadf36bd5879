"""A protest end to end with the real ``python -m bot``: filed, the bot restarted, decided."""

from tests.club import Taps, enter_protocol, setup_club
from tests.harness import CLUB_CHAT_ID, BotProcess


async def test_a_protest_survives_a_restart_and_is_decided(running, tmp_path):
    world, process = running
    admin, judge = await setup_club(world)
    head = world.person("Глава", username="head")
    owl = world.person("Ольга", username="owl")
    for person in (head, owl):
        await person.send("/start")
        await person.reply()
    await admin.send("/headjudge @head")
    await admin.reply()
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await admin.send(f"/link {owl.id} Сова")
    await admin.reply()
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
        await head.reply(timeout=20)
        await head.send("Фол засчитан верно")
        assert "Решение записано" in (await head.reply(timeout=10)).text
        await world.api.wait_for(lambda: "отклонён" in owl.last().text, 10)
        group = world.api.chats[CLUB_CHAT_ID]
        await world.api.wait_for(lambda: "отклонён главным судьёй" in group.history()[-1].text, 10)
    finally:
        await again.stop()
    assert "Traceback" not in again.text(), again.text()
