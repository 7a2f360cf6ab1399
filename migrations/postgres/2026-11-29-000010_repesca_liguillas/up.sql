-- A championship's repesca played as a liguilla (todos contra todos) is a championship
-- of its own, with its rounds, tables and standings; this row links it to the
-- championship whose knockout its best pairs join: how many go through, where they
-- enter (the JSON of a repesca entry) and how many went straight from each liguilla.
CREATE TABLE repesca_liguillas (
    championship_id INTEGER PRIMARY KEY NOT NULL REFERENCES championships (id),
    liguilla_id INTEGER NOT NULL UNIQUE REFERENCES championships (id),
    places INTEGER NOT NULL,
    per_group INTEGER NOT NULL,
    entry TEXT NOT NULL
);
