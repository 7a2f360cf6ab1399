ALTER INDEX championship_tables_legacy RENAME TO tournament_tables_legacy;
ALTER INDEX championship_tables_game RENAME TO tournament_tables_game;
ALTER INDEX brackets_championship RENAME TO brackets_event;
ALTER INDEX audit_log_championship RENAME TO audit_log_event;

ALTER TABLE circuits RENAME COLUMN championships TO events;
ALTER TABLE audit_log RENAME COLUMN championship_id TO event_id;
ALTER TABLE brackets RENAME COLUMN championship_id TO event_id;
ALTER TABLE championship_tables RENAME COLUMN championship_id TO event_id;
ALTER SEQUENCE championship_tables_id_seq RENAME TO tournament_tables_id_seq;
ALTER TABLE championship_tables RENAME TO tournament_tables;
ALTER TABLE championship_documents RENAME COLUMN championship_id TO event_id;
ALTER TABLE championship_documents RENAME TO tournaments;
ALTER SEQUENCE championships_id_seq RENAME TO events_id_seq;
ALTER TABLE championships RENAME TO events;
