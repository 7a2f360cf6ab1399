-- A circuit's version: one more at each saved change, so that a form read at an older
-- version is refused instead of undoing what someone else saved meanwhile.
ALTER TABLE circuits ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
