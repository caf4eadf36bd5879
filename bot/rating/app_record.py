"""A player's record for the Mini App's page (issue 35 §1): what /me and /player say, with the
numbers its charts are drawn from (points after each game, the Elo ratings) and his recent games,
each of which opens as the club chat announced it."""

from __future__ import annotations

from typing import Any

from bot.rating.screens import RatingScreens
from bot.rating.service import RatingError
from bot.texts import record as record_texts
from bot.texts.game import ROLE
from bot.texts.markup import plain
from bot.texts.points import show


async def record(
    screens: RatingScreens, user_id: int, nickname: str, tournament: str
) -> dict[str, Any]:
    """His own record (``nickname`` empty) or another player's, in the tournament named."""
    nickname = nickname.strip()[:40]
    if nickname:
        screen, data = await screens.find_player(f"{nickname} {tournament}".strip())
    else:
        player_id = await screens.ratings.linked_player(user_id)
        player = await screens.players.get(player_id) if player_id else None
        if player is None:
            raise RatingError(plain(record_texts.NOT_LINKED))
        screen, data = await screens.record(player, tournament.strip()[:100])
    answer: dict[str, Any] = {"text": plain(screen.text or "")}
    if data is None:
        return answer
    answer.update(
        nickname=data.nickname,
        tournament=data.tournament,
        points=[float(total) for total in data.cumulative],
        elo=[[round(red, 1), round(black, 1)] for red, black in data.elo_curve],
        recent=[
            {
                "game": game.game_id,
                "table": game.table,
                "number": game.number,
                "role": ROLE[game.role],
                "points": show(game.total),
                "outcome": game.outcome.value,
                "provisional": game.provisional,
            }
            for game in data.recent
        ],
    )
    return answer
