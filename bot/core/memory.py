"""Giving memory back to the system after a large, passing piece of work (an import, standings
built from nothing): freed objects leave holes in the C allocator's heap that it keeps for later
unless asked to return them. Resident memory then reflects what the bot keeps, not its peak."""

from __future__ import annotations

import ctypes
import ctypes.util
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
