"""One game's points (the summary screen, the announcement) equal the whole stage's computation.

``Games.score`` and ``Games.scored`` no longer load the stage: Ci comes from one count over the
first-killed player's own games. Here both are compared with ``scoring.compute`` over every
counted game of the stage, on random stages with annulled games and a second stage around them.
"""

import random

import pytest

from bot.club.games import Games, GameStatus, Submission
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.sqlite_db import SqliteDatabase
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.rights import Member, Right
from bot.vocabulary.window import ProtestWindow
from scoring import Winner, compute

JUDGE = Member(1, "Судья", frozenset({Right.ADMIN}))


def random_protocol(rng: random.Random, ids: list[int], number: int) -> Protocol:
    seats = rng.sample(range(1, 11), 4)
    return Protocol(
        table=1,
        number=number,
        players=tuple(rng.sample(ids, 10)),
        sheriff=seats[0],
        don=seats[1],
        mafia=tuple(sorted(seats[2:])),
        winner=rng.choice([Winner.BLACK, Winner.BLACK, Winner.RED, Winner.DRAW]),
        first_killed=rng.choice([None, *range(1, 11)]),
        night_done=True,
    )


@pytest.fixture
async def club(tmp_path):
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    await database.migrate()
    clock = Clock()
    tournaments = Tournaments(database, clock)
    players = PlayerDirectory(database, clock)
    games = Games(database, clock, tournaments, ProtestWindow(10))
    async with database.transaction() as connection:
        await connection.execute(
            "INSERT INTO members (user_id, full_name, updated_at) VALUES (1, 'Судья', '')"
        )
    yield database, tournaments, players, games
    await database.close()


async def save(database, games, tournament_id, stage_id, protocol, game_id=None):
    async with database.transaction() as connection:
        draft = await connection.one(
            "INSERT INTO drafts (club_id, judge_id, data, created_at, updated_at) "
            "VALUES (1, 1, '{}', '', '') "
            "ON CONFLICT (club_id, judge_id) DO UPDATE SET data = excluded.data RETURNING id"
        )
        draft_id = draft[0]
    submission = Submission(draft_id, tournament_id, stage_id, protocol, game_id)
    return (await games.save(submission, JUDGE)).game_id


async def test_single_game_scores_equal_the_whole_stage(club):
    database, tournaments, players, games = club
    rng = random.Random(5)
    tournament = await tournaments.create("Кубок", "rules-8", 3)
    first = await tournaments.current_stage(tournament.id)
    ids = [(await players.create(f"Игрок {i}", 1)).id for i in range(14)]  # many repeat deaths
    saved = [
        await save(database, games, tournament.id, first.id, random_protocol(rng, ids, n))
        for n in range(1, 61)
    ]
    annulled = saved[::7]
    async with database.transaction() as connection:
        for game_id in annulled:
            await connection.execute(
                "UPDATE games SET status = 'annulled' WHERE id = ?", (game_id,)
            )
    second = await tournaments.new_stage(tournament.id, "финал")
    for n in range(61, 71):
        await save(database, games, tournament.id, second.id, random_protocol(rng, ids, n))
    ruleset = tournament.ruleset()

    counted = [game_id for game_id in saved if game_id not in annulled]
    stored = {game_id: await games.get(game_id) for game_id in counted}
    stage = [stored[game_id].protocol.to_game(str(game_id), first.name) for game_id in counted]
    whole = {scored.game.id: scored for scored in compute(stage, ruleset, 3).games}
    assert sum(1 for scored in whole.values() for seat in scored.seats if seat.ci) >= 5

    for game_id in counted:  # the announcement's and the saved game's points
        _, score = await games.scored(game_id)
        assert score is not None and score.seats == whole[str(game_id)].seats
    annulled_game, nothing = await games.scored(annulled[0])
    assert annulled_game.status is GameStatus.ANNULLED and nothing is None

    for number in range(100, 130):  # the summary screen of a new game
        draft = random_protocol(rng, ids, number)
        score, problems = await games.score(draft, first.id, ruleset, 3, None)
        expected = compute([*stage, draft.to_game("draft", first.name)], ruleset, 3).games[-1]
        assert problems == [] and score is not None and score.seats == expected.seats

    for game_id in counted[:20]:  # the summary screen of a correction
        corrected = random_protocol(rng, ids, stored[game_id].number)
        score, _ = await games.score(corrected, first.id, ruleset, 3, game_id)
        replaced = [
            corrected.to_game(str(game_id), first.name) if g.id == str(game_id) else g
            for g in stage
        ]
        expected = next(g for g in compute(replaced, ruleset, 3).games if g.game.id == str(game_id))
        assert score is not None and score.seats == expected.seats


async def test_a_full_table_gives_its_first_free_number_then_sends_to_another_table(club):
    # An imported season of 10,000 games fills table 1 (numbers 1–9999): the next game there
    # must not get number 10,000, which the database refuses (it used to read as «taken»).
    database, tournaments, _, games = club
    tournament = await tournaments.create("Сезон", "rules-8", 1)
    stage = await tournaments.current_stage(tournament.id)
    async with database.transaction() as connection:
        await connection.executemany(
            "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner, "
            "judge_id, ended_at, submission_key, created_at, updated_at) "
            "VALUES (?, ?, 1, ?, 'red', 1, '', ?, '', '')",
            [(tournament.id, stage.id, n, f"import-{n}") for n in range(1, 10_000)],
        )
    assert await games.next_number(tournament.id, 1) is None
    assert await games.open_place(tournament.id, 1) == (2, 1)
    async with database.transaction() as connection:
        await connection.execute("DELETE FROM games WHERE game_number IN (1, 700, 701)")
    assert await games.next_number(tournament.id, 1) == 1
    async with database.transaction() as connection:
        await connection.execute(
            "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner, "
            "judge_id, ended_at, submission_key, created_at, updated_at) "
            "VALUES (?, ?, 1, 1, 'red', 1, '', 'again', '', '')",
            (tournament.id, stage.id),
        )
    assert await games.next_number(tournament.id, 1) == 700
    assert await games.open_place(tournament.id, 1) == (1, 700)
