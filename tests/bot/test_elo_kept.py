"""The club's Elo ratings brought up to date from the first changed game equal a replay of the
games as they are now, from nothing, after every kind of change: a new game at the end, a game
that ended earlier than others, a new winner, swapped roles, an annulment and its undoing, a
deleted game, a merge, an import of many games."""

import random
from types import SimpleNamespace

import pytest

import bot.club.elo as kept_elo
from bot.club.elo import EloRatings
from scoring.elo import replay
from tests.handlers.test_elo import stored_games
from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol


async def assert_equal_to_a_replay(elo, database):
    """Exactly equal, not nearly: the same games from the same state make the same floats."""
    state = await elo.state()
    games = await stored_games(SimpleNamespace(database=database))
    ratings, rated = replay(games)
    assert state.order == tuple(int(game.id) for game in games)
    assert state.ratings.rating == ratings.rating and state.ratings.games == ratings.games
    assert [state.rated[int(game.game_id)] for game in rated] == rated
    fresh = await EloRatings(database).state()  # made from nothing, no previous state
    assert state.measured == fresh.measured
    kept = {name: games for name, games in state.games_of.items() if games}
    assert kept == fresh.games_of
    for name in fresh.games_of:
        assert state.curve(int(name)) == fresh.curve(int(name))


async def change_at_random(rng, database):
    """One change of history, as any write path could make it; returns what it did."""
    games = [row[0] for row in await database.fetchall("SELECT id FROM games")]
    game_id = rng.choice(games)
    kind = rng.choice(["new", "older", "winner", "roles", "annul", "unannul", "delete", "merge"])
    async with database.transaction() as tx:
        if kind in ("new", "older"):
            head = await tx.one("SELECT * FROM games WHERE id = ?", (game_id,))
            ended = "2099-01-01T00:00:00" if kind == "new" else "2000-01-01T00:00:00"
            ended = ended[:-2] + f"{rng.randrange(60):02d}"
            number = rng.randrange(1000, 9999)
            new_id = await tx.insert(
                "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner,"
                " judge_id, ended_at, status, submission_key, created_at, updated_at)"
                " SELECT tournament_id, stage_id, 99, ?, winner, judge_id, ?, 'final', ?,"
                " created_at, updated_at FROM games WHERE id = ?",
                (number, ended, f"test-{rng.random()}", head["id"]),
            )
            await tx.execute(
                "INSERT INTO game_seats (game_id, seat, player_id, role)"
                " SELECT ?, seat, player_id, role FROM game_seats WHERE game_id = ?",
                (new_id, game_id),
            )
        elif kind == "winner":
            await tx.execute(
                "UPDATE games SET winner = ? WHERE id = ?",
                (rng.choice(["red", "black", "draw"]), game_id),
            )
        elif kind == "roles":  # a red and a black seat swap roles
            seats = await tx.all("SELECT seat, role FROM game_seats WHERE game_id = ?", (game_id,))
            red = rng.choice([s for s in seats if s[1] in ("civilian", "sheriff")])
            black = rng.choice([s for s in seats if s[1] in ("mafia", "don")])
            for seat, role in ((red[0], black[1]), (black[0], red[1])):
                await tx.execute(
                    "UPDATE game_seats SET role = ? WHERE game_id = ? AND seat = ?",
                    (role, game_id, seat),
                )
        elif kind in ("annul", "unannul"):
            status = "annulled" if kind == "annul" else "final"
            await tx.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
        elif kind == "delete":  # one this test added: nothing else refers to it
            added = await tx.all("SELECT id FROM games WHERE table_number = 99")
            if added:
                gone = rng.choice(added)[0]
                await tx.execute("DELETE FROM game_seats WHERE game_id = ?", (gone,))
                await tx.execute("DELETE FROM games WHERE id = ?", (gone,))
        elif kind == "merge":  # one player's seats become another's, where they never met
            players = [row[0] for row in await tx.all("SELECT id FROM players")]
            source, target = rng.sample(players, 2)
            await tx.execute(
                "UPDATE game_seats SET player_id = ? WHERE player_id = ? AND game_id NOT IN"
                " (SELECT game_id FROM game_seats WHERE player_id = ?)",
                (target, source, target),
            )
    return kind


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_ratings_brought_up_to_date_equal_a_replay_from_nothing(tmp_path, monkeypatch, seed):
    monkeypatch.setattr(kept_elo, "CHECKPOINT_EVERY", 7)  # checkpoints inside a small history
    monkeypatch.setattr(kept_elo, "MANY_CHANGES", 30)
    rng = random.Random(seed)
    names = [f"Игрок{n}" for n in range(1, 25)]
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        season = protocol_bytes(random_protocol(names, 60, seed=seed))
        await admin.send_file("season.json", season, "/import Сезон")
        assert "Игр: 60" in (await admin.reply()).text
        elo = EloRatings(world.database)
        await assert_equal_to_a_replay(elo, world.database)
        done = []
        for step in range(60):
            done.append(await change_at_random(rng, world.database))
            if step % 3:  # sometimes two or three changes are seen at once
                await assert_equal_to_a_replay(elo, world.database)
        # An import of more games than MANY_CHANGES: read everything again.
        more = protocol_bytes(random_protocol(names, 40, seed=seed + 10))
        await admin.send_file("more.json", more, "/import Ещё сезон")
        assert "Игр: 40" in (await admin.reply()).text
        await assert_equal_to_a_replay(elo, world.database)
        assert {"new", "older", "winner", "roles", "annul", "merge"} <= set(done)
