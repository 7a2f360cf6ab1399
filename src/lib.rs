//! Baza: referee and tournament manager for Spanish card games played face to face.
//!
//! Layers: `domain` (pure rules engine, standings), `db` (diesel over SQLite or
//! PostgreSQL), `service` (the workflows that change several things at once, over
//! `db` and `domain`), `web` (actix-web + askama) and `cli` (clap) above them, wired
//! by `startup`.

pub mod cli;
pub mod db;
pub mod demo;
pub mod domain;
pub mod error;
pub mod service;
pub mod startup;
pub mod telemetry;
pub mod web;
