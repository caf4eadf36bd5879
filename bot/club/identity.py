"""Who is who: a Telegram account linked to a nickname (/iam, /link, /unlink), and the admin's
repairs of nicknames (/rename, /merge). Every change goes into ``player_audit``; a merge also
records each game it touched in ``audit_log``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.club.players import (
    NicknameError,
    Player,
    check_new_nickname,
    clean_nickname,
    nickname_key,
)
from bot.core.clock import Clock
from bot.core.db import Database
from bot.delivery.queue import Kind, enqueue, private
from bot.texts import identity as texts


class IdentityError(Exception):
    """The request cannot be done; the message is Russian and says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class LinkRequest:
    id: int
    user_id: int
    player: Player
    status: str
    decided_by: int | None


@dataclass(frozen=True, slots=True)
class Merged:
    games: int
    kept: Player


async def _audit(
    connection: aiosqlite.Connection, player_id: int, actor_id: int, now: str, action: str,
    details: dict[str, Any],
) -> None:  # fmt: skip
    await connection.execute(
        "INSERT INTO player_audit (player_id, actor_id, at, action, details) "
        "VALUES (?, ?, ?, ?, ?)",
        (player_id, actor_id, now, action, json.dumps(details, ensure_ascii=False)),
    )


async def _one(connection: aiosqlite.Connection, sql: str, parameters: tuple[Any, ...]) -> Any:
    cursor = await connection.execute(sql, parameters)
    return await cursor.fetchone()


