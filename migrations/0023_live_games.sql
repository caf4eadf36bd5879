-- The live table protocol (issue 33): a game a judge runs in the Mini App. It belongs to his
-- protocol draft (its players and place come from there); its events are the log the protocol is
-- read from (scoring/live.py). The log stays after the game is saved, kept with it (game_id).
CREATE TABLE live_games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    draft_id     INTEGER NOT NULL UNIQUE,   -- the judge's draft it fills in (drafts.id)
    judge_id     INTEGER NOT NULL,
    tournament_id INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    game_number  INTEGER NOT NULL,
    players      TEXT NOT NULL,             -- JSON: the ten player ids by seat
    status       TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'saved')),
    game_id      INTEGER REFERENCES games (id),  -- the saved game
    kinds        TEXT,                      -- JSON: the kinds of events recorded, when saved
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX live_games_of_judge ON live_games (judge_id, status);
CREATE INDEX live_games_of_game ON live_games (game_id) WHERE game_id IS NOT NULL;

CREATE TABLE live_events (
    live_id  INTEGER NOT NULL REFERENCES live_games (id),
    seq      INTEGER NOT NULL,              -- the server's order: the truth
    event_id TEXT NOT NULL,                 -- made on the device: a repeat is stored once
    data     TEXT NOT NULL,                 -- the event as JSON
    by_user  INTEGER NOT NULL,              -- who sent it (the judge, or one who took over)
    at       TEXT NOT NULL,
    PRIMARY KEY (live_id, seq),
    UNIQUE (live_id, event_id)
);
