//! The pure rules engine, compiled on its own for fuzzing.
#![allow(dead_code)]

#[path = "../../src/domain/mod.rs"]
pub mod domain;

pub mod targets;
