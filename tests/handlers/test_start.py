"""/start and /help, driven through the real Dispatcher as people use them."""

from tests.harness import ADMIN_ID, CLUB_CHAT_ID


async def test_start_in_private_for_a_player(world):
    anna = world.person("Анна")
    await anna.send("/start")
    reply = await anna.reply()
    assert "Здравствуйте, Анна!" in reply.text
    assert "Вы игрок" in reply.text
    assert "/help" in reply.text
    assert "/game" not in reply.text and "id" not in reply.text


async def test_start_in_private_for_an_admin(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/start")
    reply = await admin.reply()
    assert "администратор" in reply.text
    assert f"Ваш Telegram id (для ADMIN_IDS): {ADMIN_ID}" in reply.text
    assert "/newtournament" in reply.text and "/game" in reply.text


async def test_admin_learns_the_group_id_from_start_in_the_group(world):
    group = world.api.chats[CLUB_CHAT_ID]
    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/start", chat=group)
    assert (
        f"id этого чата для CLUB_CHAT_ID — {CLUB_CHAT_ID}" in (await admin.reply(chat=group)).text
    )


async def test_help_in_private(world):
    boris = world.person("Борис")
    await boris.send("/help")
    reply = await boris.reply()
    assert reply.text.startswith("Справка")
    assert "/start" in reply.text


async def test_start_and_help_in_the_group(world):
    group = world.api.chats[CLUB_CHAT_ID]
    vera = world.person("Вера")
    for command in ("/start", "/help@club_test_bot"):
        await vera.send(command, chat=group)
        reply = await vera.reply(chat=group)
        assert "@club_test_bot" in reply.text
        assert "публикую результаты" in reply.text


async def test_a_name_with_markup_characters_is_escaped(world):
    odd = world.person("<Дон> & Co")
    await odd.send("/start")
    assert "Здравствуйте, <Дон> & Co!" in (await odd.reply()).text
