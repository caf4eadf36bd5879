-- Which private notices a member gets (issue 18, /settings): beside his results (0008), his
-- evening (where he sits in every round) and the reminders before his rounds. On unless he
-- switched them off.
ALTER TABLE members ADD COLUMN evening_notices INTEGER NOT NULL DEFAULT 1
    CHECK (evening_notices IN (0, 1));
ALTER TABLE members ADD COLUMN round_reminders INTEGER NOT NULL DEFAULT 1
    CHECK (round_reminders IN (0, 1));

-- When the players of an evening's first round were reminded that it starts (once).
ALTER TABLE nights ADD COLUMN reminded_at TEXT;
