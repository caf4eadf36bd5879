"""/settings: each kind of private notice on or off (all on until the member says no); for an
admin, the club's own choices below them."""

from __future__ import annotations

from bot.callbacks import ClubOptionCB, SettingsCB
from bot.club.members import MemberDirectory
from bot.club.options import ClubOptions
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import common
from bot.texts import settings as texts
from bot.vocabulary.notices import Notice
from bot.vocabulary.options import ClubOption
from bot.vocabulary.rights import Member


class NoticeSettings:
    def __init__(self, members: MemberDirectory, options: ClubOptions) -> None:
        self.members = members
        self.options = options

    async def screen(self, member: Member, edit: int | None = None) -> Screen:
        club = await self.options.all() if member.is_admin else None
        return _screen(await self.members.choices(member.user_id), club, edit)

    async def switch(self, member: Member, kind: str, on: bool, message_id: int) -> Screen:
        """A toggle; a double tap (already so) shows nothing new; a forged one, why not."""
        try:
            notice = Notice(kind)
        except ValueError:
            return Screen(toast=common.STALE_BUTTON, alert=True)
        choices = await self.members.choices(member.user_id)
        if choices[notice] == on:
            return Screen()
        await self.members.choose(member.user_id, notice, on)
        return await self.screen(member, message_id)

    async def switch_club(self, member: Member, key: str, on: bool, message_id: int) -> Screen:
        """An admin's toggle of a club option; anyone else's tap (an old screen of a former
        admin, a forged button) changes nothing."""
        if not member.is_admin:
            return Screen(toast=texts.CLUB_ADMINS_ONLY, alert=True)
        try:
            option = ClubOption(key)
        except ValueError:
            return Screen(toast=common.STALE_BUTTON, alert=True)
        if await self.options.get(option) == on:
            return Screen()
        await self.options.set(option, on, member.user_id)
        return await self.screen(member, message_id)


def _screen(
    choices: dict[Notice, bool], club: dict[ClubOption, bool] | None, edit: int | None
) -> Screen:
    lines = [texts.SHOWN_ON[n] if on else texts.SHOWN_OFF[n] for n, on in choices.items()]
    buttons = [
        button(
            texts.TURN_OFF[notice] if on else texts.TURN_ON[notice],
            SettingsCB(k=notice.value, on=int(not on)),
        )
        for notice, on in choices.items()
    ]
    parts = [texts.TITLE, *lines, texts.HINT]
    if club is not None:
        parts.append(texts.CLUB_TITLE)
        for option, on in club.items():
            parts.append(texts.CLUB_ON[option] if on else texts.CLUB_OFF[option])
            label = texts.CLUB_TURN_OFF[option] if on else texts.CLUB_TURN_ON[option]
            buttons.append(button(label, ClubOptionCB(k=option.value, on=int(not on))))
        parts.append(texts.CLUB_LAYERS_HINT)
    return Screen("\n\n".join(parts), column(buttons), edit=edit)
