"""Elo ratings with a red and a black track (issue 21; docs/rating.md has the why).

Every player has a rating on the red track (games as civilian or sheriff) and on the black track
(as mafia or don). Before a game the red team's chance is the MafiaRatings form over team
averages — the red players' red-track ratings against the black players' black-track ratings —
shifted by the sides' own prior, learned from the games so far: at equal ratings the red team
does not win half the games, and a chance that ignores it predicts worse than the base rate.

    chance = 1 / (1 + 10 ** ((black − red − prior) / 400)),
    prior  = 400 · log10(p / (1 − p)),  p = (red results so far + m/2) / (games so far + m)

(m pseudo-games, half of them red wins, keep the first games' prior near even: ten measured best
on the real tournaments, docs/rating.md.)

After the game each player moves by the surprise of the result, S − chance (S: 1 a red win, ½ a
draw, 0 a black win): every red player by +K·(S − chance), every black player by
−K·(S − chance)·7/3. The seven red players gain together exactly what the three black players
lose: the sum of all ratings never drifts (MafiaRatings' K differs for a win and a loss on
purpose, so its ratings inflate over time; ours do not).

Pure: games in, ratings out, in the order given (the order the games ended). A replay from
nothing is the definition; the bot replays from the first changed game on and must equal it.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from scoring.model import RED_ROLES, Game, Winner

RED, BLACK = "red", "black"
_LAYOUTS: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per layout, shared
RESULT = {Winner.RED: 1.0, Winner.DRAW: 0.5, Winner.BLACK: 0.0}


@dataclass(frozen=True, slots=True)
class EloSettings:
    start: float = 1500.0  # a player's rating on a track before his first game on it
    k: float = 20.0  # a red player's change for a full surprise; a black one's is × 7/3
    prior_games: float = 10.0  # pseudo-games the learned prior starts from, half won by red


class Change(NamedTuple):
    """One player's move in one game (a named tuple: 100,000 of them per 10,000 games)."""

    name: str
    track: str  # RED or BLACK
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Rated:
    """One game as the ratings saw it: the red team's chance before it, everyone's change.

    Kept compact (a club's 10,000 games are 100,000 changes): each seat's rating before the game
    in one array, and the two moves — every red player's and every black player's."""

    game_id: str
    red_chance: float
    result: float  # 1 red won, ½ draw, 0 black won
    names: tuple[str, ...]  # in seat order
    tracks: tuple[str, ...]  # RED or BLACK, in seat order
    before: array[float]
    red_move: float
    black_move: float

    @property
    def changes(self) -> tuple[Change, ...]:
        """Every seat's change, in seat order."""
        return tuple(map(self._change, range(len(self.names))))

    def change_of(self, name: str) -> Change | None:
        """That player's change, None when he did not play."""
        try:
            return self._change(self.names.index(name))
        except ValueError:
            return None

    def seats(self) -> list[Seat]:
        return list(zip(self.names, self.tracks, strict=True))

    def _change(self, index: int) -> Change:
        track = self.tracks[index]
        before = self.before[index]
        move = self.red_move if track == RED else self.black_move
        return Change(self.names[index], track, before, before + move)


