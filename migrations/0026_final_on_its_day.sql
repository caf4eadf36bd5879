-- A final on the day of its qualification (issue 45): a date has at most one evening and at
-- most one final, not one of either. SQLite cannot drop a column's UNIQUE in place: the table is
-- made anew, its rows copied with their ids; the evenings' people, seats, tables and games keep
-- pointing at them (their references are checked at COMMIT).
PRAGMA defer_foreign_keys = ON;

CREATE TABLE nights_before AS SELECT * FROM nights;
DROP TABLE nights;
CREATE TABLE nights (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    date            TEXT NOT NULL,               -- the club's local date, YYYY-MM-DD
    starts_at       TEXT NOT NULL,               -- the club's local time, HH:MM
    rounds          INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),  -- every round, the last too
    tables          INTEGER NOT NULL CHECK (tables BETWEEN 0 AND 20),  -- 0: as sign-up gives
    status          TEXT NOT NULL DEFAULT 'signup'
                    CHECK (status IN ('signup', 'closed', 'seated', 'ended')),
    seed            INTEGER NOT NULL,            -- the seating's seed, stored: anyone can check
    seating_version TEXT,                        -- the seating algorithm that seated it
    opened_by       INTEGER NOT NULL,
    request_key     TEXT UNIQUE,                 -- the update that opened it: a repeat makes one
    created_at      TEXT NOT NULL,
    ended_at        TEXT,
    reminded_at     TEXT,
    final_top       INTEGER CHECK (final_top IS NULL OR final_top BETWEEN 10 AND 30),
    final_seats     TEXT CHECK (final_seats IS NULL OR final_seats IN ('lot', 'choice')),
    tournament_day  INTEGER NOT NULL DEFAULT 0 CHECK (tournament_day IN (0, 1)),
    last_rounds     INTEGER NOT NULL DEFAULT 0,  -- the last rounds, played at fewer tables …
    last_tables     INTEGER NOT NULL DEFAULT 0,  -- … at this many
    CHECK (last_rounds BETWEEN 0 AND rounds - 1),
    CHECK ((last_rounds = 0) = (last_tables = 0))
);
INSERT INTO nights SELECT id, tournament_id, date, starts_at, rounds, tables, status, seed,
       seating_version, opened_by, request_key, created_at, ended_at, reminded_at, final_top,
       final_seats, tournament_day, last_rounds, last_tables
FROM nights_before;
DROP TABLE nights_before;
CREATE UNIQUE INDEX nights_one_of_each_a_day ON nights (date, final_top IS NOT NULL);
