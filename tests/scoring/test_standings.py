"""Standings and tie-breaks (SCORING.md, §8.7)."""

from fractions import Fraction

from scoring import Role, builtin, compute
from tests.scoring.helpers import LAYOUT, game

RULES_8 = builtin("rules-8")
C, S, M, D = Role.CIVILIAN, Role.SHERIFF, Role.MAFIA, Role.DON
DON_ON_SEAT_1 = (D, S, C, M, C, C, M, C, C, C)


def seated(game_id, *front, **kwargs):
    """A game ``game_id`` whose first seats hold ``front``; every other seat a one-off filler."""
    names = list(front) + [f"{game_id}-{seat}" for seat in range(len(front) + 1, 11)]
    return game(id=game_id, names=names, **kwargs)


def row(result, name):
    return next(r for r in result.standings if r.name == name)


def test_places_run_without_gaps_sorted_by_total():
    result = compute([seated("1", "A", winner="red", extra={1: "0.1"})], RULES_8)
    assert result.standings[0].name == "A"
    assert [r.place for r in result.standings] == list(range(1, 11))
    totals = [r.total for r in result.standings]
    assert totals == sorted(totals, reverse=True)


def test_1_additional_points_decide_equal_totals():
    # A: two wins → 2.0, additional 0.  B: a win with 0.7 and a loss with 0.3 → 2.0, additional 1.0.
    games = [
        seated("a1", "A", winner="red"),
        seated("a2", "A", winner="red"),
        seated("b1", "B", winner="red", extra={1: "0.7"}),
        seated("b2", "B", winner="black", extra={1: "0.3"}),
    ]
    a, b = (row(compute(games, RULES_8), name) for name in "AB")
    assert a.total == b.total == 2 and a.wins > b.wins
    assert b.additional > a.additional
    assert b.place < a.place


def test_2_wins_decide_equal_additional():
    # A: one win → 1.0.  B: no win, but Ci 0.4 + 0.4 (two one-game stages) + 0.2 (a stage of five
    # games with one lost first-night death: B = 2) → 1.0.  Both have no additional points.
    games = [
        seated("a", "A", winner="red"),
        seated("b1", "B", winner="black", first_killed=1, stage="t1"),
        seated("b2", "B", winner="black", first_killed=1, stage="t2"),
        seated("b3", "B", winner="black", first_killed=1, stage="t3"),
        *[seated(f"b3{k}", "B", winner="draw", stage="t3") for k in range(4)],
    ]
    result = compute(games, RULES_8)
    a, b = row(result, "A"), row(result, "B")
    assert a.total == b.total == 1 and a.additional == b.additional == 0
    assert (a.wins, b.wins) == (1, 0)
    assert a.place < b.place


def test_3_special_wins_decide_equal_wins():
    games = [
        seated("a", "A", winner="black", roles=DON_ON_SEAT_1),
        seated("b", "z1", "z2", "z3", "B", winner="black"),  # B is mafia on seat 4
    ]
    result = compute(games, RULES_8)
    a, b = row(result, "A"), row(result, "B")
    assert (a.total, a.additional, a.wins) == (b.total, b.additional, b.wins)
    assert (a.special_wins, b.special_wins) == (1, 0)
    assert a.place < b.place


def test_sheriff_wins_are_special_too():
    games = [seated("a", "z", "A", winner="red"), seated("b", "B", winner="red")]
    result = compute(games, RULES_8)
    assert row(result, "A").special_wins == 1
    assert row(result, "A").place < row(result, "B").place


def test_4_first_night_deaths_decide_equal_special_wins():
    games = [
        seated("c", "C", winner="red", first_killed=1),  # red won: no Ci, still a death
        seated("e", "E", winner="red"),
    ]
    result = compute(games, RULES_8)
    c, e = row(result, "C"), row(result, "E")
    assert (c.total, c.additional, c.wins, c.special_wins) == (
        e.total,
        e.additional,
        e.wins,
        e.special_wins,
    )
    assert (c.first_killed, e.first_killed) == (1, 0)
    assert c.place < e.place and not c.lot


def test_5_lot_settles_full_ties_and_is_flagged():
    result = compute([game("red")], RULES_8, seed=7)
    civilians = [r for r in result.standings if LAYOUT[int(r.name[1:]) - 1] is C]
    assert len(civilians) == 6 and all(r.lot for r in civilians)
    assert not row(result, "P2").lot  # the sheriff's special win sets him apart
    assert row(result, "P4").lot and row(result, "P7").lot and row(result, "P9").lot


def test_lot_is_deterministic_and_depends_on_the_seed():
    g = game("red")
    orders = {tuple(r.name for r in compute([g], RULES_8, seed).standings) for seed in range(20)}
    assert len(orders) > 1
    assert compute([g], RULES_8, 7).standings == compute([g], RULES_8, 7).standings


def test_first_killed_counts_any_role():
    result = compute([game("red", first_killed=4)], RULES_8)  # P4 is mafia
    assert row(result, "P4").first_killed == 1
    assert row(result, "P4").ci == 0


def test_standings_counts():
    g1 = game("red", id="1", first_killed=2)
    g2 = game("black", id="2", roles=(S, C, C, M, C, C, M, C, D, C), first_killed=1)
    result = compute([g1, g2], RULES_8)
    p2 = row(result, "P2")
    assert (p2.games, p2.wins, p2.special_wins, p2.first_killed) == (2, 1, 1, 1)
    p1 = row(result, "P1")
    # P1: first-killed as sheriff in a lost game: N=2, B=1, i=1 → Ci 0.4.
    assert (p1.wins, p1.first_killed, p1.ci, p1.main) == (1, 1, Fraction(2, 5), Fraction(7, 5))
    p9 = row(result, "P9")
    assert (p9.wins, p9.special_wins, p9.win_points) == (1, 1, 1)
