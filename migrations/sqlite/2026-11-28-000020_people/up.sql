-- People: one record per person across the whole Baza (a federation's licence
-- number when known, a year of birth, a stable code that survives export and
-- import). A club's player row is a membership of a person in that club, with the
-- day it began and the day it ended. Every player of today becomes a person with
-- the player's own number and name.
CREATE TABLE people (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    licence TEXT UNIQUE,
    birth_year INTEGER,
    initials_only INTEGER NOT NULL DEFAULT 0,
    merged_into INTEGER REFERENCES people(id),
    created_at TIMESTAMP NOT NULL
);

INSERT INTO people (id, code, name, created_at)
    SELECT id, lower(hex(randomblob(5))), name, created_at FROM players ORDER BY id;

ALTER TABLE players ADD COLUMN person_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN joined_on DATE;
ALTER TABLE players ADD COLUMN left_on DATE;
UPDATE players SET person_id = id, joined_on = date(created_at), left_on = date(retired_at);
CREATE INDEX players_person ON players (person_id);
