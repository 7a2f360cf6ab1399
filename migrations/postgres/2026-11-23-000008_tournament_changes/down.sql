ALTER TABLE tournaments DROP COLUMN changes;
