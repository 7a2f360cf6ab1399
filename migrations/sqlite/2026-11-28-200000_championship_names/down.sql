DROP INDEX championship_tables_legacy;
CREATE UNIQUE INDEX tournament_tables_legacy ON championship_tables (legacy_match_id);
DROP INDEX championship_tables_game;
CREATE INDEX tournament_tables_game ON championship_tables (game_id);
DROP INDEX brackets_championship;
CREATE INDEX brackets_event ON brackets (championship_id);
DROP INDEX audit_log_championship;
CREATE INDEX audit_log_event ON audit_log (championship_id, id);

ALTER TABLE circuits RENAME COLUMN championships TO events;
ALTER TABLE audit_log RENAME COLUMN championship_id TO event_id;
ALTER TABLE brackets RENAME COLUMN championship_id TO event_id;
ALTER TABLE championship_tables RENAME COLUMN championship_id TO event_id;
ALTER TABLE championship_tables RENAME TO tournament_tables;
ALTER TABLE championship_documents RENAME COLUMN championship_id TO event_id;
ALTER TABLE championship_documents RENAME TO tournaments;
ALTER TABLE championships RENAME TO events;
