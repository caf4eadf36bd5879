-- A stage's weight (issue 21, SCORING.md "Stages and their weights"): every point of its games
-- counts × weight in the standings. A decimal kept as text ('1', '1.3'), exact; 1 by default.
ALTER TABLE stages ADD COLUMN weight TEXT NOT NULL DEFAULT '1';

-- A stage added or weighed anew moves the standings: the kept ones are rebuilt.
CREATE TRIGGER stages_weighed AFTER UPDATE OF weight ON stages BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER stages_added AFTER INSERT ON stages WHEN NEW.weight != '1' BEGIN
    UPDATE tournaments SET revision = revision + 1 WHERE id = NEW.tournament_id;
END;