class Identity:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    # -- reading -------------------------------------------------------------------------------

    async def player(self, nickname: str) -> Player:
        """The club's player with this nickname (case and е/ё aside), or a clear refusal."""
        key = nickname_key(" ".join(nickname.split()))
        if not key:
            raise IdentityError(texts.NICKNAME_MISSING)
        row = await self.database.fetchone(
            "SELECT id, nickname FROM players WHERE nickname_key = ?", (key,)
        )
        if row is None:
            raise IdentityError(texts.unknown_player(nickname))
        return Player(row["id"], row["nickname"])

    async def linked_player(self, user_id: int) -> Player | None:
        row = await self.database.fetchone(
            "SELECT id, nickname FROM players WHERE user_id = ?", (user_id,)
        )
        return Player(row["id"], row["nickname"]) if row else None

    async def request(self, request_id: int) -> LinkRequest | None:
        row = await self.database.fetchone(
            "SELECT r.*, p.nickname FROM link_requests AS r JOIN players AS p "
            "ON p.id = r.player_id WHERE r.id = ?",
            (request_id,),
        )
        if row is None:
            return None
        return LinkRequest(
            row["id"], row["user_id"], Player(row["player_id"], row["nickname"]), row["status"],
            row["decided_by"],
        )  # fmt: skip

    # -- a player asks -------------------------------------------------------------------------

    async def ask(
        self, user_id: int, nickname: str, deciders: list[int], asker_label: str,
        buttons: Callable[[int], str],
    ) -> LinkRequest:  # fmt: skip
        """``/iam Ник``: a pending request, and a message with ``buttons(request id)`` (reply
        markup JSON) to every decider. A new request replaces the asker's earlier pending one."""
        player = await self.player(nickname)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            row = await _one(
                connection, "SELECT id, nickname FROM players WHERE user_id = ?", (user_id,)
            )
            if row is not None:
                raise IdentityError(texts.already_you(row["nickname"]))
            row = await _one(connection, "SELECT user_id FROM players WHERE id = ?", (player.id,))
            if row["user_id"] is not None:
                raise IdentityError(texts.taken(player.nickname))
            await connection.execute(
                "UPDATE link_requests SET status = 'withdrawn', decided_at = ? "
                "WHERE user_id = ? AND status = 'pending'",
                (now, user_id),
            )
            cursor = await connection.execute(
                "INSERT INTO link_requests (user_id, player_id, created_at) VALUES (?, ?, ?)",
                (user_id, player.id, now),
            )
            request_id = int(cursor.lastrowid or 0)
            body = texts.request_for_deciders(asker_label, user_id, player.nickname)
            markup = buttons(request_id)
            for decider in deciders:
                await enqueue(
                    connection, private(decider), Kind.TEXT, now, body=body, markup=markup
                )
        return LinkRequest(request_id, user_id, player, "pending", None)

    async def decide(self, request_id: int, approve: bool, actor_id: int) -> LinkRequest:
        """The first decision wins; a second one (another judge, a double tap) is told it was
        decided already. The asker is told the outcome."""
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            row = await _one(
                connection,
                "SELECT r.*, p.nickname, p.user_id AS linked FROM link_requests AS r "
                "JOIN players AS p ON p.id = r.player_id WHERE r.id = ?",
                (request_id,),
            )
            if row is None:
                raise IdentityError(texts.REQUEST_GONE)
            if row["status"] != "pending":
                raise IdentityError(texts.already_decided(row["status"]))
            if approve and row["linked"] is not None:
                approve = False  # someone else was linked meanwhile (by /link)
                reason = texts.taken(row["nickname"])
            else:
                reason = None
            if approve:
                taken = await _one(
                    connection, "SELECT nickname FROM players WHERE user_id = ?", (row["user_id"],)
                )
                if taken is not None:
                    raise IdentityError(texts.user_linked_meanwhile(taken["nickname"]))
                await connection.execute(
                    "UPDATE players SET user_id = ? WHERE id = ?",
                    (row["user_id"], row["player_id"]),
                )
                await _audit(connection, row["player_id"], actor_id, now, "linked",
                             {"user_id": row["user_id"], "request": request_id})  # fmt: skip
            status = "approved" if approve else "rejected"
            await connection.execute(
                "UPDATE link_requests SET status = ?, decided_by = ?, decided_at = ? WHERE id = ?",
                (status, actor_id, now, request_id),
            )
            told = texts.approved(row["nickname"]) if approve else texts.rejected(row["nickname"])
            if reason:
                told = f"{told}\n{reason}"
            await enqueue(connection, private(row["user_id"]), Kind.TEXT, now, body=told)
        return LinkRequest(
            request_id, row["user_id"], Player(row["player_id"], row["nickname"]), status, actor_id
        )

    # -- staff link directly -------------------------------------------------------------------

    async def link(self, user_id: int, nickname: str, actor_id: int) -> Player:
        player = await self.player(nickname)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            row = await _one(connection, "SELECT user_id FROM players WHERE id = ?", (player.id,))
            if row["user_id"] == user_id:
                raise IdentityError(texts.already_linked_same(player.nickname))
            if row["user_id"] is not None:
                raise IdentityError(texts.taken_unlink_first(player.nickname))
            row = await _one(
                connection, "SELECT nickname FROM players WHERE user_id = ?", (user_id,)
            )
            if row is not None:
                raise IdentityError(texts.user_has_other(row["nickname"]))
            await connection.execute(
                "UPDATE players SET user_id = ? WHERE id = ?", (user_id, player.id)
            )
            await connection.execute(
                "UPDATE link_requests SET status = 'approved', decided_by = ?, decided_at = ? "
                "WHERE user_id = ? AND player_id = ? AND status = 'pending'",
                (actor_id, now, user_id, player.id),
            )
            await _audit(connection, player.id, actor_id, now, "linked", {"user_id": user_id})
            if user_id != actor_id:
                await enqueue(
                    connection, private(user_id), Kind.TEXT, now,
                    body=texts.approved(player.nickname),
                )  # fmt: skip
        return player

    async def unlink(self, nickname: str, actor_id: int) -> tuple[Player, int]:
        player = await self.player(nickname)
        async with self.database.transaction() as connection:
            row = await _one(connection, "SELECT user_id FROM players WHERE id = ?", (player.id,))
            if row["user_id"] is None:
                raise IdentityError(texts.not_linked(player.nickname))
            await connection.execute("UPDATE players SET user_id = NULL WHERE id = ?", (player.id,))
            await _audit(connection, player.id, actor_id, self.clock.iso(), "unlinked",
                         {"user_id": row["user_id"]})  # fmt: skip
        return player, int(row["user_id"])

    # -- admins repair nicknames ---------------------------------------------------------------

    async def rename(self, old: str, new: str, actor_id: int) -> tuple[Player, Player]:
        player = await self.player(old)
        try:
            nickname = clean_nickname(new)
            check_new_nickname(nickname)
        except NicknameError as error:
            raise IdentityError(str(error)) from None
        if nickname == player.nickname:
            raise IdentityError(texts.same_name(nickname))
        key = nickname_key(nickname)
        async with self.database.transaction() as connection:
            row = await _one(
                connection, "SELECT nickname FROM players WHERE nickname_key = ? AND id != ?",
                (key, player.id),
            )  # fmt: skip
            if row is not None:
                raise IdentityError(texts.name_taken(row["nickname"], player.nickname))
            await connection.execute(
                "UPDATE players SET nickname = ?, nickname_key = ? WHERE id = ?",
                (nickname, key, player.id),
            )
            await _audit(connection, player.id, actor_id, self.clock.iso(), "renamed",
                         {"before": player.nickname, "after": nickname})  # fmt: skip
        return player, Player(player.id, nickname)

    async def merge(self, duplicate: str, main: str, actor_id: int) -> Merged:
        """The duplicate's games move to the main player; the duplicate disappears."""
        dup = await self.player(duplicate)
        kept = await self.player(main)
        if dup.id == kept.id:
            raise IdentityError(texts.MERGE_SAME)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            together = await _one(
                connection,
                "SELECT g.table_number, g.game_number, t.title FROM game_seats AS a "
                "JOIN game_seats AS b ON a.game_id = b.game_id JOIN games AS g ON g.id = a.game_id "
                "JOIN tournaments AS t ON t.id = g.tournament_id "
                "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
                (dup.id, kept.id),
            )
            if together is not None:
                raise IdentityError(texts.played_together(
                    dup.nickname, kept.nickname, together["title"], together["table_number"],
                    together["game_number"],
                ))  # fmt: skip
            users = await _one(
                connection,
                "SELECT (SELECT user_id FROM players WHERE id = ?) AS dup, "
                "(SELECT user_id FROM players WHERE id = ?) AS kept",
                (dup.id, kept.id),
            )
            if users["dup"] is not None and users["kept"] is not None:
                raise IdentityError(texts.both_linked(dup.nickname, kept.nickname))
            await _move_drafts(connection, dup, kept)
            games = await _move_games(connection, dup.id, kept.id, actor_id, now)
            await connection.execute("DELETE FROM players WHERE id = ?", (dup.id,))
            if users["dup"] is not None:
                await connection.execute(
                    "UPDATE players SET user_id = ? WHERE id = ?", (users["dup"], kept.id)
                )
            await _audit(connection, kept.id, actor_id, now, "merged", {
                "duplicate_id": dup.id, "duplicate": dup.nickname, "games": games,
                "user_id": users["dup"],
            })  # fmt: skip
        return Merged(len(games), kept)


