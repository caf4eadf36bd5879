-- Many clubs on one bot (issue 47 §1): a club is a row, and every root row of a club's data says
-- its club. Rows that hang off a root (games, stages, seats, an evening's people, a live game's
-- events, audit records, announcements) reach their club through it and get no column: one
-- truth, nothing that could disagree with its parent. No ``club_id`` carries a REFERENCES clause
-- (SQLite's ADD COLUMN cannot give one with a default, and the tables made anew say it the same
-- way): their owners write them from the club at hand (bot/core/club_scope.py).
--
-- A database of the single-club bot becomes club 1; its chat, time zone, rules and admins come
-- from the environment at start-up (Clubs.ensure_from_environment), as they did before.
PRAGMA defer_foreign_keys = ON;

CREATE TABLE clubs (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    title           TEXT NOT NULL,
    chat_id         INTEGER UNIQUE,          -- its group; NULL until connected
    timezone        TEXT NOT NULL DEFAULT 'Europe/Moscow',
    ruleset         TEXT NOT NULL DEFAULT 'rules-8',  -- a new tournament's: built-in id or file
    protest_minutes INTEGER NOT NULL DEFAULT 10 CHECK (protest_minutes BETWEEN 1 AND 1440),
    state           TEXT NOT NULL DEFAULT 'active'
                    CHECK (state IN ('pending', 'active', 'suspended', 'left', 'rejected')),
    created_by      INTEGER NOT NULL,
    created_at      TEXT NOT NULL,
    decided_by      INTEGER,                 -- the operator who approved, rejected or suspended
    problem         TEXT,                    -- the bot cannot write to its chat: why (NULL: it can)
    problem_since   TEXT,
    migrated_from   INTEGER                  -- the group became a supergroup: its old id
);

INSERT INTO clubs (id, title, chat_id, created_by, created_at, problem, problem_since,
                   migrated_from)
SELECT 1, 'Клуб', (SELECT migrated_to FROM club_chat_state WHERE id = 1), 0,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       (SELECT problem FROM club_chat_state WHERE id = 1),
       (SELECT since FROM club_chat_state WHERE id = 1),
       (SELECT migrated_from FROM club_chat_state WHERE id = 1)
WHERE EXISTS (SELECT 1 FROM tournaments) OR EXISTS (SELECT 1 FROM players)
   OR EXISTS (SELECT 1 FROM member_rights) OR EXISTS (SELECT 1 FROM club_options)
   OR EXISTS (SELECT 1 FROM club_chat_state WHERE problem IS NOT NULL OR migrated_to IS NOT NULL)
   OR EXISTS (SELECT 1 FROM tv_links) OR EXISTS (SELECT 1 FROM members);
DROP TABLE club_chat_state;

ALTER TABLE tournaments ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
DROP INDEX one_current_tournament;
CREATE UNIQUE INDEX one_current_tournament ON tournaments (club_id) WHERE is_current = 1;
CREATE INDEX tournaments_of_club ON tournaments (club_id, id);

ALTER TABLE nights ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
DROP INDEX nights_one_of_each_a_day;
CREATE UNIQUE INDEX nights_one_of_each_a_day ON nights (club_id, date, final_top IS NOT NULL);

