"""Benchmark: what a judge waits for at the summary and what the announcer pays per game.

    python -m benchmarks.bot_stage [--sizes 100 400]

Fills a temporary database with a stage of N saved games, then times the summary's scoring of one
more draft (``Games.score``: load the stage, compute Ci) and the rendering of one announcement.
Reports milliseconds and the ratio of each size's time per game to the smallest size's (≈1.0:
linear growth).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.announce.announcer import Announcer
from bot.club.clubs import Clubs
from bot.club.games import Games, Submission
from bot.club.members import MemberDirectory
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournament, Tournaments
from bot.core.clock import Clock
from bot.core.config import load_settings
from bot.core.sqlite_db import SqliteDatabase
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.rights import Member, Right
from bot.vocabulary.window import ProtestWindow
from scoring import Winner


async def filled(
    path: Path, games_count: int
) -> tuple[Games, Announcer, Protocol, tuple[int, Tournament]]:
    settings = load_settings(bot_token="1:x", database_path=path, club_chat_id=-1)
    database = SqliteDatabase(path)
    await database.connect()
    await database.migrate()
    clock = Clock()
    clubs = Clubs(settings, database, clock)  # a one-club deployment: its club is the fallback
    await clubs.ensure_from_environment()
    tournaments = Tournaments(database, clock)
    players = PlayerDirectory(database, clock)
    members = MemberDirectory(settings, database, clock)
    window = ProtestWindow(settings.protest_window_minutes)
    games = Games(database, clock, tournaments, window)
    announcer = Announcer(settings, database, games, players, members, clock, window)
    async with database.transaction() as connection:
        await connection.execute(
            "INSERT INTO members (user_id, full_name, updated_at) VALUES (1, 'Судья', '')"
        )
    judge = Member(1, "Судья", frozenset({Right.ADMIN}))
    tournament = await tournaments.create("Бенчмарк", "rules-8", 1)
    stage = await tournaments.current_stage(tournament.id)
    ids = [(await players.create(f"Игрок {i}", 1)).id for i in range(300)]
    rng = random.Random(1)
    protocol = Protocol(table=1, number=1)
    for number in range(1, games_count + 2):
        protocol = Protocol(
            table=1,
            number=number,
            players=tuple(rng.sample(ids, 10)),
            sheriff=2,
            don=9,
            mafia=(4, 7),
            winner=rng.choice(list(Winner)),
            first_killed=rng.randint(1, 10),
            night_done=True,
        )
        if number <= games_count:
            async with database.transaction() as connection:
                draft = await connection.one(
                    "INSERT INTO drafts (club_id, judge_id, data, created_at, updated_at) "
                    "VALUES (1, 1, '{}', '', '') "
                    "ON CONFLICT (club_id, judge_id) DO UPDATE SET data = excluded.data "
                    "RETURNING id"
                )
                assert draft is not None
                draft_id = int(draft[0])
            submission = Submission(draft_id, tournament.id, stage.id, protocol, None)
            await games.save(submission, judge)
    return games, announcer, protocol, (stage.id, tournament)


async def measure(size: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        games, announcer, protocol, (stage_id, tournament) = await filled(
            Path(folder) / "club.sqlite3", size
        )
        ruleset = tournament.ruleset()
        started = time.perf_counter()
        for _ in range(5):
            await games.score(protocol, stage_id, ruleset, tournament.seed, None)
        summary = (time.perf_counter() - started) / 5
        started = time.perf_counter()
        for _ in range(5):
            await announcer.render(size)
        render = (time.perf_counter() - started) / 5
        await games.database.close()
        return summary, render


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 400])
    args = parser.parse_args()
    print(f"{'games':>6} {'summary ms':>11} {'announce ms':>12} {'per-game ratio':>15}")
    base = None
    for size in args.sizes:
        summary, render = asyncio.run(measure(size))
        per_game = summary / size
        base = base or per_game
        print(f"{size:>6} {summary * 1e3:>11.1f} {render * 1e3:>12.1f} {per_game / base:>15.2f}")


if __name__ == "__main__":
    main()
