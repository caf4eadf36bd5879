"""With whom a player wins, to whom he loses, with whom he sits; two players head to head.

Read from the player's own games as the kept standings hold them (``Board.played``): nothing is
computed a second time, and a player's games are a few hundred at most.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.rating.standings import PlayedGame
from bot.vocabulary.ratings import Company, HeadToHead, Partner
from scoring import Outcome

TOP = 3  # names in each list


def company(played: Sequence[PlayedGame], name: str, min_games: int) -> Company:
    # The names are listed, then counted at once (Counter counts in C): a /me's first look
    # goes over a few thousand seats.
    together: list[str] = []  # a name per game on his team
    won_together: list[str] = []
    against: list[str] = []  # a name per game on the other team
    lost_to: list[str] = []
    for item in played:
        if item.game is None:
            continue
        team = item.seat.role.team
        mates: list[str] = []
        others: list[str] = []
        for other in item.game.players:
            if other.name != name:
                (mates if other.role.team is team else others).append(other.name)
        together += mates
        against += others
        if item.seat.outcome is Outcome.WIN:
            won_together += mates
        elif item.seat.outcome is Outcome.LOSS:
            lost_to += others
    games_with, games_against = Counter(together), Counter(against)
    shared = games_with + games_against
    return Company(
        teammates=_ranked(games_with, Counter(won_together), min_games),
        rivals=_ranked(games_against, Counter(lost_to), min_games),
        tablemates=tuple(
            Partner(other, games, games)
            for other, games in sorted(shared.items(), key=lambda item: (-item[1], item[0]))[:TOP]
        ),
        min_games=min_games,
    )


def _ranked(games_with: Counter[str], counted: Counter[str], min_games: int) -> tuple[Partner, ...]:
    """Those with ``min_games`` shared games or more, by the share that counted, then by how
    many counted; a share of nothing names nobody."""
    chosen = [
        Partner(other, games_with[other], count)
        for other, count in counted.items()
        if games_with[other] >= min_games
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
