-- Season circuits: championships of a club grouped into one table. `scoring` is the
-- JSON of domain::circuit::Scoring (points by place, floor, best N); `events` the
-- JSON list of the championships' event ids, in the circuit's order.
CREATE TABLE circuits (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    scoring TEXT NOT NULL,
    events TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
