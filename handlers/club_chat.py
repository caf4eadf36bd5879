"""The bot noticing what happens to it in a group: added (a club joins or comes back), removed,
upgraded to a supergroup."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatMemberStatus
from aiogram.types import ChatMemberUpdated, Message

from bot.delivery.worker import Outbox
from bot.joining.service import Joining
from bot.telegram.filters import Check
from bot.texts.delivery import REMOVED_FROM_CHAT

_PRESENT = {ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.MEMBER, ChatMemberStatus.CREATOR}


async def on_my_status(event: ChatMemberUpdated, outbox: Outbox, joining: Joining) -> None:
    """The bot added to a group (a club's, or one that may become a club) or removed."""
    present = event.new_chat_member.status in _PRESENT
    if present and event.old_chat_member.status not in _PRESENT:
        screen = await joining.added(event.chat.id)
        if screen is not None and screen.text is not None:
            await event.bot.send_message(event.chat.id, screen.text, reply_markup=screen.markup)  # type: ignore[union-attr]
    elif not present:
        await joining.removed(event.chat.id)
    if not await outbox.is_club_chat(event.chat.id):
        return
    if present:
        await outbox.club_chat_back(event.chat.id)
    else:
        await outbox.record_club_problem(event.chat.id, REMOVED_FROM_CHAT)


async def on_migrated(message: Message, outbox: Outbox) -> None:
    new_id = message.migrate_to_chat_id
    if new_id is not None and await outbox.is_club_chat(message.chat.id):
        await outbox.club_migrated(message.chat.id, new_id)


def build_router() -> Router:
    router = Router(name="club_chat")
    router.my_chat_member.register(on_my_status)
    router.message.register(on_migrated, Check(F.migrate_to_chat_id))
    return router
