DROP TABLE sessions;
ALTER TABLE users DROP COLUMN disabled_at;
