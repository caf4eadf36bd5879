"""/rating: the standings in pages (private) or the top of them (group); /mingames for admins."""

from __future__ import annotations

from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.callbacks import RatingAction, RatingCB
from bot.club.tournaments import Tournament
from bot.core.config import Settings
from bot.core.parsing import small_number
from bot.rating.service import RatingError, Ratings, pages_of, parse_request
from bot.telegram.filters import GROUP, PRIVATE, admin
from bot.texts import admin as admin_texts
from bot.texts import common
from bot.texts import rating as texts
from bot.texts.clock import clock_time
from bot.vocabulary.ratings import Kind, Table
from bot.vocabulary.rights import Member

DEEP_LINK = "rating"  # /start rating-<tournament>-<board>


def _keyboard(tournament_id: int, kind: Kind, number: int, pages: int) -> InlineKeyboardMarkup:
    """◀ ▶ (when there is a page that way), the other boards three in a row, the picture.

    Built as plain rows: aiogram's keyboard builder deep-copies the whole keyboard on every
    button it adds, which was a tenth of a /rating under load."""

    def button(text: str, action: RatingAction, board: Kind, page: int) -> InlineKeyboardButton:
        data = RatingCB(a=action, t=tournament_id, k=board, p=page).pack()
        return InlineKeyboardButton(text=text, callback_data=data)

    arrows = []
    if number > 1:
        arrows.append(button(texts.PREVIOUS, RatingAction.PAGE, kind, number - 1))
    if number < pages:
        arrows.append(button(texts.NEXT, RatingAction.PAGE, kind, number + 1))
    boards = [
        button(texts.BOARD_BUTTON[other], RatingAction.PAGE, other, 1)
        for other in Kind
        if other is not kind
    ]
    rows = [arrows] if arrows else []
    rows += [boards[:3], boards[3:]]
    rows.append([button(texts.PICTURE, RatingAction.PICTURE, kind, number)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


class _Pages:
    """Pages already drawn, by the table they show, the page, the reader's row and the minute.

    Thirty players asking at once mostly see the same page of the same table: drawing it (twenty
    rows of numbers, eight buttons) was a fifth of a /rating."""

    SIZE = 256

    def __init__(self) -> None:
        self._drawn: OrderedDict[tuple[int, str, int, int | None, str], _Drawn] = OrderedDict()

    def get(
        self, table: Table, title: str, number: int, mine: int | None, as_of: str
    ) -> _Drawn | None:
        key = (id(table), title, number, mine, as_of)
        drawn = self._drawn.get(key)
        if drawn is None or drawn.table is not table:  # an id reused by a newer table
            return None
        self._drawn.move_to_end(key)
        return drawn

    def put(self, title: str, number: int, mine: int | None, as_of: str, drawn: _Drawn) -> None:
        self._drawn[(id(drawn.table), title, number, mine, as_of)] = drawn
        if len(self._drawn) > self.SIZE:
            self._drawn.popitem(last=False)


@dataclass(frozen=True, slots=True)
class _Drawn:
    table: Table  # kept alive with its page, so that its id cannot be reused meanwhile
    text: str
    markup: InlineKeyboardMarkup


_pages = _Pages()


async def _page(
    ratings: Ratings, settings: Settings, tournament: Tournament, kind: Kind, number: int,
    user_id: int,
) -> tuple[str, InlineKeyboardMarkup]:  # fmt: skip
    table, now = await ratings.table(tournament, kind)
    pages = pages_of(len(table.rows))
    if not 1 <= number <= pages:
        raise RatingError(texts.NO_SUCH_PAGE)
    mine = await ratings.linked_player(user_id)
    as_of = clock_time(now, settings.zone)
    drawn = _pages.get(table, tournament.title, number, mine, as_of)
    if drawn is None:
        text = texts.page(tournament.title, table, number, pages, mine, as_of)
        drawn = _Drawn(table, text, _keyboard(tournament.id, kind, number, pages))
        _pages.put(tournament.title, number, mine, as_of, drawn)
    return drawn.text, drawn.markup


async def rating_private(
    message: Message, command: CommandObject, member: Member, ratings: Ratings, settings: Settings
) -> None:
    request = parse_request(command.args)
    try:
        tournament = await ratings.tournament(request.tournament)
        text, markup = await _page(ratings, settings, tournament, request.kind, 1, member.user_id)
    except RatingError as error:
        await message.answer(error.message)
        return
    await message.answer(text, reply_markup=markup)


async def rating_from_group_link(
    message: Message, command: CommandObject, member: Member, ratings: Ratings, settings: Settings
) -> None:
    """The «Вся таблица» button in the group opens the private chat with ``/start rating-…``."""
    parts = (command.args or "").split("-")
    tournament_id = small_number(parts[1], 1, 2**31) if len(parts) > 1 else None
    kind = (
        Kind(parts[2]) if len(parts) > 2 and parts[2] in Kind.__members__.values() else Kind.TOTAL
    )
    try:
        tournament = await ratings.by_id(tournament_id) if tournament_id else None
        tournament = tournament or await ratings.tournament("")
        text, markup = await _page(ratings, settings, tournament, kind, 1, member.user_id)
    except RatingError as error:
        await message.answer(error.message)
        return
    await message.answer(text, reply_markup=markup)


async def rating_group(
    message: Message, command: CommandObject, member: Member, ratings: Ratings, settings: Settings,
    bot: Bot,
) -> None:  # fmt: skip
    request = parse_request(command.args)
    try:
        tournament = await ratings.tournament(request.tournament)
    except RatingError as error:
        await message.reply(error.message)
        return
    table, now = await ratings.table(tournament, request.kind)
    mine = await ratings.linked_player(member.user_id)
    text = texts.group_summary(tournament.title, table, mine, clock_time(now, settings.zone))
    me = await bot.me()
    builder = InlineKeyboardBuilder()
    builder.button(
        text=texts.FULL_TABLE,
        url=f"https://t.me/{me.username}?start={DEEP_LINK}-{tournament.id}-{request.kind.value}",
    )
    await message.reply(text, reply_markup=builder.as_markup())


async def on_rating_button(
    callback: CallbackQuery, callback_data: RatingCB, member: Member, ratings: Ratings,
    settings: Settings, bot: Bot,
) -> None:  # fmt: skip
    if callback_data.k not in set(Kind):
        await callback.answer(common.STALE_BUTTON, show_alert=True)
        return
    kind = Kind(callback_data.k)
    try:
        tournament = await ratings.by_id(callback_data.t)
        text, markup = await _page(
            ratings, settings, tournament, kind, callback_data.p, member.user_id
        )
    except RatingError as error:
        await callback.answer(error.message, show_alert=True)
        return
    if callback_data.a is RatingAction.PICTURE:
        await callback.answer(texts.DRAWING)
        await _send_picture(callback, ratings, settings, tournament, kind, callback_data.p, member)
        return
    await callback.answer()
    message = callback.message
    if isinstance(message, Message):
        with suppress(TelegramBadRequest):  # «not modified»: a double tap shows the same page
            await message.edit_text(text, reply_markup=markup)


async def _send_picture(
    callback: CallbackQuery, ratings: Ratings, settings: Settings, tournament: Tournament,
    kind: Kind, number: int, member: Member,
) -> None:  # fmt: skip
    from bot.rating import pictures  # lazy: the drawing library loads on first use

    table, now = await ratings.table(tournament, kind)
    pages = pages_of(len(table.rows))
    mine = await ratings.linked_player(member.user_id)
    picture = pictures.standings_picture(
        tournament.title, table, number, pages, mine, clock_time(now, settings.zone)
    )
    png = await pictures.render_async(picture)
    if isinstance(callback.message, Message):
        await callback.message.answer_photo(
            pictures.as_input(png, f"rating-{number}.png"),
            caption=texts.picture_caption(tournament.title, number, pages),
        )


async def cmd_min_games(message: Message, command: CommandObject, ratings: Ratings) -> None:
    try:
        tournament = await ratings.tournament("")
    except RatingError as error:
        await message.answer(error.message)
        return
    args = (command.args or "").strip()
    if not args:
        await message.answer(texts.min_games_shown(tournament.title, tournament.min_games))
        return
    value = None if args.casefold() in ("auto", "авто") else small_number(args, 0, 1000)
    if value is None and args.casefold() not in ("auto", "авто"):
        await message.answer(texts.MIN_GAMES_INVALID)
        return
    await ratings.set_min_games(tournament.id, value)
    await message.answer(texts.min_games_set(tournament.title, value))


async def not_an_admin(message: Message) -> None:
    await message.answer(admin_texts.NOT_AN_ADMIN)


def build_router() -> Router:
    router = Router(name="rating")
    router.message.register(
        rating_from_group_link,
        CommandStart(deep_link=True, magic=F.args.startswith(DEEP_LINK)),
        PRIVATE,
    )
    router.message.register(rating_private, Command("rating"), PRIVATE)
    router.message.register(rating_group, Command("rating"), GROUP)
    router.callback_query.register(on_rating_button, RatingCB.filter())
    router.message.register(cmd_min_games, Command("mingames"), PRIVATE, admin)
    router.message.register(not_an_admin, Command("mingames"))
    return router
