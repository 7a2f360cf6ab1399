-- Knockout brackets (cuadros): the entrants' names (JSON array: entrant i is the
-- i-th name), the bracket document (JSON of domain::bracket::Bracket), how it was
-- seeded (hand, lot:SEED, event:ID), the paper of its print layout, and `version`
-- for optimistic locking. Results and corrections are audited in audit_log
-- (entity 'bracket').
CREATE TABLE brackets (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    event_id INTEGER REFERENCES events(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    entrants TEXT NOT NULL,
    document TEXT NOT NULL,
    seeding TEXT NOT NULL,
    paper TEXT NOT NULL DEFAULT 'a4',
    version INTEGER NOT NULL DEFAULT 0,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK (paper IN ('a4', 'a3'))
);
CREATE INDEX brackets_club ON brackets (club_id, id);
CREATE INDEX brackets_event ON brackets (event_id);
