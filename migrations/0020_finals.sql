-- An evening may be a final (issue 30 §3): its one table is the top of the tournament's table.
-- final_top: how many of the top play (10 and more: beyond ten they sit out in turn); NULL: an
-- ordinary evening. final_seats: 'lot' — seated by the seating's lot; 'choice' — the players
-- choose their seats in order of place (the protocol lists them so, the judge records the choice).
ALTER TABLE nights ADD COLUMN final_top INTEGER CHECK (final_top IS NULL OR final_top BETWEEN 10 AND 30);
ALTER TABLE nights ADD COLUMN final_seats TEXT CHECK (final_seats IS NULL OR final_seats IN ('lot', 'choice'));
