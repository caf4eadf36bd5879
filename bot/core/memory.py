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
import time
from collections.abc import Callable
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
    them. The collection walks what is not frozen yet (the new builds); at most every
    THAW_EVERY seconds it takes in the frozen objects as well, so that what earlier builds left
    in cycles does not pile up. Measured on the many-clubs evening: twenty boards of 1,000
    games each, never frozen while each build was counted alone, made the collector walk them
    for 250–315 ms every ~20 s — the evening's whole p99."""
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
    if time.monotonic() - _walks.thawed >= THAW_EVERY:
        gc.unfreeze()
        _walks.thawed = time.monotonic()
    gc.collect()
    gc.freeze()
    release_memory()


# At most every this many seconds one of the collector's full walks (a settling's or its own)
# takes in the frozen objects as well: garbage cycles among them (a board replaced by a newer
# build, a request in flight when a walk froze it) are freed then.
THAW_EVERY = 600.0


class _Walks:
    """Whether the collector's full walks are followed by a freeze, and when they last took in
    everything."""

    def __init__(self) -> None:
        self.installed = False
        self.thawed = time.monotonic()


_walks = _Walks()


def freeze_between_full_walks() -> Callable[[], None]:
    """Freeze everything made so far, and from now on whatever outlives each of the collector's
    full walks, so that a full walk visits only what came to live since the one before.

    The bot's long-lived objects change as it works — a player's games are read anew after his
    next game, the pages drawn turn over — and a full walk visited them all: measured on the
    many-clubs evening, the walks grew from 11 ms to 92 ms within three minutes of play (every
    ~20 s, each holding up every request). Every THAW_EVERY seconds one walk takes in the
    frozen objects too and frees the garbage cycles among them (0.1–0.3 s, that once). After
    each full walk the allocator's free pages go back to the system (5–15 ms): the evening's
    turnover left 8–12 MB of them resident otherwise.
    Returns what undoes it (for tests: the process's objects are all walked again)."""
    gc.freeze()
    _walks.thawed = time.monotonic()
    if not _walks.installed:
        _walks.installed = True
        gc.callbacks.append(_after_walk)
    return _walk_everything


def _walk_everything() -> None:
    if _walks.installed:
        _walks.installed = False
        gc.callbacks.remove(_after_walk)
    gc.unfreeze()


def _after_walk(phase: str, info: dict[str, int]) -> None:
    if phase != "stop" or info["generation"] != 2:
        return
    if time.monotonic() - _walks.thawed >= THAW_EVERY:
        gc.unfreeze()  # the next full walk takes in everything
        _walks.thawed = time.monotonic()
    else:
        gc.freeze()
    release_memory()
