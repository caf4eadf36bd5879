"""/me and /player: a player's record, his last games, and each game's protocol."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.announce.announcer import Announcer
from bot.callbacks import PlayerCB
from bot.club.players import Player
from bot.core.config import Settings
from bot.identity.service import Identity, IdentityError
from bot.rating.service import RatingError, Ratings
from bot.telegram.filters import PRIVATE
from bot.texts import record as texts
from bot.texts.clock import clock_time
from bot.vocabulary.ratings import Record
from bot.vocabulary.rights import Member


def _keyboard(data: Record) -> InlineKeyboardMarkup | None:
    if not data.recent or data.standing is None:
        return None
    builder = InlineKeyboardBuilder()
    for game in data.recent:
        builder.button(text=texts.recent_button(game), callback_data=PlayerCB(g=game.game_id))
    builder.adjust(1)
    return builder.as_markup()


async def _show(
    message: Message, bot: Bot, player: Player, ratings: Ratings, settings: Settings
) -> None:
    try:
        tournament = await ratings.tournament("")
    except RatingError as error:
        await message.answer(error.message)
        return
    data, now = await ratings.record(tournament, player)
    await message.answer(
        texts.record_text(data, clock_time(now, settings.zone)), reply_markup=_keyboard(data)
    )
    if len(data.cumulative) >= 1:
        from bot.rating import pictures  # lazy: the drawing library loads on first use

        picture = await pictures.render_async(pictures.progress_chart(data))
        await message.answer_photo(pictures.as_input(picture, "progress.png"),
                                   caption=texts.CHART_CAPTION)  # fmt: skip


async def cmd_me(
    message: Message, bot: Bot, member: Member, identity: Identity, ratings: Ratings,
    settings: Settings,
) -> None:  # fmt: skip
    player = await identity.linked_player(member.user_id)
    if player is None:
        await message.answer(texts.NOT_LINKED)
        return
    await _show(message, bot, player, ratings, settings)


async def cmd_player(
    message: Message, command: CommandObject, bot: Bot, identity: Identity, ratings: Ratings,
    settings: Settings,
) -> None:  # fmt: skip
    nickname = (command.args or "").strip()
    if not nickname:
        await message.answer(texts.PLAYER_USAGE)
        return
    try:
        player = await identity.player(nickname)
    except IdentityError as error:
        await message.answer(error.message)
        return
    await _show(message, bot, player, ratings, settings)


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
    router.message.register(cmd_me, Command("me"), PRIVATE)
    router.message.register(cmd_player, Command("player"), PRIVATE)
    router.message.register(in_group, Command("me", "player"))
    router.callback_query.register(on_game_button, PlayerCB.filter())
    return router
