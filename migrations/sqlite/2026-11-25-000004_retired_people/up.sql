-- A player or pair that no longer plays: hidden from the pickers of new games and
-- championship entrants, kept in history, and back with `retired_at` set to NULL.
ALTER TABLE players ADD COLUMN retired_at TIMESTAMP;
ALTER TABLE pairs ADD COLUMN retired_at TIMESTAMP;
