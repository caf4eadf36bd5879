"""What a rating shows: the boards' tables and a player's record, as values for texts and
pictures (computed by ``bot.rating``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scoring import Outcome, Role, Standing


class Kind(StrEnum):
    TOTAL = "total"
    AVERAGE = "avg"
    SHERIFF = "sheriff"
    DON = "don"
    MAFIA = "mafia"
    CIVILIAN = "civilian"

    @property
    def role(self) -> Role | None:
        return None if self in (Kind.TOTAL, Kind.AVERAGE) else Role(self.value)

    @property
    def by_average(self) -> bool:
        return self is not Kind.TOTAL


@dataclass(frozen=True, slots=True)
class Row:
    place: int
    player_id: int
    name: str
    value: Fraction  # the total, or the average the board is ordered by
    games: int  # games counted on this board (in the role, for a role board)
    wins: int
    additional: Fraction
    ci: Fraction
    lot: bool  # the place among equals was decided by lot
    provisional: bool  # one of the player's games may still change (protest window open)


@dataclass(frozen=True, slots=True)
class Table:
    kind: Kind
    rows: tuple[Row, ...]
    min_games: int
    left_out: int  # players below the minimum
    game_count: int


@dataclass(frozen=True, slots=True)
class RoleLine:
    role: Role
    games: int
    wins: int
    points: Fraction


@dataclass(frozen=True, slots=True)
class RecentGame:
    game_id: int
    table: int
    number: int
    role: Role
    total: Fraction
    outcome: Outcome
    provisional: bool


@dataclass(frozen=True, slots=True)
class Record:
    nickname: str
    tournament: str
    standing: Standing | None  # None: no counted game in this tournament
    players: int
    roles: tuple[RoleLine, ...]
    first_killed_red: int  # shot first while red (what Ci is for)
    best_moves: dict[int, int]  # blacks guessed (0–3) → how many times
    recent: tuple[RecentGame, ...]  # newest first
    cumulative: tuple[Fraction, ...]  # the total after each game, oldest first
    provisional: bool
