-- People: one record per person across the whole Baza (a federation's licence
-- number when known, a year of birth, a stable code that survives export and
-- import). A club's player row is a membership of a person in that club, with the
-- day it began and the day it ended. Every player of today becomes a person with
-- the player's own number and name.
CREATE TABLE people (
    id SERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    licence TEXT UNIQUE,
    birth_year INTEGER,
    initials_only INTEGER NOT NULL DEFAULT 0,
    merged_into INTEGER REFERENCES people(id),
    created_at TIMESTAMP NOT NULL
);

INSERT INTO people (id, code, name, created_at)
    SELECT id, substr(md5(random()::text || clock_timestamp()::text || id::text), 1, 10),
           name, created_at
    FROM players ORDER BY id;
SELECT setval(pg_get_serial_sequence('people', 'id'),
              COALESCE((SELECT MAX(id) FROM people), 0) + 1, false);

ALTER TABLE players ADD COLUMN person_id INTEGER REFERENCES people(id);
ALTER TABLE players ADD COLUMN joined_on DATE;
ALTER TABLE players ADD COLUMN left_on DATE;
UPDATE players SET person_id = id, joined_on = CAST(created_at AS DATE),
                   left_on = CAST(retired_at AS DATE);
ALTER TABLE players ALTER COLUMN person_id SET NOT NULL;
CREATE INDEX players_person ON players (person_id);
