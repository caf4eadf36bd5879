"""Commands as people type them: any case, mistyped, or as a Russian word."""

from bot.telegram.menus import COMMANDS
from bot.texts import common
from bot.texts.menu import DESCRIPTIONS
from tests.club import setup_club
from tests.harness import CLUB_CHAT_ID


async def test_commands_ignore_case_in_private_and_in_the_group(world):
    admin, judge = await setup_club(world)
    anna = world.person("Анна")
    await anna.send("/Rating")
    assert "Рейтинг" in (await anna.reply()).text
    group = world.api.chats[CLUB_CHAT_ID]
    await anna.send("/RATING", chat=group)
    assert "Рейтинг" in (await anna.reply(chat=group)).text
    await judge.send("/Game")
    assert "Новая игра" in (await judge.reply()).text
    await admin.send("/Judge @ivan_judge")
    assert "уже судья" in (await admin.reply()).text  # he was, since setup_club


async def test_a_mistyped_command_or_a_word_gets_the_nearest_command(world):
    await setup_club(world)
    anna = world.person("Анна")
    rating = DESCRIPTIONS["rating"]
    for said in ("/raiting", "/рейтинг", "рейтинг", "Рейтинг"):
        await anna.send(said)
        assert (await anna.reply()).text == common.did_you_mean("rating", rating), said
    await anna.send("статистика")
    assert (await anna.reply()).text == common.did_you_mean("me", DESCRIPTIONS["me"])
    await anna.send("привет, как дела")
    assert (await anna.reply()).text == common.NOT_UNDERSTOOD
    await anna.send("/zzz")
    assert (await anna.reply()).text == common.NOT_UNDERSTOOD


async def test_a_word_for_a_command_he_does_not_have_is_not_offered(world):
    await setup_club(world)
    anna = world.person("Анна")
    await anna.send("протесты")  # /protests is the head judges'
    assert (await anna.reply()).text == common.NOT_UNDERSTOOD
    assert any(c.name == "protests" and c.audience == "head_judge" for c in COMMANDS)


async def test_a_bare_slash_or_a_mention_alone_is_not_understood(world):
    await setup_club(world)
    anna = world.person("Анна")
    for said in ("/", "/@", "/ "):
        await anna.send(said)
        assert (await anna.reply()).text == common.NOT_UNDERSTOOD, said
