-- Club nights (issue 18): an evening of the current tournament, with its sign-up in the club
-- chat, its tables and judges, and its seating. One evening per date.
CREATE TABLE nights (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    date            TEXT NOT NULL UNIQUE,        -- the club's local date, YYYY-MM-DD
    starts_at       TEXT NOT NULL,               -- the club's local time, HH:MM
    rounds          INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 10),  -- games per table
    tables          INTEGER NOT NULL CHECK (tables BETWEEN 0 AND 20),  -- 0: as sign-up gives
    status          TEXT NOT NULL DEFAULT 'signup'
                    CHECK (status IN ('signup', 'closed', 'seated', 'ended')),
    seed            INTEGER NOT NULL,            -- the seating's seed, stored: anyone can check
    seating_version TEXT,                        -- the seating algorithm that seated it
    opened_by       INTEGER NOT NULL,
    request_key     TEXT UNIQUE,                 -- the update that opened it: a repeat makes one
    created_at      TEXT NOT NULL,
    ended_at        TEXT
);

-- Who signed up, in the order they did (id), as a player or a judge; «Не приду» keeps the row.
CREATE TABLE night_people (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    night_id   INTEGER NOT NULL REFERENCES nights (id),
    user_id    INTEGER,                          -- NULL: a guest the head judge added
    player_id  INTEGER REFERENCES players (id),  -- NULL until the person's nickname is known
    shown_name TEXT NOT NULL,                    -- his Telegram name until then
    role       TEXT NOT NULL CHECK (role IN ('player', 'judge')),
    coming     INTEGER NOT NULL DEFAULT 1,       -- 0: «Не приду», or he left
    signed_at  TEXT NOT NULL,
    UNIQUE (night_id, user_id),
    UNIQUE (night_id, player_id)
);
CREATE INDEX night_people_by_night ON night_people (night_id, id);

-- The seating: round → table → seat → player; table 0 lists who sits the round out (seat: his
-- place in that list). Rounds already played are never rewritten.
CREATE TABLE night_seats (
    night_id     INTEGER NOT NULL REFERENCES nights (id),
    round        INTEGER NOT NULL,
    table_number INTEGER NOT NULL CHECK (table_number >= 0),
    seat         INTEGER NOT NULL CHECK (seat >= 1),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (night_id, round, table_number, seat)
) WITHOUT ROWID;

-- A judge the head judge put at a table (/table 2 @user); judges who signed up and were not put
-- anywhere take the free tables in the order they signed up.
CREATE TABLE night_tables (
    night_id     INTEGER NOT NULL REFERENCES nights (id),
    table_number INTEGER NOT NULL CHECK (table_number BETWEEN 1 AND 20),
    user_id      INTEGER NOT NULL,
    PRIMARY KEY (night_id, table_number),
    UNIQUE (night_id, user_id)
) WITHOUT ROWID;

-- The games saved for the evening's seats: that table's round is played.
CREATE TABLE night_games (
    night_id     INTEGER NOT NULL REFERENCES nights (id),
    round        INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    game_id      INTEGER NOT NULL UNIQUE REFERENCES games (id),
    PRIMARY KEY (night_id, round, table_number)
) WITHOUT ROWID;

-- A message the bot keeps up to date (a sign-up list, a seating): sent once, then edited.
CREATE TABLE live_posts (
    key        TEXT NOT NULL,                    -- what it shows, e.g. 'night:3:signup'
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (key, chat_id)
) WITHOUT ROWID;

-- The outbox gains 'live' rows: send or edit a kept post (body: its key), drawn when it goes.
CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chat        TEXT NOT NULL,
    kind        TEXT NOT NULL
                CHECK (kind IN ('announce', 'change_note', 'text', 'result', 'reply', 'close',
                                 'document', 'live')),
    game_id     INTEGER REFERENCES games (id),
    body        TEXT,
    created_at  TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT,
    last_error  TEXT,
    markup      TEXT,
    copy_key    TEXT
);
INSERT INTO outbox_new (id, chat, kind, game_id, body, created_at, attempts, next_try_at,
                        last_error, markup, copy_key)
SELECT id, chat, kind, game_id, body, created_at, attempts, next_try_at, last_error, markup,
       copy_key
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_chat ON outbox (chat, id);
