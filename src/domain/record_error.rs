//! Plain data: why a record cannot be ruled at all ([`RecordError`]; the `record`
//! module says what is an error and what is a ruling). Uses only `kind`. Its
//! `Display` is the English of the public JSON and of `baza check`; people read it
//! in words (`words::record_error_words`).

use crate::domain::kind::GameKind;
use std::fmt;

/// Why a record cannot be ruled at all (the CLI exits 2 on these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not JSON.
    NotJson(JsonFault),
    /// A field is missing or has the wrong shape.
    Field {
        field: RecordField,
        problem: FieldProblem,
    },
    /// `game` names no game (the value as written).
    UnknownGame(String),
    /// An option the game does not have.
    UnknownOption { game: GameKind, name: String },
    /// An option value outside the allowed ones.
    BadOptionValue {
        game: GameKind,
        name: String,
        expected: String,
        got: String,
    },
}

impl RecordError {
    pub fn field(field: RecordField, problem: FieldProblem) -> RecordError {
        RecordError::Field { field, problem }
    }
}

/// Where and what a text that is not JSON breaks: serde_json's message (English),
/// the line and column as an editor counts them, and its kind of fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonFault {
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub category: serde_json::error::Category,
}

impl JsonFault {
    pub fn of(e: &serde_json::Error) -> JsonFault {
        JsonFault {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
            category: e.classify(),
        }
    }
}

/// A field of a hand record; its `Display` is its path (`dealer`, `declared.points`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordField {
    /// The record as a whole.
    Record,
    Format,
    Game,
    Players,
    Options,
    Dealer,
    Before,
    Hands,
    /// The cards dealt to a seat (0-based).
    Hand(usize),
    Stock,
    Events,
    Declared,
    DeclaredPoints,
    DeclaredHandPoints,
    /// A field of `declared` that is none of its own (as written).
    DeclaredOther(String),
}

impl fmt::Display for RecordField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordField::Record => f.write_str("record"),
            RecordField::Format => f.write_str("format"),
            RecordField::Game => f.write_str("game"),
            RecordField::Players => f.write_str("players"),
            RecordField::Options => f.write_str("options"),
            RecordField::Dealer => f.write_str("dealer"),
            RecordField::Before => f.write_str("before"),
            RecordField::Hands => f.write_str("hands"),
            RecordField::Hand(i) => write!(f, "hands[{i}]"),
            RecordField::Stock => f.write_str("stock"),
            RecordField::Events => f.write_str("events"),
            RecordField::Declared => f.write_str("declared"),
            RecordField::DeclaredPoints => f.write_str("declared.points"),
            RecordField::DeclaredHandPoints => f.write_str("declared.hand_points"),
            RecordField::DeclaredOther(name) => write!(f, "declared.{name}"),
        }
    }
}

/// What is wrong with a field; `got` is the value as written, shortened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldProblem {
    Missing,
    /// `format` missing, with the format expected.
    MissingFormat(&'static str),
    /// `format` names another format: the one expected, and the one written.
    WrongFormat {
        expected: &'static str,
        got: String,
    },
    OutOfRange,
    /// Not a whole number from 0 to `max`.
    NotSmallInt {
        max: u64,
        got: String,
    },
    /// Not a list of `len` scores.
    NotScores {
        len: u8,
        got: String,
    },
    NotCards {
        got: String,
    },
    /// The record is not a JSON object.
    NotRecordObject {
        got: String,
    },
    NotObject {
        got: String,
    },
    NotHands {
        got: String,
    },
    NotEvents {
        got: String,
    },
    /// A number of players the game is not played by.
    BadPlayers {
        got: String,
        game: GameKind,
    },
    /// More events than a record may hold.
    TooManyEvents {
        count: usize,
        max: usize,
    },
    /// A field of `declared` that is none of its own.
    NotDeclared,
    /// A seat (0-based) the table does not have.
    NoSuchSeat(u8),
}

impl fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldProblem::Missing => f.write_str("missing"),
            FieldProblem::MissingFormat(expected) => {
                write!(f, "missing, expected \"{expected}\"")
            }
            FieldProblem::WrongFormat { expected, got } => {
                write!(f, "expected \"{expected}\", got {got}")
            }
            FieldProblem::OutOfRange => f.write_str("out of range"),
            FieldProblem::NotSmallInt { max, got } => {
                write!(f, "expected an integer from 0 to {max}, got {got}")
            }
            FieldProblem::NotScores { len, got } => {
                write!(
                    f,
                    "expected a list of {len} non-negative numbers, got {got}"
                )
            }
            FieldProblem::NotCards { got } => write!(f, "expected a list of cards, got {got}"),
            FieldProblem::NotRecordObject { got } => {
                write!(f, "expected a JSON object, got {got}")
            }
            FieldProblem::NotObject { got } => write!(f, "expected an object, got {got}"),
            FieldProblem::NotHands { got } => write!(f, "expected a list of hands, got {got}"),
            FieldProblem::NotEvents { got } => write!(f, "expected a list of events, got {got}"),
            FieldProblem::BadPlayers { got, game } => write!(
                f,
                "{got} is not a valid number of players for {}",
                game.slug()
            ),
            FieldProblem::TooManyEvents { count, max } => {
                write!(f, "{count} events, more than the {max} accepted")
            }
            FieldProblem::NotDeclared => {
                f.write_str("unknown field (expected points or hand_points)")
            }
            FieldProblem::NoSuchSeat(seat) => write!(f, "seat {seat} does not exist"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotJson(e) => write!(f, "not JSON: {}", e.message),
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
                ..
            } => {
                write!(f, "options.{name}: expected {expected}, got {got}")
            }
        }
    }
}

impl std::error::Error for RecordError {}
