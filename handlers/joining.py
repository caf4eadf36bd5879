"""A club joins: «🏠 Подключить клуб» in the group, the short dialog in private, the operators'
approvals, /clubs, and /club — which club a person speaks of in private.

Whether the person is the group's admin is asked of Telegram here (``is_group_admin``) and
handed to ``Joining``, which decides."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import CommandObject, CommandStart, ExceptionTypeFilter, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, ErrorEvent, Message, User

from bot.callbacks import ClubAction, ClubCB
from bot.core.club_scope import NoClub
from bot.joining.service import Joiner, Joining
from bot.telegram.filters import HAS_TEXT, PRIVATE, command
from bot.telegram.group_admins import group_title, is_group_admin
from bot.telegram.screen import answer, show
from bot.texts import clubs as texts
from bot.vocabulary.refusal import Refusal, RefusalKind

JOIN_LINK = "join"  # /start join-<group's chat id>: the group's admin continues in private


class JoinFlow(StatesGroup):
    title = State()  # the club's name is awaited (data: chat, chat_title)
    zone = State()  # its time zone (data: chat, chat_title, title)


async def on_connect(callback: CallbackQuery, callback_data: ClubCB, joining: Joining) -> None:
    bot = _bot(callback.bot)
    chat_id = callback_data.i
    joining.check_connect(chat_id, await is_group_admin(bot, chat_id, callback.from_user.id))
    me = await bot.me()
    await callback.answer(url=f"https://t.me/{me.username}?start={JOIN_LINK}-{chat_id}")


async def from_join_link(
    message: Message, command: CommandObject, state: FSMContext, joining: Joining
) -> None:
    bot = _bot(message.bot)
    raw = (command.args or "").removeprefix(f"{JOIN_LINK}-")
    chat_id = int(raw) if raw.lstrip("-").isdigit() and len(raw) < 20 else 0
    title = await group_title(bot, chat_id) if chat_id else None
    if title is None:
        raise Refusal(texts.JOIN_EXPIRED, RefusalKind.NOT_FOUND)
    joining.check_connect(chat_id, await is_group_admin(bot, chat_id, message.chat.id))
    await state.set_state(JoinFlow.title)
    await state.set_data({"chat": chat_id, "chat_title": title})
    await answer(message, joining.ask_title(title))


async def on_title(message: Message, state: FSMContext, joining: Joining) -> None:
    title = joining.title(message.text or "")
    await state.update_data(title=title)
    await state.set_state(JoinFlow.zone)
    await answer(message, joining.ask_zone(title))


async def on_keep_title(callback: CallbackQuery, state: FSMContext, joining: Joining) -> None:
    data = await state.get_data()
    if "chat_title" not in data:
        raise Refusal(texts.JOIN_EXPIRED, RefusalKind.NOT_FOUND)
    title = joining.title(str(data["chat_title"]))
    await state.update_data(title=title)
    await state.set_state(JoinFlow.zone)
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer(callback.message, joining.ask_zone(title))


async def on_zone_typed(message: Message, state: FSMContext, joining: Joining) -> None:
    zone = joining.zone(message.text or "")
    if message.from_user is not None:
        await _connect(message, state, joining, zone, message.from_user)


async def on_zone_tapped(
    callback: CallbackQuery, callback_data: ClubCB, state: FSMContext, joining: Joining
) -> None:
    zone = joining.zone(callback_data.v)
    await callback.answer()
    if isinstance(callback.message, Message):
        await _connect(callback.message, state, joining, zone, callback.from_user)


def _bot(bot: Bot | None) -> Bot:
    assert bot is not None  # an update's objects carry the bot that received it
    return bot


async def _connect(
    message: Message, state: FSMContext, joining: Joining, zone: str, person: User
) -> None:
    data = await state.get_data()
    if "chat" not in data or "title" not in data:
        await state.clear()
        raise Refusal(texts.JOIN_EXPIRED, RefusalKind.NOT_FOUND)
    joiner = Joiner(person.id, person.full_name, int(data["chat"]), str(data["chat_title"]))
    group_admin = await is_group_admin(_bot(message.bot), joiner.chat_id, joiner.user_id)
    await state.clear()
    await answer(message, await joining.connect(joiner, str(data["title"]), zone, group_admin))


async def on_decision(callback: CallbackQuery, callback_data: ClubCB, joining: Joining) -> None:
    yes = callback_data.a is ClubAction.APPROVE
    user = callback.from_user
    screen = await joining.decide(user.id, user.full_name, callback_data.i, yes)
    await callback.answer(screen.toast)
    if isinstance(callback.message, Message):
        await show(callback.message, screen, tapped=True)


async def cmd_clubs(message: Message, joining: Joining) -> None:
    await answer(message, joining.listing(message.chat.id))


async def on_suspend(callback: CallbackQuery, callback_data: ClubCB, joining: Joining) -> None:
    stop = callback_data.a is ClubAction.SUSPEND
    page = int(callback_data.v) if callback_data.v.isdigit() else 0
    screen = await joining.suspend(callback.from_user.id, callback_data.i, stop, page)
    await callback.answer(screen.toast)
    if isinstance(callback.message, Message):
        await show(callback.message, screen, tapped=True)


async def on_page(callback: CallbackQuery, callback_data: ClubCB, joining: Joining) -> None:
    screen = joining.listing(callback.from_user.id, callback_data.i)
    await callback.answer()
    if isinstance(callback.message, Message):
        await show(callback.message, screen, tapped=True)


async def cmd_club(message: Message, joining: Joining) -> None:
    await answer(message, await joining.choices(message.chat.id))


async def on_list(callback: CallbackQuery, joining: Joining) -> None:
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer(callback.message, await joining.choices(callback.from_user.id))


async def on_no_club(event: ErrorEvent, joining: Joining) -> None:
    """A club's command in private from a person the bot cannot place: of several clubs he
    chooses one with a tap (remembered), of none he is told how to find his."""
    update = event.update
    person = update.message.from_user if update.message else None
    if update.callback_query is not None:
        await update.callback_query.answer(texts.NO_CLUB, show_alert=True)
    elif update.message is not None and person is not None:
        await answer(update.message, await joining.when_no_club(person.id))


async def on_choose(callback: CallbackQuery, callback_data: ClubCB, joining: Joining) -> None:
    screen = await joining.choose(callback.from_user.id, callback_data.i)
    await callback.answer(screen.toast)
    if isinstance(callback.message, Message):
        await show(callback.message, screen, tapped=True)


def build_router() -> Router:
    router = Router(name="joining")
    cb = ClubCB.filter
    router.callback_query.register(on_connect, cb(F.a == ClubAction.CONNECT))
    router.message.register(
        from_join_link, CommandStart(deep_link=True, magic=F.args.startswith(f"{JOIN_LINK}-")),
        PRIVATE,
    )  # fmt: skip
    router.message.register(on_title, StateFilter(JoinFlow.title), PRIVATE, HAS_TEXT)
    router.callback_query.register(on_keep_title, cb(F.a == ClubAction.KEEP_TITLE))
    router.message.register(on_zone_typed, StateFilter(JoinFlow.zone), PRIVATE, HAS_TEXT)
    router.callback_query.register(on_zone_tapped, cb(F.a == ClubAction.ZONE))
    router.callback_query.register(
        on_decision, cb(F.a.in_({ClubAction.APPROVE, ClubAction.REJECT}))
    )
    router.message.register(cmd_clubs, command("clubs"), PRIVATE)
    router.callback_query.register(on_suspend, cb(F.a.in_({ClubAction.SUSPEND, ClubAction.RESUME})))
    router.callback_query.register(on_page, cb(F.a == ClubAction.PAGE))
    router.message.register(cmd_club, command("club"), PRIVATE)
    router.callback_query.register(on_choose, cb(F.a == ClubAction.CHOOSE))
    router.callback_query.register(on_list, cb(F.a == ClubAction.LIST))
    router.errors.register(on_no_club, ExceptionTypeFilter(NoClub))
    return router
