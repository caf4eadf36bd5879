"""Benchmark: a player's statistics from the game log as he asks for them (issue 48 §5).

    python -m benchmarks.statistics [--games 10000] [--players 50] [--requests 200]

A club of ``--games`` games among ``--players`` players (50 players at 10,000 games: each has
about 2,000 games) whose every game was run in the app with every layer: each game's statistics
rows are written as a saved log's would be (from random legal logs with every layer, read by
``scoring.stats``). Then a linked player asks /stats in the chat again and again, and opens his
record page (/api/record, his record and statistics); after every tenth request a game is counted
anew, so the club's average player is made again when next asked (the worst case is measured,
not only the kept one). Beside them, in the same world: /help (the dispatcher's floor) and the
cost of counting one saved log at Confirm (against an empty transaction).
Target: p99 < 100 ms in the chat and the page at 10,000 club games.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.processes import percentile
from bot.core import club_scope
from bot.live.protocol import kinds_recorded
from bot.rating.statistics import count_game
from bot.tables import live as live_rows
from bot.tables import statistics as rows
from bot.tables.statistics import Counted
from scoring.live import Layer, replay
from scoring.statistics import statistics as summed
from scoring.stats import SeatCounters, counters
from tests.harness import ADMIN_ID, dispatcher_world
from tests.live_games import Table
from tests.protocols import protocol_bytes, random_protocol
from tests.webapp import AppCaller, app_server

LOGS = 100  # distinct random logs, each game takes one (drawing 10,000 would take minutes)
BATCH = 500


@dataclass
class Figures:
    games: int
    players: int
    his_games: int
    stats_ms: list[float]
    page_ms: list[float]
    blocks_ms: list[float]
    bare_ms: list[float]
    help_ms: list[float]
    count_ms: list[float]
    empty_ms: list[float]


def drawn_logs() -> list[dict[int, SeatCounters]]:
    every = [layer.value for layer in Layer]
    return [counters(Table(seed, layers=True).play(), every) for seed in range(LOGS)]


async def fill(world, logs: list[dict[int, SeatCounters]]) -> None:  # type: ignore[no-untyped-def]
    """Every game's statistics rows, as counting its saved log would write them."""
    seats = await world.database.fetchall("SELECT game_id, seat, player_id FROM game_seats")
    by_game: dict[int, dict[int, int]] = {}
    for game_id, seat, player in seats:
        by_game.setdefault(game_id, {})[seat] = player
    games = sorted(by_game)
    for start in range(0, len(games), BATCH):
        async with world.database.transaction() as tx:
            for game_id in games[start : start + BATCH]:
                log = logs[game_id % len(logs)]
                counted = [
                    Counted(by_game[game_id][seat], key, ratio.part, ratio.whole)
                    for seat, row in log.items()
                    for key, ratio in summed([row]).items()
                    if ratio.games
                ]
                await rows.rewrite_game(tx, game_id, 1, "2026-12-05T19:00:00+00:00", counted)


async def _timed(person, text: str) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    await person.send(text)
    await person.reply(timeout=60)
    return (time.perf_counter() - started) * 1e3


