"""/settings: each kind of private notice on or off (all on until the member says no)."""

from __future__ import annotations

from bot.callbacks import SettingsCB
from bot.club.members import MemberDirectory
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import common
from bot.texts import settings as texts
from bot.vocabulary.notices import Notice


class NoticeSettings:
    def __init__(self, members: MemberDirectory) -> None:
        self.members = members

    async def screen(self, user_id: int, edit: int | None = None) -> Screen:
        return _screen(await self.members.choices(user_id), edit)

    async def switch(self, user_id: int, kind: str, on: bool, message_id: int) -> Screen:
        """A toggle; a double tap (already so) shows nothing new; a forged one, why not."""
        try:
            notice = Notice(kind)
        except ValueError:
            return Screen(toast=common.STALE_BUTTON, alert=True)
        choices = await self.members.choices(user_id)
        if choices[notice] == on:
            return Screen()
        await self.members.choose(user_id, notice, on)
        return _screen({**choices, notice: on}, message_id)


def _screen(choices: dict[Notice, bool], edit: int | None) -> Screen:
    lines = [texts.SHOWN_ON[n] if on else texts.SHOWN_OFF[n] for n, on in choices.items()]
    buttons = [
        button(
            texts.TURN_OFF[notice] if on else texts.TURN_ON[notice],
            SettingsCB(k=notice.value, on=int(not on)),
        )
        for notice, on in choices.items()
    ]
    text = "\n\n".join([texts.TITLE, *lines, texts.HINT])
    return Screen(text, column(buttons), edit=edit)
