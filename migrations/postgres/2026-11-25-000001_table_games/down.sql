ALTER TABLE tournaments DROP COLUMN entry_mode;
DELETE FROM tournament_tables WHERE phase <> 0;
DROP INDEX tournament_tables_game;
ALTER TABLE tournament_tables DROP CONSTRAINT tournament_tables_phase_key;
ALTER TABLE tournament_tables ADD CONSTRAINT tournament_tables_event_id_round_no_table_no_key
    UNIQUE (event_id, round_no, table_no);
ALTER TABLE tournament_tables DROP COLUMN started_at;
ALTER TABLE tournament_tables DROP COLUMN typed;
ALTER TABLE tournament_tables DROP COLUMN game_id;
ALTER TABLE tournament_tables DROP COLUMN pin_b;
ALTER TABLE tournament_tables DROP COLUMN phase;
