-- A match of several partidas (best of N, a guiñote coto): every game of it points
-- to its first game; `best_of` is the number of partidas at most.
ALTER TABLE games ADD COLUMN series_id INTEGER REFERENCES games(id);
ALTER TABLE games ADD COLUMN best_of INTEGER NOT NULL DEFAULT 1;
