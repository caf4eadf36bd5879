"""The floor: a bare aiogram bot that answers every message with its text.

    BOT_TOKEN=… TELEGRAM_API_URL=http://127.0.0.1:PORT python -m benchmarks.echo_bot

aiogram's own long polling, one handler, no middlewares, no database: what any aiogram bot
costs per update on this machine, against the same fake Telegram server as the club's bot.
"""

from __future__ import annotations

import asyncio
import os

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import Message


async def echo(message: Message) -> None:
    await message.answer(message.text or "…")


async def main() -> None:
    session = AiohttpSession(api=TelegramAPIServer.from_base(os.environ["TELEGRAM_API_URL"]))
    bot = Bot(os.environ["BOT_TOKEN"], session=session)
    dispatcher = Dispatcher()
    dispatcher.message.register(echo)
    await dispatcher.start_polling(bot, handle_signals=True)


if __name__ == "__main__":
    asyncio.run(main())
