"""Standings kept game by game equal ``compute`` from nothing after any sequence of changes."""

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Role, builtin, compute
from scoring.kept import KeptStandings
from tests.scoring.test_properties import games

IDS = [f"g{n}" for n in range(8)]


@st.composite
def changes(draw):
    """Puts (new games and corrections of earlier ones, in any stage) and drops (annulments)."""
    steps = []
    for _ in range(draw(st.integers(1, 25))):
        game_id = draw(st.sampled_from(IDS))
        if draw(st.integers(0, 4)) == 0:
            steps.append(("drop", game_id))
        else:
            steps.append(("put", draw(games(game_id))))
    return steps


def assert_equal_to_compute(kept: KeptStandings) -> None:
    result = compute(list(kept.games.values()), kept.ruleset, kept.seed, kept.weights)
    assert kept.standings == result.standings
    seats = {}
    stages = {}
    for scored in result.games:
        for seat in scored.seats:
            seats.setdefault(seat.name, {})[scored.game.id] = seat
            stages.setdefault(seat.name, {})[scored.game.id] = scored.game.stage
    for row in result.standings:
        mine = kept.seats_of(row.name)
        assert {game.id: seat for game, seat in mine} == seats[row.name]
        assert kept.games_of(row.name) == [game.id for game, _ in mine]
        by_role = kept.role_totals(row.name)
        for role in Role:
            played = [seat for seat in seats[row.name].values() if seat.role is role]
            if not played:
                assert role not in by_role
                continue
            totals = by_role[role]
            weighed = [
                (seat, result.weight(stages[row.name][game_id]))
                for game_id, seat in seats[row.name].items()
                if seat.role is role
            ]
            assert totals.games == len(played)
            assert totals.wins == sum(1 for seat in played if seat.outcome.value == "win")
            assert totals.total == sum((seat.total * w for seat, w in weighed), Fraction(0))
            assert totals.additional == sum(
                (seat.additional * w for seat, w in weighed), Fraction(0)
            )
            assert totals.ci == sum((seat.ci * w for seat, w in weighed), Fraction(0))


WEIGHTS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"final": st.sampled_from([Decimal("1.3"), Decimal("2"), Decimal("0.5"), Decimal(1)])}
    ),
)


@settings(max_examples=150, deadline=None)
@given(changes(), st.integers(0, 3), WEIGHTS)
def test_kept_standings_equal_compute_after_every_change(steps, seed, weights):
    kept = KeptStandings(builtin("rules-8"), seed, weights=weights)
    for action, subject in steps:
        if action == "put":
            kept.put(subject)
        else:
            kept.drop(subject)
        assert_equal_to_compute(kept)


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), min_size=1, max_size=30), st.integers(0, 3))
def test_putting_many_at_once_is_putting_them_one_by_one(distance, seed):
    distance = [replace(game, id=f"g{n}") for n, game in enumerate(distance)]
    at_once = KeptStandings(builtin("rules-8"), seed, distance)
    one_by_one = KeptStandings(builtin("rules-8"), seed)
    for game in distance:
        one_by_one.put(game)
    expected = compute(distance, at_once.ruleset, seed).standings
    assert at_once.standings == one_by_one.standings == expected


def test_a_dropped_players_row_is_gone_and_an_unknown_drop_changes_nothing():
    kept = KeptStandings(builtin("rules-8"), 0)
    kept.drop("nothing")
    assert kept.standings == ()
