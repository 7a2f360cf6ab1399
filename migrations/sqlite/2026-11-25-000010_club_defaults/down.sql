ALTER TABLE clubs DROP COLUMN default_options;
ALTER TABLE clubs DROP COLUMN default_game;
