"""Protocol models: one game as the judge recorded it, and a distance of games."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

SEATS = 10
SEAT_NUMBERS = range(1, SEATS + 1)
DEFAULT_STAGE = "main"


class Team(StrEnum):
    RED = "red"
    BLACK = "black"


class Role(StrEnum):
    CIVILIAN = "civilian"
    SHERIFF = "sheriff"
    MAFIA = "mafia"
    DON = "don"

    @property
    def team(self) -> Team:
        return _TEAMS[self]  # a table: asked for every seat of every game (10× a comparison)


_TEAMS = {
    Role.CIVILIAN: Team.RED,
    Role.SHERIFF: Team.RED,
    Role.MAFIA: Team.BLACK,
    Role.DON: Team.BLACK,
}


# How many seats of each role a table of ten has.
ROLE_COUNTS: dict[Role, int] = {Role.CIVILIAN: 6, Role.SHERIFF: 1, Role.MAFIA: 2, Role.DON: 1}


class Winner(StrEnum):
    RED = "red"
    BLACK = "black"
    DRAW = "draw"


class Outcome(StrEnum):
    """The game's result as seen by one player's team."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


def _outcome(role: Role, winner: Winner) -> Outcome:
    if winner is Winner.DRAW:
        return Outcome.DRAW
    return Outcome.WIN if winner.value == role.team.value else Outcome.LOSS


# A lookup table: scoring 100,000 games asks this a million times.
OUTCOMES: dict[tuple[Role, Winner], Outcome] = {
    (role, winner): _outcome(role, winner) for role in Role for winner in Winner
}
RED_ROLES = frozenset(role for role in Role if role.team is Team.RED)


def outcome_for(role: Role, winner: Winner) -> Outcome:
    return OUTCOMES[(role, winner)]


class Removal(StrEnum):
    """A removal the judge records by itself (SCORING.md, «Discipline»)."""

    JUDGE = "judge"  # removed for an offence
    PPK = "ppk"  # a team defeat: his team loses, he is removed too


MAX_FOULS = 4  # the 4th foul removes the player
MAX_TECHNICAL_FOULS = 2  # the 2nd technical foul removes him


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One seat of a game protocol."""

    name: str
    role: Role
    extra: Decimal = Decimal(0)
    penalties: tuple[str, ...] = ()
    fouls: int = 0
    technical_fouls: int = 0
    removal: Removal | None = None

    @property
    def removed(self) -> str | None:
        """Why he left the game, if he was removed: «fouls», «technical», «judge» or «ppk»."""
        return removal_cause(self.fouls, self.technical_fouls, self.removal)


def removal_cause(fouls: int, technical_fouls: int, removal: Removal | None) -> str | None:
    """Why a player with these fouls and this recorded removal left the game, if he did:
    «fouls» (the 4th), «technical» (the 2nd), «judge» or «ppk» (SCORING.md, «Discipline»)."""
    if removal is not None:
        return removal.value
    if fouls >= MAX_FOULS:
        return "fouls"
    if technical_fouls >= MAX_TECHNICAL_FOULS:
        return "technical"
    return None


@dataclass(frozen=True, slots=True)
class Game:
    id: str
    winner: Winner
    players: tuple[SeatEntry, ...]
    stage: str = DEFAULT_STAGE
    first_killed: int | None = None
    best_move: tuple[int, ...] | None = None

    def seat(self, number: int) -> SeatEntry:
        return self.players[number - 1]


@dataclass(frozen=True, slots=True)
class Distance:
    """The games a rating is accumulated over, with the ruleset and the seed of the lot."""

    games: tuple[Game, ...]
    ruleset: str = "rules-8"
    seed: int = 0
    stages: tuple[tuple[str, Decimal], ...] = ()  # (name, weight) as the file lists them

    @property
    def weights(self) -> dict[str, Decimal]:
        return dict(self.stages)
