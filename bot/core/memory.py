"""Memory after a large piece of work (an import, standings or ratings built from nothing).

Freed objects leave holes in the C allocator's heap that it keeps for later unless asked to
return them: ``release_memory`` asks, so that resident memory reflects what the bot keeps, not
its peak. What such a build keeps (a season's standings, its ratings: a million objects) lives
until the next build; ``settle_built`` takes it out of the cycle collector's walks, which
otherwise stop the event loop for 0.1–0.3 s several times a minute on a busy evening (at 10,000
games in one tournament, or twenty clubs' boards of 1,000)."""

from __future__ import annotations

import asyncio
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


SETTLE_FROM = 2_000  # games built since the last settling: fewer leave too little to matter
# Builds that end within this many seconds of the one that crossed SETTLE_FROM settle with it:
# after a restart twenty clubs' first /rating build twenty 1,000-game boards at once, and one
# collection for them all costs what one collection costs.
SETTLE_AFTER = 1.0


class _Settling:
    """Games built since the last settling, and the settling already due (on which loop)."""

    def __init__(self) -> None:
        self.games = 0
        self.due: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None


_settling = _Settling()


def settle_built(games: int) -> None:
    """A build of ``games`` games that lives on was made: once the builds since the last
    settling hold SETTLE_FROM games between them, collect once, then freeze what is left —
    SETTLE_AFTER seconds later when an event loop runs (builds ending meanwhile join in), at
    once otherwise.

    Frozen objects are still freed when nothing refers to them; only the cycle collector skips
    them. Unfreezing first lets this collection take whatever an earlier build left in cycles,
    so repeated builds do not pile up. The collection costs what one of the collector's own full
    walks does (0.1–0.3 s with twenty clubs' boards), once per settling instead of every
    twenty seconds of a busy evening: measured on the many-clubs evening, twenty boards of
    1,000 games each, never frozen while each build was counted alone, made the collector walk
    them for 250–315 ms every ~20 s — the evening's whole p99."""
    _settling.games += games
    if _settling.games < SETTLE_FROM:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a build outside the bot (a command, a test): settle now
        _settle()
        return
    if _settling.due is not None and _settling.loop is loop and not _settling.due.cancelled():
        return  # due already: this build joins it
    _settling.loop = loop
    _settling.due = loop.call_later(SETTLE_AFTER, _settle)


def _settle() -> None:
    _settling.games, _settling.due, _settling.loop = 0, None, None
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    release_memory()
