-- One word for one thing: the code says "tournament", so does the schema (it said "distance").
-- Nickname keys treat е and ё alike from now on («Ежик» finds «Ёжик»); a key that would collide
-- with an existing player's keeps its ё (an admin can merge the two players).

ALTER TABLE distances RENAME TO tournaments;
ALTER TABLE stages RENAME COLUMN distance_id TO tournament_id;
ALTER TABLE games RENAME COLUMN distance_id TO tournament_id;
DROP INDEX one_current_distance;
CREATE UNIQUE INDEX one_current_tournament ON tournaments (is_current) WHERE is_current = 1;

UPDATE players SET nickname_key = replace(nickname_key, 'ё', 'е')
WHERE instr(nickname_key, 'ё') > 0
  AND NOT EXISTS (
      SELECT 1 FROM players AS other
      WHERE other.id != players.id
        AND replace(other.nickname_key, 'ё', 'е') = replace(players.nickname_key, 'ё', 'е')
  );

-- The rights whose command menu was last published in the member's private chat (NULL: none
-- yet): a menu is (re)published on the member's next update whenever his rights differ.
ALTER TABLE members ADD COLUMN menu_rights TEXT;
