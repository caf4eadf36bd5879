-- A replay (§8.9) knows the game it replays: the judge's next game at the table of an annulled
-- game is its replay unless he says otherwise (issue 17, item 13); the announcement says so.
ALTER TABLE games ADD COLUMN replay_of INTEGER REFERENCES games (id);
