-- Ratings and identity.
-- tournaments.revision grows with every change that can move the standings (a game saved,
-- corrected or annulled; a seat moved by a merge; a player renamed; the ruleset changed). The
-- standings kept in memory are reused while it is unchanged. Triggers keep it, so no write path
-- can forget to.
ALTER TABLE tournaments ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
-- The minimum of games a player needs to appear on the boards (/mingames); NULL: the default.
ALTER TABLE tournaments ADD COLUMN min_games INTEGER;

CREATE TRIGGER games_inserted AFTER INSERT ON games BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER games_updated AFTER UPDATE ON games BEGIN
    UPDATE tournaments SET revision = revision + 1
    WHERE id IN (OLD.tournament_id, NEW.tournament_id);
END;
CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE id = OLD.tournament_id;
END;
CREATE TRIGGER seats_updated AFTER UPDATE ON game_seats BEGIN
    UPDATE tournaments SET revision = revision + 1
    WHERE id = (SELECT tournament_id FROM games WHERE id = NEW.game_id);
END;
CREATE TRIGGER players_renamed AFTER UPDATE OF nickname ON players BEGIN
    UPDATE tournaments SET revision = revision + 1;
END;
CREATE TRIGGER players_deleted AFTER DELETE ON players BEGIN
    UPDATE tournaments SET revision = revision + 1;
END;
CREATE TRIGGER tournament_rules_changed AFTER UPDATE OF ruleset_ref, ruleset_data, seed
ON tournaments BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE id = NEW.id;
END;

CREATE INDEX game_seats_by_player ON game_seats (player_id);

-- A player asks to be linked to a nickname (/iam); a judge or an admin decides.
CREATE TABLE link_requests (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES members (user_id),
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    status     TEXT NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
    created_at TEXT NOT NULL,
    decided_by INTEGER,
    decided_at TEXT
);
CREATE UNIQUE INDEX one_pending_request_per_user ON link_requests (user_id)
WHERE status = 'pending';

-- Changes to players: links, renames, merges (games have their own audit_log).
CREATE TABLE player_audit (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id INTEGER NOT NULL,              -- kept after a merge deleted the player
    actor_id  INTEGER NOT NULL,
    at        TEXT NOT NULL,
    action    TEXT NOT NULL CHECK (action IN ('linked', 'unlinked', 'renamed', 'merged', 'imported')),
    details   TEXT NOT NULL                  -- JSON: what changed, before and after
);
CREATE INDEX player_audit_by_player ON player_audit (player_id);

-- A private message with buttons (a link request to decide) goes through the outbox too.
ALTER TABLE outbox ADD COLUMN markup TEXT;   -- reply_markup as JSON, or NULL
