"""Nominations of a tournament or of one evening (issue 21, §4): the winner, the best sheriff,
don, red and black player by their average with a minimum of games, and the most best-move hits.

From scored games and their standings (the scoring core's), so that a tournament's closing and
an evening's summary name people by the same rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bot.texts import closing as texts
from bot.texts.points import show
from scoring import GameScore, Role, SeatScore, Standing

RED_ROLES = frozenset({Role.CIVILIAN, Role.SHERIFF})
BLACK_ROLES = frozenset({Role.MAFIA, Role.DON})


@dataclass(frozen=True, slots=True)
class Nominee:
    name: str  # as the scores name him (a nickname, or a player key)
    value: Fraction  # the average, or the count of hits
    games: int  # games counted for it


@dataclass(frozen=True, slots=True)
class Nominations:
    winner: Standing | None
    sheriff: Nominee | None
    don: Nominee | None
    red: Nominee | None
    black: Nominee | None
    best_moves: Nominee | None  # the most best moves that named two or three blacks
    fair_play: Nominee | None = None  # the fewest fouls per game, never removed (issue 32)
    # each board's minimum of games («sheriff», «don», «red», «black»), and the boards someone
    # played but nobody is named on (too few games, or no average above zero)
    minimums: Mapping[str, int] = field(default_factory=dict)
    unnamed: tuple[str, ...] = ()


BOARDS = ("sheriff", "don", "red", "black")
MIN_GAMES_CAP = 10  # a board's own minimum never asks for more (as /rating's boards)


def own_minimum(most: int) -> int:
    """A board's own minimum of games: half the most anyone played on it, rounded up, at most
    ``MIN_GAMES_CAP`` — the rule of /rating's average boards (docs/bot.md)."""
    return max(1, min(MIN_GAMES_CAP, -(-most // 2)))


def nominate(
    scores: Sequence[GameScore], standings: Sequence[Standing], min_games: int | None,
    weight: Callable[[str], Fraction] | None = None, fair_play: int | None = None,
) -> Nominations:  # fmt: skip
    """``min_games``: games in the role (or team) a player needs for its nomination — one for
    every board, or None: each board its own (``own_minimum``: a tournament has few sheriff
    games a player and many red ones); ties go to the one placed higher in ``standings``;
    nobody is named for an average of nothing. ``fair_play``: the games a player needs for
    «Честная игра», None when the club does not name it."""
    weigh = weight or (lambda stage: Fraction(1))
    place = {row.name: row.place for row in standings}
    by_roles: dict[frozenset[Role], dict[str, list[Fraction]]] = {
        frozenset({Role.SHERIFF}): {}, frozenset({Role.DON}): {}, RED_ROLES: {}, BLACK_ROLES: {},
    }  # fmt: skip
    hits: dict[str, int] = {}
    for game in scores:
        factor = weigh(game.game.stage)
        for seat in game.seats:
            for roles, kept in by_roles.items():
                if seat.role in roles:
                    games_total = kept.setdefault(seat.name, [Fraction(0), Fraction(0)])
                    games_total[0] += 1
                    games_total[1] += seat.total * factor
            if _hit(seat):
                hits[seat.name] = hits.get(seat.name, 0) + 1

    boards = dict(zip(BOARDS, (by_roles[frozenset({Role.SHERIFF})],
                               by_roles[frozenset({Role.DON})], by_roles[RED_ROLES],
                               by_roles[BLACK_ROLES]), strict=True))  # fmt: skip
    minimums = {
        board: min_games if min_games is not None
        else own_minimum(int(max((g for g, _ in kept.values()), default=0)))
        for board, kept in boards.items()
    }  # fmt: skip

    def best(board: str) -> Nominee | None:
        chosen = [
            Nominee(name, total / games, int(games))
            for name, (games, total) in boards[board].items()
            if games >= minimums[board] and total > 0
        ]
        chosen.sort(key=lambda n: (-n.value, place.get(n.name, 0)))
        return chosen[0] if chosen else None

    named = {board: best(board) for board in BOARDS}
    most = sorted(hits.items(), key=lambda item: (-item[1], place.get(item[0], 0)))
    return Nominations(
        winner=standings[0] if standings else None,
        sheriff=named["sheriff"], don=named["don"], red=named["red"], black=named["black"],
        best_moves=Nominee(most[0][0], Fraction(most[0][1]), most[0][1]) if most else None,
        fair_play=None if fair_play is None else _fair_play(scores, place, fair_play),
        minimums=minimums,
        unnamed=tuple(b for b in BOARDS if named[b] is None and boards[b]),
    )  # fmt: skip


def _fair_play(
    scores: Sequence[GameScore], place: Mapping[str, int], min_games: int
) -> Nominee | None:
    """The fewest fouls (technical ones counted too) per game among those who played
    ``min_games`` and were never removed; ties to the one placed higher. Nobody is named while
    the games hold no discipline at all: an award for fouls nobody recorded would be a lot."""
    games: dict[str, int] = {}
    fouls: dict[str, int] = {}
    removed: set[str] = set()
    recorded = False
    for game in scores:
        for seat in game.seats:
            games[seat.name] = games.get(seat.name, 0) + 1
            fouls[seat.name] = fouls.get(seat.name, 0) + seat.fouls + seat.technical_fouls
            if seat.removed is not None:
                removed.add(seat.name)
            recorded = recorded or bool(seat.fouls or seat.technical_fouls or seat.removed)
    if not recorded:
        return None
    chosen = [
        Nominee(name, Fraction(fouls[name], played), played)
        for name, played in games.items()
        if played >= min_games and name not in removed
    ]
    chosen.sort(key=lambda n: (n.value, place.get(n.name, 0)))
    return chosen[0] if chosen else None


def _hit(seat: SeatScore) -> bool:
    return seat.best_move_guessed is not None and seat.best_move_guessed >= 2


def nominee_lines(
    found: Nominations, name_of: Callable[[str], str] = lambda name: name,
    say_unnamed: bool = False,
) -> list[tuple[str, str]]:  # fmt: skip
    """(label, worded) of each nomination made, the winner aside; ``name_of``: the nickname
    behind a name the scores use; ``say_unnamed``: a board nobody is named on says why (a
    tournament's closing: the club reads that nobody played enough, not that it was forgotten)."""

    def average(nominee: Nominee) -> str:
        return texts.average(name_of(nominee.name), show(nominee.value), nominee.games)

    lines = []
    for board, label, nominee in (("sheriff", texts.SHERIFF, found.sheriff),
                                  ("don", texts.DON, found.don), ("red", texts.RED, found.red),
                                  ("black", texts.BLACK, found.black)):  # fmt: skip
        if nominee is not None:
            lines.append((label, average(nominee)))
        elif say_unnamed and board in found.unnamed:
            lines.append((label, texts.nobody_on(board, found.minimums.get(board, 1))))
    if found.best_moves is not None:
        best = found.best_moves
        lines.append((texts.BEST_MOVES, texts.hits(name_of(best.name), best.games)))
    if found.fair_play is not None:
        fair = found.fair_play
        worded = texts.fair_play(name_of(fair.name), show(fair.value), fair.games)
        lines.append((texts.FAIR_PLAY, worded))
    return lines


def attendance(
    rows: Sequence[tuple[str, int, int]],
) -> list[tuple[str, str]]:
    """The season's attendance nominations, (label, worded): the most evenings (days he played
    on) and the most games. ``rows``: (name, evenings, games) in the final table's order, so a tie
    goes to the one placed higher; nobody is named for nothing."""
    lines = []
    for label, counts in (
        (texts.MOST_EVENINGS, [(name, evenings) for name, evenings, _ in rows]),
        (texts.MOST_GAMES, [(name, games) for name, _, games in rows]),
    ):
        best = max(counts, key=lambda item: item[1], default=None)  # the first of the best
        if best is not None and best[1] > 0:
            lines.append((label, texts.hits(*best)))
    return lines
