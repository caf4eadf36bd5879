"""Migration 0025 makes the evenings' table anew (a CHECK cannot be widened in place): a club's
evenings, with their people, seats, judges' tables and games, come through it whole, every
reference still good, and a tournament day of twelve rounds fits; 0026 lets a final share its
day's date."""

from __future__ import annotations

import sqlite3

import pytest

from bot.core.db import Conflict, bundled_migrations
from bot.core.sqlite_db import SqliteDatabase

BEFORE = 24


async def test_evenings_and_everything_that_points_at_them_come_through(tmp_path):
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    migrations = bundled_migrations()
    await database.migrate([m for m in migrations if m.version <= BEFORE])
    async with database.transaction() as tx:
        for sql in (
            "INSERT INTO members (user_id, full_name, updated_at) VALUES (5, 'Судья', 'now')",
            "INSERT INTO tournaments (id, title, ruleset_ref, seed, created_by, created_at) "
            "VALUES (1, 'Кубок', 'rules-8', 7, 5, 'now')",
            "INSERT INTO stages (id, tournament_id, name, position, created_at) "
            "VALUES (1, 1, 'основной', 1, 'now')",
            *(
                f"INSERT INTO players (id, nickname, nickname_key, created_by, created_at) "
                f"VALUES ({n}, 'И{n}', 'и{n}', 5, 'now')"
                for n in range(1, 11)
            ),
            "INSERT INTO nights (id, tournament_id, date, starts_at, rounds, tables, status, seed, "
            "seating_version, opened_by, request_key, created_at, reminded_at, final_top, "
            "final_seats) VALUES (3, 1, '2026-11-30', '19:30', 2, 1, 'seated', 42, 'seating-2', "
            "5, 'u1', 'now', 'then', NULL, NULL)",
            "INSERT INTO nights (id, tournament_id, date, starts_at, rounds, tables, seed, "
            "opened_by, created_at, final_top, final_seats) "
            "VALUES (4, 1, '2026-12-01', '19:00', 3, 1, 43, 5, 'now', 10, 'choice')",
            *(
                f"INSERT INTO night_people (night_id, user_id, player_id, shown_name, role, "
                f"signed_at) VALUES (3, NULL, {n}, 'И{n}', 'player', 'now')"
                for n in range(1, 11)
            ),
            *(f"INSERT INTO night_seats VALUES (3, 1, 1, {n}, {n})" for n in range(1, 11)),
            "INSERT INTO night_tables VALUES (3, 1, 5)",
            "INSERT INTO games (id, tournament_id, stage_id, table_number, game_number, winner, "
            "judge_id, ended_at, submission_key, created_at, updated_at) "
            "VALUES (9, 1, 1, 1, 1, 'red', 5, 'now', 'k', 'now', 'now')",
            "INSERT INTO night_games VALUES (3, 1, 1, 9)",
        ):
            await tx.execute(sql)
    applied = await database.migrate([m for m in migrations if m.version <= 26])
    assert applied[:2] == ["0025_tournament_days.sql", "0026_final_on_its_day.sql"]
    assert await database.fetchall("PRAGMA foreign_key_check") == []
    nights = await database.fetchall("SELECT * FROM nights ORDER BY id")
    assert [dict(row) for row in nights] == [
        {"id": 3, "tournament_id": 1, "date": "2026-11-30", "starts_at": "19:30", "rounds": 2,
         "tables": 1, "status": "seated", "seed": 42, "seating_version": "seating-2",
         "opened_by": 5, "request_key": "u1", "created_at": "now", "ended_at": None,
         "reminded_at": "then", "final_top": None, "final_seats": None, "tournament_day": 0,
         "last_rounds": 0, "last_tables": 0},
        {"id": 4, "tournament_id": 1, "date": "2026-12-01", "starts_at": "19:00", "rounds": 3,
         "tables": 1, "status": "signup", "seed": 43, "seating_version": None, "opened_by": 5,
         "request_key": None, "created_at": "now", "ended_at": None, "reminded_at": None,
         "final_top": 10, "final_seats": "choice", "tournament_day": 0, "last_rounds": 0,
         "last_tables": 0},
    ]  # fmt: skip
    for table, rows in (("night_people", 10), ("night_seats", 10), ("night_tables", 1),
                        ("night_games", 1)):  # fmt: skip
        assert (await database.fetchone(f"SELECT count(*) FROM {table}"))[0] == rows
    async with database.transaction() as tx:  # the references are still checked
        with pytest.raises(sqlite3.IntegrityError):
            await tx.execute("INSERT INTO night_tables VALUES (99, 1, 5)")
    async with database.transaction() as tx:  # a tournament day of twelve rounds, the last one
        await tx.execute(  # at fewer tables; a new evening's id comes after the old ones
            "INSERT INTO nights (tournament_id, date, starts_at, rounds, tables, seed, "
            "opened_by, created_at, tournament_day, last_rounds, last_tables) "
            "VALUES (1, '2026-12-05', '11:00', 12, 3, 1, 5, 'now', 1, 1, 2)"
        )
    assert (await database.fetchone("SELECT max(id) FROM nights"))[0] == 5
    # 0026: a day has one evening and one final — a final on the day of its qualification.
    final = (
        "INSERT INTO nights (tournament_id, date, starts_at, rounds, tables, seed, opened_by, "
        "created_at, final_top) VALUES (1, '2026-11-30', '19:30', 2, 1, 1, 5, 'now', {top})"
    )
    async with database.transaction() as tx:
        await tx.execute(final.format(top=10))
    for top in ("12", "NULL"):  # a second final, a second evening: refused
        with pytest.raises(Conflict):
            async with database.transaction() as tx:
                await tx.execute(final.format(top=top))
    await database.close()
