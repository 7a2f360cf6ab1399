-- One name for one thing: a championship's rows are championships, its document a
-- championship document, its tables championship tables; "event" is left to the
-- events of a hand record. Rows, ids and references stay as they were.
ALTER TABLE events RENAME TO championships;
ALTER TABLE tournaments RENAME TO championship_documents;
ALTER TABLE championship_documents RENAME COLUMN event_id TO championship_id;
ALTER TABLE tournament_tables RENAME TO championship_tables;
ALTER TABLE championship_tables RENAME COLUMN event_id TO championship_id;
ALTER TABLE brackets RENAME COLUMN event_id TO championship_id;
ALTER TABLE audit_log RENAME COLUMN event_id TO championship_id;
ALTER TABLE circuits RENAME COLUMN events TO championships;

DROP INDEX audit_log_event;
CREATE INDEX audit_log_championship ON audit_log (championship_id, id);
DROP INDEX brackets_event;
CREATE INDEX brackets_championship ON brackets (championship_id);
DROP INDEX tournament_tables_game;
CREATE INDEX championship_tables_game ON championship_tables (game_id);
DROP INDEX tournament_tables_legacy;
CREATE UNIQUE INDEX championship_tables_legacy ON championship_tables (legacy_match_id);
