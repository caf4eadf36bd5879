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
class Partner:
    """Another player as seen from one player's games: how many they shared and, of those,
    how many counted (wins together, losses against)."""

    name: str
    games: int
    count: int


@dataclass(frozen=True, slots=True)
class Company:
    """With whom a player wins, to whom he loses, with whom he sits (issue 21, §3)."""

    teammates: tuple[Partner, ...]  # same team, most wins together (share, then games)
    rivals: tuple[Partner, ...]  # opposite teams, most losses to them
    tablemates: tuple[Partner, ...]  # most games at one table, any team
    min_games: int  # shared games a teammate or rival needs to be named


class AchievementKind(StrEnum):
    THREE_OF_THREE = "three_of_three"  # a best move of three blacks of three
    SHERIFF_WINS = "sheriff_wins"  # ten wins as sheriff
    DON_WINS = "don_wins"  # five wins as don
    EVERY_ROLE = "every_role"  # a win in each of the four roles
    PERFECT_EVENING = "perfect_evening"  # every game of one evening won, three or more


@dataclass(frozen=True, slots=True)
class Achievement:
    """Something the protocols prove, with the progress towards it («7 из 10»)."""

    kind: AchievementKind
    done: int
    target: int

    @property
    def reached(self) -> bool:
        return self.done >= self.target


@dataclass(frozen=True, slots=True)
class Streaks:
    longest: int  # the longest run of wins in a row
    current: int  # the run of wins up to his latest game


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players' games in a tournament: together (same team) and against each other."""

    first: str
    second: str
    together: int
    together_won: int
    against: int
    first_won: int  # of the games against: the first player's team won
    second_won: int


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
class DisciplineTally:
    """A player's discipline over his games (SCORING.md, «Discipline»)."""

    games: int
    fouls: int
    technical_fouls: int
    removals: int  # by the 4th foul, the 2nd technical foul or the judge
    team_defeats: int  # ППК

    @property
    def fouls_per_game(self) -> Fraction:
        return Fraction(self.fouls, self.games) if self.games else Fraction(0)


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
    company: Company | None = None  # partners and rivals
    streaks: Streaks | None = None
    achievements: tuple[Achievement, ...] = ()
    elo: tuple[tuple[float, int], tuple[float, int]] | None = None  # (rating, games): red, black
    # his (red, black) ratings before his first club game and after each one, oldest first
    elo_curve: tuple[tuple[float, float], ...] = ()
    discipline: DisciplineTally | None = None
    player_id: int = 0
