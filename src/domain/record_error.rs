//! Plain data: why a record cannot be ruled at all ([`RecordError`]; the `record`
//! module says what is an error and what is a ruling). Uses only `kind`.

use crate::domain::kind::GameKind;
use std::fmt;

/// Why a record cannot be ruled at all (the CLI exits 2 on these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not JSON.
    NotJson(String),
    /// A field is missing or has the wrong shape; `field` is a path like `dealer` or
    /// `declared.points`.
    Field { field: String, problem: String },
    /// `game` names no game.
    UnknownGame(String),
    /// An option the game does not have.
    UnknownOption { game: GameKind, name: String },
    /// An option value outside the allowed ones.
    BadOptionValue {
        name: String,
        expected: String,
        got: String,
    },
}

impl RecordError {
    pub fn field(field: impl Into<String>, problem: impl Into<String>) -> RecordError {
        RecordError::Field {
            field: field.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotJson(e) => write!(f, "not JSON: {e}"),
            RecordError::Field { field, problem } => write!(f, "{field}: {problem}"),
            RecordError::UnknownGame(g) => write!(
                f,
                "game: unknown game {g} (expected cuatrola, tute, guinote, botifarra or cinquillo)"
            ),
            RecordError::UnknownOption { game, name } => {
                write!(f, "options.{name}: {} has no option {name:?}", game.slug())
            }
            RecordError::BadOptionValue {
                name,
                expected,
                got,
            } => {
                write!(f, "options.{name}: expected {expected}, got {got}")
            }
        }
    }
}

impl std::error::Error for RecordError {}
