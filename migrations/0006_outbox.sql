-- One outbox for every message the bot must deliver. A row is deleted in the same transaction
-- that records its delivery (announcements.message_id), so the window in which a crash makes a
-- message go out twice is the time between Telegram's answer and that commit.
-- announcements keeps where each game's announcement lives; its columns pending and change_note
-- are no longer used (the rows below replace them).

CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chat        TEXT NOT NULL,           -- 'club': the club chat as configured when sent; or a user id
    kind        TEXT NOT NULL CHECK (kind IN ('announce', 'change_note', 'text')),
    game_id     INTEGER REFERENCES games (id),
    body        TEXT,                    -- text: the HTML; change_note: the changed parts' keys
    created_at  TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT,                    -- not before this (UTC, ISO 8601): a back-off
    last_error  TEXT
);
CREATE INDEX outbox_by_chat ON outbox (chat, id);

-- Why the club chat cannot be written to, and whether admins were told (once per problem).
CREATE TABLE club_chat_state (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    problem       TEXT,                  -- NULL: reachable as far as the bot knows
    since         TEXT,
    migrated_from INTEGER,               -- the group became a supergroup: old id …
    migrated_to   INTEGER                -- … and the id to use instead
);
INSERT INTO club_chat_state (id) VALUES (1);

INSERT INTO outbox (chat, kind, game_id, created_at)
SELECT 'club', 'announce', game_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
FROM announcements WHERE pending = 1 ORDER BY game_id;
INSERT INTO outbox (chat, kind, game_id, body, created_at)
SELECT 'club', 'change_note', game_id, change_note, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
FROM announcements WHERE pending = 1 AND change_note IS NOT NULL ORDER BY game_id;
UPDATE announcements SET pending = 0, change_note = NULL WHERE pending = 1;
