-- The folded championships stay championships; the old tables come back empty.
CREATE TABLE entries (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    pair_id INTEGER NOT NULL REFERENCES pairs(id),
    seed INTEGER NOT NULL,
    UNIQUE (event_id, pair_id),
    UNIQUE (event_id, seed)
);

CREATE TABLE matches (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    entry_a INTEGER NOT NULL REFERENCES entries(id),
    entry_b INTEGER NOT NULL REFERENCES entries(id),
    score_a INTEGER,
    score_b INTEGER,
    status TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    pin TEXT NOT NULL DEFAULT '',
    UNIQUE (event_id, round_no, table_no),
    CHECK (entry_a <> entry_b),
    CHECK (status IN ('pending', 'playing', 'finished'))
);

CREATE INDEX matches_event ON matches (event_id, round_no);
CREATE INDEX entries_event ON entries (event_id);

DROP INDEX tournament_tables_legacy;
ALTER TABLE tournament_tables DROP COLUMN legacy_match_id;
