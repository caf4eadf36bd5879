"""A club's database from the first version keeps working: migration 0003 and old drafts."""

import json

from bot.core.db import bundled_migrations
from bot.core.sqlite_db import SqliteDatabase
from bot.entry.draft import Draft, Step
from scoring import Winner


async def test_migration_renames_tournaments_and_unifies_yo_without_collisions(tmp_path):
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    first_two = [m for m in bundled_migrations() if m.version <= 2]
    await database.migrate(first_two)
    async with database.transaction() as connection:
        await connection.executemany(
            "INSERT INTO players (nickname, nickname_key, created_by, created_at) "
            "VALUES (?, ?, 1, '')",
            [("Ёжик", "ёжик"), ("Ежик", "ежик"), ("Ёлка", "ёлка"), ("Сова", "сова")],
        )
        await connection.execute(
            "INSERT INTO distances (title, ruleset_ref, seed, is_current, created_by, created_at) "
            "VALUES ('Осень', 'rules-8', 1, 1, 1, '')"
        )
    await database.migrate()
    keys = {
        row[0]: row[1]
        for row in await database.fetchall("SELECT nickname, nickname_key FROM players")
    }
    assert keys == {"Ёжик": "ёжик", "Ежик": "ежик", "Ёлка": "елка", "Сова": "сова"}
    (row,) = await database.fetchall("SELECT title FROM tournaments WHERE is_current = 1")
    assert row[0] == "Осень"
    await database.close()


def test_a_draft_stored_by_the_first_version_loads():
    old = {
        "judge_id": 5, "tournament_id": 1, "stage_id": 1, "table": 2, "number": 7,
        "game_id": None, "players": [11, 12, 13, 14, 15, 16, 17, 18, 19, None],
        "sheriff": 2, "don": 9, "mafia": [4, 7], "winner": "black",
        "ended_at": "2026-11-30T18:00:00+00:00", "first_killed": 1, "night_done": True,
        "best_move": [4, 7], "best_move_done": False, "extras": {"4": "0.3"},
        "penalties": {"1": ["8.5.1"]}, "step": "best_move", "cursor": None, "query": None,
        "unknown": [[10, "Филин"]], "notice": None, "reviewing": False, "rev": 12,
    }  # fmt: skip
    draft = Draft.loads(3, json.dumps(old, ensure_ascii=False), 99)
    protocol = draft.protocol
    assert (protocol.table, protocol.number, protocol.winner) == (2, 7, Winner.BLACK)
    assert protocol.role(4).value == "mafia" and str(protocol.extra(4)) == "0.3"
    assert protocol.seat_penalties(1) == ("8.5.1",) and protocol.best_move == (4, 7)
    assert draft.step is Step.BEST_MOVE and draft.unknown == [(10, "Филин")] and draft.rev == 12
    assert Draft.loads(3, draft.dumps(), 99) == draft
