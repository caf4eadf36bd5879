"""Who is who: a Telegram account linked to a nickname (/iam, /link, /unlink), and the admin's
repairs of nicknames (/rename, /merge). Every change goes into ``player_audit``; a merge also
records each game it touched in ``audit_log``.

Who decides: judges decide link requests (``may_decide``) and are asked in private; head judges
link and unlink directly; admins rename and merge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from aiogram.types import User

from bot.club.members import KnownMember, MemberDirectory
from bot.club.players import NicknameError, Player, check_new_nickname, clean_nickname, nickname_key
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.core.outbox import Kind, enqueue, private
from bot.core.parsing import InputError, user_reference
from bot.identity import screens
from bot.tables import audit, drafts, link_requests
from bot.tables import games as game_rows
from bot.tables import players as rows
from bot.texts import admin as admin_texts
from bot.texts import identity as texts
from bot.vocabulary.refusal import Refusal
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import AuditAction, LinkStatus, PlayerAction


class IdentityError(Refusal):
    """The request cannot be done; the message is Russian and says why."""


@dataclass(frozen=True, slots=True)
class LinkRequest:
    id: int
    user_id: int
    player: Player
    status: LinkStatus
    decided_by: int | None


@dataclass(frozen=True, slots=True)
class Merged:
    games: int
    kept: Player
    duplicate: Player


class Identity:
    def __init__(self, database: Database, clock: Clock, members: MemberDirectory) -> None:
        self.database = database
        self.clock = clock
        self.members = members

    @staticmethod
    def may_decide(member: Member) -> bool:
        return member.is_judge

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
        row = await link_requests.get(self.database, request_id)
        if row is None:
            return None
        return LinkRequest(
            row["id"], row["user_id"], Player(row["player_id"], row["nickname"]),
            LinkStatus(row["status"]), row["decided_by"],
        )  # fmt: skip

    # -- a player asks -------------------------------------------------------------------------

    async def ask(self, asker: Member, nickname: str) -> LinkRequest:
        """``/iam Ник``: a pending request, and a message with the decision buttons to every
        judge but the asker. A new request replaces the asker's earlier pending one."""
        player = await self.player(nickname)
        everyone = await self.members.everyone_with_rights()
        deciders = [
            m.user_id for m in everyone if self.may_decide(m) and m.user_id != asker.user_id
        ]
        known = await self.members.get(asker.user_id)
        label = known.label if known else asker.full_name
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            mine = await rows.linked_to(tx, asker.user_id)
            if mine is not None:
                raise IdentityError(texts.already_you(mine[1]))
            if await rows.user_of(tx, player.id) is not None:
                raise IdentityError(texts.taken(player.nickname))
            request_id = await link_requests.open_new(tx, asker.user_id, player.id, now)
            body = texts.request_for_deciders(label, asker.user_id, player.nickname)
            markup = screens.decision_markup(request_id).model_dump_json(exclude_none=True)
            for decider in deciders:
                await enqueue(tx, private(decider), Kind.TEXT, now, body=body, markup=markup)
        return LinkRequest(request_id, asker.user_id, player, LinkStatus.PENDING, None)

    async def decide(self, request_id: int, approve: bool, actor_id: int) -> LinkRequest:
        """The first decision wins; a second one (another judge, a double tap) is told it was
        decided already. The asker is told the outcome."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            row = await link_requests.get(tx, request_id)
            if row is None:
                raise IdentityError(texts.REQUEST_GONE)
            if row["status"] != LinkStatus.PENDING:
                raise IdentityError(texts.already_decided(LinkStatus(row["status"])))
            reason = None
            if approve and row["linked"] is not None:
                approve = False  # someone else was linked meanwhile (by /link)
                reason = texts.taken(row["nickname"])
            if approve:
                taken = await rows.linked_to(tx, row["user_id"])
                if taken is not None:
                    raise IdentityError(texts.user_linked_meanwhile(taken[1]))
                await rows.set_user(tx, row["player_id"], row["user_id"])
                await rows.record(tx, row["player_id"], actor_id, now, PlayerAction.LINKED,
                                  {"user_id": row["user_id"], "request": request_id})  # fmt: skip
            status = LinkStatus.APPROVED if approve else LinkStatus.REJECTED
            await link_requests.decide(tx, request_id, status, actor_id, now)
            told = texts.approved(row["nickname"]) if approve else texts.rejected(row["nickname"])
            if reason:
                told = f"{told}\n{reason}"
            await enqueue(tx, private(row["user_id"]), Kind.TEXT, now, body=told)
        return LinkRequest(
            request_id, row["user_id"], Player(row["player_id"], row["nickname"]), status, actor_id
        )

    # -- staff link directly -------------------------------------------------------------------

    async def link(self, user_id: int, nickname: str, actor_id: int) -> Player:
        player = await self.player(nickname)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            owner = await rows.user_of(tx, player.id)
            if owner == user_id:
                raise IdentityError(texts.already_linked_same(player.nickname))
            if owner is not None:
                raise IdentityError(texts.taken_unlink_first(player.nickname))
            other = await rows.linked_to(tx, user_id)
            if other is not None:
                raise IdentityError(texts.user_has_other(other[1]))
            await rows.set_user(tx, player.id, user_id)
            await link_requests.approve_pending(tx, user_id, player.id, actor_id, now)
            await rows.record(tx, player.id, actor_id, now, PlayerAction.LINKED,
                              {"user_id": user_id})  # fmt: skip
            if user_id != actor_id:
                await enqueue(tx, private(user_id), Kind.TEXT, now,
                              body=texts.approved(player.nickname))  # fmt: skip
        return player

    async def link_named(self, args: str | None, replied: User | None, actor_id: int) -> str:
        """``/link @user Ник``, ``/link 123 Ник`` or ``/link Ник`` as a reply to the person:
        what to tell the head judge (done, or why not)."""
        words = " ".join((args or "").split())
        if not words:
            return texts.LINK_USAGE
        try:
            person, nickname = await self._person(words, replied)
            player = await self.link(person.user_id, nickname, actor_id)
        except IdentityError as error:
            return error.message
        return texts.linked(person.label, player.nickname)

    async def _person(self, words: str, replied: User | None) -> tuple[KnownMember, str]:
        """Whom ``/link`` names and the nickname: the replied-to person, or ``@user``/id first."""
        if replied is not None and not replied.is_bot:
            await self.members.resolve(replied)
            known = await self.members.get(replied.id)
            assert known is not None
            return known, words
        first, _, rest = words.partition(" ")
        if not rest.strip():
            raise IdentityError(texts.LINK_USAGE)
        try:
            reference = user_reference(first)
        except InputError as error:
            raise IdentityError(f"{error.message}\n\n{texts.LINK_USAGE}") from None
        found = await self.members.find(reference)
        if found is None:
            raise IdentityError(admin_texts.never_wrote(first))
        return found, rest.strip()

    async def unlink(self, nickname: str, actor_id: int) -> tuple[Player, int]:
        player = await self.player(nickname)
        async with self.database.transaction() as tx:
            owner = await rows.user_of(tx, player.id)
            if owner is None:
                raise IdentityError(texts.not_linked(player.nickname))
            now = self.clock.iso()
            await rows.set_user(tx, player.id, None)
            await rows.record(tx, player.id, actor_id, now, PlayerAction.UNLINKED,
                              {"user_id": owner})  # fmt: skip
            if owner != actor_id:
                await enqueue(tx, private(owner), Kind.TEXT, now,
                              body=texts.you_were_unlinked(player.nickname))  # fmt: skip
        return player, int(owner)

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
        async with self.database.transaction() as tx:
            row = await tx.one(
                "SELECT nickname FROM players WHERE nickname_key = ? AND id != ?", (key, player.id)
            )
            if row is not None:
                raise IdentityError(texts.name_taken(row["nickname"], player.nickname))
            await rows.rename(tx, player.id, nickname, key)
            await rows.record(tx, player.id, actor_id, self.clock.iso(), PlayerAction.RENAMED,
                              {"before": player.nickname, "after": nickname})  # fmt: skip
        return player, Player(player.id, nickname)

    async def merge(self, duplicate: str, main: str, actor_id: int) -> Merged:
        """The duplicate's games move to the main player; the duplicate disappears."""
        dup = await self.player(duplicate)
        kept = await self.player(main)
        if dup.id == kept.id:
            raise IdentityError(texts.MERGE_SAME)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            together = await tx.one(
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
            dup_user = await rows.user_of(tx, dup.id)
            if dup_user is not None and await rows.user_of(tx, kept.id) is not None:
                raise IdentityError(texts.both_linked(dup.nickname, kept.nickname))
            try:
                await drafts.replace_player(tx, dup.id, kept.id)
            except drafts.SeatedTogether:
                raise IdentityError(texts.together_in_draft(dup.nickname, kept.nickname)) from None
            games = await _move_games(tx, dup.id, kept.id, actor_id, now)
            await rows.delete(tx, dup.id)
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
    for game_id in games:
        before = await audit.last_after(tx, game_id)
        if before:
            after = _replace_player(before, dup_id, kept_id)
            await audit.append(tx, game_id, actor_id, now, AuditAction.CORRECTED, before, after)
    return games


def _replace_player(protocol_json: str, dup_id: int, kept_id: int) -> str:
    data = json.loads(protocol_json)
    for seat in data.get("players") or []:
        if seat.get("player_id") == dup_id:
            seat["player_id"] = kept_id
    return json.dumps(data, ensure_ascii=False)
