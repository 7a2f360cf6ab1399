DROP INDEX players_person;
ALTER TABLE players DROP COLUMN left_on;
ALTER TABLE players DROP COLUMN joined_on;
ALTER TABLE players DROP COLUMN person_id;
DROP TABLE people;
