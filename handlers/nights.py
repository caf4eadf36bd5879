"""/night, /guest, /table, /leave and the evening's buttons: the sign-up in the club chat (open
to everyone) and the head judge's screen in private (head judges only: the router's filter)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, Message

from bot.callbacks import NightAction, NightCB
from bot.nights.service import Nights
from bot.telegram.filters import PLAIN_TEXT, PRIVATE, command, head_judge
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import answer, answer_choice, picture_in_private, show
from bot.texts import nights as texts
from bot.vocabulary.rights import Member

_COMMANDS = ("night", "guest", "table", "leave")


async def cmd_night(
    message: Message, command: CommandObject, member: Member, nights: Nights
) -> None:
    request = f"message:{message.chat.id}:{message.message_id}"  # redelivered: opened once
    night_id, screen = await nights.desk.open(member, command.args, request)
    sent = await message.answer(screen.text or "", reply_markup=screen.markup)
    await nights.desk.shown(night_id, message.chat.id, sent.message_id)


class Guest(StatesGroup):
    choice = State()  # a nickname close to club players' (data: guest, the nickname typed)
    naming = State()  # «🔗 Ник для …»: his nickname is awaited (data: person, his row's id)


async def cmd_guest(
    message: Message, command: CommandObject, nights: Nights, state: FSMContext
) -> None:
    """A private chat: its id is the head judge's own."""
    screen, waiting = await nights.roster.add_guest(message.chat.id, command.args)
    if waiting is not None:  # the typed nickname waits for the head judge's choice
        await state.set_state(Guest.choice)
        await state.set_data({"guest": waiting})
    await answer(message, screen)


async def on_guest_choice(
    callback: CallbackQuery, callback_data: NightCB, nights: Nights, state: FSMContext
) -> None:
    data = await state.get_data() if await state.get_state() == Guest.choice.state else {}
    screen = await nights.roster.guest_chosen(
        callback.from_user.id, callback_data, data.get("guest")
    )
    await state.clear()
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer_choice(callback.message, screen)


async def on_naming(
    callback: CallbackQuery, callback_data: NightCB, nights: Nights, state: FSMContext
) -> None:
    screen, person_id = await nights.roster.naming(callback_data)
    await state.set_state(Guest.naming)
    await state.set_data({"person": person_id})
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer(callback.message, screen)


async def on_nickname_for(message: Message, nights: Nights, state: FSMContext) -> None:
    """The nickname the head judge sends after «🔗 Ник для …»."""
    person_id = int((await state.get_data()).get("person", 0))
    await state.clear()
    screen, waiting = await nights.roster.name_typed(message.chat.id, person_id, message.text or "")
    if waiting is not None:
        await state.set_state(Guest.choice)
        await state.set_data({"guest": waiting})
    await answer(message, screen)


async def on_link_choice(
    callback: CallbackQuery, callback_data: NightCB, nights: Nights, state: FSMContext
) -> None:
    data = await state.get_data() if await state.get_state() == Guest.choice.state else {}
    screen = await nights.roster.link_chosen(
        callback.from_user.id, callback_data, data.get("guest")
    )
    await state.clear()
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer_choice(callback.message, screen)


async def cmd_table(message: Message, command: CommandObject, nights: Nights) -> None:
    await message.answer(await nights.roster.put_judge(command.args))


async def cmd_leave(message: Message, command: CommandObject, nights: Nights) -> None:
    await answer(message, await nights.signup.leave(command.args))


async def on_change(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    """«🎲 Играет», «🪑 В запас» or «🔁 Заменить отдыхающими»: done once; the buttons go."""
    screen = await nights.desk.change(callback_data)
    await callback.answer()
    if isinstance(callback.message, Message):
        await answer_choice(callback.message, screen)


async def on_screen(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    message = callback.message if isinstance(callback.message, Message) else None
    answered = False

    async def early(word: str) -> None:  # before a long job: the button is answered at once
        nonlocal answered
        answered = True
        await callback.answer(word)

    screen = await nights.desk.act(callback_data, message.message_id if message else None, early)
    if not answered:
        await callback.answer(screen.toast, show_alert=screen.alert)
    if message is not None and screen.text is not None:
        await show(message, screen, tapped=True)
        await nights.desk.shown(callback_data.n, message.chat.id, message.message_id)


async def not_a_head_judge(message: Message) -> None:
    await lacks_right(message, texts.ONLY_HEAD_JUDGE)


async def not_a_head_judge_button(callback: CallbackQuery) -> None:
    await lacks_right(callback, texts.ONLY_HEAD_JUDGE)


async def in_group(message: Message) -> None:
    await message.reply(texts.IN_PRIVATE)


async def on_sign_up(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    user = callback.from_user
    toast = await nights.signup.tap(callback_data.n, user.id, user.full_name, callback_data.v)
    await callback.answer(toast)


async def on_picture(callback: CallbackQuery, callback_data: NightCB, nights: Nights) -> None:
    """«🖼 Картинкой» under the seating or the results: the picture comes in private (thirty
    taps in the club chat must not post thirty pictures there)."""
    await picture_in_private(callback, nights.posts.picture(callback_data.n, callback_data.v))


def build_signup_router() -> Router:
    """Included before the rule that keeps group buttons from the features: the sign-up's
    buttons and the pictures of the evening's posts are the club chat's own, the kind a group
    may press."""
    router = Router(name="night-signup")
    router.callback_query.register(on_sign_up, NightCB.filter(F.a == NightAction.SIGN_UP))
    router.callback_query.register(on_picture, NightCB.filter(F.a == NightAction.PICTURE))
    return router


def build_router() -> Router:
    """The head judge's commands and screen need the right (the head judges' router filter);
    then what everyone else is told. A router's own handlers come before its children's, so
    both are children."""
    root = Router(name="nights")
    heads = Router(name="nights-head-judges")
    heads.message.filter(head_judge)
    heads.callback_query.filter(head_judge)
    heads.message.register(cmd_night, command("night"), PRIVATE)
    heads.message.register(cmd_guest, command("guest"), PRIVATE)
    heads.message.register(cmd_table, command("table"), PRIVATE)
    heads.message.register(cmd_leave, command("leave"), PRIVATE)
    heads.callback_query.register(on_guest_choice, NightCB.filter(F.a == NightAction.GUEST))
    heads.callback_query.register(on_naming, NightCB.filter(F.a == NightAction.NAME))
    heads.callback_query.register(on_link_choice, NightCB.filter(F.a == NightAction.LINK))
    heads.message.register(on_nickname_for, StateFilter(Guest.naming), PLAIN_TEXT, PRIVATE)
    changes = F.a.in_({NightAction.FIT_IN, NightAction.PLAY_IN, NightAction.REPLACE})
    heads.callback_query.register(on_change, NightCB.filter(changes))
    heads.callback_query.register(on_screen, NightCB.filter())
    others = Router(name="nights-others")
    others.message.register(not_a_head_judge, command(*_COMMANDS), PRIVATE)
    others.message.register(in_group, command(*_COMMANDS))
    others.callback_query.register(not_a_head_judge_button, NightCB.filter())
    root.include_routers(heads, others)
    return root
