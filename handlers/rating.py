"""/rating: the standings in pages (private) or the top of them (group); /mingames for admins."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.callbacks import ClosingCB, RatingAction, RatingCB, SeasonCB
from bot.rating.closing import Closing
from bot.rating.screens import DEEP_LINK, RatingScreens
from bot.telegram.filters import GROUP, PRIVATE, admin, command
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import (
    answer,
    answer_choice,
    answer_picture_later,
    picture_in_private,
    show,
)
from bot.texts import admin as admin_texts
from bot.vocabulary.rights import Member


async def rating_private(
    message: Message, command: CommandObject, member: Member, rating: RatingScreens
) -> None:
    await answer(message, await rating.private(command.args, member.user_id))


async def rating_from_group_link(
    message: Message, command: CommandObject, member: Member, rating: RatingScreens
) -> None:
    await answer(message, await rating.from_link(command.args, member.user_id))


async def rating_group(
    message: Message, command: CommandObject, member: Member, rating: RatingScreens
) -> None:
    me = await message.bot.me() if message.bot else None
    screen = await rating.group(command.args, member.user_id, me.username if me else None)
    await message.reply(screen.text or "", reply_markup=screen.markup)


async def on_rating_button(
    callback: CallbackQuery, callback_data: RatingCB, member: Member, rating: RatingScreens
) -> None:
    message = callback.message if isinstance(callback.message, Message) else None
    screen = await rating.tapped(
        callback_data, member.user_id, message.message_id if message else 0
    )
    await callback.answer(screen.toast, show_alert=screen.alert)
    if message is None or screen.alert:
        return
    if callback_data.a is RatingAction.PICTURE:
        answer_picture_later(message, rating.picture(callback_data, member.user_id))
    else:
        await show(message, screen, tapped=True)


async def cmd_min_games(message: Message, command: CommandObject, rating: RatingScreens) -> None:
    await answer(message, await rating.min_games(command.args))


async def not_an_admin(message: Message) -> None:
    await lacks_right(message, admin_texts.NOT_AN_ADMIN)


async def cmd_close_tournament(
    message: Message, command: CommandObject, member: Member, closing: Closing
) -> None:
    await answer(message, await closing.close(member, command.args))


async def on_season(
    callback: CallbackQuery, callback_data: SeasonCB, member: Member, closing: Closing
) -> None:
    """«Следующий сезон» or «Открыть снова» under /closetournament's answer."""
    message = callback.message if isinstance(callback.message, Message) else None
    request = f"callback:{callback.from_user.id}:{message.message_id if message else 0}"
    screen = await closing.season(member, callback_data, request)  # a double tap: made once
    await callback.answer(screen.toast, show_alert=screen.alert)
    if message is not None and screen.text is not None:
        await answer_choice(message, screen)


async def on_closing_picture(
    callback: CallbackQuery, callback_data: ClosingCB, closing: Closing
) -> None:
    await picture_in_private(callback, closing.picture(callback_data.t))


def build_club_buttons_router() -> Router:
    """Included before the rule that keeps group buttons from the features: the picture under a
    closed tournament's results is the club chat's own."""
    router = Router(name="rating-club-buttons")
    router.callback_query.register(on_closing_picture, ClosingCB.filter())
    return router


def build_router() -> Router:
    router = Router(name="rating")
    router.message.register(
        rating_from_group_link,
        CommandStart(deep_link=True, magic=F.args.startswith(DEEP_LINK)),
        PRIVATE,
    )
    router.message.register(rating_private, command("rating"), PRIVATE)
    router.message.register(rating_group, command("rating"), GROUP)
    router.callback_query.register(on_rating_button, RatingCB.filter())
    router.callback_query.register(on_season, SeasonCB.filter())
    router.message.register(cmd_min_games, command("mingames"), PRIVATE, admin)
    router.message.register(cmd_close_tournament, command("closetournament"), PRIVATE)
    router.message.register(not_an_admin, command("mingames"))
    return router
