"""The club of an update, decided once: the chat's club in a group; in private the club the
person chose last, or his only one. Handlers run inside it (``bot.core.club_scope``), and a
club that is not active answers its commands and buttons with why."""

from __future__ import annotations

from typing import Any

from aiogram import BaseMiddleware
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, Update, User

from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core import club_scope
from bot.telegram.middlewares import Handler
from bot.texts import clubs as texts
from bot.vocabulary.club import Club, ClubState


class ClubMiddleware(BaseMiddleware):
    def __init__(self, clubs: Clubs, members: MemberDirectory) -> None:
        self.clubs = clubs
        self.members = members

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        club = await self._club_of(data)
        if club is None:
            return await handler(event, data)
        with club_scope.within(club):
            waiting = club.state in (ClubState.SUSPENDED, ClubState.PENDING)
            if waiting and isinstance(event, Update) and event.my_chat_member is None:
                return await _refuse(event, club)
            return await handler(event, data)

    async def _club_of(self, data: dict[str, Any]) -> Club | None:
        chat: Chat | None = data.get("event_chat")
        user: User | None = data.get("event_from_user")
        if chat is not None and chat.type != ChatType.PRIVATE:
            return self.clubs.of_chat(chat.id) or self._fallback()
        if user is None or user.is_bot:
            return self._fallback()
        linked = await self._of_deep_link(data)
        if linked is not None and linked.state is not ClubState.REJECTED:
            await self.members.choose_club(user.id, linked.id)  # he speaks of it from now on
            return linked
        await self.members.current_club(user)  # his name and choice as Telegram shows them now
        return await club_of_person(self.clubs, self.members, user.id)

    async def _of_deep_link(self, data: dict[str, Any]) -> Club | None:
        """A link of a club's message (``/start protest-…``, ``/start club5``) names its club."""
        update: Update | None = data.get("event_update")
        text = update.message.text if update is not None and update.message else None
        if not text or not text.startswith("/start ") or len(text) > 80:
            return None
        return await self.clubs.of_link(text.removeprefix("/start ").strip())

    def _fallback(self) -> Club | None:
        return self.clubs.get(1) if self.clubs.one_club else None


async def club_of_person(clubs: Clubs, members: MemberDirectory, user_id: int) -> Club | None:
    """The club a person speaks of outside a club's chat (in private, in the Mini App): the one
    he chose last, or his only one; in a one-club deployment, that club (no database trip: every
    private update asks)."""
    if clubs.one_club:
        return clubs.get(1)
    chosen = await members.chosen_club(user_id)
    club = clubs.get(chosen) if chosen is not None else None
    if club is not None and club.state is not ClubState.REJECTED:
        return club
    mine = [clubs.get(club_id) for club_id in await members.clubs_of(user_id)]
    known = [club for club in mine if club is not None and club.is_active]
    return known[0] if len(known) == 1 else None


async def _refuse(update: Update, club: Club) -> None:
    """A club that is not active: its commands and buttons say why; talk is left alone."""
    text = texts.SUSPENDED if club.state is ClubState.SUSPENDED else texts.PENDING
    event: Message | CallbackQuery | None = update.message or update.callback_query
    if isinstance(event, CallbackQuery):
        await event.answer(text, show_alert=True)
    elif isinstance(event, Message) and (event.text or "").startswith("/"):
        await event.answer(text)
