"""The sports-mafia rules engine: pure Python, no I/O outside the command line."""

from scoring.engine import (
    GameScore,
    Result,
    SeatScore,
    Standing,
    compensation,
    compute,
    score_games,
)
from scoring.model import (
    DEFAULT_STAGE,
    ROLE_COUNTS,
    SEATS,
    Distance,
    Game,
    Outcome,
    Role,
    SeatEntry,
    Team,
    Winner,
    outcome_for,
)
from scoring.rulesets import BUILT_IN, PenaltyItem, Ruleset, RulesetError, builtin, resolve_ruleset
from scoring.validation import Problem, ProtocolError, validate_game, validate_games

__all__ = [
    "BUILT_IN",
    "DEFAULT_STAGE",
    "ROLE_COUNTS",
    "SEATS",
    "Distance",
    "Game",
    "GameScore",
    "Outcome",
    "PenaltyItem",
    "Problem",
    "ProtocolError",
    "Result",
    "Role",
    "Ruleset",
    "RulesetError",
    "SeatEntry",
    "SeatScore",
    "Standing",
    "Team",
    "Winner",
    "builtin",
    "compensation",
    "compute",
    "outcome_for",
    "resolve_ruleset",
    "score_games",
    "validate_game",
    "validate_games",
]
