-- Polling stores each update before acknowledging it, then handles it concurrently with the
-- rest (issue 19): a slow handler (a chart, a Confirm) no longer holds up the next fetch, and a
-- crash still loses nothing, because what was stored and not handled is handled after the
-- restart. Recording an update as handled forgets its stored copy, in the same statement.
CREATE TABLE received_updates (
    bot_id      INTEGER NOT NULL,
    update_id   INTEGER NOT NULL,
    raw         TEXT NOT NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (bot_id, update_id)
) WITHOUT ROWID;

CREATE TRIGGER handled_updates_forget_received AFTER INSERT ON handled_updates
BEGIN
    DELETE FROM received_updates
    WHERE bot_id = NEW.bot_id AND update_id = NEW.update_id;
END;
