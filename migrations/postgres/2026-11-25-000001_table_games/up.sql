-- Championship tables that play Baza games. A table belongs to a phase of its
-- championship: 0 for the rounds (Swiss, round robin, ceros), otherwise the id of a
-- knockout phase's bracket (round_no is then the bracket round and table_no the
-- match's number in it, 1-based). Each pair of a match has its own PIN (`pin` for
-- pair a, `pin_b` for pair b): the result one pair proposes is confirmed with the
-- other's. `game_id` is the first partida the table plays hand by hand (later
-- partidas of a best-of follow it as a series); `typed` is set when the director
-- switches the table to typed results; `started_at` is when its round was published
-- (a timed match counts its minutes from then).
ALTER TABLE tournament_tables ADD COLUMN phase INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_tables ADD COLUMN pin_b TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament_tables ADD COLUMN game_id INTEGER REFERENCES games(id) ON DELETE SET NULL;
ALTER TABLE tournament_tables ADD COLUMN typed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_tables ADD COLUMN started_at TIMESTAMP;
UPDATE tournament_tables SET typed = 1,
    pin_b = lpad((floor(random() * 10000))::int::text, 4, '0');
ALTER TABLE tournament_tables DROP CONSTRAINT tournament_tables_event_id_round_no_table_no_key;
ALTER TABLE tournament_tables ADD CONSTRAINT tournament_tables_phase_key
    UNIQUE (event_id, phase, round_no, table_no);
CREATE INDEX tournament_tables_game ON tournament_tables (game_id);

-- How a championship's tables enter results: 'hands' (each table plays a Baza game,
-- its result comes from the hands) or 'result' (typed final scores, for games played
-- on paper). Championships made before this keep typed results.
ALTER TABLE tournaments ADD COLUMN entry_mode TEXT NOT NULL DEFAULT 'result'
    CHECK (entry_mode IN ('hands', 'result'));

-- The two pairs' PINs differ (a PIN tells which pair it is).
UPDATE tournament_tables
SET pin_b = lpad(((pin::int + 1 + floor(random() * 9998)::int) % 10000)::text, 4, '0')
WHERE pin_b = pin AND pin ~ '^[0-9]+$';
