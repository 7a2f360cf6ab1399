-- Club play: a game (partida) at a table, its seats, and its hands. A hand is kept
-- as what was entered (a quick entry or a full hand record, JSON) and its checked
-- score (JSON); the scoreboard is recomputed from the hands.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    first_dealer INTEGER NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    winner INTEGER,
    pin TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK (status IN ('playing', 'finished'))
);
CREATE INDEX games_club ON games (club_id, id);

CREATE TABLE game_hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    hand_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    dealer INTEGER NOT NULL,
    entry TEXT NOT NULL,
    score TEXT NOT NULL,
    submission TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (game_id, hand_no),
    CHECK (kind IN ('quick', 'full'))
);
