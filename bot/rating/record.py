"""A player's record in a tournament (/me, /player): place, points by kind, per-role results,
first nights and best moves, the last games, and the cumulative points game by game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from fractions import Fraction
from zoneinfo import ZoneInfo

from bot.rating.awards import achievements, streaks
from bot.rating.company import company
from bot.rating.standings import Board, PlayedGame
from bot.vocabulary.ratings import (
    Achievement,
    Company,
    DisciplineTally,
    RecentGame,
    Record,
    RoleLine,
    Streaks,
)
from bot.vocabulary.window import ProtestWindow
from scoring import Outcome, Role, SeatScore

LAST_GAMES = 5
UTC_ZONE = ZoneInfo("UTC")
PARTNER_GAMES = 3  # shared games a teammate or rival needs (the PARTNER_MIN_GAMES setting)


def record(
    board: Board, player_id: int, nickname: str, now: datetime, window: ProtestWindow,
    partner_games: int = PARTNER_GAMES, zone: tzinfo = UTC_ZONE,
    last_games: int | None = LAST_GAMES,
) -> Record:  # fmt: skip
    """His record as of ``now``, with his ``last_games`` games (None: every one) newest first.
    What his games alone decide is made once until one of them changes (``Board.kept_for``);
    only the protest windows are read against the clock."""
    played = board.played(player_id)
    summary = board.kept_for(
        player_id, f"summary {nickname} {partner_games} {zone}",
        lambda: _summary(played, nickname, partner_games, zone),
    )  # fmt: skip
    return Record(
        player_id=player_id,
        nickname=nickname,
        tournament=board.tournament.title,
        standing=board.row_of(player_id),
        players=len(board.standings),
        roles=summary.roles,
        first_killed_red=summary.first_killed_red,
        best_moves=summary.best_moves,
        recent=tuple(
            _recent(item, now, window)
            for item in reversed(played if last_games is None else played[-last_games:])
        ),
        cumulative=summary.cumulative,
        provisional=board.provisional(player_id, now, window),
        company=summary.company,
        streaks=summary.streaks,
        achievements=summary.achievements,
        discipline=summary.discipline,
    )


@dataclass(frozen=True, slots=True)
class _Summary:
    """What a player's games say whatever the clock: the record's lasting part."""

    roles: tuple[RoleLine, ...]
    first_killed_red: int
    best_moves: dict[int, int]
    cumulative: tuple[Fraction, ...]
    company: Company | None
    streaks: Streaks | None
    achievements: tuple[Achievement, ...]
    discipline: DisciplineTally


def tally(seats: Sequence[SeatScore]) -> DisciplineTally:
    """Fouls, technical fouls, removals and team defeats over a player's seats."""
    return DisciplineTally(
        games=len(seats),
        fouls=sum(seat.fouls for seat in seats),
        technical_fouls=sum(seat.technical_fouls for seat in seats),
        removals=sum(1 for seat in seats if seat.removed in ("fouls", "technical", "judge")),
        team_defeats=sum(1 for seat in seats if seat.removed == "ppk"),
    )


def _summary(played: list[PlayedGame], nickname: str, partner_games: int, zone: tzinfo) -> _Summary:
    totals = [item.total for item in played]  # exact fractions: each made once
    roles = []
    for role in (Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON):
        mine = [index for index, item in enumerate(played) if item.seat.role is role]
        if mine:
            roles.append(
                RoleLine(
                    role,
                    len(mine),
                    sum(1 for index in mine if played[index].seat.outcome is Outcome.WIN),
                    sum((totals[index] for index in mine), Fraction(0)),
                )
            )
    best_moves: dict[int, int] = {}
    for item in played:
        if item.seat.best_move_guessed is not None:
            guessed = item.seat.best_move_guessed
            best_moves[guessed] = best_moves.get(guessed, 0) + 1
    running = Fraction(0)
    cumulative = []
    for total in totals:
        running += total
        cumulative.append(running)
    return _Summary(
        roles=tuple(roles),
        first_killed_red=sum(
            1 for item in played if item.seat.first_killed and item.seat.role.team.value == "red"
        ),
        best_moves=best_moves,
        cumulative=tuple(cumulative),
        company=company(played, nickname, partner_games) if played else None,
        streaks=streaks(played) if played else None,
        achievements=achievements(played, zone) if played else (),
        discipline=tally([item.seat for item in played]),
    )


def _recent(item: PlayedGame, now: datetime, window: ProtestWindow) -> RecentGame:
    return RecentGame(
        game_id=item.facts.game_id,
        table=item.facts.table,
        number=item.facts.number,
        role=item.seat.role,
        total=item.total,
        outcome=item.seat.outcome,
        provisional=item.facts.provisional_at(now, window),
    )
