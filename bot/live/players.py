"""The players a judge seats in the app: found as he types, or made new by the nickname typed —
the chat's search and its rule for a near-twin."""

from __future__ import annotations

from typing import Any

from bot.club.players import NicknameError, Player, PlayerDirectory, SimilarPlayerError
from bot.texts import live as texts
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.rights import Member


async def players_for_a_seat(players: PlayerDirectory, text: str) -> list[dict[str, Any]]:
    """Players for a seat: those a typo away first («Совв» → «Сова»), then those whose
    nickname holds the text — the chat's search."""
    text = text.strip()[:40]
    if not text:
        return []
    close = await players.close_to(text)
    found = await players.search(text)
    ordered = list({p.id: p for p in [*close, *found]}.values())[:8]
    return [{"id": p.id, "nickname": p.nickname} for p in ordered]


async def new_player(players: PlayerDirectory, member: Member, nickname: str, sure: bool) -> Player:
    """A new player of the club by the nickname the judge typed; asked again (refused with the
    names) when the club has one a typo away, unless he is ``sure``."""
    close = await players.close_to(nickname)
    if close and not sure:
        names = ", ".join(p.nickname for p in close)
        raise Refusal(texts.NEW_PLAYER_CLOSE.format(names=names), RefusalKind.CONFLICT)
    try:
        return await players.create_or_get(nickname, member.user_id)
    except (NicknameError, SimilarPlayerError) as error:
        raise Refusal(str(error), RefusalKind.CONFLICT) from None
