"""The body of a correction's note under its announcement, as the outbox carries it: the parts
the correction changed («winner,penalties») and, when it decided protests, the protesters'
nicknames — one reply says both (the decision alone said nothing of what changed)."""

from __future__ import annotations

from collections.abc import Sequence

_PROTESTERS = "\n"  # between the parts and the nicknames (neither holds a line break)
_BETWEEN = "\t"


def note_body(parts: str, protesters: Sequence[str] = ()) -> str:
    if not protesters:
        return parts
    return parts + _PROTESTERS + _BETWEEN.join(protesters)


def read_note(body: str) -> tuple[str, list[str]]:
    """(the parts changed, the protesters whose protest the correction decided)."""
    parts, _, names = body.partition(_PROTESTERS)
    return parts, [name for name in names.split(_BETWEEN) if name]
