-- Which games changed since the standings were last brought up to date (issue 19): every change
-- to a game, its seats or its protests gives the game the next number of one sequence, so the
-- kept standings read only the games numbered above the last number they saw — a handful, not
-- all 10,000 of a long season. Triggers keep it, so no write path can forget to.
CREATE TABLE game_changes (
    game_id       INTEGER PRIMARY KEY,  -- a deleted game keeps its row: it leaves the standings
    tournament_id INTEGER NOT NULL,
    seq           INTEGER NOT NULL
);
CREATE UNIQUE INDEX game_changes_by_seq ON game_changes (seq);
CREATE INDEX game_changes_by_tournament ON game_changes (tournament_id, seq);
INSERT INTO game_changes (game_id, tournament_id, seq)
SELECT id, tournament_id, row_number() OVER (ORDER BY id) FROM games;

CREATE TRIGGER game_changes_inserted AFTER INSERT ON games BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    VALUES (NEW.id, NEW.tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes));
END;
CREATE TRIGGER game_changes_updated AFTER UPDATE ON games BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    VALUES (NEW.id, NEW.tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes));
END;
CREATE TRIGGER game_changes_seat_moved AFTER UPDATE ON game_seats BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    SELECT id, tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes)
    FROM games WHERE id = NEW.game_id;
END;
CREATE TRIGGER game_changes_protest_filed AFTER INSERT ON protests BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    SELECT id, tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes)
    FROM games WHERE id = NEW.game_id;
END;
CREATE TRIGGER game_changes_protest_decided AFTER UPDATE ON protests BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    SELECT id, tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes)
    FROM games WHERE id = NEW.game_id;
END;
CREATE TRIGGER game_changes_game_deleted AFTER DELETE ON games BEGIN
    INSERT OR REPLACE INTO game_changes (game_id, tournament_id, seq)
    VALUES (OLD.id, OLD.tournament_id, (SELECT coalesce(max(seq), 0) + 1 FROM game_changes));
END;
