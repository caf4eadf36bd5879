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


async def test_an_admins_help_is_grouped_with_an_example_each(world):
    """Issue 17, item 13: not a flat list of 29 commands: sections, and how to write each."""
    from bot.telegram.menus import COMMANDS
    from bot.texts.menu import SECTIONS

    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/help")
    text = (await admin.reply()).text
    titles = [title for title, _ in SECTIONS]
    assert [t for t in titles if f"\n{t}\n" in text] == titles  # every section, in order
    for command in COMMANDS:  # each command once, and no command left out of the sections
        assert text.count(f"• /{command.name} —") == 1, command.name
    assert "например /newtournament Осенний кубок 2026" in text
    assert "например /replay 1 3 посторонняя подсказка" in text
    player = world.person("Борис")
    await player.send("/help")
    short = (await player.reply()).text
    assert not any(title in short for title in titles[1:])  # one list, no titles
    assert "например /rating осенний" in short and "/game" not in short
