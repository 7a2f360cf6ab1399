-- Referee desk: disputed hands kept under a shareable id. The ruling itself is
-- recomputed on view (the engine is deterministic), in the reader's language.
CREATE TABLE rulings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    record TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
