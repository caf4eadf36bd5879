"""Ratings and statistics for players: standings kept per tournament, boards, a player's record."""
