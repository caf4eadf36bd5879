-- Tournaments can be archived (out of the lists, their games kept) and remember the digest of
-- the protocol file they were imported from, so that the same file brought in twice is named
-- as such instead of making a twin (issue 17, item 3).
ALTER TABLE tournaments ADD COLUMN archived_at TEXT;
ALTER TABLE tournaments ADD COLUMN source_digest TEXT;
