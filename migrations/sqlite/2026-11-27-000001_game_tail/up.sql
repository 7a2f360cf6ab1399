-- Where a game stands after its hands (domain::entry::Tail, JSON): a new hand is
-- scored from it without reading the others. NULL until the game's next change.
ALTER TABLE games ADD COLUMN tail TEXT;