ALTER TABLE live_games ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tv_links ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE protests ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE link_requests ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1;
DROP INDEX one_pending_request_per_user;
CREATE UNIQUE INDEX one_pending_request_per_user ON link_requests (club_id, user_id)
WHERE status = 'pending';
ALTER TABLE outbox ADD COLUMN club_id INTEGER;  -- whose work queued it (NULL: the deployment's)
CREATE INDEX outbox_by_club ON outbox (chat, club_id, id);
ALTER TABLE members ADD COLUMN current_club INTEGER;  -- in private: the club he last chose

-- The players' and drafts' tables are made anew below; an id once given is never given again.
CREATE TABLE sequence_before AS
SELECT name, seq FROM sqlite_sequence WHERE name IN ('players', 'drafts');

-- A right is a right in one club.
CREATE TABLE member_rights_before AS SELECT * FROM member_rights;
DROP TABLE member_rights;
CREATE TABLE member_rights (
    club_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES members (user_id),
    "right"    TEXT NOT NULL CHECK ("right" IN ('admin', 'head_judge', 'judge')),
    granted_by INTEGER NOT NULL,
    granted_at TEXT NOT NULL,
    PRIMARY KEY (club_id, user_id, "right")
);
CREATE INDEX member_rights_of_user ON member_rights (user_id);
INSERT INTO member_rights (club_id, user_id, "right", granted_by, granted_at)
SELECT 1, user_id, "right", granted_by, granted_at FROM member_rights_before;
DROP TABLE member_rights_before;

-- A nickname is the club's; an account is linked to one player in each club. Dropping the old
-- table deletes its rows first, and a link request goes with its player (ON DELETE CASCADE):
-- the requests are kept aside and put back.
CREATE TABLE link_requests_before AS SELECT * FROM link_requests;
CREATE TABLE players_before AS SELECT * FROM players;
DROP TABLE players;
CREATE TABLE players (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id      INTEGER NOT NULL,
    nickname     TEXT NOT NULL,
    nickname_key TEXT NOT NULL,          -- casefolded: «Лис» and «лис» are one player
    user_id      INTEGER REFERENCES members (user_id),
    created_by   INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    UNIQUE (club_id, nickname_key),
    UNIQUE (club_id, user_id)
);
CREATE INDEX players_of_user ON players (user_id) WHERE user_id IS NOT NULL;
INSERT INTO players (id, club_id, nickname, nickname_key, user_id, created_by, created_at)
SELECT id, 1, nickname, nickname_key, user_id, created_by, created_at FROM players_before;
DROP TABLE players_before;
DELETE FROM link_requests;
INSERT INTO link_requests SELECT * FROM link_requests_before;
DROP TABLE link_requests_before;
-- a rename or a merge moves rows in the standings of the player's club's tournaments
CREATE TRIGGER players_renamed AFTER UPDATE OF nickname ON players BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE club_id = NEW.club_id;
END;
CREATE TRIGGER players_deleted AFTER DELETE ON players BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE club_id = OLD.club_id;
END;

-- A judge has one draft in each club he judges in.
CREATE TABLE drafts_before AS SELECT * FROM drafts;
DROP TABLE drafts;
CREATE TABLE drafts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id    INTEGER NOT NULL,
    judge_id   INTEGER NOT NULL REFERENCES members (user_id),
    data       TEXT NOT NULL,            -- the draft protocol as JSON
    message_id INTEGER,                  -- the editor message in the judge's private chat
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (club_id, judge_id)
);
INSERT INTO drafts (id, club_id, judge_id, data, message_id, created_at, updated_at)
SELECT id, 1, judge_id, data, message_id, created_at, updated_at FROM drafts_before;
DROP TABLE drafts_before;

CREATE TABLE club_options_before AS SELECT * FROM club_options;
DROP TABLE club_options;
CREATE TABLE club_options (
    club_id    INTEGER NOT NULL,
    key        TEXT NOT NULL,
    value      TEXT NOT NULL,
    changed_by INTEGER NOT NULL,
    changed_at TEXT NOT NULL,
    PRIMARY KEY (club_id, key)
);
INSERT INTO club_options (club_id, key, value, changed_by, changed_at)
SELECT 1, key, value, changed_by, changed_at FROM club_options_before;
DROP TABLE club_options_before;

INSERT INTO sqlite_sequence (name, seq)
SELECT name, 0 FROM sequence_before WHERE name NOT IN (SELECT name FROM sqlite_sequence);
UPDATE sqlite_sequence
SET seq = max(seq, (SELECT b.seq FROM sequence_before AS b WHERE b.name = sqlite_sequence.name))
WHERE name IN (SELECT name FROM sequence_before);
DROP TABLE sequence_before;
