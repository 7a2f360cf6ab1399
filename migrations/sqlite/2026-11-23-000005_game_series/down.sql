ALTER TABLE games DROP COLUMN best_of;
ALTER TABLE games DROP COLUMN series_id;
