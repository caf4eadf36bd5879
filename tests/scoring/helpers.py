"""Builders for games in scoring tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from scoring import Game, Role, SeatEntry, Winner

C, S, M, D = Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON
# Seat 2 sheriff, seats 4 and 7 mafia, seat 9 don.
LAYOUT = (C, S, C, M, C, C, M, C, D, C)
NAMES = tuple(f"P{seat}" for seat in range(1, 11))


def game(
    winner: str | Winner = "red",
    *,
    id: str = "g1",
    stage: str = "main",
    names: Sequence[str] = NAMES,
    roles: Sequence[Role] = LAYOUT,
    first_killed: int | None = None,
    best_move: Sequence[int] | None = None,
    extra: Mapping[int, str] | None = None,
    penalties: Mapping[int, Sequence[str]] | None = None,
) -> Game:
    extra = extra or {}
    penalties = penalties or {}
    return Game(
        id=id,
        stage=stage,
        winner=Winner(winner),
        players=tuple(
            SeatEntry(
                name=names[seat - 1],
                role=roles[seat - 1],
                extra=Decimal(extra.get(seat, "0")),
                penalties=tuple(penalties.get(seat, ())),
            )
            for seat in range(1, 11)
        ),
        first_killed=first_killed,
        best_move=tuple(best_move) if best_move is not None else None,
    )


def protocol_dict(games: Sequence[Game], **top: object) -> dict[str, object]:
    """The JSON protocol (SCORING.md) of some games."""
    return {
        **top,
        "games": [
            {
                "id": g.id,
                "stage": g.stage,
                "winner": g.winner.value,
                "players": [
                    {
                        "name": p.name,
                        "role": p.role.value,
                        "extra": float(p.extra),
                        "penalties": list(p.penalties),
                    }
                    for p in g.players
                ],
                **({"first_killed": g.first_killed} if g.first_killed else {}),
                **({"best_move": list(g.best_move)} if g.best_move else {}),
            }
            for g in games
        ],
    }
