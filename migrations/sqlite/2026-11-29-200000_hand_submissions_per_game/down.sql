-- Back to a submission id unique across every game (refused when two games share one).
CREATE TABLE game_hands_old (
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

INSERT INTO game_hands_old
    (id, game_id, hand_no, kind, dealer, entry, score, submission, created_at, updated_at)
SELECT id, game_id, hand_no, kind, dealer, entry, score, submission, created_at, updated_at
FROM game_hands;

DELETE FROM sqlite_sequence WHERE name = 'game_hands_old';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'game_hands_old', seq FROM sqlite_sequence WHERE name = 'game_hands';

DROP TABLE game_hands;
ALTER TABLE game_hands_old RENAME TO game_hands;
