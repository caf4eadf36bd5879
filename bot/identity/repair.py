"""The admin's repairs of nicknames: /rename (a typo in a nickname) and /merge (one player
entered twice: the duplicate's games move to the main player, each game's audit records the
change, and the duplicate disappears)."""

from __future__ import annotations

from bot.club.players import NicknameError, Player, check_new_nickname, clean_nickname, nickname_key
from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Database, Transaction
from bot.identity.service import Identity, IdentityError, Merged, redraw_closed
from bot.tables import audit, drafts
from bot.tables import games as game_rows
from bot.tables import players as rows
from bot.tables import statistics as statistics_rows
from bot.texts import identity as texts
from bot.vocabulary import audit_record
from bot.vocabulary.statuses import AuditAction, PlayerAction


class NicknameRepair:
    def __init__(self, database: Database, clock: Clock, identity: Identity) -> None:
        self.database = database
        self.clock = clock
        self.identity = identity

    async def rename(self, old: str, new: str, actor_id: int) -> tuple[Player, Player]:
        player = await self.identity.player(old)
        try:
            nickname = clean_nickname(new)
            check_new_nickname(nickname)
        except NicknameError as error:
            raise IdentityError(str(error)) from None
        if nickname == player.nickname:
            raise IdentityError(texts.same_name(nickname))
        key = nickname_key(nickname)
        async with self.database.transaction() as tx:
            row = await tx.one(
                "SELECT nickname FROM players WHERE club_id = ? AND nickname_key = ? AND id != ?",
                (club_id(), key, player.id),
            )
            if row is not None:
                raise IdentityError(texts.name_taken(row["nickname"], player.nickname))
            await rows.rename(tx, player.id, nickname, key)
            await rows.record(tx, player.id, actor_id, self.clock.iso(), PlayerAction.RENAMED,
                              {"before": player.nickname, "after": nickname})  # fmt: skip
            await redraw_closed(tx, player.id, self.clock.iso())
        return player, Player(player.id, nickname)

    async def merge(self, duplicate: str, main: str, actor_id: int) -> Merged:
        """The duplicate's games move to the main player; the duplicate disappears."""
        dup = await self.identity.player(duplicate)
        kept = await self.identity.player(main)
        if dup.id == kept.id:
            raise IdentityError(texts.MERGE_SAME)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            together = await tx.one(
                "SELECT g.table_number, g.game_number, t.title FROM game_seats AS a "
                "JOIN game_seats AS b ON a.game_id = b.game_id JOIN games AS g ON g.id = a.game_id "
                "JOIN tournaments AS t ON t.id = g.tournament_id "
                "WHERE a.player_id = ? AND b.player_id = ? AND t.club_id = ? LIMIT 1",
                (dup.id, kept.id, club_id()),
            )
            if together is not None:
                raise IdentityError(texts.played_together(
                    dup.nickname, kept.nickname, together["title"], together["table_number"],
                    together["game_number"],
                ))  # fmt: skip
            dup_user = await rows.user_of(tx, dup.id)
            if dup_user is not None and await rows.user_of(tx, kept.id) is not None:
                raise IdentityError(texts.both_linked(dup.nickname, kept.nickname))
            try:
                await drafts.replace_player(tx, dup.id, kept.id)
            except drafts.SeatedTogether:
                raise IdentityError(texts.together_in_draft(dup.nickname, kept.nickname)) from None
            games = await _move_games(tx, dup.id, kept.id, actor_id, now)
            await rows.delete(tx, dup.id)
            await redraw_closed(tx, kept.id, now)
            if dup_user is not None:
                await rows.set_user(tx, kept.id, dup_user)
            await rows.record(tx, kept.id, actor_id, now, PlayerAction.MERGED, {
                "duplicate_id": dup.id, "duplicate": dup.nickname, "games": games,
                "user_id": dup_user,
            })  # fmt: skip
        return Merged(len(games), kept, dup)


async def _move_games(
    tx: Transaction, dup_id: int, kept_id: int, actor_id: int, now: str
) -> list[int]:
    """Seats of the duplicate become the kept player's; each game's audit records the change."""
    games = await game_rows.move_player(tx, dup_id, kept_id)
    await statistics_rows.move_player(tx, dup_id, kept_id)
    for game_id in games:
        before = await audit.last_after(tx, game_id)
        if before:
            after = audit_record.with_player_replaced(before, dup_id, kept_id)
            await audit.append(tx, game_id, actor_id, now, AuditAction.CORRECTED, before, after)
    return games
