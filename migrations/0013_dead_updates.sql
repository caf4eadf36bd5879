-- Updates set aside so that they cannot stop the bot (issue 20, item 1): one Telegram sent that
-- could not be read (another Bot API version; kind 'unreadable'), or whose handler failed (kind
-- 'failed': the person was answered, the update is not handled again). The raw JSON is kept for
-- whoever investigates; admins are told once per distinct reason.
CREATE TABLE dead_updates (
    bot_id     INTEGER NOT NULL,
    update_id  INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('unreadable', 'failed')),
    reason     TEXT NOT NULL,
    raw        TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (bot_id, update_id)
);
CREATE INDEX dead_updates_by_reason ON dead_updates (reason);
