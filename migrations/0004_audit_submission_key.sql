-- The draft a correction came from, as games.submission_key is for new games: a second Confirm of
-- the same correction (a double tap, an update delivered again after a crash) finds it here.

ALTER TABLE audit_log ADD COLUMN submission_key TEXT;
CREATE UNIQUE INDEX audit_by_submission ON audit_log (submission_key)
WHERE submission_key IS NOT NULL;
