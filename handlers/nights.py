"""/night, /guest and the evening's buttons: the sign-up in the club chat and the head judge's
screen in private."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram import F, Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import NightAction, NightCB
from bot.nights.service import NightError, Nights
from bot.telegram.filters import PRIVATE, command
from bot.telegram.screen import Screen, answer, picture_in_private, show
from bot.texts import nights as texts
from bot.vocabulary.rights import Member


async def cmd_night(
    message: Message, command: CommandObject, member: Member, nights: Nights
) -> None:
    request = f"message:{message.chat.id}:{message.message_id}"  # redelivered: opened once
    try:
        screen = await nights.open(member, command.args, request)
    except NightError as error:
        screen = Screen(error.message)
    await answer(message, screen)


async def _answer(message: Message, done: Awaitable[str]) -> None:
    """The service's answer, or its refusal, in Russian."""
    try:
        text = await done
    except NightError as error:
        text = error.message
    await message.answer(text)


async def cmd_guest(
    message: Message, command: CommandObject, member: Member, nights: Nights
) -> None:
    await _answer(message, nights.add_guest(member, command.args))


async def cmd_table(
    message: Message, command: CommandObject, member: Member, nights: Nights
) -> None:
    await _answer(message, nights.put_judge(member, command.args))


async def cmd_leave(
    message: Message, command: CommandObject, member: Member, nights: Nights
) -> None:
    await _answer(message, nights.leave(member, command.args))


async def in_group(message: Message) -> None:
    await message.reply(texts.IN_PRIVATE)


async def on_sign_up(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    user = callback.from_user
    toast = await nights.tap(callback_data.n, user.id, user.full_name, callback_data.v)
    await callback.answer(toast)


async def on_screen(
    callback: CallbackQuery, callback_data: NightCB, member: Member, nights: Nights
) -> None:
    message = callback.message if isinstance(callback.message, Message) else None
    try:
        screen = await nights.act(member, callback_data, message.message_id if message else None)
    except NightError as error:
        await callback.answer(error.message, show_alert=True)
        return
    await callback.answer(screen.toast, show_alert=screen.alert)
    if message is not None and screen.text is not None:
        await show(message, screen, tapped=True)


async def on_picture(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    """«🖼 Картинкой» under the seating or the results: the picture comes in private (thirty
    taps in the club chat must not post thirty pictures there)."""
    await picture_in_private(callback, await nights.picture(callback_data.n, callback_data.v))


def build_signup_router() -> Router:
    """Included before the rule that keeps group buttons from the features: the sign-up's
    buttons and the pictures of the evening's posts are the club chat's own, the kind a group
    may press."""
    router = Router(name="night-signup")
    router.callback_query.register(on_sign_up, NightCB.filter(F.a == NightAction.SIGN_UP))
    router.callback_query.register(on_picture, NightCB.filter(F.a == NightAction.PICTURE))
    return router


def build_router() -> Router:
    router = Router(name="nights")
    router.message.register(cmd_night, command("night"), PRIVATE)
    router.message.register(cmd_guest, command("guest"), PRIVATE)
    router.message.register(cmd_table, command("table"), PRIVATE)
    router.message.register(cmd_leave, command("leave"), PRIVATE)
    router.message.register(in_group, command("night", "guest", "table", "leave"))
    router.callback_query.register(on_screen, NightCB.filter())
    return router
