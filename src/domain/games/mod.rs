//! The games, one module each, and the dispatch over them. Each game provides its
//! typed options (read from its table in `options` through
//! [`GameOptions`](crate::domain::options::GameOptions)), its deal spec, a state machine
//! implementing [`GameState`](crate::domain::engine::GameState) and
//! [`TakesEvents`](crate::domain::engine::TakesEvents), and a `rule` function turning a
//! [`HandRecord`] into a [`Ruling`]. The games use `engine`, `trick`, `messages` and the
//! plain data below them (the trick games also `trick_hand`); they draw nothing at
//! random (their play-outs are in `random`), and nothing below the games uses them.
//! This front door picks the game of a record; `partial`, `random`, `explain` and the
//! domain's own entry points above it use it.

pub mod botifarra;
pub mod cinquillo;
pub mod cuatrola;
pub mod guinote;
pub mod trick_hand;
pub mod tute;
pub mod tute_family;

use crate::domain::kind::GameKind;
use crate::domain::lang::Lang;
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::record::{DealSpec, HandRecord, Move};
use crate::domain::ruling::Ruling;

/// Rules a record whose deal has no `"?"` and whose game, players, dealer and options
/// are already checked (by `domain::try_rule`).
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    match record.game {
        GameKind::Cuatrola => cuatrola::rule(record, lang),
        GameKind::Botifarra => botifarra::rule(record, lang),
        GameKind::Cinquillo => cinquillo::rule(record, lang),
        GameKind::Tute => tute::rule(record, lang),
        GameKind::Guinote => guinote::rule(record, lang),
    }
}

/// Whose turn it is after a record's events and what that seat may do now, from the
/// game's own state machine; `None` for a deal that is not valid, a refused event, a
/// finished hand, or cinquillo (whose passes the picker offers as they are).
pub fn next_moves(record: &HandRecord) -> Option<(u8, Vec<Move>)> {
    let family = |rep: trick_hand::Replay<tute_family::Family>| {
        if rep.violation.is_some() || rep.state.is_over() {
            return None;
        }
        let seat = rep.state.turn();
        let moves = rep
            .state
            .legal_actions()
            .into_iter()
            .filter(|m| m.seat == seat)
            .collect();
        Some((seat, moves))
    };
    match record.game {
        GameKind::Cuatrola => cuatrola::next_moves(record),
        GameKind::Botifarra => botifarra::next_moves(record),
        GameKind::Cinquillo => None,
        GameKind::Tute => {
            let opts = tute::TuteOptions::from_table(&record.options);
            let spec = tute::deal_spec(record.players, &opts);
            let (rep, _) = tute_family::replay_record(record, &spec, opts, Lang::Es).ok()?;
            family(rep)
        }
        GameKind::Guinote => {
            let opts = guinote::GuinoteOptions::from_table(&record.options);
            let spec = guinote::deal_spec(record.players);
            let (rep, _) = tute_family::replay_record(record, &spec, opts, Lang::Es).ok()?;
            family(rep)
        }
    }
}

/// The deal a game requires under these table options (hand sizes of cinquillo:
/// the default split).
pub fn deal_spec(game: GameKind, players: u8, options: &TableOptions) -> DealSpec {
    match game {
        GameKind::Cuatrola => cuatrola::deal_spec(),
        GameKind::Botifarra => botifarra::deal_spec(),
        GameKind::Guinote => guinote::deal_spec(players),
        GameKind::Tute => tute::deal_spec(players, &tute::TuteOptions::from_table(options)),
        GameKind::Cinquillo => cinquillo::deal_spec(
            &cinquillo::CinquilloOptions::from_table(options),
            players,
            &[],
        ),
    }
}
