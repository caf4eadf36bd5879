"""The rules' data and words the page needs to read a game's log offline (``rules.json``): the
page mirrors ``scoring/live.py``'s logic in ``static/live.js``, never its numbers or sentences —
those are written once, here on the server, and reach the page as this file."""

from __future__ import annotations

import json
from typing import Any

from bot.texts import live as texts
from scoring.live import ROLE_LIMITS, SEATS
from scoring.model import MAX_FOULS, MAX_TECHNICAL_FOULS, Role


def rules() -> dict[str, Any]:
    return {
        "seats": list(SEATS),
        "limits": {role.value: limit for role, limit in ROLE_LIMITS.items()},
        "maxFouls": MAX_FOULS,
        "maxTechnical": MAX_TECHNICAL_FOULS,
        "team": {role.value: role.team.value for role in Role},
        "skips": {why.value: sentence for why, sentence in texts.SKIPPED.items()},
        "left": {how.value: sentence for how, sentence in texts.LEFT.items()},
        "winner": {winner.value: sentence for winner, sentence in texts.WINNER.items()},
        "ended": {how.value: sentence for how, sentence in texts.ENDED.items()},
    }


def rules_file() -> bytes:
    return json.dumps(rules(), ensure_ascii=False, separators=(",", ":")).encode()
