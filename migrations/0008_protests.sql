-- Protests (§8.8) and the head judge's decisions (§8.8.4, §8.9); each player's own result in
-- private, which players can switch off.

CREATE TABLE protests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    player_id   INTEGER NOT NULL REFERENCES players (id),
    user_id     INTEGER NOT NULL REFERENCES members (user_id),
    text        TEXT NOT NULL,               -- verbatim, up to 2000 characters
    filed_at    TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'rejected', 'changed', 'replay')),
    change_by   INTEGER,                     -- a head judge chose «change the result» and edits
    decided_by  INTEGER,
    decided_at  TEXT,
    reason      TEXT
);
CREATE UNIQUE INDEX one_protest_per_player ON protests (game_id, player_id);
CREATE INDEX protests_pending ON protests (game_id) WHERE status = 'pending';

-- A protest filed or decided moves the ⏳ marks of the standings.
CREATE TRIGGER protests_changed AFTER INSERT ON protests BEGIN
    UPDATE tournaments SET revision = revision + 1
    WHERE id = (SELECT tournament_id FROM games WHERE id = NEW.game_id);
END;
CREATE TRIGGER protests_decided AFTER UPDATE OF status ON protests BEGIN
    UPDATE tournaments SET revision = revision + 1
    WHERE id = (SELECT tournament_id FROM games WHERE id = NEW.game_id);
END;

ALTER TABLE members ADD COLUMN private_results INTEGER NOT NULL DEFAULT 1
    CHECK (private_results IN (0, 1));

-- New outbox kinds: 'result' (a player's own result of a game, body = player id) and 'reply'
-- (a text in the club chat under the game's announcement). SQLite cannot change a CHECK, so the
-- table is rebuilt with its rows.
CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    chat        TEXT NOT NULL,
    kind        TEXT NOT NULL
                CHECK (kind IN ('announce', 'change_note', 'text', 'result', 'reply')),
    game_id     INTEGER REFERENCES games (id),
    body        TEXT,
    created_at  TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT,
    last_error  TEXT,
    markup      TEXT
);
INSERT INTO outbox_new (id, chat, kind, game_id, body, created_at, attempts, next_try_at,
                        last_error, markup)
SELECT id, chat, kind, game_id, body, created_at, attempts, next_try_at, last_error, markup
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_chat ON outbox (chat, id);

CREATE INDEX games_provisional ON games (ended_at) WHERE status = 'provisional';
-- Why a game was annulled (or a decision taken): the head judge's words, in the audit log.
ALTER TABLE audit_log ADD COLUMN reason TEXT;
