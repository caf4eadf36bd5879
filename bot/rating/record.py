"""A player's record in a tournament (/me, /player): place, points by kind, per-role results,
first nights and best moves, the last games, and the cumulative points game by game."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from zoneinfo import ZoneInfo

from bot.rating.awards import achievements, streaks
from bot.rating.company import company
from bot.rating.standings import Board, PlayedGame
from bot.vocabulary.ratings import RecentGame, Record, RoleLine
from bot.vocabulary.window import ProtestWindow
from scoring import Outcome, Role

LAST_GAMES = 5
UTC_ZONE = ZoneInfo("UTC")
PARTNER_GAMES = 3  # shared games a teammate or rival needs (the PARTNER_MIN_GAMES setting)


def record(
    board: Board, player_id: int, nickname: str, now: datetime, window: ProtestWindow,
    partner_games: int = PARTNER_GAMES, zone: ZoneInfo = UTC_ZONE,
) -> Record:  # fmt: skip
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
                    sum((item.total for item in mine), Fraction(0)),
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
        running += item.total
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
        company=board.kept_for(
            player_id, f"company {partner_games}", lambda: company(played, nickname, partner_games)
        )
        if played
        else None,
        streaks=board.kept_for(player_id, "streaks", lambda: streaks(played)) if played else None,
        achievements=board.kept_for(
            player_id, f"achievements {zone}", lambda: achievements(played, zone)
        )
        if played
        else (),
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
