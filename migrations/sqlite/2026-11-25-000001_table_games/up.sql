-- Championship tables that play Baza games. A table belongs to a phase of its
-- championship: 0 for the rounds (Swiss, round robin, ceros), otherwise the id of a
-- knockout phase's bracket (round_no is then the bracket round and table_no the
-- match's number in it, 1-based). Each pair of a match has its own PIN (`pin` for
-- pair a, `pin_b` for pair b): the result one pair proposes is confirmed with the
-- other's. `game_id` is the first partida the table plays hand by hand (later
-- partidas of a best-of follow it as a series); `typed` is set when the director
-- switches the table to typed results; `started_at` is when its round was published
-- (a timed match counts its minutes from then).
CREATE TABLE tournament_tables_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    phase INTEGER NOT NULL DEFAULT 0,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    physical INTEGER,
    pin TEXT NOT NULL,
    pin_b TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    proposed_a INTEGER,
    proposed_b INTEGER,
    proposed_side TEXT,
    proposed_winner TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
    typed INTEGER NOT NULL DEFAULT 0,
    started_at TIMESTAMP,
    UNIQUE (event_id, phase, round_no, table_no),
    CHECK (status IN ('playing', 'proposed', 'final'))
);
INSERT INTO tournament_tables_new (id, event_id, phase, round_no, table_no, physical, pin,
    pin_b, status, proposed_a, proposed_b, proposed_side, proposed_winner, version,
    updated_at, typed)
SELECT id, event_id, 0, round_no, table_no, physical, pin,
    substr('0000' || abs(random() % 10000), -4), status, proposed_a, proposed_b,
    proposed_side, proposed_winner, version, updated_at, 1
FROM tournament_tables;
DROP TABLE tournament_tables;
ALTER TABLE tournament_tables_new RENAME TO tournament_tables;
CREATE INDEX tournament_tables_game ON tournament_tables (game_id);

-- How a championship's tables enter results: 'hands' (each table plays a Baza game,
-- its result comes from the hands) or 'result' (typed final scores, for games played
-- on paper). Championships made before this keep typed results.
ALTER TABLE tournaments ADD COLUMN entry_mode TEXT NOT NULL DEFAULT 'result'
    CHECK (entry_mode IN ('hands', 'result'));

-- The two pairs' PINs differ (a PIN tells which pair it is).
UPDATE tournament_tables SET pin_b = substr('0000' || ((CAST(pin AS INTEGER) + 1 + abs(random() % 9998)) % 10000), -4)
WHERE pin_b = pin;
