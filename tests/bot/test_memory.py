"""A large build is taken out of the cycle collector's walks; what earlier builds left in cycles
is still collected."""

import gc
import weakref

import pytest

from bot.core.memory import SETTLE_FROM, settle_built


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector frees it


@pytest.fixture(autouse=True)
def _thawed():
    yield
    gc.unfreeze()


def test_a_large_build_is_frozen_and_garbage_before_it_collected():
    kept = Node()
    garbage = Node()
    gone = weakref.ref(garbage)
    del garbage
    settle_built(SETTLE_FROM)
    assert gone() is None
    assert gc.get_freeze_count() > 0
    assert any(obj is kept for obj in gc.get_objects()) is False  # frozen: out of the walks


def test_a_cycle_frozen_by_an_earlier_build_is_collected_by_the_next():
    earlier = Node()
    gone = weakref.ref(earlier)
    settle_built(SETTLE_FROM)
    del earlier  # the build it belonged to was replaced
    settle_built(SETTLE_FROM)
    assert gone() is None


def test_a_small_build_freezes_nothing():
    gc.unfreeze()
    settle_built(SETTLE_FROM - 1)
    assert gc.get_freeze_count() == 0
