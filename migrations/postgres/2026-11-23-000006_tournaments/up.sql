-- Championships with rounds: each one is an event whose whole state is its
-- `baza-tournament/1` document (event, entrants, rounds, results); the standings and
-- the next round are computed from it by the domain, as `baza pair/standings` do.
-- Beside it, what only the web needs: check-in, published rounds, table count, and
-- per table of a round its PIN, physical table (NULL = queued) and the proposed
-- result awaiting the opponents' signature ("firma").
CREATE TABLE tournaments (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    document TEXT NOT NULL,
    checked_in TEXT NOT NULL DEFAULT '[]',
    tables_available INTEGER NOT NULL DEFAULT 0,
    published_round INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE tournament_tables (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    physical INTEGER,
    pin TEXT NOT NULL,
    status TEXT NOT NULL,
    proposed_a INTEGER,
    proposed_b INTEGER,
    proposed_side TEXT,
    proposed_winner TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, round_no, table_no),
    CHECK (status IN ('playing', 'proposed', 'final'))
);
