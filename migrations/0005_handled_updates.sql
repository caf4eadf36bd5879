-- Updates are acknowledged to Telegram only after they were handled, so a crash means an update
-- is delivered again. Each handled update is recorded here, and a repeated one is skipped.
CREATE TABLE handled_updates (
    bot_id     INTEGER NOT NULL,
    update_id  INTEGER NOT NULL,
    handled_at TEXT NOT NULL,
    PRIMARY KEY (bot_id, update_id)
) WITHOUT ROWID;

-- A command that creates something remembers the update that asked for it: the same update
-- handled twice (a crash between the effect and the record above) creates it once.
ALTER TABLE tournaments ADD COLUMN request_key TEXT;
CREATE UNIQUE INDEX tournaments_by_request ON tournaments (request_key)
WHERE request_key IS NOT NULL;
