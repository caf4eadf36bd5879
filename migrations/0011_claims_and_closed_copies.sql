-- Issue 17, item 12: a newcomer may claim a nickname no game has brought yet; the judge who
-- confirms creates the player. A request names an existing player (player_id) or the nickname
-- to create (nickname, player_id NULL until approved). SQLite cannot relax NOT NULL, so the
-- table is rebuilt with its rows.
CREATE TABLE link_requests_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES members (user_id),
    player_id  INTEGER REFERENCES players (id) ON DELETE CASCADE,
    nickname   TEXT,                     -- a new player's nickname, claimed before his first game
    status     TEXT NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
    created_at TEXT NOT NULL,
    decided_by INTEGER,
    decided_at TEXT,
    CHECK (player_id IS NOT NULL OR nickname IS NOT NULL)
);
INSERT INTO link_requests_new (id, user_id, player_id, status, created_at, decided_by, decided_at)
SELECT id, user_id, player_id, status, created_at, decided_by, decided_at FROM link_requests;
DROP TABLE link_requests;
ALTER TABLE link_requests_new RENAME TO link_requests;
CREATE UNIQUE INDEX one_pending_request_per_user ON link_requests (user_id)
WHERE status = 'pending';

-- Issue 17, item 13: copies of one question sent to several people (a link request to every
-- judge) are closed when one of them decides. An outbox text may name its copy group
-- (copy_key); the worker records where each copy went (sent_copies), and a 'close' row edits
-- the copies in one chat into its body, without buttons (or drops a copy not sent yet). A
-- 'document' row sends a file from the server's disk (body: JSON path and caption): the weekly
-- backup to admins.
CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chat        TEXT NOT NULL,
    kind        TEXT NOT NULL
                CHECK (kind IN ('announce', 'change_note', 'text', 'result', 'reply', 'close',
                                 'document')),
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
                        last_error, markup)
SELECT id, chat, kind, game_id, body, created_at, attempts, next_try_at, last_error, markup
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_chat ON outbox (chat, id);

CREATE TABLE sent_copies (
    copy_key   TEXT NOT NULL,
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (copy_key, chat_id, message_id)
);
