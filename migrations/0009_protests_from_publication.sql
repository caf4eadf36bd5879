-- Protests may be filed until PROTEST_WINDOW_MINUTES after the later of the game's end (the
-- winner tap) and its publication (the Confirm): players can protest only what they can see, so
-- a late Confirm must not shorten their window (docs/scoring.md, "The protest window").
ALTER TABLE games ADD COLUMN protests_from TEXT NOT NULL DEFAULT '';
UPDATE games SET protests_from = max(ended_at, created_at);
DROP INDEX games_provisional;
CREATE INDEX games_provisional ON games (protests_from) WHERE status = 'provisional';
