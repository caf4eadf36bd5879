"""What a saved or corrected game means for its evening, registered with the games owner
(``GameEvents``, wired in bot/services.py): the round is marked played, the next round's
players at that table hear it is theirs, and «Итоги вечера» follows a correction."""

from __future__ import annotations

from bot.club import members as member_rows
from bot.club.games import NewGame
from bot.core import outbox
from bot.core.db import Transaction
from bot.nights.lists import redraw
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import NightPost
from bot.texts import nights as texts
from bot.vocabulary.notices import Notice


async def game_saved(tx: Transaction, game: NewGame) -> None:
    """The evening's round at that table is played: the seating post marks it, and the next
    round's players at that table hear that it is theirs now."""
    if game.night is None:
        return
    night_id, round_number = game.night
    await rows.played(tx, night_id, round_number, game.table, game.game_id)
    await redraw(tx, night_id, game.now, NightPost.SEATING)
    coming = await rows.table_round(tx, night_id, round_number + 1, game.table)
    users = {player_id: await player_rows.user_of(tx, player_id) for _, player_id in coming}
    wanted = await member_rows.wanting(
        tx, (u for u in users.values() if u is not None), Notice.REMINDERS
    )
    for seat, player_id in coming:
        user_id = users[player_id]
        if user_id in wanted:
            await outbox.enqueue(
                tx, outbox.private(user_id), outbox.Kind.TEXT, game.now,
                body=texts.table_free(round_number + 1, game.table, seat),
            )  # fmt: skip


async def results_changed(tx: Transaction, game_id: int, now: str) -> None:
    """A game of an evening corrected or annulled: its results post is drawn anew."""
    night_id = await rows.night_of_game(tx, game_id)
    if night_id is not None:
        await redraw(tx, night_id, now, NightPost.RESULTS)
