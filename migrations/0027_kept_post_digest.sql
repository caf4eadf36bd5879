-- A kept post remembers what it shows (a digest of its text and buttons), so that it is never
-- edited with the content it has: Telegram refuses such an edit as «message is not modified»
-- (issue 45). NULL: shown before this migration, edited the next time as before.
ALTER TABLE live_posts ADD COLUMN shown TEXT;