async def _move_games(
    connection: aiosqlite.Connection, dup_id: int, kept_id: int, actor_id: int, now: str
) -> list[int]:
    """Seats of the duplicate become the kept player's; each game's audit records the change."""
    cursor = await connection.execute(
        "SELECT game_id FROM game_seats WHERE player_id = ? ORDER BY game_id", (dup_id,)
    )
    games = [int(row[0]) for row in await cursor.fetchall()]
    for game_id in games:
        row = await _one(
            connection,
            "SELECT after FROM audit_log WHERE game_id = ? ORDER BY id DESC LIMIT 1", (game_id,)
        )  # fmt: skip
        before = row["after"] if row else None
        after = _replace_player(before, dup_id, kept_id) if before else None
        await connection.execute(
            "UPDATE game_seats SET player_id = ? WHERE game_id = ? AND player_id = ?",
            (kept_id, game_id, dup_id),
        )
        if before and after:
            await connection.execute(
                "INSERT INTO audit_log (game_id, actor_id, at, action, before, after) "
                "VALUES (?, ?, ?, 'corrected', ?, ?)",
                (game_id, actor_id, now, before, after),
            )
    return games


def _replace_player(protocol_json: str, dup_id: int, kept_id: int) -> str:
    data = json.loads(protocol_json)
    for seat in data.get("players") or []:
        if seat.get("player_id") == dup_id:
            seat["player_id"] = kept_id
    return json.dumps(data, ensure_ascii=False)


async def _move_drafts(connection: aiosqlite.Connection, dup: Player, kept: Player) -> None:
    """An open protocol that seats the duplicate seats the kept player instead."""
    cursor = await connection.execute("SELECT id, data FROM drafts")
    for row in await cursor.fetchall():
        data = json.loads(row["data"])
        players = data.get("players") or []
        if dup.id not in players:
            continue
        if kept.id in players:
            raise IdentityError(texts.together_in_draft(dup.nickname, kept.nickname))
        data["players"] = [kept.id if p == dup.id else p for p in players]
        await connection.execute(
            "UPDATE drafts SET data = ? WHERE id = ?",
            (json.dumps(data, ensure_ascii=False), row["id"]),
        )
