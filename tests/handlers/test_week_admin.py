"""Issue 45 §2: an admin appoints a judge who never opened the bot — he is told the right holds
but the judge cannot hear of it from the bot, and what to ask of him."""

from __future__ import annotations

from tests.harness import ADMIN_ID, CLUB_CHAT_ID, dispatcher_world


async def test_a_judge_who_never_opened_the_bot_is_appointed_and_the_admin_told_so(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
        group = world.api.chats[CLUB_CHAT_ID]
        judge = world.person("Пётр", username="petr", opened=False)
        await judge.send("/rating", chat=group)  # known from the club chat only
        await admin.send("/judge @petr")
        answer = (await admin.reply()).text
        assert "назначен" in answer
        assert "ещё не открывал чат со мной" in answer and "/start" in answer
        await world.announced()
        assert not [m for m in judge.bot_messages() if "Вас назначили" in m.text]
        opened = world.person("Ольга", username="olga")
        await opened.send("/start")
        await opened.reply()
        await admin.send("/judge @olga")
        assert "не открывал" not in (await admin.reply()).text  # she hears it herself
