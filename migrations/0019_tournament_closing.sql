-- When an admin closed the tournament (/closetournament, issue 21): its final table and
-- nominations were posted in the club chat. NULL: still open.
ALTER TABLE tournaments ADD COLUMN closed_at TEXT;
