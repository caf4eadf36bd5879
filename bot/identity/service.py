"""Who is who: a Telegram account linked to a nickname (/iam, /link, /unlink); the admin's
repairs of nicknames (/rename, /merge) are ``bot.identity.repair``. Every change goes into
``player_audit``.

Who decides: judges decide link requests (``may_decide``) and are asked in private; head judges
link and unlink directly; admins rename and merge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiogram.types import User

from bot.club.members import KnownMember, MemberDirectory
from bot.club.players import (
    NicknameError,
    Player,
    PlayerDirectory,
    check_new_nickname,
    clean_nickname,
    nickname_key,
)
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Database, Transaction
from bot.core.outbox import CLUB, Kind, close_copies, enqueue, enqueue_kept, private
from bot.core.parsing import InputError, user_reference
from bot.identity import screens
from bot.tables import link_requests
from bot.tables import nights as night_rows
from bot.tables import players as rows
from bot.tables import tournaments as tournament_rows
from bot.tables.nights import NightPost
from bot.telegram.screen import Screen
from bot.texts import admin as admin_texts
from bot.texts import clubs as club_texts
from bot.texts import identity as texts
from bot.vocabulary.refusal import Refusal
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import LinkStatus, PlayerAction


def copy_key(request_id: int) -> str:
    """The judges' copies of one link request, closed together when it is decided."""
    return f"link:{request_id}"


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
    def __init__(
        self, database: Database, clock: Clock, members: MemberDirectory, players: PlayerDirectory
    ) -> None:
        self.database = database
        self.clock = clock
        self.members = members
        self.players = players

    @staticmethod
    def may_decide(member: Member) -> bool:
        return member.is_judge

    # -- reading -------------------------------------------------------------------------------

    async def player(self, nickname: str) -> Player:
        """The club's player with this nickname (case, е/ё and look-alike letters aside), or a
        clear refusal."""
        cleaned = " ".join(nickname.split())
        if not nickname_key(cleaned):
            raise IdentityError(texts.NICKNAME_MISSING)
        found = await self.players.by_nickname(cleaned)
        if found is None:
            raise IdentityError(texts.unknown_player(nickname))
        return found

    async def linked_player(self, user_id: int) -> Player | None:
        linked = await rows.linked_to(self.database, user_id)
        return Player(*linked) if linked else None

    async def request(self, request_id: int) -> LinkRequest | None:
        row = await link_requests.get(self.database, request_id)
        if row is None:
            return None
        return LinkRequest(
            row["id"], row["user_id"], Player(row["player_id"], row["nickname"]),
            LinkStatus(row["status"]), row["decided_by"],
        )  # fmt: skip

    # -- a player asks -------------------------------------------------------------------------

    async def claim(self, user_id: int, nickname: str) -> tuple[Screen, str | None]:
        """``/iam Ник``. A club's player (case, е/ё and look-alike letters aside): the request
        goes to the judges. A nickname the club has not seen: close players are offered first
        («Совв» → «Сова»?) with the new nickname as the last choice, returned to be kept until
        the person taps; with none close, the request for a new player goes at once."""
        cleaned = " ".join(nickname.split())
        if not cleaned:
            raise IdentityError(texts.NICKNAME_MISSING)
        found = await self.players.by_nickname(cleaned)
        if found is not None:
            return await self.ask(user_id, found.id), None
        try:
            new = clean_nickname(cleaned)
            check_new_nickname(new)
        except NicknameError as error:
            raise IdentityError(texts.bad_new_nickname(cleaned, str(error))) from None
        close = await self.players.close_to(new)
        if not close:
            return await self.ask_new(user_id, new), None
        return screens.close_players(new, close), new

    async def ask(self, user_id: int, player_id: int) -> Screen:
        """A pending request for a club's player, with the decision buttons to every judge but
        the asker. A new request replaces the asker's earlier pending one."""
        asker = await self.members.member(user_id)
        player = await self.players.get(player_id)
        if player is None:
            raise IdentityError(texts.REQUEST_GONE)
        label, deciders = await self._label(asker), await self._deciders(asker)
        async with self.database.transaction() as tx:
            await self._not_linked_yet(tx, asker.user_id)
            if await rows.user_of(tx, player.id) is not None:
                raise IdentityError(texts.taken(player.nickname))
            body = texts.request_for_deciders(label, asker.user_id, player.nickname)
            await self._send_request(tx, asker.user_id, deciders, body, player.id, None)
        return Screen(texts.request_sent(player.nickname))

    async def ask_new(self, user_id: int, nickname: str) -> Screen:
        """A request for a nickname no game has brought yet: the judge who confirms creates the
        player, so that the newcomer's very first game brings him his result in private."""
        asker = await self.members.member(user_id)
        label, deciders = await self._label(asker), await self._deciders(asker)
        async with self.database.transaction() as tx:
            await self._not_linked_yet(tx, asker.user_id)
            body = texts.new_player_for_deciders(label, asker.user_id, nickname)
            await self._send_request(tx, asker.user_id, deciders, body, None, nickname)
        return Screen(texts.new_request_sent(nickname))

    async def _label(self, asker: Member) -> str:
        known = await self.members.get(asker.user_id)
        return known.label if known else asker.full_name

    @staticmethod
    async def _not_linked_yet(tx: Transaction, user_id: int) -> None:
        mine = await rows.linked_to(tx, user_id)
        if mine is not None:
            raise IdentityError(texts.already_you(mine[1]))

    async def _deciders(self, asker: Member) -> list[int]:
        """Who is asked: every judge (head judges and admins are judges too) but the asker."""
        everyone = await self.members.everyone_with_rights()
        return [m.user_id for m in everyone if self.may_decide(m) and m.user_id != asker.user_id]

    async def _send_request(
        self, tx: Transaction, asker_id: int, deciders: list[int], body: str,
        player_id: int | None, nickname: str | None,
    ) -> None:  # fmt: skip
        """The request stored and its copies queued, one per judge; the copies of the asker's
        earlier request, replaced by this one, are closed."""
        now = self.clock.iso()
        request_id, earlier = await link_requests.open_new(tx, asker_id, player_id, now, nickname)
        if earlier is not None:
            await close_copies(tx, copy_key(earlier), texts.replaced(body), now)
        markup = screens.decision_markup(request_id).model_dump_json(exclude_none=True)
        for decider in deciders:
            await enqueue(tx, private(decider), Kind.TEXT, now, body=body, markup=markup,
                          copy_key=copy_key(request_id))  # fmt: skip

    async def decide(
        self, request_id: int, approve: bool, actor: Member, shown: str
    ) -> LinkRequest:
        """The first decision wins; a second one (another judge, a double tap) is told it was
        decided already. The asker is told the outcome; the other judges' copies of the request
        (``shown`` is the text of the one tapped) lose their buttons and say who decided."""
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            row = await link_requests.get(tx, request_id)
            if row is None:
                raise IdentityError(texts.REQUEST_GONE)
            if row["status"] != LinkStatus.PENDING:
                raise IdentityError(texts.already_decided(LinkStatus(row["status"])))
            player_id, reason = row["player_id"], None
            if approve and row["linked"] is not None:
                approve = False  # someone else was linked meanwhile (by /link)
                reason = texts.taken(row["nickname"])
            if approve:
                taken = await rows.linked_to(tx, row["user_id"])
                if taken is not None:
                    raise IdentityError(texts.user_linked_meanwhile(taken[1]))
                if player_id is None:
                    player_id, reason = await self._new_player(tx, row, actor.user_id, now)
                    approve = reason is None
            if approve:
                await rows.set_user(tx, player_id, row["user_id"])
                await _named_in_evenings(tx, row["user_id"], player_id, now)
                await rows.record(tx, player_id, actor.user_id, now, PlayerAction.LINKED,
                                  {"user_id": row["user_id"], "request": request_id,
                                   "created": row["player_id"] is None})  # fmt: skip
            status = LinkStatus.APPROVED if approve else LinkStatus.REJECTED
            await link_requests.decide(tx, request_id, status, actor.user_id, now)
            told = texts.approved(row["nickname"]) if approve else texts.rejected(row["nickname"])
            if approve and row["player_id"] is None:
                told = f"{told}\n{texts.FIRST_GAME_HINT}"
            if reason:
                told = f"{told}\n{reason}"
            told = club_texts.from_club(told, club_scope.named())
            await enqueue(tx, private(row["user_id"]), Kind.TEXT, now, body=told)
            closed = texts.decided(shown, approve, actor.full_name)
            await close_copies(tx, copy_key(request_id), closed, now, except_chat=actor.user_id)
        return LinkRequest(
            request_id, row["user_id"], Player(player_id or 0, row["nickname"]), status,
            actor.user_id,
        )  # fmt: skip

    async def _new_player(
        self, tx: Transaction, row: Any, actor_id: int, now: str
    ) -> tuple[int, str | None]:
        """The player a new nickname's request names: created now, or the one a judge entered
        meanwhile (unless someone else is linked to him: then the reason it is refused)."""
        nickname = str(row["nickname"])
        key = nickname_key(nickname)
        existing = await tx.one(
            "SELECT id, user_id FROM players WHERE club_id = ? AND nickname_key = ?",
            (club_id(), key),
        )
        if existing is not None:
            if existing["user_id"] is not None:
                return 0, texts.taken(nickname)
            player_id = int(existing["id"])
        else:
            player_id = await rows.create(tx, nickname, key, actor_id, now)
        await link_requests.set_player(tx, row["id"], player_id)
        return player_id, None

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
            await _named_in_evenings(tx, user_id, player.id, now)
            await link_requests.approve_pending(tx, user_id, player.id, actor_id, now)
            await rows.record(tx, player.id, actor_id, now, PlayerAction.LINKED,
                              {"user_id": user_id})  # fmt: skip
            if user_id != actor_id:
                await enqueue(tx, private(user_id), Kind.TEXT, now,
                              body=club_texts.from_club(texts.approved(player.nickname),
                                                        club_scope.named()))  # fmt: skip
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


async def redraw_closed(tx: Transaction, player_id: int, now: str) -> None:
    """The final tables posted of the closed tournaments he played in show his name (or his
    games, after a merge) as they are now."""
    for tournament_id in await tournament_rows.closed_with_player(tx, player_id):
        await enqueue_kept(tx, CLUB, tournament_rows.closing_post_key(tournament_id), now)


async def _named_in_evenings(tx: Transaction, user_id: int, player_id: int, now: str) -> None:
    """A person who signed up for an evening by his Telegram name now has his nickname: the
    lists show it, and he can be seated."""
    for night_id in await night_rows.link_people(tx, user_id, player_id):
        await enqueue_kept(tx, CLUB, night_rows.post_key(night_id, NightPost.SIGNUP), now)