@dataclass(slots=True)
class Ratings:
    """The state a replay reaches: every player's rating and games on each track."""

    settings: EloSettings = field(default_factory=EloSettings)
    rating: dict[tuple[str, str], float] = field(default_factory=dict)  # (name, track) →
    games: dict[tuple[str, str], int] = field(default_factory=dict)
    red_results: float = 0.0  # the red team's results so far (a draw counts ½)
    played: int = 0

    def of(self, name: str, track: str) -> float:
        return self.rating.get((name, track), self.settings.start)

    def prior(self) -> float:
        """The red team's edge learned from the games so far, in rating points."""
        pseudo = self.settings.prior_games
        share = (self.red_results + pseudo / 2) / (self.played + pseudo)
        return 400 * math.log10(share / (1 - share))

    def chance(self, game: Game) -> float:
        return self._chance(seats_of(game))

    def _chance(self, seats: Sequence[Seat]) -> float:
        red = [self.of(name, track) for name, track in seats if track == RED]
        black = [self.of(name, track) for name, track in seats if track == BLACK]
        gap = sum(black) / len(black) - sum(red) / len(red) - self.prior()
        return 1 / (1 + 10 ** (gap / 400))

    def play(self, game: Game) -> Rated:
        return self.play_seats(game.id, RESULT[game.winner], seats_of(game))

    def play_seats(self, game_id: str, result: float, seats: Sequence[Seat]) -> Rated:
        """One game given as its result and each seat's (name, track), in seat order."""
        chance = self._chance(seats)
        surprise = self.settings.k * (result - chance)
        reds = sum(1 for _, track in seats if track == RED)
        blacks = len(seats) - reds
        red_move, black_move = surprise, -surprise * reds / blacks
        befores = array("d")
        for name, track in seats:
            key = (name, track)
            before = self.of(name, track)
            self.rating[key] = before + (red_move if track == RED else black_move)
            self.games[key] = self.games.get(key, 0) + 1
            befores.append(before)
        self.red_results += result
        self.played += 1
        names = tuple(name for name, _ in seats)
        tracks = tuple(track for _, track in seats)
        tracks = _LAYOUTS.setdefault(tracks, tracks)  # 120 layouts of 3 blacks among 10 seats
        return Rated(game_id, chance, result, names, tracks, befores, red_move, black_move)

    def again(self, rated: Rated) -> Rated:
        """The same game played again from this state (a replay after an earlier change)."""
        return self.play_seats(rated.game_id, rated.result, rated.seats())

    def copy(self) -> Ratings:
        return Ratings(self.settings, dict(self.rating), dict(self.games), self.red_results,
                       self.played)  # fmt: skip


Seat = tuple[str, str]  # (name, track)


def seats_of(game: Game) -> list[Seat]:
    return [(seat.name, RED if seat.role in RED_ROLES else BLACK) for seat in game.players]


def replay(
    games: Iterable[Game], settings: EloSettings | None = None
) -> tuple[Ratings, list[Rated]]:
    """The ratings after ``games``, in this order, from nothing; and each game as rated."""
    state = Ratings(settings or EloSettings())
    return state, [state.play(game) for game in games]


@dataclass(frozen=True, slots=True)
class Brier:
    games: int
    score: float  # mean squared error of the red team's chance against the result
    base_rate: float  # the share of red results over these games
    base_rate_score: float  # the same error when every game is predicted at the base rate


@dataclass(frozen=True, slots=True)
class BrierSums:
    """Running sums over rated games in order. The sums over the first games, carried on over
    the games after them, are the sums over all of them float for float: a replay that restarts
    at a checkpoint measures only the games it replays."""

    games: int = 0
    results: float = 0.0  # Σ result
    squares: float = 0.0  # Σ result²
    errors: float = 0.0  # Σ (chance − result)²

    def carried(self, rated: Iterable[Rated]) -> BrierSums:
        """These sums carried on over ``rated``, added one game at a time, left to right."""
        games, results, squares, errors = self.games, self.results, self.squares, self.errors
        for game in rated:
            result = game.result
            games += 1
            results += result
            squares += result * result
            errors += (game.red_chance - result) ** 2
        return BrierSums(games, results, squares, errors)

    def measure(self) -> Brier:
        if not self.games:
            return Brier(0, 0.0, 0.0, 0.0)
        base = self.results / self.games
        # Σ (base − result)², expanded: the base rate is known only once every game is summed
        flat = max(0.0, self.squares - self.games * base * base) / self.games
        return Brier(self.games, self.errors / self.games, base, flat)


def brier(rated: Sequence[Rated]) -> Brier:
    """Whether the chance means something: its Brier score beside always predicting the base
    rate (in hindsight: the share of red results of these very games). Lower is better."""
    return BrierSums().carried(rated).measure()
