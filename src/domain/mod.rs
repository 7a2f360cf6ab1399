//! Baza's pure rules engine: cards, the shared trick generator, the game state machines,
//! hand records and rulings (spec/hand-record.md). No I/O, no clock, no randomness:
//! everything enters as arguments.
//!
//! Entry points for the CLI and HTTP layers: [`check_str`], [`check_value`],
//! [`parse_record`], [`rule`], [`explain`].

pub mod bracket;
pub mod cards;
pub mod circuit;
pub mod engine;
pub mod entry;
pub mod explain;
pub mod games;
pub mod lang;
pub mod messages;
pub mod names;
pub mod options;
pub mod partial;
pub mod random;
pub mod rating;
pub mod record;
pub mod referee;
pub mod ruling;
pub mod tournament;
pub mod trick;
pub mod words;

pub use engine::{GameKind, GameState, Illegal};
pub use explain::explain;
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
    if !record.game.is_supported() {
        return Err(RecordError::UnsupportedGame(record.game));
    }
    options::validate(record.game, record.players, &record.options.to_map())?;
    if !record.game.valid_players(record.players) {
        return Err(RecordError::field(
            "players",
            format!(
                "{} is not a valid number of players for {}",
                record.players,
                record.game.slug()
            ),
        ));
    }
    if record.dealer >= record.players {
        return Err(RecordError::field(
            "dealer",
            format!("seat {} does not exist", record.dealer),
        ));
    }
    if partial::is_partial(record) {
        return Ok(partial::rule(record, lang, &rule_complete));
    }
    Ok(rule_complete(record, lang))
}

/// Rules a record whose deal has no `"?"` (already checked by [`try_rule`]).
fn rule_complete(record: &HandRecord, lang: Lang) -> Ruling {
    match record.game {
        GameKind::Cuatrola => games::cuatrola::rule(record, lang),
        GameKind::Botifarra => games::botifarra::rule(record, lang),
        GameKind::Cinquillo => games::cinquillo::rule(record, lang),
        GameKind::Tute => games::tute::rule(record, lang),
        GameKind::Guinote => games::guinote::rule(record, lang),
    }
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
pub(crate) mod test_builders;
#[cfg(test)]
mod tests;
