"""A judge's protocol in progress: the protocol so far and the editor's screen state around it.

Kept in the database after every tap, so that a restart in the middle of the dialog loses nothing.
A judge has at most one draft; its row is also the one record that "this judge is editing".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.core.clock import Clock
from bot.core.db import Database
from bot.tables import drafts

__all__ = ["ORDER", "Draft", "Drafts", "Step"]
from bot.vocabulary.protocol import SEATS, Protocol
from bot.vocabulary.steps import ORDER, Step


@dataclass
class Draft:
    judge_id: int
    tournament_id: int
    stage_id: int
    protocol: Protocol
    id: int = 0
    game_id: int | None = None  # set when the draft corrects a saved game
    ended_at: str | None = None  # when the judge recorded the winner
    message_id: int | None = None  # the live editor message in the judge's chat
    step: Step = Step.PLAYERS
    back_to: Step | None = None  # where TABLE, DISCARD and SEAT return to
    cursor: int | None = None  # the seat being worked on
    query: str | None = None  # the judge's last search text, offered as a new nickname
    confirm_new: str | None = None  # a new nickname close to a player: create it on a second tap
    unknown: list[tuple[int, str]] = field(default_factory=list)  # pasted names not found
    best_move_done: bool = False  # the best-move question was answered ("none" included)
    notice: str | None = None  # shown once at the top of the editor
    split_until: str | None = None  # texts until then continue a refused long one (ISO time)
    reviewing: bool = False  # the judge has seen the summary: a change returns there
    not_replay: bool = False  # the table has an annulled game, but this one is not its replay
    night: tuple[int, int] | None = None  # (evening, round) whose seating filled it
    rev: int = 0  # grows with every screen; buttons of an older screen are stale
    typed_upto: int = 0  # the newest typed message applied: one redelivered is not applied again
    asking: str | None = None  # a removal of the open seat awaiting «Да» («judge», «ppk»)
    # The discipline taps that can be undone, newest last: each the seat's discipline and the
    # winner before it, and what it did (``bot.entry.discipline``).
    undo: list[dict[str, Any]] = field(default_factory=list)

    def next_open_seat(self) -> int | None:
        """The first seat with nobody on it, skipping those awaiting a pasted new player."""
        waiting = {seat for seat, _ in self.unknown}
        open_seats = [s for s in SEATS if self.protocol.player(s) is None]
        return next(
            (s for s in open_seats if s not in waiting), open_seats[0] if open_seats else None
        )

    @property
    def is_correction(self) -> bool:
        return self.game_id is not None

    def dumps(self) -> str:
        data = self.protocol.to_dict()
        data.update(
            judge_id=self.judge_id,
            tournament_id=self.tournament_id,
            stage_id=self.stage_id,
            game_id=self.game_id,
            ended_at=self.ended_at,
            step=self.step.value,
            back_to=self.back_to.value if self.back_to else None,
            cursor=self.cursor,
            query=self.query,
            confirm_new=self.confirm_new,
            unknown=self.unknown,
            best_move_done=self.best_move_done,
            notice=self.notice,
            split_until=self.split_until,
            reviewing=self.reviewing,
            not_replay=self.not_replay,
            night=list(self.night) if self.night else None,
            rev=self.rev,
            typed_upto=self.typed_upto,
            asking=self.asking,
            undo=self.undo,
        )
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def loads(cls, draft_id: int, text: str, message_id: int | None = None) -> Draft:
        data: dict[str, Any] = json.loads(text)
        return cls(
            id=draft_id,
            judge_id=data["judge_id"],
            tournament_id=data["tournament_id"],
            stage_id=data["stage_id"],
            protocol=Protocol.from_dict(data),
            game_id=data.get("game_id"),
            ended_at=data.get("ended_at"),
            message_id=message_id,
            step=Step(data.get("step", Step.PLAYERS)),
            back_to=Step(data["back_to"]) if data.get("back_to") else None,
            cursor=data.get("cursor"),
            query=data.get("query"),
            confirm_new=data.get("confirm_new"),
            unknown=[(int(seat), str(name)) for seat, name in data.get("unknown", [])],
            best_move_done=bool(data.get("best_move_done")),
            notice=data.get("notice"),
            split_until=data.get("split_until"),
            reviewing=bool(data.get("reviewing")),
            not_replay=bool(data.get("not_replay")),
            night=(int(data["night"][0]), int(data["night"][1])) if data.get("night") else None,
            rev=int(data.get("rev", 0)),
            typed_upto=int(data.get("typed_upto", 0)),
            asking=data.get("asking"),
            undo=list(data.get("undo") or []),
        )


class Drafts:
    """A judge's draft, stored after every tap (the ``drafts`` table's owner is
    ``bot.tables.drafts``)."""

    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def of_judge(self, judge_id: int) -> Draft | None:
        row = await drafts.of_judge(self.database, judge_id)
        return Draft.loads(row["id"], row["data"], row["message_id"]) if row else None

    async def get(self, draft_id: int) -> Draft | None:
        row = await drafts.by_id(self.database, draft_id)
        return Draft.loads(row["id"], row["data"], row["message_id"]) if row else None

    async def in_play(self, tournament_id: int) -> list[Draft]:
        """The tournament's new protocols being entered now, one a judge."""
        rows = await drafts.of_tournament(self.database, tournament_id)
        return [Draft.loads(row["id"], row["data"], row["message_id"]) for row in rows]

    async def open(self, draft: Draft) -> Draft:
        """Store a new draft, replacing any other of the same judge."""
        async with self.database.transaction() as tx:
            draft.id = await drafts.replace_judges(
                tx, draft.judge_id, draft.dumps(), self.clock.iso()
            )
        return draft

    async def save(self, draft: Draft) -> None:
        await drafts.store(
            self.database, draft.id, draft.dumps(), draft.message_id, self.clock.iso()
        )

    async def set_message(self, draft_id: int, message_id: int) -> None:
        await drafts.set_message(self.database, draft_id, message_id)

    async def discard(self, draft_id: int) -> None:
        async with self.database.transaction() as tx:
            await drafts.delete(tx, draft_id)
