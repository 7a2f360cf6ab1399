#![allow(clippy::unwrap_used)]
//! The one integration-test binary: the real server on a free port over a fresh
//! database (a temporary SQLite file, or a fresh PostgreSQL schema when
//! `BAZA_TEST_DATABASE_URL=postgres://…` is set), a real headless Chromium for the
//! browser tests, and the real `baza` binary for the CLI tests.

/// The rules engine under the name the fuzz targets use (`crate::domain`).
use baza::domain;

mod attacks;
mod audit_proposer;
mod audit_words;
mod bases;
mod big_open;
mod brackets;
mod browser;
mod champion;
mod championship;
mod championship_circuits;
mod check;
mod circuit_upkeep;
mod circuits;
mod cli;
mod club;
mod club_tute_individual;
mod corpus;
mod coto;
mod crawl;
mod day;
mod deploy;
mod director_forms;
mod downloads;
mod entrants_people;
mod faults;
mod federation_walk;
mod file_reads_back;
mod find_table;
mod first_run;
mod fold;
mod from_scratch;
mod fuzzing;
mod game_defaults;
mod groups;
mod halves;
mod helpers;
mod i18n;
mod knockout_drawn;
mod knockout_file;
mod landing;
mod late_correction;
mod match_rules;
mod names_migration;
mod noticed;
mod offline;
mod other_games;
mod outages;
mod pages;
mod paper;
mod people;
mod people_across_clubs;
mod people_migration;
mod person_merge;
mod pins;
mod ratings;
mod referee;
mod referee_day;
mod referee_walk;
mod register;
mod repesca;
mod repesca_liguilla;
mod repesca_links;
mod safe;
mod season;
mod season_walk;
mod security;
mod sheets;
mod sixth_game;
mod starts;
mod stored;
mod structure;
mod submissions;
mod table_flow;
mod tournaments;
mod trust;
mod walk_other_games;
mod walked;
mod words;
