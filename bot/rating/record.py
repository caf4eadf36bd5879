"""A player's record in a tournament (/me, /player): place, points by kind, per-role results,
first nights and best moves, the last games, and the cumulative points game by game."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from bot.rating.standings import Board, PlayedGame
from scoring import Outcome, Role, Standing

LAST_GAMES = 5


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


def record(board: Board, player_id: int, nickname: str, now: datetime, window: timedelta) -> Record:
    played = board.played(player_id)
    standing = board.row_of(player_id)
    roles = []
    for role in (Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON):
        mine = [item for item in played if item.seat.role is role]
        if mine:
            roles.append(
                RoleLine(
                    role,
                    len(mine),
                    sum(1 for item in mine if item.seat.outcome is Outcome.WIN),
                    sum((item.seat.total for item in mine), Fraction(0)),
                )
            )
    best_moves: dict[int, int] = {}
    for item in played:
        if item.seat.best_move_guessed is not None:
            guessed = item.seat.best_move_guessed
            best_moves[guessed] = best_moves.get(guessed, 0) + 1
    running = Fraction(0)
    cumulative = []
    for item in played:
        running += item.seat.total
        cumulative.append(running)
    return Record(
        nickname=nickname,
        tournament=board.tournament.title,
        standing=standing,
        players=len(board.standings),
        roles=tuple(roles),
        first_killed_red=sum(
            1 for item in played if item.seat.first_killed and item.seat.role.team.value == "red"
        ),
        best_moves=best_moves,
        recent=tuple(_recent(item, now, window) for item in reversed(played[-LAST_GAMES:])),
        cumulative=tuple(cumulative),
        provisional=any(item.facts.provisional_at(now, window) for item in played),
    )


def _recent(item: PlayedGame, now: datetime, window: timedelta) -> RecentGame:
    return RecentGame(
        game_id=item.facts.game_id,
        table=item.facts.table,
        number=item.facts.number,
        role=item.seat.role,
        total=item.seat.total,
        outcome=item.seat.outcome,
        provisional=item.facts.provisional_at(now, window),
    )
