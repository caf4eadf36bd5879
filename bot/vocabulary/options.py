"""A club's own choices that admins make in /settings (``bot.club.options`` keeps them)."""

from __future__ import annotations

from enum import StrEnum


class ClubOption(StrEnum):
    # The evening's results and a tournament's closing name «Честная игра»: the fewest fouls per
    # game, once the games hold any discipline (issue 32 §3). On unless an admin turns it off.
    FAIR_PLAY = "fair_play"


DEFAULTS = {ClubOption.FAIR_PLAY: True}
