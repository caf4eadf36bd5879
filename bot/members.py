"""Finding out who a Telegram user is to the club."""

from __future__ import annotations

from aiogram.types import User

from bot.config import Settings
from bot.rights import Member, Right


class MemberDirectory:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def resolve(self, user: User) -> Member:
        rights: set[Right] = set()
        if self.settings.is_admin(user.id):
            rights.add(Right.ADMIN)
        return Member(user_id=user.id, full_name=user.full_name, rights=frozenset(rights))
