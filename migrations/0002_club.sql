-- The club: members and their rights, players, tournaments (distances) with stages, games with
-- their seats, the audit log of changes, judges' drafts and the announcements in the club chat.

CREATE TABLE members (
    user_id    INTEGER PRIMARY KEY,
    full_name  TEXT NOT NULL,
    username   TEXT,
    updated_at TEXT NOT NULL
);
CREATE INDEX members_by_username ON members (lower(username));

CREATE TABLE member_rights (
    user_id    INTEGER NOT NULL REFERENCES members (user_id),
    "right"    TEXT NOT NULL CHECK ("right" IN ('admin', 'head_judge', 'judge')),
    granted_by INTEGER NOT NULL,
    granted_at TEXT NOT NULL,
    PRIMARY KEY (user_id, "right")
);

CREATE TABLE players (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    nickname     TEXT NOT NULL,
    nickname_key TEXT NOT NULL UNIQUE,  -- casefolded: «Лис» and «лис» are one player
    user_id      INTEGER UNIQUE REFERENCES members (user_id),
    created_by   INTEGER NOT NULL,
    created_at   TEXT NOT NULL
);

CREATE TABLE distances (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    title        TEXT NOT NULL,
    ruleset_ref  TEXT NOT NULL,          -- a built-in ruleset id, or the file it was loaded from
    ruleset_data TEXT,                   -- the loaded file's ruleset as JSON; NULL for built-ins
    seed         INTEGER NOT NULL,       -- the seed of the lot (tie-breaks)
    is_current   INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1)),
    created_by   INTEGER NOT NULL,
    created_at   TEXT NOT NULL
);
CREATE UNIQUE INDEX one_current_distance ON distances (is_current) WHERE is_current = 1;

CREATE TABLE stages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    distance_id INTEGER NOT NULL REFERENCES distances (id),
    name        TEXT NOT NULL,
    position    INTEGER NOT NULL,        -- the newest stage is the current one
    created_at  TEXT NOT NULL,
    UNIQUE (distance_id, name),
    UNIQUE (distance_id, position)
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    distance_id    INTEGER NOT NULL REFERENCES distances (id),
    stage_id       INTEGER NOT NULL REFERENCES stages (id),
    table_number   INTEGER NOT NULL CHECK (table_number BETWEEN 1 AND 99),
    game_number    INTEGER NOT NULL CHECK (game_number BETWEEN 1 AND 9999),
    winner         TEXT NOT NULL CHECK (winner IN ('red', 'black', 'draw')),
    first_killed   INTEGER CHECK (first_killed BETWEEN 1 AND 10),
    best_move      TEXT,                 -- JSON list of three seats, or NULL
    judge_id       INTEGER NOT NULL REFERENCES members (user_id),
    ended_at       TEXT NOT NULL,        -- UTC, ISO 8601
    status         TEXT NOT NULL DEFAULT 'provisional'
                   CHECK (status IN ('provisional', 'final', 'annulled')),
    submission_key TEXT NOT NULL UNIQUE, -- the draft it came from: a second Confirm finds it here
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    UNIQUE (distance_id, table_number, game_number)
);

CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 10),
    player_id INTEGER NOT NULL REFERENCES players (id),
    role      TEXT NOT NULL CHECK (role IN ('civilian', 'sheriff', 'mafia', 'don')),
    extra     TEXT NOT NULL DEFAULT '0', -- an exact decimal, as text
    penalties TEXT NOT NULL DEFAULT '[]',-- JSON list of penalty codes
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
);

CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    actor_id INTEGER NOT NULL,
    at       TEXT NOT NULL,
    action   TEXT NOT NULL CHECK (action IN ('created', 'corrected', 'annulled')),
    before   TEXT,                       -- the protocol as JSON, NULL when created
    after    TEXT NOT NULL
);
CREATE INDEX audit_by_game ON audit_log (game_id);

CREATE TABLE drafts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    judge_id   INTEGER NOT NULL UNIQUE REFERENCES members (user_id),
    data       TEXT NOT NULL,            -- the draft protocol as JSON
    message_id INTEGER,                  -- the editor message in the judge's private chat
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE announcements (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    chat_id     INTEGER NOT NULL,
    message_id  INTEGER,                 -- NULL until it has been sent
    rendered    TEXT,                    -- the text last sent, so an unchanged one is not re-sent
    pending     INTEGER NOT NULL DEFAULT 1,
    change_note TEXT                     -- after an edit: a short reply saying what changed
);
CREATE INDEX announcements_pending ON announcements (pending) WHERE pending = 1;
