"""``game_statistics``, ``player_statistics`` and ``statistics_counted``: the statistics
counted from saved games' logs (issue 48), per game and summed per player, and which games were
counted. Derived data: ``bot/rating/statistics.py`` rewrites a game's rows whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction
from scoring.statistics import Ratio


@dataclass(frozen=True, slots=True)
class Counted:
    """One statistic one game counts for one player."""

    player_id: int
    key: str
    part: int
    whole: int


async def rewrite_game(
    tx: Transaction, game_id: int, tournament_id: int, ended_at: str, counted: Sequence[Counted]
) -> None:
    """The game's rows replaced by ``counted`` (none: the game counts for nothing), its players'
    sums changed by the difference in the same transaction."""
    old = await tx.all(
        "SELECT player_id, key, part, whole FROM game_statistics WHERE game_id = ? AND club_id = ?",
        (game_id, club_id()),
    )
    await _add(tx, [Counted(r[0], r[1], -r[2], -r[3]) for r in old], games=-1)
    await tx.execute("DELETE FROM game_statistics WHERE game_id = ?", (game_id,))
    await tx.executemany(
        "INSERT INTO game_statistics (club_id, game_id, player_id, tournament_id, ended_at, key, "
        "part, whole) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(club_id(), game_id, c.player_id, tournament_id, ended_at, c.key, c.part, c.whole)
         for c in counted],
    )  # fmt: skip
    await _add(tx, counted, games=1)
    await tx.execute(
        "INSERT INTO statistics_counted (game_id, club_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        (game_id, club_id()),
    )


async def _add(tx: Transaction, counted: Sequence[Counted], games: int) -> None:
    await tx.executemany(
        "INSERT INTO player_statistics (club_id, player_id, key, part, whole, games) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (club_id, player_id, key) DO UPDATE SET "
        "part = player_statistics.part + excluded.part, "
        "whole = player_statistics.whole + excluded.whole, "
        "games = player_statistics.games + excluded.games",
        [(club_id(), c.player_id, c.key, c.part, c.whole, games) for c in counted],
    )
    if games < 0:
        await tx.execute(
            "DELETE FROM player_statistics WHERE club_id = ? AND games <= 0", (club_id(),)
        )


async def of_player(reader: Reader, player_id: int) -> dict[str, Ratio]:
    rows = await reader.all(
        "SELECT key, part, whole, games FROM player_statistics WHERE club_id = ? AND player_id = ?",
        (club_id(), player_id),
    )
    return {row[0]: Ratio(row[1], row[2], row[3]) for row in rows}


async def of_club(reader: Reader) -> dict[int, dict[str, Ratio]]:
    """Every player's sums: what the club's average player is made of."""
    rows = await reader.all(
        "SELECT player_id, key, part, whole, games FROM player_statistics WHERE club_id = ?",
        (club_id(),),
    )
    found: dict[int, dict[str, Ratio]] = {}
    for row in rows:
        found.setdefault(row[0], {})[row[1]] = Ratio(row[2], row[3], row[4])
    return found


async def board(reader: Reader, key: str, tournament_id: int | None) -> dict[int, Ratio]:
    """Each player's sum of one statistic over a tournament's games, or all the club's (kept
    sums: a read of one row a player)."""
    if tournament_id is None:
        rows = await reader.all(
            "SELECT player_id, part, whole, games FROM player_statistics "
            "WHERE club_id = ? AND key = ?",
            (club_id(), key),
        )
    else:
        rows = await reader.all(
            "SELECT player_id, sum(part), sum(whole), count(*) FROM game_statistics "
            "WHERE club_id = ? AND tournament_id = ? AND key = ? GROUP BY player_id",
            (club_id(), tournament_id, key),
        )
    return {row[0]: Ratio(row[1], row[2], row[3]) for row in rows}


async def of_tournament(reader: Reader, tournament_id: int) -> list[tuple[str, str, Ratio]]:
    """Each player's statistics over a tournament's games (its export): nickname, key, sum."""
    rows = await reader.all(
        "SELECT players.nickname, s.key, sum(s.part), sum(s.whole), count(*) "
        "FROM game_statistics AS s JOIN players ON players.id = s.player_id "
        "WHERE s.club_id = ? AND s.tournament_id = ? GROUP BY players.id, s.key",
        (club_id(), tournament_id),
    )
    return [(row[0], row[1], Ratio(row[2], row[3], row[4])) for row in rows]


async def with_provisional(reader: Reader, key: str, tournament_id: int | None) -> set[int]:
    """The players whose counted games of this statistic include one still open to protest."""
    rows = await reader.all(
        "SELECT DISTINCT s.player_id FROM game_statistics AS s JOIN games ON games.id = s.game_id "
        "WHERE s.club_id = ? AND s.key = ? AND games.status = 'provisional' "
        "AND (CAST(? AS BIGINT) IS NULL OR s.tournament_id = ?)",
        (club_id(), key, tournament_id, tournament_id),
    )
    return {int(row[0]) for row in rows}


async def move_player(tx: Transaction, duplicate_id: int, kept_id: int) -> None:
    """A duplicate merged into the kept player: his rows become the kept one's, whose sums are
    made anew from his games (two rows of one game cannot be: one player, one seat)."""
    await tx.execute(
        "UPDATE game_statistics SET player_id = ? WHERE player_id = ? AND club_id = ?",
        (kept_id, duplicate_id, club_id()),
    )
    await tx.execute(
        "DELETE FROM player_statistics WHERE club_id = ? AND player_id IN (?, ?)",
        (club_id(), duplicate_id, kept_id),
    )
    await tx.execute(
        "INSERT INTO player_statistics (club_id, player_id, key, part, whole, games) "
        "SELECT club_id, player_id, key, sum(part), sum(whole), count(*) FROM game_statistics "
        "WHERE club_id = ? AND player_id = ? GROUP BY club_id, player_id, key",
        (club_id(), kept_id),
    )


_UNCOUNTED = (
    "live_games.status = 'saved' AND NOT EXISTS "
    "(SELECT 1 FROM statistics_counted AS s WHERE s.game_id = live_games.game_id)"
)


async def clubs_with_uncounted(reader: Reader) -> set[int]:
    """Clubs with a saved game run in the app whose statistics are not counted yet (made before
    statistics were, or brought in by an archive): across clubs, in one read."""
    rows = await reader.all(f"SELECT DISTINCT club_id FROM live_games WHERE {_UNCOUNTED}")
    return {int(row[0]) for row in rows}


async def uncounted(reader: Reader, limit: int) -> list[int]:
    rows = await reader.all(
        f"SELECT game_id FROM live_games WHERE club_id = ? AND {_UNCOUNTED} ORDER BY game_id "
        "LIMIT ?",
        (club_id(), limit),
    )
    return [int(row[0]) for row in rows]
