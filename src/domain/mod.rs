//! Baza's pure domain: the rules engine that referees a hand record (docs/hand-record.md)
//! and, built on it, club score entry, tournaments, brackets, ratings and circuits. No
//! I/O, no clock, no randomness: everything enters as arguments. Entry points for the
//! CLI and HTTP layers: [`check_str`], [`check_value`], [`parse_record`], [`rule`],
//! [`explain`].
//!
//! The rules core, bottom up. A module uses only modules of its own layer or of the
//! layers below it (`tests/it/structure.rs` checks it, and that no modules of the
//! domain import each other in a circle):
//!
//! 1. Plain data. [`cards`] (suits, ranks, cards, decks), [`lang`] (es, ca, en),
//!    [`kind`] (the five games, their seats and sides), [`score`] and [`rng`] (the
//!    seeded shuffle, for [`random`] only) use nothing; then, each using those before
//!    it: [`record_error`] (why a record cannot be ruled), [`options`] (every game's
//!    table of options, the values of its choices and its typed options), [`record`]
//!    (the hand record), [`ruling`] (what the engine says of a record) and [`words`]
//!    (the names people read for rules and fields).
//! 2. The trick engine and what a game says. [`trick`] (legal plays and the trick
//!    winner, shared by every trick game), [`messages`] (every reason a referee reads
//!    out) and [`engine`] (the shape every game's state machine has: [`GameState`],
//!    [`Illegal`], the seat and turn checks, and how a replayed record's events reach
//!    it).
//! 3. The trick games' shared hand, `games::trick_hand`: the tricks laid and taken,
//!    cantes and their windows, the points of each side, replaying a record and
//!    writing its ruling.
//! 4. The games: [`games`]`::`{`cuatrola`, `tute`, `guinote`, `tute_family` (shared by
//!    tute and guiñote), `botifarra`, `cinquillo`}, each its deal, calls, scoring and
//!    penalties over the layers below, and its `games::rules::Rules` (what the game is
//!    beyond its play: its target and how a partida ends, the match formats it allows,
//!    its hand form's fields), which the championship code, the scoreboard and the web
//!    ask instead of naming a game.
//! 5. The dispatch over the games: the [`games`] module itself (`games::rule`,
//!    `games::deal_spec`, `games::rules_of`).
//! 6. What uses the games: [`partial`] (records with unknown cards), [`random`]
//!    (every game's random play-out), [`explain`] and [`referee`] (what a referee
//!    reads out), and the entry points here.
//!
//! Beside or above the rules core: [`entry`] (a club's score entry, above the games),
//! [`tournament`], [`bracket`], [`rating`], [`circuit`], [`names`], [`register`]
//! (the checks of a person's and a club's fields as typed) and [`account`] (an
//! account's roles, the checks of its fields, and how a secret typed is compared).

pub mod account;
pub mod bracket;
pub mod cards;
pub mod circuit;
pub mod engine;
pub mod entry;
pub mod explain;
pub mod games;
pub mod kind;
pub mod lang;
pub mod licence_list;
pub mod messages;
pub mod names;
pub mod options;
pub mod partial;
pub mod person_merge;
pub mod random;
pub mod rated;
pub mod rating;
pub mod record;
pub mod record_error;
pub mod referee;
pub mod refusal;
pub mod register;
pub mod renames;
pub mod rng;
pub mod ruling;
pub mod score;
pub mod status;
pub mod tournament;
pub mod trick;
pub mod words;

pub use engine::{GameState, Illegal};
pub use explain::{explain, explain_for_people, explain_hand_for_people};
pub use kind::GameKind;
pub use lang::Lang;
pub use random::random_complete_cuatrola_record;
pub use random::{random_complete_botifarra_record, random_complete_cinquillo_record};
pub use record::{HandRecord, RecordError, parse_record};
pub use ruling::{Ruling, Score};

use messages::Reason;
use ruling::RuleId;

/// Parses a hand record from JSON text and rules it.
pub fn check_str(input: &str, lang: Lang) -> Result<Ruling, RecordError> {
    let record = record::parse_record_str(input)?;
    try_rule(&record, lang)
}

/// Parses a hand record from a JSON value and rules it.
pub fn check_value(v: &serde_json::Value, lang: Lang) -> Result<Ruling, RecordError> {
    let record = parse_record(v)?;
    try_rule(&record, lang)
}

/// Rules a record, or says why it cannot be ruled (a game not supported yet, options
/// that do not fit the game — only possible for records built in code, as
/// [`parse_record`] already refuses them).
pub fn try_rule(record: &HandRecord, lang: Lang) -> Result<Ruling, RecordError> {
    options::validate(record.game, record.players, &record.options.to_map())?;
    if !record.game.valid_players(record.players) {
        return Err(RecordError::field(
            record::RecordField::Players,
            record::FieldProblem::BadPlayers {
                got: record.players.to_string(),
                game: record.game,
            },
        ));
    }
    if record.dealer >= record.players {
        return Err(RecordError::field(
            record::RecordField::Dealer,
            record::FieldProblem::NoSuchSeat(record.dealer),
        ));
    }
    if partial::is_partial(record) {
        return Ok(partial::rule(record, lang, &games::rule));
    }
    Ok(games::rule(record, lang))
}

/// Rules a parsed hand record. A record that [`try_rule`] refuses (possible only for a
/// record built in code) gets a `deal_invalid` ruling whose message gives the reason.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    try_rule(record, lang).unwrap_or_else(|e| {
        let seating = record.game.seating(record.players.max(1), &record.options);
        let dealer = record.dealer;
        Ruling::invalid(
            seating.sides(),
            dealer,
            seating.side_of(dealer),
            RuleId::DealInvalid,
            Reason::Record(e.to_string()).render(lang),
        )
    })
}

#[cfg(test)]
mod mutation_tests;
#[cfg(test)]
mod people_text_tests;
#[cfg(test)]
pub(crate) mod test_builders;
#[cfg(test)]
mod tests;
