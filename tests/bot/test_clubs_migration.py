"""Migration 0030: a database of the single-club bot becomes club 1 — every root row of every
kind says club 1, ids and the ids never to be given again are kept, the references hold, and a
rename still moves the club's standings; then the environment describes club 1 as before."""

from __future__ import annotations

from bot.club.clubs import Clubs
from bot.core.clock import Clock
from bot.core.config import load_settings
from bot.core.db import bundled_migrations
from bot.core.sqlite_db import SqliteDatabase
from tests.fakes.bot_api import TOKEN

ROOTS = ("tournaments", "nights", "member_rights", "players", "drafts", "live_games", "tv_links",
         "link_requests", "protests", "club_options")  # fmt: skip

ONE_CLUB = [
    "INSERT INTO members (user_id, full_name, updated_at) VALUES (5, 'Судья', 'now'), "
    "(6, 'Сова', 'now')",
    'INSERT INTO member_rights (user_id, "right", granted_by, granted_at) '
    "VALUES (5, 'head_judge', 1, 'now')",
    "INSERT INTO players (id, nickname, nickname_key, user_id, created_by, created_at) "
    "VALUES (7, 'Сова', 'сова', 6, 5, 'now'), (9, 'Лис', 'лис', NULL, 5, 'now')",
    "DELETE FROM players WHERE id = 9",  # merged away once: id 9 is never given again
    "INSERT INTO players (id, nickname, nickname_key, created_by, created_at) "
    + "".join(
        f"{',' if n else 'VALUES'} ({10 + n}, 'Игрок{n}', 'игрок{n}', 5, 'now')" for n in range(9)
    ),
    "INSERT INTO tournaments (id, title, ruleset_ref, seed, is_current, created_by, created_at) "
    "VALUES (3, 'Кубок', 'rules-8', 1, 1, 5, 'now')",
    "INSERT INTO stages (id, tournament_id, name, position, created_at) "
    "VALUES (4, 3, 'Отбор', 1, 'now')",
    "INSERT INTO games (id, tournament_id, stage_id, table_number, game_number, winner, "
    "judge_id, ended_at, submission_key, created_at, updated_at) "
    "VALUES (8, 3, 4, 1, 1, 'red', 5, '2026-12-01T18:00:00+00:00', 'draft:1', 'now', 'now')",
    "INSERT INTO game_seats (game_id, seat, player_id, role) VALUES (8, 1, 7, 'sheriff')"
    + "".join(
        f", (8, {s}, {8 + s}, '{'don' if s == 2 else 'mafia' if s < 5 else 'civilian'}')"
        for s in range(2, 11)
    ),
    "INSERT INTO drafts (id, judge_id, data, created_at, updated_at) "
    "VALUES (2, 5, '{}', 'now', 'now')",
    "INSERT INTO live_games (draft_id, judge_id, tournament_id, table_number, game_number, "
    "players, created_at, updated_at) VALUES (2, 5, 3, 1, 2, '[]', 'now', 'now')",
    "INSERT INTO tv_links (token_hash, created_by, created_at, expires_at) "
    "VALUES ('h', 5, 'now', '2099-01-01')",
    "INSERT INTO link_requests (user_id, player_id, created_at) VALUES (6, 7, 'now')",
    "INSERT INTO protests (game_id, player_id, user_id, text, filed_at) "
    "VALUES (8, 7, 6, 'Не согласна', 'now')",
    "INSERT INTO club_options (key, value, changed_by, changed_at) "
    "VALUES ('fair_play', '0', 5, 'now')",
    "INSERT INTO nights (tournament_id, date, starts_at, rounds, tables, seed, opened_by, "
    "created_at) VALUES (3, '2026-12-01', '19:00', 2, 1, 1, 5, 'now')",
    "INSERT INTO outbox (chat, kind, body, created_at) VALUES ('club', 'text', 'Привет', 'now')",
    "UPDATE club_chat_state SET migrated_from = -100, migrated_to = -1009 WHERE id = 1",
]


async def test_a_single_club_database_becomes_club_1_with_every_row(tmp_path):
    database = SqliteDatabase(tmp_path / "club.sqlite3")
    await database.connect()
    try:
        migrations = bundled_migrations()
        await database.migrate([m for m in migrations if m.version <= 29])
        async with database.transaction() as tx:
            for sql in ONE_CLUB:
                await tx.execute(sql)
        assert (await database.migrate(migrations))[0] == "0030_clubs.sql"
        assert await database.fetchall("PRAGMA foreign_key_check") == []
        club = await database.fetchone("SELECT * FROM clubs")
        assert (club["id"], club["chat_id"], club["migrated_from"]) == (1, -1009, -100)
        for table in ROOTS:
            rows = await database.fetchall(f"SELECT DISTINCT club_id FROM {table}")
            assert [row[0] for row in rows] == [1], table
        players = await database.fetchall("SELECT id, user_id FROM players ORDER BY id")
        assert [tuple(row) for row in players][:2] == [(7, 6), (10, None)]
        # a new player never gets a removed one's id; a rename moves the club's standings
        async with database.transaction() as tx:
            new = await tx.insert(
                "INSERT INTO players (club_id, nickname, nickname_key, created_by, created_at) "
                "VALUES (1, 'Кот', 'кот', 5, 'now')"
            )
            assert new == 19
            before = (await tx.one("SELECT revision FROM tournaments WHERE id = 3"))[0]
            await tx.execute("UPDATE players SET nickname = 'Сова Мудрая' WHERE id = 7")
            assert (await tx.one("SELECT revision FROM tournaments WHERE id = 3"))[0] > before
        # the environment still describes its club: the chat the group became is kept
        settings = load_settings(bot_token=TOKEN, club_chat_id="-100", timezone="Asia/Omsk",
                                 database_path=tmp_path / "club.sqlite3")  # fmt: skip
        clubs = Clubs(settings, database, Clock())
        await clubs.ensure_from_environment()
        one = clubs.get(1)
        assert one is not None and one.chat_id == -1009 and one.timezone == "Asia/Omsk"
    finally:
        await database.close()
