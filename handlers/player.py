"""/me and /player: a player's record, his last games, and each game's protocol."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot.announce.announcer import Announcer
from bot.callbacks import PlayerCB, RecordCB
from bot.identity.service import Identity
from bot.joining.service import Joining
from bot.rating.screens import RatingScreens
from bot.telegram.filters import PRIVATE, command
from bot.telegram.screen import Screen, answer, answer_picture_later
from bot.texts import record as texts
from bot.vocabulary.ratings import Record
from bot.vocabulary.rights import Member


async def _show(
    message: Message,
    found: tuple[Screen, Record | None],
    rating: RatingScreens,
    joining: Joining | None = None,
) -> None:
    screen, charted = found
    if joining is not None:  # his own record: which club it is, when he has several
        screen = await joining.in_which_club(message.chat.id, screen)
    await answer(message, screen)
    if charted is not None:  # the text first: drawing takes a moment
        answer_picture_later(message, rating.progress(charted))


async def cmd_me(
    message: Message, identity: Identity, rating: RatingScreens, joining: Joining
) -> None:
    user_id = message.chat.id  # a private chat: his own
    player = await identity.linked_player(user_id)
    if player is None:
        await answer(message, await joining.in_which_club(user_id, Screen(texts.NOT_LINKED)))
        return
    await _show(message, await rating.my_record(player), rating, joining)


async def cmd_player(message: Message, command: CommandObject, rating: RatingScreens) -> None:
    await _show(message, await rating.find_player(command.args), rating)


async def cmd_vs(
    message: Message, command: CommandObject, member: Member, rating: RatingScreens
) -> None:
    await answer(message, await rating.versus(command.args, member.user_id))


async def on_record_button(
    callback: CallbackQuery, callback_data: RecordCB, rating: RatingScreens
) -> None:
    found = await rating.record_of(callback_data)
    await callback.answer(found[0].toast, show_alert=found[0].alert)
    if isinstance(callback.message, Message) and found[0].text is not None:
        await _show(callback.message, found, rating)


async def in_group(message: Message) -> None:
    await message.reply(texts.IN_PRIVATE)


async def on_game_button(
    callback: CallbackQuery, callback_data: PlayerCB, announcer: Announcer
) -> None:
    text = await announcer.render_if_exists(callback_data.g)
    if text is None:
        await callback.answer(texts.GAME_NOT_FOUND, show_alert=True)
        return
    await callback.answer()
    if isinstance(callback.message, Message):
        await callback.message.answer(text)


def build_router() -> Router:
    router = Router(name="player")
    router.message.register(cmd_me, command("me"), PRIVATE)
    router.message.register(cmd_player, command("player"), PRIVATE)
    router.message.register(cmd_vs, command("vs"), PRIVATE)
    router.message.register(in_group, command("me", "player", "vs"))
    router.callback_query.register(on_game_button, PlayerCB.filter())
    router.callback_query.register(on_record_button, RecordCB.filter())
    return router
