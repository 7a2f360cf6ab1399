//! The games, one module each, and the dispatch over them. Each game provides its
//! typed options (read from its table in `options` through
//! [`GameOptions`](crate::domain::options::GameOptions)), its deal spec, a state machine
//! implementing [`GameState`](crate::domain::engine::GameState) and
//! [`TakesEvents`](crate::domain::engine::TakesEvents), and a `rule` function turning a
//! [`HandRecord`] into a [`Ruling`]. The games use `engine`, `trick`, `messages` and the
//! plain data below them (the trick games also `trick_hand`); they draw nothing at
//! random (their play-outs are in `random`), and nothing below the games uses them.
//! Each game also implements [`Rules`] (in `rules`), what it is beyond its play. This
//! front door picks the game of a record, and a game's rules ([`rules_of`]);
//! `partial`, `random`, `explain` and the domain's own entry points above it use it.

pub mod botifarra;
pub mod cinquillo;
pub mod cuatrola;
pub mod guinote;
pub mod rules;
pub mod trick_hand;
pub mod tute;
pub mod tute_family;

use crate::domain::kind::GameKind;
use crate::domain::lang::Lang;
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::record::{DealSpec, HandRecord, Move};
use crate::domain::ruling::Ruling;
pub use rules::Rules;

/// The rules of a game: the one place a [`GameKind`] picks its [`Rules`].
pub fn rules_of(game: GameKind) -> &'static dyn Rules {
    match game {
        GameKind::Cuatrola => &cuatrola::CuatrolaRules,
        GameKind::Tute => &tute::TuteRules,
        GameKind::Guinote => &guinote::GuinoteRules,
        GameKind::Botifarra => &botifarra::BotifarraRules,
        GameKind::Cinquillo => &cinquillo::CinquilloRules,
    }
}

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
        rep.next_moves(
            |s| (!s.is_over()).then_some(s.turn()),
            tute_family::Family::legal_actions,
        )
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
    rules_of(game).deal_spec(players, options)
}

#[cfg(test)]
mod rules_tests {
    use super::*;
    use crate::domain::games::rules::{PARTIDA, target_choices};

    #[test]
    fn each_game_kind_picks_the_rules_of_that_game() {
        for g in GameKind::ALL {
            assert_eq!(rules_of(g).game(), g);
            assert!(std::ptr::eq(
                rules_of(g).options(),
                crate::domain::options::specs(g)
            ));
        }
    }

    #[test]
    fn every_game_offers_a_partida_and_its_default_limits_can_be_played() {
        for g in GameKind::ALL {
            let r = rules_of(g);
            assert!(r.match_formats().contains(&PARTIDA), "{g}");
            let d = r.format_defaults();
            assert!(d.cap >= d.target.unwrap_or(0), "{g}");
            if let (Some(t), Some(choices)) = (d.target, target_choices(r)) {
                assert!(choices.contains(&t), "{g}: {t} not in {choices:?}");
            }
        }
    }

    #[test]
    fn the_calls_of_a_hand_record_are_cuatrolas_bids_and_botifarras_choice_and_doubles() {
        let kinds =
            |g: GameKind| -> Vec<&str> { rules_of(g).calls().iter().map(|c| c.0).collect() };
        assert_eq!(kinds(GameKind::Cuatrola), ["bid"]);
        assert_eq!(kinds(GameKind::Botifarra), ["trump", "double"]);
        assert!(kinds(GameKind::Tute).is_empty() && kinds(GameKind::Guinote).is_empty());
        let suits: Vec<bool> = GameKind::ALL
            .iter()
            .map(|g| rules_of(*g).names_suits())
            .collect();
        assert_eq!(suits, [true, true, true, true, false]);
    }

    #[test]
    fn the_default_target_of_each_game_is_the_one_its_table_options_give() {
        let none = TableOptions::default();
        let got: Vec<Option<u32>> = GameKind::ALL
            .iter()
            .map(|g| rules_of(*g).target(&none))
            .collect();
        // cuatrola, tute (one hand won), guiñote, botifarra, cinquillo (no limit)
        assert_eq!(got, vec![Some(21), Some(1), Some(101), Some(101), None]);
    }
}

#[cfg(test)]
mod next_moves_tests {
    use super::*;
    use crate::domain::record::{Action, Event, parse_record};

    /// Every event of a legal played-out hand is, before it is made, a move of the
    /// seat whose turn it is among the moves the game proposes; after the last one
    /// nothing is proposed.
    fn each_event_is_proposed(record: &HandRecord) {
        for i in 0..record.events.len() {
            let mut cut = record.clone();
            cut.events.truncate(i);
            let (seat, moves) = next_moves(&cut).expect("a hand in play");
            let Event::Move(m) = &record.events[i] else {
                panic!("event {i} is not a move")
            };
            if m.seat == seat {
                assert!(moves.contains(m), "event {i}: {m:?} not in {moves:?}");
            } else {
                // A cante or tute by a seat not on turn: not the picker's proposal.
                assert!(
                    !matches!(m.action, Action::Play(_) | Action::Bid(_)),
                    "event {i}: {m:?} out of turn"
                );
            }
        }
        assert!(next_moves(record).is_none(), "the hand is over");
    }

    #[test]
    fn the_moves_proposed_after_each_event_hold_the_next_cuatrola_and_botifarra_events() {
        for seed in 0..20 {
            each_event_is_proposed(&crate::domain::random_complete_cuatrola_record(seed));
            each_event_is_proposed(&crate::domain::random_complete_botifarra_record(seed));
        }
    }

    #[test]
    fn no_moves_are_proposed_after_an_illegal_event_or_for_an_invalid_deal() {
        let mut record = crate::domain::random_complete_cuatrola_record(7);
        let v = record.to_value();
        let mut bad = v.clone();
        bad["hands"][0] = serde_json::json!([]);
        assert!(parse_record(&bad).map_or(true, |r| next_moves(&r).is_none()));
        // The same card played twice: refused, so nothing follows it.
        let plays: Vec<usize> = record
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::Move(m) if matches!(m.action, Action::Play(_))))
            .map(|(i, _)| i)
            .collect();
        let first = record.events[plays[0]].clone();
        record.events.truncate(plays[0] + 1);
        record.events.push(first);
        assert!(next_moves(&record).is_none());
    }
}
