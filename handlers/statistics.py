"""/stats: a player's statistics from the games run in the app, and the boards (issue 48 §3)."""

from __future__ import annotations

from dataclasses import replace

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import StatsCB
from bot.rating.statistics_screens import StatisticsScreens
from bot.telegram.filters import GROUP, PRIVATE, command
from bot.telegram.screen import answer, show
from bot.vocabulary.rights import Member


async def cmd_stats_private(
    message: Message, command: CommandObject, member: Member, stats: StatisticsScreens
) -> None:
    await answer(message, await stats.command(command.args, member.user_id, private=True))


async def cmd_stats_group(
    message: Message, command: CommandObject, member: Member, stats: StatisticsScreens
) -> None:
    screen = await stats.command(command.args, member.user_id, private=False)
    await message.reply(screen.text or "", reply_markup=screen.markup)


async def on_stats_button(
    callback: CallbackQuery, callback_data: StatsCB, stats: StatisticsScreens
) -> None:
    """In private a board comes as a new message (his own statistics stay above); in the club
    chat the menu's message turns into the board."""
    screen = await stats.tapped(callback_data)
    await callback.answer(screen.toast, show_alert=screen.alert)
    message = callback.message if isinstance(callback.message, Message) else None
    if message is None or screen.alert:
        return
    if message.chat.type != "private":
        screen = replace(screen, edit=message.message_id)
    await show(message, screen, tapped=True)


def build_club_buttons_router() -> Router:
    """The boards' buttons under /stats in the club chat are the chat's own."""
    router = Router(name="stats-club-buttons")
    router.callback_query.register(on_stats_button, StatsCB.filter())
    return router


def build_router() -> Router:
    router = Router(name="stats")
    router.message.register(cmd_stats_private, command("stats"), PRIVATE)
    router.message.register(cmd_stats_group, command("stats"), GROUP)
    return router
