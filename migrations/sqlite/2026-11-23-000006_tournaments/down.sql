DROP TABLE tournament_tables;
DROP TABLE tournaments;
