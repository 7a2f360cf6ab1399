-- Foundation schema: clubs, players, pairs, events (leagues and championships),
-- entries and matches. Timestamps are UTC, stored as text by diesel (seconds).
CREATE TABLE clubs (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    town TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (club_id, name)
);

CREATE TABLE pairs (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    player1_id INTEGER NOT NULL REFERENCES players(id),
    player2_id INTEGER NOT NULL REFERENCES players(id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (club_id, name),
    CHECK (player1_id <> player2_id)
);

CREATE TABLE events (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    status TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    rounds_planned INTEGER NOT NULL DEFAULT 0,
    starts_on DATE NOT NULL,
    created_at TIMESTAMP NOT NULL,
    CHECK (status IN ('registration', 'running', 'finished'))
);

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
    UNIQUE (event_id, round_no, table_no),
    CHECK (entry_a <> entry_b),
    CHECK (status IN ('pending', 'playing', 'finished'))
);

CREATE INDEX matches_event ON matches (event_id, round_no);
CREATE INDEX entries_event ON entries (event_id);
