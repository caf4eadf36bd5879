"""The identity feature's screens: a judge's decision on a link request, and a newcomer's
choice between the club's players his nickname is close to and a new one."""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import LinkAction, LinkCB
from bot.club.players import Player
from bot.telegram.keyboards import button, column, keyboard
from bot.telegram.screen import Screen
from bot.texts import identity as texts


def decision_markup(request_id: int) -> InlineKeyboardMarkup:
    return keyboard([[
        button(texts.APPROVE, LinkCB(a=LinkAction.APPROVE, q=request_id)),
        button(texts.REJECT, LinkCB(a=LinkAction.REJECT, q=request_id)),
    ]])  # fmt: skip


def close_players(nickname: str, close: Sequence[Player]) -> Screen:
    buttons = [
        button(texts.i_am(player.nickname), LinkCB(a=LinkAction.MINE, q=player.id))
        for player in close
    ]
    buttons.append(button(texts.i_am_new(nickname), LinkCB(a=LinkAction.NEW, q=0)))
    return Screen(texts.close_players(nickname, [p.nickname for p in close]), column(buttons))
