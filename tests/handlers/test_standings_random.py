"""Random sequences of every kind of change: the kept standings always equal a computation from
nothing (a fresh ``Standings``) and ``scoring.compute`` over the counted games."""

import random

from bot.club.games import Submission
from bot.rating.standings import Standings
from bot.tables.games import annul, finalize
from scoring import compute
from tests.bot.test_game_scores import random_protocol
from tests.harness import ADMIN_ID, dispatcher_world


async def save(world, tournament_id, stage_id, protocol, game_id=None):
    database = world.database
    async with database.transaction() as connection:
        draft = await connection.one(
            "INSERT INTO drafts (club_id, judge_id, data, created_at, updated_at) "
            "VALUES (1, ?, '{}', '', '') "
            "ON CONFLICT (club_id, judge_id) DO UPDATE SET data = excluded.data "
            "RETURNING id",
            (ADMIN_ID,),
        )
        draft_id = draft[0]
    admin = await world.services.members.member(ADMIN_ID)
    submission = Submission(draft_id, tournament_id, stage_id, protocol, None, game_id)
    return (await world.services.games.save(submission, admin)).game_id


async def assert_kept_equal_fresh(world, kept):
    tournaments = world.services.tournaments
    tournament = (await tournaments.current())[0]
    board = await kept.board(tournament)
    fresh = await Standings(world.database, tournaments).board(tournament)
    assert board.standings == fresh.standings
    assert board.game_count == fresh.game_count
    assert board.facts == fresh.facts  # the games' statuses too: which rows show ⏳
    games = [scored.game for scored in fresh.result.games]
    assert compute(games, tournament.ruleset(), tournament.seed).standings == board.standings
    for row in board.standings[:5]:  # a player's games and role totals, as /me reads them
        player_id = board.player_id(row)
        assert [(p.facts, p.seat) for p in board.played(player_id)] == [
            (p.facts, p.seat) for p in fresh.played(player_id)
        ]
        assert board.role_totals(player_id) == fresh.role_totals(player_id)


async def test_random_changes_keep_the_standings_equal_to_a_computation_from_nothing(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        await world.person("Админ", user_id=ADMIN_ID, username="boss").send("/start")
        tournaments = world.services.tournaments
        players = world.services.players
        nicknames = world.services.nicknames
        kept = world.services.standings
        tournament = await tournaments.create("Случайный", "rules-8", 7)
        await tournaments.make_current(tournament.id)
        stage = await tournaments.current_stage(tournament.id)
        ids = [(await players.create(f"Игрок {n}", ADMIN_ID)).id for n in range(16)]
        rng = random.Random(19)
        saved: list[int] = []
        counted: list[int] = []
        kinds = (
            ["save"] * 5
            + ["correct"] * 3
            + ["annul", "merge", "rename", "stage", "final", "delete"]
        )
        for step in range(60):
            kind = rng.choice(kinds) if counted else "save"
            if kind == "save":
                game_id = await save(world, tournament.id, stage.id,
                                     random_protocol(rng, ids, len(saved) + 1))  # fmt: skip
                saved.append(game_id)
                counted.append(game_id)
            elif kind == "correct":
                game_id = rng.choice(counted)
                number = saved.index(game_id) + 1
                game = await world.services.games.get(game_id)
                await save(world, tournament.id, game.stage_id,
                           random_protocol(rng, ids, number), game_id)  # fmt: skip
            elif kind == "annul":
                game_id = counted.pop(rng.randrange(len(counted)))
                async with world.database.transaction() as tx:
                    await annul(tx, game_id, f"2026-12-01T20:{step:02d}:00+00:00")
            elif kind == "merge":
                newcomer = (await players.create(f"Новичок {step}", ADMIN_ID)).id
                game_id = await save(
                    world,
                    tournament.id,
                    stage.id,
                    random_protocol(rng, [newcomer, *ids[:9]], len(saved) + 1),
                )
                saved.append(game_id)  # fmt: skip
                counted.append(game_id)
                await nicknames.merge(f"Новичок {step}", f"Игрок {rng.randrange(9, 16)}",
                                     ADMIN_ID)  # fmt: skip
            elif kind == "delete":  # no path of the bot deletes a game; a repair by hand might
                game_id = counted.pop(rng.randrange(len(counted)))
                async with world.database.transaction() as tx:
                    for table in ("audit_log", "game_seats", "announcements", "outbox"):
                        await tx.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
                    await tx.execute("DELETE FROM games WHERE id = ?", (game_id,))
            elif kind == "final":  # protest windows closed: the games are final now
                async with world.database.transaction() as tx:
                    await finalize(tx, counted[: rng.randrange(len(counted) + 1)],
                                   f"2026-12-01T21:{step:02d}:00+00:00")  # fmt: skip
            elif kind == "rename":
                row = (await kept.board((await tournaments.current())[0])).standings[0]
                await nicknames.rename(row.name, f"{row.name}{step}", ADMIN_ID)
            else:
                stage = await tournaments.new_stage(tournament.id, f"этап {step}")
            await assert_kept_equal_fresh(world, kept)
