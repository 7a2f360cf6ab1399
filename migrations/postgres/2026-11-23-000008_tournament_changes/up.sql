-- A counter of every write to a championship or to its tables, bumped first in each
-- such transaction (so it is also the championship's write lock, taken before any
-- table row). Public pages are cached under it: reading one row by its key tells
-- whether a rendered page is still current.
ALTER TABLE tournaments ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
