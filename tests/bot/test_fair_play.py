"""«Честная игра» (bot/rating/nominations.py): the fewest fouls per game among those with the
minimum of games and never removed; ties to the one placed higher; nobody without discipline."""

from bot.rating.nominations import nominate
from scoring import Game, Removal, Role, SeatEntry, Winner, builtin, compute

RULES = builtin("rules-8")
ROLES = [Role.SHERIFF, Role.DON, Role.MAFIA, Role.MAFIA] + [Role.CIVILIAN] * 6


def game(number: int, discipline: dict[str, tuple[int, int, Removal | None]]) -> Game:
    names = [f"P{n}" for n in range(10)]
    seats = tuple(
        SeatEntry(name, role, fouls=discipline.get(name, (0, 0, None))[0],
                  technical_fouls=discipline.get(name, (0, 0, None))[1],
                  removal=discipline.get(name, (0, 0, None))[2])
        for name, role in zip(names, ROLES, strict=True)
    )  # fmt: skip
    return Game(id=f"g{number}", winner=Winner.RED, players=seats)


def fair(games: list[Game], min_games: int = 2):
    result = compute(games, RULES, 1)
    return nominate(result.games, result.standings, 1, fair_play=min_games).fair_play


def test_nobody_is_named_for_games_without_discipline():
    assert fair([game(1, {}), game(2, {})]) is None


def test_the_fewest_fouls_per_game_wins_and_a_removed_player_never_does():
    everyone_fouled = {f"P{n}": (1, 0, None) for n in range(10)}
    games = [
        game(1, {**everyone_fouled, "P5": (0, 0, None), "P6": (0, 0, Removal.JUDGE)}),
        game(2, {**everyone_fouled, "P5": (0, 1, None), "P6": (0, 0, None)}),
    ]
    found = fair(games)
    assert found is not None and found.name == "P5" and found.games == 2
    assert found.value == 0.5  # a technical foul counts as a foul


def test_a_tie_goes_to_the_one_placed_higher_and_the_minimum_counts():
    games = [game(1, {"P0": (2, 0, None)}), game(2, {})]
    result = compute(games, RULES, 1)
    first_clean = next(row.name for row in result.standings if row.name != "P0")
    found = nominate(result.games, result.standings, 1, fair_play=2).fair_play
    assert found is not None and found.name == first_clean
    assert fair(games, min_games=3) is None
    assert nominate(result.games, result.standings, 1).fair_play is None  # the club said no
