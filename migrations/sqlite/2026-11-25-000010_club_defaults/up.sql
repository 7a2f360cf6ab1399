-- A club's usual game and table options, offered first on its new-game form.
ALTER TABLE clubs ADD COLUMN default_game TEXT NOT NULL DEFAULT 'cuatrola';
ALTER TABLE clubs ADD COLUMN default_options TEXT NOT NULL DEFAULT '{}';