async def measure(games: int, players: int, requests: int) -> Figures:
    names = [f"Игрок{n:03d}" for n in range(players)]
    data = protocol_bytes(random_protocol(names, games, seed=games))
    logs = drawn_logs()
    with tempfile.TemporaryDirectory() as folder:
        async with dispatcher_world(Path(folder), webapp_url="http://127.0.0.1/") as world:
            admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
            player = world.person("Игрок", username="player")
            await player.send("/start")
            await player.reply()
            await admin.send_file("season.json", data, "/import Сезон")
            assert "Готово" in (await admin.reply(timeout=900)).text
            await admin.send(f"/link @player {names[7]}")
            await admin.reply()
            club = world.services.clubs.get(1)
            assert club is not None
            with club_scope.within(club):
                await fill(world, logs)
                asking = await world.services.players.by_nickname(names[7])
                assert asking is not None
                his = await world.services.statistics.of_player(asking.id)
            stats_ms, page_ms, blocks_ms, help_ms = [], [], [], []
            screens = world.services.stats
            async with app_server(world) as base:
                app = AppCaller(base, player.id)
                for n in range(requests):
                    if n % 10 == 0:  # as after a game counted: the club's average made again
                        world.services.statistics.forget_averages()
                    stats_ms.append(await _timed(player, "/stats"))
                    help_ms.append(await _timed(player, "/help"))
                    started = time.perf_counter()
                    status, answer = await app.call("record", {})
                    page_ms.append((time.perf_counter() - started) * 1e3)
                    assert status == 200 and answer.get("statistics"), answer
                    if n % 10 == 0:
                        world.services.statistics.forget_averages()
                    started = time.perf_counter()
                    with club_scope.within(club):
                        await screens.blocks(asking.id)  # the page's statistics alone
                    blocks_ms.append((time.perf_counter() - started) * 1e3)
                rating = world.services.rating  # the same call without the statistics: as before
                rating.statistics, kept = None, rating.statistics
                bare_ms = []
                for _ in range(max(10, requests // 4)):
                    started = time.perf_counter()
                    status, answer = await app.call("record", {})
                    bare_ms.append((time.perf_counter() - started) * 1e3)
                rating.statistics = kept
            count_ms, empty_ms = await _count_cost(world, club)
        return Figures(
            games, players, his["survived"].games if "survived" in his else 0,
            stats_ms, page_ms, blocks_ms, bare_ms, help_ms, count_ms, empty_ms,
        )  # fmt: skip


async def _count_cost(world, club) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """Counting one saved log at Confirm (read, replayed, its rows rewritten, the sums moved),
    the way the save's transaction does it, beside an empty transaction."""
    table = Table(1, layers=True)
    table.play()
    players = await world.database.fetchall(
        "SELECT player_id FROM game_seats WHERE game_id = 2 ORDER BY seat"
    )
    now = "2026-12-05T19:00:00+00:00"
    with club_scope.within(club):
        async with world.database.transaction() as tx:
            live = await live_rows.create(tx, -1, ADMIN_ID, 1, 1, 1, tuple(p[0] for p in players),
                                          [layer.value for layer in Layer], now)  # fmt: skip
            await live_rows.append(tx, live, table.log, ADMIN_ID, now, after=0)  # a new log
            state = replay(table.log)
            await live_rows.saved(tx, live, 2, kinds_recorded(state, table.log), now)
        counted, empty = [], []
        for _ in range(60):
            started = time.perf_counter()
            async with world.database.transaction() as tx:
                await count_game(tx, 2)
            counted.append((time.perf_counter() - started) * 1e3)
            started = time.perf_counter()
            async with world.database.transaction():
                pass
            empty.append((time.perf_counter() - started) * 1e3)
    return counted, empty


def table(f: Figures) -> list[str]:
    def row(name: str, values: list[float]) -> str:
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        return f"| {name} | {p50:.1f} | {p99:.1f} |"

    return [
        f"{f.games:,} club games, {f.players} players; the asking player has {f.his_games:,} "
        "games counted; every tenth request after a game counted anew (the club's average "
        "made again).",
        "",
        "| request | p50 ms | p99 ms |",
        "|---|---|---|",
        row("/stats in the chat", f.stats_ms),
        row("/help in the chat (the floor)", f.help_ms),
        row("the record page's statistics blocks (in the bot)", f.blocks_ms),
        row("the record page's whole call (/api/record: every game of his listed)", f.page_ms),
        row("the same call without the statistics (the page before them)", f.bare_ms),
        row("counting a saved log's rows (the job, after Confirm)", f.count_ms),
        row("an empty transaction (the floor)", f.empty_ms),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.games, args.players, args.requests))
    print("\n".join(table(figures)))


if __name__ == "__main__":
    main()
