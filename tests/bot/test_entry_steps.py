"""The editor's steps as plain functions: a draft, a tapped value, the ruleset and the time in;
the changed draft (or a refusal) out — no database, no Telegram."""

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from bot.callbacks import EntryAction
from bot.entry import discipline, steps
from bot.entry.draft import Draft, Step
from bot.entry.steps import EntryError
from bot.texts import entry as texts
from bot.vocabulary.protocol import Protocol
from scoring import Role, Winner, builtin

RULES = builtin("rules-8")
NOW = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)


def draft(step: Step = Step.ROLES, **protocol: object) -> Draft:
    players = tuple(range(1, 11))
    return Draft(1, 1, 1, Protocol(1, 1, players=players, **protocol), id=1, step=step)  # type: ignore[arg-type]


def tap(d: Draft, action: EntryAction, value: str = "") -> Draft:
    steps.STEPS[action](d, value, RULES, NOW)
    return d


def test_roles_are_marked_sheriff_then_don_then_mafia_and_move_on() -> None:
    d = draft()
    for seat in ("3", "7", "1", "9"):
        tap(d, EntryAction.ROLE, seat)
    p = d.protocol
    assert (p.sheriff, p.don, p.mafia) == (3, 7, (1, 9))
    assert p.role(3) is Role.SHERIFF and p.role(2) is Role.CIVILIAN
    assert d.step is Step.WINNER


def test_a_marked_seat_tapped_again_is_unmarked_until_roles_are_complete() -> None:
    d = tap(draft(), EntryAction.ROLE, "3")
    tap(d, EntryAction.ROLE, "3")
    assert d.protocol.sheriff is None
    complete = draft(sheriff=3, don=7, mafia=(1, 9))
    with pytest.raises(EntryError) as refused:
        tap(complete, EntryAction.ROLE, "5")
    assert refused.value.message == texts.ROLES_ALREADY


def test_the_winner_records_when_the_game_ended_once() -> None:
    d = tap(draft(Step.WINNER, sheriff=3, don=7, mafia=(1, 9)), EntryAction.WINNER, "red")
    assert d.protocol.winner is Winner.RED and d.ended_at == "2026-12-01T19:30:00+00:00"
    d.ended_at = "2026-12-01T19:00:00+00:00"
    tap(d, EntryAction.WINNER, "black")
    assert d.ended_at == "2026-12-01T19:00:00+00:00"  # a later change keeps the game's end
    with pytest.raises(EntryError):
        tap(d, EntryAction.WINNER, "purple")


def test_best_move_only_for_a_red_player_shot_first_and_at_most_three() -> None:
    d = draft(Step.NIGHT, sheriff=3, don=7, mafia=(1, 9), winner=Winner.RED)
    tap(d, EntryAction.KILLED, "2")
    assert d.step is Step.BEST_MOVE
    for seat in ("1", "7"):
        tap(d, EntryAction.BEST_MOVE, seat)
    with pytest.raises(EntryError) as own:
        tap(d, EntryAction.BEST_MOVE, "2")
    assert own.value.message == texts.BEST_MOVE_OWN_SEAT
    tap(d, EntryAction.BEST_MOVE, "9")
    assert d.protocol.best_move == (1, 7, 9) and d.best_move_done
    black = draft(Step.NIGHT, sheriff=3, don=7, mafia=(1, 9), winner=Winner.RED)
    tap(black, EntryAction.KILLED, "7")  # the don shot first: no best move
    with pytest.raises(EntryError):
        tap(black, EntryAction.BEST_MOVE, "1")


def test_extras_within_the_ruleset_and_penalties_that_fit_the_role() -> None:
    d = draft(Step.EXTRAS, sheriff=3, don=7, mafia=(1, 9), winner=Winner.RED, night_done=True)
    tap(d, EntryAction.SEAT_EXTRAS, "4")
    tap(d, EntryAction.EXTRA, "0.3")
    assert d.protocol.extra(4) == Decimal("0.3")
    with pytest.raises(EntryError):
        tap(d, EntryAction.EXTRA, "5")
    with pytest.raises(EntryError) as unfit:
        tap(d, EntryAction.PENALTY, "no-such-code")
    assert unfit.value.message == texts.PENALTY_DOES_NOT_FIT


def test_normalize_drops_what_a_changed_result_made_impossible() -> None:
    d = draft(Step.SUMMARY, sheriff=3, don=7, mafia=(1, 9), winner=Winner.RED, night_done=True)
    # The don shot first: a best move cannot stand.
    d.protocol = replace(d.protocol, first_killed=7, best_move=(1, 7, 9))
    steps.normalize(d, RULES)
    assert d.protocol.best_move == () and d.notice == texts.dropped([texts.DROPPED_BEST_MOVE])
    draw = draft(Step.SUMMARY, sheriff=3, don=7, mafia=(1, 9), winner=Winner.DRAW)
    draw.protocol = draw.protocol.with_extra(4, Decimal("0.3"))
    steps.normalize(draw, RULES)  # rules-8 gives no extras in a draw
    assert not any(draw.protocol.extras) and draw.notice == texts.dropped([texts.DROPPED_EXTRAS])


def test_next_refuses_an_unfinished_step_and_back_returns() -> None:
    d = draft(Step.ROLES)
    with pytest.raises(EntryError) as refused:
        tap(d, EntryAction.NEXT)
    assert refused.value.message == texts.MARK_ROLES
    tap(draft(Step.ROLES), EntryAction.BACK)
    assert tap(draft(Step.ROLES), EntryAction.BACK).step is Step.PLAYERS


def test_every_tap_that_needs_no_data_is_a_step() -> None:
    needs_data = {
        EntryAction.PICK, EntryAction.NEW, EntryAction.NEW_ALL, EntryAction.TABLE,
        EntryAction.SEAT_AS, EntryAction.NEW_ONE,
    }  # fmt: skip
    saving = {EntryAction.CONFIRM, EntryAction.DISCARD_YES}
    assert set(steps.STEPS) | set(discipline.STEPS) == set(EntryAction) - needs_data - saving
    assert not set(steps.STEPS) & set(discipline.STEPS)
