-- Statistics from the game log (issue 48). A live game keeps the layers its club recorded when
-- it started (a club option each), so that a statistic counts only games that recorded it.
ALTER TABLE live_games ADD COLUMN layers TEXT NOT NULL DEFAULT '[]';

-- Each saved live game's statistics per player: one row per statistic that game counts for him
-- (scoring.statistics), with the tournament and the end for the boards' filters. Derived from
-- the log: rewritten when the game is corrected, gone when it is annulled.
CREATE TABLE game_statistics (
    club_id       INTEGER NOT NULL,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    tournament_id INTEGER NOT NULL,
    ended_at      TEXT NOT NULL,
    key           TEXT NOT NULL,
    part          INTEGER NOT NULL,
    whole         INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id, key)
) WITHOUT ROWID;
CREATE INDEX game_statistics_of_tournament ON game_statistics (tournament_id, key, player_id);
CREATE INDEX game_statistics_of_player ON game_statistics (club_id, player_id);

-- A player's statistics over all his games in a club, kept as games are saved (a correction
-- sums his games anew): /me reads a few dozen rows, and the club's average player one per
-- player and statistic.
CREATE TABLE player_statistics (
    club_id   INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    key       TEXT NOT NULL,
    part      INTEGER NOT NULL,
    whole     INTEGER NOT NULL,
    games     INTEGER NOT NULL,
    PRIMARY KEY (club_id, player_id, key)
) WITHOUT ROWID;

-- The games whose statistics were counted (a game may count for nobody: annulled, or its log
-- ended in the chat before the game did): what is left to count after an upgrade or an import.
CREATE TABLE statistics_counted (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    club_id INTEGER NOT NULL
);
