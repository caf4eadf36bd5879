-- Discipline (issue 32; SCORING.md, «Discipline»): a seat's fouls (the 4th removes the player),
-- technical fouls (the 2nd removes him) and the removal the judge recorded himself: 'judge' (for
-- an offence) or 'ppk' (a team defeat). Old seats read as none of them.
ALTER TABLE game_seats ADD COLUMN fouls INTEGER NOT NULL DEFAULT 0 CHECK (fouls BETWEEN 0 AND 4);
ALTER TABLE game_seats ADD COLUMN technical_fouls INTEGER NOT NULL DEFAULT 0
    CHECK (technical_fouls BETWEEN 0 AND 2);
ALTER TABLE game_seats ADD COLUMN removal TEXT CHECK (removal IS NULL OR removal IN ('judge', 'ppk'));
