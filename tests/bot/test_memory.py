"""Large builds are taken out of the cycle collector's walks, small ones once they add up, all
that end together in one collection; what earlier builds left in cycles is still collected."""

import asyncio
import gc
import weakref

import pytest

from bot.core import memory
from bot.core.memory import SETTLE_FROM, freeze_between_full_walks, settle_built


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector frees it


@pytest.fixture(autouse=True)
def _thawed(monkeypatch):
    monkeypatch.setattr(memory, "THAW_EVERY", 0.0)  # every settling walks everything…
    settle_built(SETTLE_FROM)  # …and this one clears what builds of other tests left counted
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.fixture
def full_collections():
    """The cycle collector's full walks while the test runs."""
    walks: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            walks.append(1)

    gc.callbacks.append(seen)
    gc.disable()  # only the walks asked for
    yield walks
    gc.enable()
    gc.callbacks.remove(seen)


def test_a_large_build_is_frozen_and_garbage_before_it_collected():
    kept = Node()
    garbage = Node()
    gone = weakref.ref(garbage)
    del garbage
    settle_built(SETTLE_FROM)
    assert gone() is None
    assert gc.get_freeze_count() > 0
    assert any(obj is kept for obj in gc.get_objects()) is False  # frozen: out of the walks


def test_a_cycle_frozen_by_an_earlier_build_is_collected_by_a_later_one(monkeypatch):
    earlier = Node()
    gone = weakref.ref(earlier)
    settle_built(SETTLE_FROM)
    del earlier  # the build it belonged to was replaced
    monkeypatch.setattr(memory, "THAW_EVERY", 3600.0)
    settle_built(SETTLE_FROM)  # walks the new build only
    assert gone() is not None
    monkeypatch.setattr(memory, "THAW_EVERY", 0.0)  # …until a thaw is due
    settle_built(SETTLE_FROM)
    assert gone() is None


def test_a_small_build_freezes_nothing():
    gc.unfreeze()
    settle_built(SETTLE_FROM - 1)
    assert gc.get_freeze_count() == 0


def test_small_builds_settle_once_they_add_up():
    settle_built(SETTLE_FROM // 2)
    assert gc.get_freeze_count() == 0
    settle_built(SETTLE_FROM // 2)
    assert gc.get_freeze_count() > 0


async def test_builds_ending_together_settle_in_one_collection(monkeypatch, full_collections):
    """Twenty clubs' first /rating after a restart: twenty boards of 1,000 games, one walk."""
    monkeypatch.setattr(memory, "SETTLE_AFTER", 0.05)
    garbage = Node()
    gone = weakref.ref(garbage)
    del garbage
    for _ in range(20):
        settle_built(1_000)
    assert gc.get_freeze_count() == 0 and not full_collections  # not while builds still end
    await asyncio.sleep(0.2)
    assert len(full_collections) == 1
    assert gc.get_freeze_count() > 0
    assert gone() is None
    settle_built(1_000)  # the count started again
    await asyncio.sleep(0.2)
    assert len(full_collections) == 1


@pytest.fixture
def walks_frozen_between():
    undo = freeze_between_full_walks()
    yield
    undo()


def _walked(target: object) -> bool:
    return any(obj is target for obj in gc.get_objects())


def test_what_outlives_a_full_walk_is_frozen_and_only_newer_objects_are_walked(monkeypatch):
    monkeypatch.setattr(memory, "THAW_EVERY", 3600.0)
    before = Node()
    undo = freeze_between_full_walks()
    try:
        _only_newer_walked(before)
    finally:
        undo()
    assert _walked(before)  # undone: walked again


def _only_newer_walked(before: Node) -> None:
    assert not _walked(before)  # frozen at the start
    lived = Node()
    assert _walked(lived)
    gc.collect()  # a full walk
    assert not _walked(lived)  # outlived it: out of the next walks
    newer = Node()
    assert _walked(newer)


def test_every_so_often_a_full_walk_takes_in_the_frozen_and_frees_their_cycles(
    monkeypatch,
    walks_frozen_between,
):
    monkeypatch.setattr(memory, "THAW_EVERY", 3600.0)
    lived = Node()
    gone = weakref.ref(lived)
    gc.collect()
    del lived  # a cycle among the frozen: no walk sees it
    gc.collect()
    assert gone() is not None
    monkeypatch.setattr(memory, "THAW_EVERY", 0.0)
    gc.collect()  # this walk ends with a thaw…
    gc.collect()  # …so this one takes in everything
    assert gone() is None
