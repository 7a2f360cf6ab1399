//! Baza: referee and tournament manager for Spanish card games played face to face.
//!
//! Layers: `domain` (pure rules engine, standings), `db` (diesel over SQLite or
//! PostgreSQL), `web` (actix-web + askama), `cli` (clap), wired by `startup`.

pub mod cli;
pub mod db;
pub mod demo;
pub mod domain;
pub mod error;
pub mod startup;
pub mod telemetry;
pub mod web;
