"""The entry dialog's taps that seat the club's players: a player picked from the search, a new
one by the nickname typed, the unknown nicknames of a pasted list made players or matched to a
close one. Each seats on the draft (``steps.seat_player``: one seated elsewhere changes seats);
the editor stores and shows it."""

from __future__ import annotations

from bot.club.players import NicknameError, PlayerDirectory, SimilarPlayerError
from bot.core.parsing import small_number
from bot.entry import steps
from bot.entry.draft import Draft
from bot.entry.steps import EntryError
from bot.texts import entry as texts
from bot.vocabulary.rights import Member

_MAX_ID = 2**53


class PlayerTaps:
    def __init__(self, players: PlayerDirectory) -> None:
        self.players = players

    async def pick(self, draft: Draft, value: str, judge: Member) -> None:
        player_id = small_number(value, 1, _MAX_ID)
        player = await self.players.get(player_id) if player_id else None
        if player is None:
            raise EntryError(texts.NO_SUCH_PLAYER)
        steps.seat_player(draft, player)

    async def new_player(self, draft: Draft, value: str, judge: Member) -> None:
        if not draft.query:
            raise EntryError(texts.TYPE_NEW_NICKNAME)
        close = await self.players.close_to(draft.query)
        if close and draft.confirm_new != draft.query:  # ask once before a near-twin is made
            draft.confirm_new = draft.query
            raise EntryError(texts.close_exists(draft.query, [p.nickname for p in close]))
        draft.confirm_new = None
        try:
            player = await self.players.create(draft.query, judge.user_id)
        except SimilarPlayerError as error:
            draft.query = error.existing.nickname  # offered instead, as a suggestion
            raise EntryError(str(error)) from None
        except NicknameError as error:
            raise EntryError(str(error)) from None
        steps.seat_player(draft, player)

    async def new_players(self, draft: Draft, value: str, judge: Member) -> None:
        """Every pasted unknown nickname that is close to no player becomes a new player; the
        close ones wait for «→ Сова?» or their own «новый игрок» button."""
        waiting = []
        for seat, nickname in draft.unknown:
            if await self.players.close_to(nickname):
                waiting.append((seat, nickname))
                continue
            await self._create_on(draft, seat, nickname, judge)
        draft.unknown = waiting

    async def new_one(self, draft: Draft, value: str, judge: Member) -> None:
        seat = steps.seat_of(value)
        nickname = dict(draft.unknown).get(seat)
        if nickname is None:
            raise EntryError(texts.UNKNOWN_BUTTON)
        await self._create_on(draft, seat, nickname, judge)
        draft.unknown = [(s, n) for s, n in draft.unknown if s != seat]

    async def _create_on(self, draft: Draft, seat: int, nickname: str, judge: Member) -> None:
        try:
            player = await self.players.create_or_get(nickname, judge.user_id)
        except NicknameError as error:
            raise EntryError(str(error)) from None
        draft.cursor = seat
        steps.seat_player(draft, player)  # one seated elsewhere changes seats

    async def seat_as(self, draft: Draft, value: str, judge: Member) -> None:
        """«Совв → Сова?»: the pasted line's seat gets the close player."""
        seat_text, _, player_text = value.partition("-")
        seat = steps.seat_of(seat_text)
        player_id = small_number(player_text, 1, _MAX_ID)
        player = await self.players.get(player_id) if player_id else None
        if player is None or seat not in dict(draft.unknown):
            raise EntryError(texts.UNKNOWN_BUTTON)
        draft.cursor = seat
        steps.seat_player(draft, player)
