"""Properties of the engine over random valid distances (hypothesis)."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Game, Role, SeatEntry, Winner, builtin, compute, validate_game
from scoring.model import Removal

RULES_8 = builtin("rules-8")
ROLES = [Role.CIVILIAN] * 6 + [Role.SHERIFF, Role.MAFIA, Role.MAFIA, Role.DON]
POOL = [f"p{i}" for i in range(14)]
CAP = Decimal("0.4")


@st.composite
def games(draw, game_id: str = "g"):
    names = draw(st.permutations(POOL))[:10]
    roles = draw(st.permutations(ROLES))
    winner = draw(st.sampled_from(list(Winner)))
    extras = [
        Decimal(0) if winner is Winner.DRAW else Decimal(draw(st.integers(0, 14))) * Decimal("0.05")
        for _ in range(10)
    ]
    first_killed = draw(st.none() | st.integers(1, 10))
    best_move = None
    if first_killed is not None and draw(st.booleans()):
        others = [s for s in range(1, 11) if s != first_killed]
        best_move = tuple(draw(st.permutations(others))[:3])
    players = []
    for seat in range(10):
        role = roles[seat]
        outcome_loss = winner is not Winner.DRAW and winner.value != role.team.value
        fitting = [
            i.code
            for i in RULES_8.penalties
            if role in i.roles
            and ("loss" if outcome_loss else ("draw" if winner is Winner.DRAW else "win"))
            in i.outcomes
        ]
        chosen = (
            draw(st.lists(st.sampled_from(fitting), unique=True, max_size=2)) if fitting else []
        )
        fouls = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
        technical = draw(st.sampled_from([0, 0, 0, 1, 2])) if fouls < 4 else 0
        removal = None
        if fouls < 4 and technical < 2 and draw(st.integers(0, 9)) == 0:
            removal = (
                Removal.PPK
                if outcome_loss and not any(p.removal is Removal.PPK for p in players)
                else Removal.JUDGE
            )
        players.append(
            SeatEntry(names[seat], role, extras[seat], tuple(chosen), fouls, technical, removal)
        )
    stage = draw(st.sampled_from(["main", "final"]))
    return Game(game_id, winner, tuple(players), stage, first_killed, best_move)


@st.composite
def distances(draw):
    count = draw(st.integers(1, 12))
    return [draw(games(f"g{i}")) for i in range(count)]


@settings(max_examples=60, deadline=None)
@given(distances())
def test_generated_games_are_valid(distance):
    for g in distance:
        assert validate_game(g, RULES_8) == []


@settings(max_examples=60, deadline=None)
@given(distances(), st.randoms(use_true_random=False), st.integers(0, 10))
def test_game_order_does_not_matter(distance, rng, seed):
    shuffled = list(distance)
    rng.shuffle(shuffled)
    assert compute(distance, RULES_8, seed).standings == compute(shuffled, RULES_8, seed).standings


@settings(max_examples=60, deadline=None)
@given(distances())
def test_a_stages_points_do_not_depend_on_other_stages(distance):
    whole = {g.game.id: g.seats for g in compute(distance, RULES_8).games}
    main_only = [g for g in distance if g.stage == "main"]
    for g in compute(main_only, RULES_8).games:
        assert g.seats == whole[g.game.id]


@settings(max_examples=60, deadline=None)
@given(distances())
def test_totals_are_sums_of_game_totals(distance):
    result = compute(distance, RULES_8)
    sums: dict[str, object] = {}
    for g in result.games:
        for seat in g.seats:
            sums[seat.name] = sums.get(seat.name, 0) + seat.total
    assert {row.name: row.total for row in result.standings} == sums
    for row in result.standings:
        assert row.main + row.additional == row.total
        assert row.penalty <= 0


@settings(max_examples=60, deadline=None)
@given(distances())
def test_ci_per_game_never_exceeds_the_cap(distance):
    for g in compute(distance, RULES_8).games:
        for seat in g.seats:
            assert 0 <= seat.ci <= CAP
            if seat.ci:
                assert seat.first_killed and seat.role.team.value == "red"
                assert g.game.winner is Winner.BLACK


@settings(max_examples=40, deadline=None)
@given(distances(), st.integers(0, 100))
def test_places_are_a_permutation_and_sorted(distance, seed):
    rows = compute(distance, RULES_8, seed).standings
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    totals = [r.total for r in rows]
    assert totals == sorted(totals, reverse=True)
