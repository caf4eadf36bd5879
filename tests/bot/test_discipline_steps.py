"""The editor's discipline taps as plain functions (bot/entry/discipline.py), and discipline in a
stored draft: what each tap records, what it refuses, and undo back to the start."""

import json
from datetime import UTC, datetime

import pytest

from bot.callbacks import EntryAction
from bot.entry import discipline
from bot.entry.draft import Draft, Step
from bot.entry.steps import EntryError
from bot.vocabulary.protocol import Protocol
from scoring import Removal, Winner, builtin

RULES = builtin("rules-8")
NOW = datetime(2026, 12, 3, 21, 0, tzinfo=UTC)


def draft(step: Step = Step.EXTRAS, cursor: int | None = None) -> Draft:
    protocol = Protocol(
        1, 1, players=tuple(range(1, 11)), sheriff=2, don=9, mafia=(4, 7),
        winner=Winner.BLACK, first_killed=1, night_done=True,
    )  # fmt: skip
    return Draft(1, 1, 1, protocol, id=1, step=step, cursor=cursor)


def tap(d: Draft, action: EntryAction, value: str = "") -> Draft:
    discipline.STEPS[action](d, value, RULES, NOW)
    return d


def discipline_of(d: Draft, seat: int) -> tuple[int, int, Removal | None, str | None]:
    p = d.protocol
    return p.seat_fouls(seat), p.seat_technical_fouls(seat), p.removal(seat), p.removed(seat)


def test_four_fouls_remove_and_a_fifth_is_refused() -> None:
    d = draft()
    for _ in range(3):
        tap(d, EntryAction.FOUL, "6")
    assert discipline_of(d, 6) == (3, 0, None, None) and d.notice == "Фол игроку 6: теперь 3."
    tap(d, EntryAction.FOUL, "6")
    assert discipline_of(d, 6) == (4, 0, None, "fouls")
    assert "4-й фол — игрок удалён (−0.5)" in (d.notice or "")
    with pytest.raises(EntryError, match="5-го фола не бывает"):
        tap(d, EntryAction.FOUL, "6")
    tap(d, EntryAction.UNFOUL, "6")
    assert discipline_of(d, 6) == (3, 0, None, None)


def test_undo_steps_back_through_every_tap_to_the_start() -> None:
    d = draft(Step.SEAT, cursor=9)
    start = d.protocol
    tap(d, EntryAction.FOUL, "9")
    tap(d, EntryAction.TECHNICAL, "9")
    tap(d, EntryAction.REMOVE, "ppk")
    assert d.asking == "ppk" and d.protocol.winner is Winner.BLACK  # asked, nothing recorded
    tap(d, EntryAction.REMOVE_YES, "ppk")
    assert d.protocol.winner is Winner.RED and d.protocol.team_defeat == 9
    assert discipline.undo_label(d) == "↩️ Отменить: ППК 9"
    for _ in range(3):
        tap(d, EntryAction.UNDO)
    assert d.protocol == start and discipline.undo_label(d) is None
    with pytest.raises(EntryError, match="Отменять нечего"):
        tap(d, EntryAction.UNDO)


def test_one_cause_of_removal_and_one_team_defeat_a_game() -> None:
    d = draft(Step.SEAT, cursor=5)
    tap(d, EntryAction.TECHNICAL, "5")
    tap(d, EntryAction.TECHNICAL, "5")
    assert d.protocol.removed(5) == "technical"
    with pytest.raises(EntryError, match="уже удалён"):
        tap(d, EntryAction.REMOVE, "judge")
    d.cursor = 3
    for _ in range(3):
        tap(d, EntryAction.FOUL, "3")
    tap(d, EntryAction.REMOVE, "judge")
    tap(d, EntryAction.REMOVE_YES, "judge")
    with pytest.raises(EntryError, match="уже удалён"):
        tap(d, EntryAction.FOUL, "3")  # a 4th foul would be a second cause
    d.cursor = 2
    tap(d, EntryAction.REMOVE, "ppk")
    tap(d, EntryAction.REMOVE_YES, "ppk")
    assert d.protocol.winner is Winner.BLACK  # the sheriff's team lost
    d.cursor = 7
    with pytest.raises(EntryError, match="ППК в этой игре уже записано"):
        tap(d, EntryAction.REMOVE, "ppk")


def test_a_forged_confirmation_records_nothing() -> None:
    d = draft(Step.SEAT, cursor=4)
    with pytest.raises(EntryError):
        tap(d, EntryAction.REMOVE_YES, "ppk")  # never asked
    with pytest.raises(EntryError):
        tap(d, EntryAction.REMOVE, "king")
    outside = draft(Step.EXTRAS)
    with pytest.raises(EntryError, match="Сначала нажмите место"):
        tap(outside, EntryAction.REMOVE, "judge")
    with pytest.raises(EntryError):
        tap(outside, EntryAction.FOUL, "11")
    assert d.protocol == draft().protocol and outside.protocol == draft().protocol


def test_a_stored_draft_keeps_discipline_and_an_old_one_opens() -> None:
    d = draft(Step.SEAT, cursor=7)
    tap(d, EntryAction.FOUL, "7")
    tap(d, EntryAction.REMOVE, "judge")
    again = Draft.loads(1, d.dumps())
    assert again.protocol == d.protocol and again.undo == d.undo and again.asking == "judge"
    stored = json.loads(draft().dumps())
    del stored["asking"], stored["undo"]  # a draft stored before discipline existed
    assert not {"fouls", "technical_fouls", "removals"} & set(stored)
    old = Draft.loads(1, json.dumps(stored))
    assert old.protocol == draft().protocol and old.undo == []
