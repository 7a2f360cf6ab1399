ALTER TABLE events DROP COLUMN deleted_at;
