-- A hand's submission id (a form's one-time id) makes a resend of that hand to its
-- game idempotent: it is unique within its game, not across every game. SQLite
-- cannot drop a column's UNIQUE, so the table is built again with every row, its
-- ids and the sequence that numbers new ones.
CREATE TABLE game_hands_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    hand_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    dealer INTEGER NOT NULL,
    entry TEXT NOT NULL,
    score TEXT NOT NULL,
    submission TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (game_id, hand_no),
    UNIQUE (game_id, submission),
    CHECK (kind IN ('quick', 'full'))
);

INSERT INTO game_hands_new
    (id, game_id, hand_no, kind, dealer, entry, score, submission, created_at, updated_at)
SELECT id, game_id, hand_no, kind, dealer, entry, score, submission, created_at, updated_at
FROM game_hands;

DELETE FROM sqlite_sequence WHERE name = 'game_hands_new';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'game_hands_new', seq FROM sqlite_sequence WHERE name = 'game_hands';

DROP TABLE game_hands;
ALTER TABLE game_hands_new RENAME TO game_hands;
