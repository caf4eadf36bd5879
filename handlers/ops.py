"""/status: what an admin needs to see of the running bot; an operator, of the whole service."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import Message

from bot.ops.health import Operations
from bot.telegram.filters import PRIVATE, admin, command, operator
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import answer
from bot.texts import ops as texts


async def cmd_status(message: Message, operations: Operations) -> None:
    await answer(message, await operations.status())


async def cmd_status_whole(message: Message, operations: Operations) -> None:
    await answer(message, await operations.status(whole=True))


async def not_an_admin(message: Message) -> None:
    await lacks_right(message, texts.NOT_AN_ADMIN_STATUS)


def build_router() -> Router:
    router = Router(name="ops")
    router.message.register(cmd_status_whole, command("status"), PRIVATE, operator)
    router.message.register(cmd_status, command("status"), PRIVATE, admin)
    router.message.register(not_an_admin, command("status"))
    return router
