"""With whom a player wins, to whom he loses, with whom he sits; two players head to head.

Read from the player's own games as the kept standings hold them (``Board.played``): nothing is
computed a second time, and a player's games are a few hundred at most.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rating.standings import PlayedGame
from bot.vocabulary.ratings import Company, HeadToHead, Partner
from scoring import Outcome

TOP = 3  # names in each list


def company(played: Sequence[PlayedGame], name: str, min_games: int) -> Company:
    together: dict[str, list[int]] = {}  # name → [games, wins together]
    against: dict[str, list[int]] = {}  # name → [games, losses to him]
    shared: dict[str, int] = {}
    for item in played:
        if item.game is None:
            continue
        mine = item.seat
        for other in item.game.players:
            if other.name == name:
                continue
            shared[other.name] = shared.get(other.name, 0) + 1
            if other.role.team is mine.role.team:
                kept = together.setdefault(other.name, [0, 0])
                kept[1] += mine.outcome is Outcome.WIN
            else:
                kept = against.setdefault(other.name, [0, 0])
                kept[1] += mine.outcome is Outcome.LOSS
            kept[0] += 1
    return Company(
        teammates=_ranked(together, min_games),
        rivals=_ranked(against, min_games),
        tablemates=tuple(
            Partner(other, games, games)
            for other, games in sorted(shared.items(), key=lambda item: (-item[1], item[0]))[:TOP]
        ),
        min_games=min_games,
    )


def _ranked(counts: dict[str, list[int]], min_games: int) -> tuple[Partner, ...]:
    """Those with ``min_games`` shared games or more, by the share that counted, then by how
    many counted; a share of nothing names nobody."""
    chosen = [
        Partner(other, games, count)
        for other, (games, count) in counts.items()
        if games >= min_games and count
    ]
    chosen.sort(key=lambda p: (-p.count / p.games, -p.count, -p.games, p.name))
    return tuple(chosen[:TOP])


def head_to_head(played: Sequence[PlayedGame], first: str, second: str) -> HeadToHead:
    """``played``: the first player's games."""
    together = together_won = against = first_won = second_won = 0
    for item in played:
        if item.game is None:
            continue
        other = next((seat for seat in item.game.players if seat.name == second), None)
        if other is None:
            continue
        outcome = item.seat.outcome
        if other.role.team is item.seat.role.team:
            together += 1
            together_won += outcome is Outcome.WIN
        else:
            against += 1
            first_won += outcome is Outcome.WIN
            second_won += outcome is Outcome.LOSS
    return HeadToHead(first, second, together, together_won, against, first_won, second_won)
