"""A club's own choices that admins make in /settings (``bot.club.options`` keeps them)."""

from __future__ import annotations

from enum import StrEnum

from scoring.live import Layer


class ClubOption(StrEnum):
    # The evening's results and a tournament's closing name «Честная игра»: the fewest fouls per
    # game, once the games hold any discipline (issue 32 §3). On unless an admin turns it off.
    FAIR_PLAY = "fair_play"
    # What the judges record in the Mini App beyond the game itself (issue 48 §1): each layer
    # costs taps at the table, so each is off until the club wants its statistics.
    LOG_NOMINATORS = "log_nominators"
    LOG_HANDS = "log_hands"
    LOG_SHOOTERS = "log_shooters"
    LOG_LAST_WORDS = "log_last_words"


DEFAULTS = {
    ClubOption.FAIR_PLAY: True,
    ClubOption.LOG_NOMINATORS: False,
    ClubOption.LOG_HANDS: False,
    ClubOption.LOG_SHOOTERS: False,
    ClubOption.LOG_LAST_WORDS: False,
}
# The option that turns each layer on; a game keeps the layers on when it started.
LAYER_OPTIONS = {
    Layer.NOMINATORS: ClubOption.LOG_NOMINATORS,
    Layer.HANDS: ClubOption.LOG_HANDS,
    Layer.SHOOTERS: ClubOption.LOG_SHOOTERS,
    Layer.LAST_WORDS: ClubOption.LOG_LAST_WORDS,
}
