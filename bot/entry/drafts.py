"""A judge's protocol in progress, kept in the database so that nothing is lost on a restart."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import Any

from bot.core.clock import Clock
from bot.core.db import Database
from scoring import Game, Role, SeatEntry, Winner

SEATS = range(1, 11)


@dataclass
class Draft:
    judge_id: int
    tournament_id: int
    stage_id: int
    table: int
    number: int
    id: int = 0
    game_id: int | None = None  # set when the draft corrects a saved game
    players: list[int | None] = field(default_factory=lambda: [None] * 10)
    sheriff: int | None = None
    don: int | None = None
    mafia: list[int] = field(default_factory=list)
    winner: str | None = None
    ended_at: str | None = None  # when the judge recorded the winner
    first_killed: int | None = None
    night_done: bool = False  # the first-night question was answered ("nobody" included)
    best_move: list[int] = field(default_factory=list)
    best_move_done: bool = False
    extras: dict[str, str] = field(default_factory=dict)  # seat → exact decimal text
    penalties: dict[str, list[str]] = field(default_factory=dict)  # seat → codes
    step: str = "players"
    cursor: int | None = None  # the seat being worked on
    query: str | None = None  # the judge's last search text, offered as a new nickname
    unknown: list[tuple[int, str]] = field(default_factory=list)  # pasted names not found
    notice: str | None = None  # shown once at the top of the editor
    reviewing: bool = False  # the judge has seen the summary: a change returns there
    rev: int = 0  # grows with every change; buttons of an older screen are stale

    # -- derived -------------------------------------------------------------------------------

    def role(self, seat: int) -> Role | None:
        if seat == self.sheriff:
            return Role.SHERIFF
        if seat == self.don:
            return Role.DON
        if seat in self.mafia:
            return Role.MAFIA
        return Role.CIVILIAN if self.roles_complete else None

    @property
    def roles_complete(self) -> bool:
        return self.sheriff is not None and self.don is not None and len(self.mafia) == 2

    @property
    def players_complete(self) -> bool:
        return all(player is not None for player in self.players)

    def extra(self, seat: int) -> Decimal:
        return Decimal(self.extras.get(str(seat), "0"))

    def seat_penalties(self, seat: int) -> list[str]:
        return self.penalties.get(str(seat), [])

    def first_empty_seat(self) -> int | None:
        for seat in SEATS:
            if self.players[seat - 1] is None:
                return seat
        return None

    def missing(self) -> list[str]:
        """What must still be filled in before the protocol can be confirmed (Russian)."""
        gaps = []
        if not self.players_complete:
            gaps.append("игроки")
        if not self.roles_complete:
            gaps.append("роли")
        if self.winner is None:
            gaps.append("победитель")
        if not self.night_done:
            gaps.append("первая ночь")
        return gaps

    def to_game(self, game_id: str, stage: str) -> Game:
        """The protocol for the scoring core; a player is named by his id, which never changes."""
        assert self.winner is not None and self.players_complete and self.roles_complete
        seats = []
        for seat in SEATS:
            role = self.role(seat)
            assert role is not None
            seats.append(
                SeatEntry(
                    name=player_key(self.players[seat - 1]),
                    role=role,
                    extra=self.extra(seat),
                    penalties=tuple(self.seat_penalties(seat)),
                )
            )
        return Game(
            id=game_id,
            winner=Winner(self.winner),
            players=tuple(seats),
            stage=stage,
            first_killed=self.first_killed,
            best_move=tuple(self.best_move) if self.best_move else None,
        )

    # -- storage -------------------------------------------------------------------------------

    def dumps(self) -> str:
        data = asdict(self)
        data.pop("id")
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def loads(cls, draft_id: int, text: str) -> Draft:
        data: dict[str, Any] = json.loads(text)
        data["unknown"] = [tuple(pair) for pair in data.get("unknown", [])]
        return cls(id=draft_id, **data)


def player_key(player_id: int | None) -> str:
    return f"p{player_id}"


class Drafts:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def of_judge(self, judge_id: int) -> tuple[Draft, int | None] | None:
        """The judge's open draft and the id of its editor message."""
        row = await self.database.fetchone(
            "SELECT id, data, message_id FROM drafts WHERE judge_id = ?", (judge_id,)
        )
        if row is None:
            return None
        return Draft.loads(row["id"], row["data"]), row["message_id"]

    async def open(self, draft: Draft) -> Draft:
        """Store a new draft, replacing any other of the same judge."""
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            await connection.execute("DELETE FROM drafts WHERE judge_id = ?", (draft.judge_id,))
            cursor = await connection.execute(
                "INSERT INTO drafts (judge_id, data, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (draft.judge_id, draft.dumps(), now, now),
            )
            draft.id = int(cursor.lastrowid or 0)
        return draft

    async def save(self, draft: Draft, message_id: int | None = None) -> None:
        async with self.database.transaction() as connection:
            await connection.execute(
                "UPDATE drafts SET data = ?, message_id = coalesce(?, message_id), "
                "updated_at = ? WHERE id = ?",
                (draft.dumps(), message_id, self.clock.iso(), draft.id),
            )

    async def discard(self, draft_id: int) -> None:
        async with self.database.transaction() as connection:
            await connection.execute("DELETE FROM drafts WHERE id = ?", (draft_id,))
