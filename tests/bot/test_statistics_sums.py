"""The kept sums of players' statistics equal the sums of their games' rows, from nothing, after
any sequence of what changes them: a game counted, counted again (a correction, a repeated hook),
counted anew with other numbers or other players, taken out (an annulment), a merge (issue 48
§5: kept incrementally, as standings are)."""

from __future__ import annotations

import random

import pytest

from bot.core import club_scope
from bot.tables import statistics as rows
from bot.tables.statistics import Counted
from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol

KEYS = ("survived", "votes_on_blacks", "fouls", "shots_ok", "wins_don")


async def sums_from_nothing(database) -> dict[tuple[int, str], tuple[int, int, int]]:
    found = await database.fetchall(
        "SELECT player_id, key, sum(part), sum(whole), count(*) FROM game_statistics "
        "GROUP BY player_id, key"
    )
    return {(r[0], r[1]): (r[2], r[3], r[4]) for r in found}


async def kept(database) -> dict[tuple[int, str], tuple[int, int, int]]:
    found = await database.fetchall(
        "SELECT player_id, key, part, whole, games FROM player_statistics"
    )
    return {(r[0], r[1]): (r[2], r[3], r[4]) for r in found}


def drawn(rng: random.Random, players: list[int]) -> list[Counted]:
    return [
        Counted(player, key, rng.randint(0, 3), rng.randint(1, 4))
        for player in rng.sample(players, 10)
        for key in rng.sample(KEYS, rng.randint(1, len(KEYS)))
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_kept_sums_equal_the_games_rows_after_every_change(tmp_path, seed):
    rng = random.Random(seed)
    names = [f"Игрок{n}" for n in range(1, 21)]
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(random_protocol(names, 30, seed=seed)),
                              "/import Сезон")  # fmt: skip
        assert "Игр: 30" in (await admin.reply()).text
        games = [r[0] for r in await world.database.fetchall("SELECT id FROM games")]
        players = [r[0] for r in await world.database.fetchall("SELECT id FROM players")]
        done = set()
        with club_scope.within(world.services.clubs.get(1)):
            for _ in range(120):
                game = rng.choice(games)
                kind = rng.choice(["count", "count", "again", "annul", "merge"])
                async with world.database.transaction() as tx:
                    if kind == "count":
                        await rows.rewrite_game(tx, game, 1, "2026-12-05", drawn(rng, players))
                    elif kind == "again":  # the same rows again: nothing moves
                        before = await tx.all(
                            "SELECT player_id, key, part, whole FROM game_statistics "
                            "WHERE game_id = ?", (game,),
                        )  # fmt: skip
                        same = [Counted(*row) for row in before]
                        await rows.rewrite_game(tx, game, 1, "2026-12-05", same)
                    elif kind == "annul":
                        await rows.rewrite_game(tx, game, 1, "2026-12-05", [])
                    else:  # a duplicate merged into a player he never sat with
                        source, target = rng.sample(players, 2)
                        clash = await tx.one(
                            "SELECT 1 FROM game_statistics AS a JOIN game_statistics AS b "
                            "ON a.game_id = b.game_id WHERE a.player_id = ? AND b.player_id = ?",
                            (source, target),
                        )
                        if clash is not None:
                            continue
                        await rows.move_player(tx, source, target)
                        players.remove(source)
                done.add(kind)
                assert await kept(world.database) == await sums_from_nothing(world.database)
        assert done == {"count", "again", "annul", "merge"}
