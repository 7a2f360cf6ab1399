ALTER TABLE pairs DROP COLUMN retired_at;
ALTER TABLE players DROP COLUMN retired_at;
