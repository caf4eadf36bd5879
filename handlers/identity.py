"""/iam, /link, /unlink, /rename, /merge, and the decisions on link requests."""

from __future__ import annotations

import re
from contextlib import suppress

from aiogram import F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import CommandObject
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, Message

from bot.callbacks import LinkAction, LinkCB
from bot.identity.repair import NicknameRepair
from bot.identity.service import Identity, IdentityError
from bot.telegram.filters import PRIVATE, admin, command, head_judge
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import answer
from bot.texts import admin as admin_texts
from bot.texts import identity as texts
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import LinkStatus

_ARROW = re.compile(r"\s*(?:->|→|=>)\s*")


class Claiming(StatesGroup):
    choice = State()  # /iam of a nickname close to club players' (data: claim, the nickname)


async def cmd_iam(
    message: Message, command: CommandObject, identity: Identity, state: FSMContext
) -> None:
    nickname = (command.args or "").strip()
    if not nickname:
        await message.answer(texts.IAM_USAGE)
        return
    screen, waiting = await identity.claim(message.chat.id, nickname)  # private: his own id
    if waiting is not None:  # the new nickname waits for «it is me» or «I am new»
        await state.set_state(Claiming.choice)
        await state.set_data({"claim": waiting})
    await answer(message, screen)


async def on_claim_button(
    callback: CallbackQuery, callback_data: LinkCB, identity: Identity, state: FSMContext
) -> None:
    """The asker's choice among the close players, or «I am new» under what he typed."""
    claim = (await state.get_data()).get("claim")
    waiting = await state.get_state() == Claiming.choice.state and claim
    try:
        if callback_data.a is LinkAction.MINE:
            screen = await identity.ask(callback.from_user.id, callback_data.q)
        elif waiting:
            screen = await identity.ask_new(callback.from_user.id, str(claim))
        else:
            raise IdentityError(texts.CHOICE_GONE)
    except IdentityError:  # answered by the errors router
        await _close_buttons(callback)
        raise
    await state.clear()
    await callback.answer()
    await _close_buttons(callback)
    if isinstance(callback.message, Message):
        await answer(callback.message, screen)


async def iam_in_group(message: Message) -> None:
    await message.reply(texts.IAM_GROUP)


async def on_decision(
    callback: CallbackQuery, callback_data: LinkCB, member: Member, identity: Identity
) -> None:
    approve = callback_data.a is LinkAction.APPROVE
    message = callback.message if isinstance(callback.message, Message) else None
    shown = message.html_text if message is not None and message.text else ""
    try:
        request = await identity.decide(callback_data.q, approve, member, shown)
    except IdentityError:  # answered by the errors router
        await _close_buttons(callback)
        raise
    await callback.answer(texts.TOAST_APPROVED if approve else texts.TOAST_REJECTED)
    approved = request.status is LinkStatus.APPROVED
    if message is not None and shown:
        with suppress(TelegramBadRequest):
            await message.edit_text(
                texts.decided(shown, approved, member.full_name)
                + (texts.TAKEN_MEANWHILE if approve and not approved else "")
            )


async def _close_buttons(callback: CallbackQuery) -> None:
    """A decided request's buttons are of no use any more."""
    message = callback.message
    if isinstance(message, Message) and message.reply_markup is not None:
        with suppress(TelegramBadRequest):
            await message.edit_reply_markup(reply_markup=None)


async def cmd_link(
    message: Message, command: CommandObject, member: Member, identity: Identity
) -> None:
    reply = message.reply_to_message
    replied = reply.from_user if reply is not None else None
    await message.answer(await identity.link_named(command.args, replied, member.user_id))


async def cmd_unlink(
    message: Message, command: CommandObject, member: Member, identity: Identity
) -> None:
    nickname = (command.args or "").strip()
    if not nickname:
        await message.answer(texts.UNLINK_USAGE)
        return
    player, _ = await identity.unlink(nickname, member.user_id)
    await message.answer(texts.unlinked(player.nickname))


def _pair(args: str | None) -> tuple[str, str] | None:
    parts = _ARROW.split((args or "").strip())
    if len(parts) != 2 or not all(part.strip() for part in parts):
        return None
    return parts[0].strip(), parts[1].strip()


async def cmd_rename(
    message: Message, command: CommandObject, member: Member, nicknames: NicknameRepair
) -> None:
    pair = _pair(command.args)
    if pair is None:
        await message.answer(texts.RENAME_USAGE)
        return
    old, new = await nicknames.rename(*pair, member.user_id)
    await message.answer(texts.renamed(old.nickname, new.nickname))


async def cmd_merge(
    message: Message, command: CommandObject, member: Member, nicknames: NicknameRepair
) -> None:
    pair = _pair(command.args)
    if pair is None:
        await message.answer(texts.MERGE_USAGE)
        return
    merged = await nicknames.merge(pair[0], pair[1], member.user_id)
    await message.answer(
        texts.merged(merged.duplicate.nickname, merged.kept.nickname, merged.games)
    )


async def not_a_judge(callback: CallbackQuery) -> None:
    await lacks_right(callback, texts.NOT_ALLOWED_DECIDE)


async def not_a_head_judge(message: Message) -> None:
    await lacks_right(message, texts.NOT_ALLOWED_LINK)


async def not_an_admin(message: Message) -> None:
    await lacks_right(message, admin_texts.NOT_AN_ADMIN)


async def decides(event: object, member: Member) -> bool:
    """The router's filter for link decisions: the service's rule of who decides."""
    return Identity.may_decide(member)


def build_router() -> Router:
    router = Router(name="identity")
    router.message.register(cmd_iam, command("iam"), PRIVATE)
    router.message.register(iam_in_group, command("iam"))
    router.callback_query.register(
        on_claim_button, LinkCB.filter(F.a.in_({LinkAction.MINE, LinkAction.NEW}))
    )
    router.callback_query.register(on_decision, LinkCB.filter(), decides)
    router.callback_query.register(not_a_judge, LinkCB.filter())
    router.message.register(cmd_link, command("link"), head_judge)
    router.message.register(cmd_unlink, command("unlink"), head_judge)
    router.message.register(not_a_head_judge, command("link", "unlink"))
    router.message.register(cmd_rename, command("rename"), admin)
    router.message.register(cmd_merge, command("merge"), admin)
    router.message.register(not_an_admin, command("rename", "merge"))
    return router
