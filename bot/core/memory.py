"""Memory after a large piece of work (an import, standings or ratings built from nothing).

Freed objects leave holes in the C allocator's heap that it keeps for later unless asked to
return them: ``release_memory`` asks, so that resident memory reflects what the bot keeps, not
its peak. What such a build keeps (a season's standings, its ratings: a million objects) lives
until the next build; ``settle_built`` takes it out of the cycle collector's walks, which
otherwise stop the event loop for 0.1–0.2 s several times an evening at 10,000 games."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
from functools import lru_cache

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _trim() -> ctypes._NamedFuncPointer | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name).malloc_trim  # glibc; other C libraries have none
    except (OSError, AttributeError):
        return None


def release_memory() -> None:
    """Return the C heap's free pages to the system (a few milliseconds; nothing elsewhere)."""
    trim = _trim()
    if trim is not None:
        trim(0)


SETTLE_FROM = 2_000  # games: a smaller build leaves too little for the collector to matter


def settle_built(games: int) -> None:
    """After a build of ``games`` games that lives on: collect once, then freeze what is left.

    Frozen objects are still freed when nothing refers to them; only the cycle collector skips
    them. Unfreezing first lets this collection take whatever an earlier build left in cycles,
    so repeated builds do not pile up. The collection costs what one of the collector's own full
    walks does (0.1–0.2 s at 10,000 games), once per build instead of several times an hour."""
    if games < SETTLE_FROM:
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    release_memory()
