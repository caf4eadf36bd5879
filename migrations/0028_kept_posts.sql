-- "Live" means a game run in the Mini App only (issue 46 §3): the club chat's posts the bot keeps
-- up to date (a sign-up list, a seating, a tournament's closing table) are "kept posts", and the
-- outbox's rows that send or edit one are 'kept' rows.
ALTER TABLE live_posts RENAME TO kept_posts;

CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chat        TEXT NOT NULL,
    kind        TEXT NOT NULL
                CHECK (kind IN ('announce', 'change_note', 'text', 'result', 'reply', 'close',
                                 'document', 'kept')),
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
SELECT id, chat, CASE kind WHEN 'live' THEN 'kept' ELSE kind END, game_id, body, created_at,
       attempts, next_try_at, last_error, markup, copy_key
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_chat ON outbox (chat, id);
