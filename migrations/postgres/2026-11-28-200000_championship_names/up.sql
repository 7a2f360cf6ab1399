-- One name for one thing: a championship's rows are championships, its document a
-- championship document, its tables championship tables; "event" is left to the
-- events of a hand record. Rows, ids and references stay as they were.
ALTER TABLE events RENAME TO championships;
ALTER SEQUENCE events_id_seq RENAME TO championships_id_seq;
ALTER TABLE tournaments RENAME TO championship_documents;
ALTER TABLE championship_documents RENAME COLUMN event_id TO championship_id;
ALTER TABLE tournament_tables RENAME TO championship_tables;
ALTER SEQUENCE tournament_tables_id_seq RENAME TO championship_tables_id_seq;
ALTER TABLE championship_tables RENAME COLUMN event_id TO championship_id;
ALTER TABLE brackets RENAME COLUMN event_id TO championship_id;
ALTER TABLE audit_log RENAME COLUMN event_id TO championship_id;
ALTER TABLE circuits RENAME COLUMN events TO championships;

ALTER INDEX audit_log_event RENAME TO audit_log_championship;
ALTER INDEX brackets_event RENAME TO brackets_championship;
ALTER INDEX tournament_tables_game RENAME TO championship_tables_game;
ALTER INDEX tournament_tables_legacy RENAME TO championship_tables_legacy;
