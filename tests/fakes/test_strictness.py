"""The fake Bot API refuses what Telegram refuses, so tests catch what Telegram would reject."""

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest, TelegramRetryAfter
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from tests.fakes.bot_api import TOKEN, FakeBotAPI
from tests.fakes.people import World
from tests.fakes.server import FakeTelegramServer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def setup():
    clock = Clock()
    api = FakeBotAPI(clock=clock, callback_deadline=15)
    server = FakeTelegramServer(api)
    url = await server.start()
    bot = Bot(
        TOKEN,
        session=AiohttpSession(api=TelegramAPIServer.from_base(url)),
        default=DefaultBotProperties(parse_mode="HTML"),
    )
    world = World(api)
    yield world, bot, clock
    await bot.session.close()
    await server.stop()


def keyboard(data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="x", callback_data=data)]]
    )


async def test_html_must_parse(setup):
    world, bot, _ = setup
    anna = world.person("Анна")
    for bad in ("<Дон> & Co", "a & b", "<b>open", "<div>x</div>", "x</b>", "&nbsp;"):
        with pytest.raises(TelegramBadRequest, match="can't parse entities"):
            await bot.send_message(anna.id, bad)
    sent = await bot.send_message(anna.id, "<b>&lt;Дон&gt; &amp; Co</b>")
    assert sent.text == "<Дон> & Co"
    assert anna.last().text == "<Дон> & Co"


async def test_text_length_after_entities(setup):
    world, bot, _ = setup
    anna = world.person("Анна")
    await bot.send_message(anna.id, "<b>" + "я" * 4096 + "</b>")  # tags do not count
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(anna.id, "я" * 4097)
    with pytest.raises(TelegramBadRequest, match="message text is empty"):
        await bot.send_message(anna.id, "<b> </b>")


async def test_callback_data_at_most_64_bytes(setup):
    world, bot, _ = setup
    anna = world.person("Анна")
    await bot.send_message(anna.id, "ok", reply_markup=keyboard("x" * 64))
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(anna.id, "too long", reply_markup=keyboard("я" * 33))


async def test_unknown_chat(setup):
    _, bot, _ = setup
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(424242, "кто здесь?")


async def test_edit_with_identical_content_is_refused(setup):
    world, bot, _ = setup
    anna = world.person("Анна")
    sent = await bot.send_message(anna.id, "раз", reply_markup=keyboard("a"))
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_text("раз", chat_id=anna.id, message_id=sent.message_id,
                                    reply_markup=keyboard("a"))  # fmt: skip
    await bot.edit_message_text("два", chat_id=anna.id, message_id=sent.message_id)
    assert anna.last().text == "два" and anna.last().buttons() == []  # keyboard dropped


async def test_callback_answered_once_and_in_time(setup):
    world, bot, clock = setup
    anna = world.person("Анна")
    await bot.send_message(anna.id, "жми", reply_markup=keyboard("go"))
    await anna.press("x")
    first = world.api.unanswered_callbacks()[0]
    await bot.answer_callback_query(first)
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(first)
    await anna.press("x")
    late = world.api.unanswered_callbacks()[0]
    clock.now += world.api.callback_deadline + 1  # Telegram's 15 s, in this machine's time
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(late)


async def test_group_flood_limit(setup):
    world, bot, clock = setup
    group = world.group(-100500)
    for number in range(20):
        await bot.send_message(group.id, f"сообщение {number}")
    with pytest.raises(TelegramRetryAfter) as caught:
        await bot.send_message(group.id, "ещё одно")
    assert 1 <= caught.value.retry_after <= 60
    clock.now += 61
    await bot.send_message(group.id, "через минуту можно")


async def test_pressing_a_button_that_is_not_shown_fails_the_test(setup):
    world, bot, _ = setup
    anna = world.person("Анна")
    await bot.send_message(anna.id, "меню", reply_markup=keyboard("a"))
    with pytest.raises(AssertionError, match="no button 'Нет такой'"):
        await anna.press("Нет такой")
