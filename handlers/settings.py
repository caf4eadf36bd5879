"""/settings: which private notices a member gets, and an admin's club options."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery, Message

from bot.callbacks import ClubOptionCB, SettingsCB
from bot.settings.service import NoticeSettings
from bot.telegram.filters import PRIVATE, command
from bot.telegram.screen import Screen, answer, show
from bot.vocabulary.rights import Member


async def cmd_settings(message: Message, member: Member, notices: NoticeSettings) -> None:
    await answer(message, await notices.screen(member))


async def on_toggle(
    callback: CallbackQuery, callback_data: SettingsCB, member: Member, notices: NoticeSettings
) -> None:
    message = callback.message if isinstance(callback.message, Message) else None
    screen = await notices.switch(
        member, callback_data.k, callback_data.on == 1, message.message_id if message else 0
    )
    await _shown(callback, message, screen)


async def on_club_option(
    callback: CallbackQuery, callback_data: ClubOptionCB, member: Member, notices: NoticeSettings
) -> None:
    message = callback.message if isinstance(callback.message, Message) else None
    screen = await notices.switch_club(
        member, callback_data.k, callback_data.on == 1, message.message_id if message else 0
    )
    await _shown(callback, message, screen)


async def _shown(callback: CallbackQuery, message: Message | None, screen: Screen) -> None:
    await callback.answer(screen.toast, show_alert=screen.alert)
    if message is not None and screen.text is not None:
        await show(message, screen, tapped=True)


def build_router() -> Router:
    router = Router(name="settings")
    router.message.register(cmd_settings, command("settings"), PRIVATE)
    router.callback_query.register(on_toggle, SettingsCB.filter())
    router.callback_query.register(on_club_option, ClubOptionCB.filter())
    return router
