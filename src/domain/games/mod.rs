//! The games, one module each, and the dispatch over them. Each game provides its
//! typed options (read from its table in `options` through
//! [`GameOptions`](crate::domain::options::GameOptions)), its deal spec, a state machine
//! implementing [`GameState`](crate::domain::engine::GameState) and
//! [`TakesEvents`](crate::domain::engine::TakesEvents), and a `rule` function turning a
//! [`HandRecord`] into a [`Ruling`]. The games use `engine`, `trick`, `messages` and the
//! plain data below them (the trick games also `trick_hand`); they draw nothing at
//! random (their play-outs are in `random`), and nothing below the games uses them.
//! Each game also implements [`Rules`] (in `rules`): its play as the rest of the
//! domain asks for it, and what it is beyond its play. This front door picks a game's
//! rules ([`rules_of`]) and through them rules a record; `partial`, `random`, `explain`
//! and the domain's own entry points above it use it. A game written outside Baza (a
//! test's) is added with [`register`]: the one registry of the domain, filled before
//! any record of that game is read and never emptied.

pub mod botifarra;
pub mod cinquillo;
pub mod cuatrola;
pub mod guinote;
pub mod rules;
pub mod trick_hand;
pub mod tute;
pub mod tute_family;
mod unknown;

use std::sync::RwLock;

use crate::domain::kind::{AddedGame, GameFacts, GameKind};
use crate::domain::lang::Lang;
use crate::domain::options::TableOptions;
use crate::domain::record::{DealSpec, HandRecord, Move};
use crate::domain::ruling::Ruling;
pub use rules::Rules;

/// The games added while the program runs, with their rules (see [`register`]).
static ADDED: RwLock<Vec<&'static dyn Rules>> = RwLock::new(Vec::new());

/// Adds a game to the games Baza referees, from its rules and its plain facts, before
/// any record of it is read (the one registry of the domain: it only grows, and a
/// second registration of the same slug keeps the first). Its [`GameKind`] is
/// `GameKind::Added` with `facts.slug`, which `rules.game()` must answer.
pub fn register(rules: &'static dyn Rules, facts: GameFacts) -> GameKind {
    if let Ok(mut added) = ADDED.write() {
        let game = crate::domain::kind::add_facts(facts);
        crate::domain::options::add_specs(facts.slug, rules.options());
        if !added.iter().any(|r| r.game() == game) {
            added.push(rules);
        }
        game
    } else {
        GameKind::Added(AddedGame(facts.slug))
    }
}

/// The rules of a game: the one place a [`GameKind`] picks its [`Rules`]. An added game
/// that was never registered has the rules of a game nobody can sit at ([`Unknown`]).
pub fn rules_of(game: GameKind) -> &'static dyn Rules {
    match game {
        GameKind::Cuatrola => &cuatrola::CuatrolaRules,
        GameKind::Tute => &tute::TuteRules,
        GameKind::Guinote => &guinote::GuinoteRules,
        GameKind::Botifarra => &botifarra::BotifarraRules,
        GameKind::Cinquillo => &cinquillo::CinquilloRules,
        GameKind::Added(_) => ADDED
            .read()
            .ok()
            .and_then(|added| added.iter().find(|r| r.game() == game).copied())
            .unwrap_or(&unknown::Unknown),
    }
}

/// The messages an added game writes for the pages: its text for `key` in `lang`.
pub fn added_message(key: &str, lang: Lang) -> Option<String> {
    let added = ADDED.read().ok()?;
    added.iter().find_map(|r| r.message(key, lang))
}

/// Rules a record whose deal has no `"?"` and whose game, players, dealer and options
/// are already checked (by `domain::try_rule`).
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    rules_of(record.game).rule(record, lang)
}

/// Whose turn it is after a record's events and what that seat may do now, from the
/// game's own state machine; `None` for a deal that is not valid, a refused event, a
/// finished hand, or cinquillo (whose passes the picker offers as they are).
pub fn next_moves(record: &HandRecord) -> Option<(u8, Vec<Move>)> {
    rules_of(record.game).next_moves(record)
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

    #[test]
    fn a_game_without_an_end_rule_of_its_own_is_won_alone_at_its_target_by_a_side_that_scored() {
        use crate::domain::options::validate;
        let p = crate::domain::ruling::Score::points;
        let table = |game: GameKind, players: u8, options: serde_json::Value| {
            let options = options.as_object().cloned().unwrap_or_default();
            validate(game, players, &options).expect("options of the game")
        };
        let cuatrola = rules_of(GameKind::Cuatrola);
        let to_16 = table(GameKind::Cuatrola, 4, serde_json::json!({"target": 16}));
        assert_eq!(
            cuatrola.partida_winner(&to_16, 3, &[p(16), p(9)], &[p(2), p(0)]),
            Some(0)
        );
        assert_eq!(
            cuatrola.partida_winner(&to_16, 3, &[p(16), p(9)], &[p(0), p(1)]),
            None
        );
        assert_eq!(
            cuatrola.partida_winner(&to_16, 3, &[p(15), p(9)], &[p(2), p(0)]),
            None
        );
        let cinquillo = rules_of(GameKind::Cinquillo);
        let (totals, hand) = ([p(0), p(30), p(0), p(0)], [p(0), p(5), p(0), p(0)]);
        let no_limit = table(GameKind::Cinquillo, 4, serde_json::json!({}));
        assert_eq!(cinquillo.partida_winner(&no_limit, 9, &totals, &hand), None);
        let to_25 = table(
            GameKind::Cinquillo,
            4,
            serde_json::json!({"points_limit": 25}),
        );
        assert_eq!(cinquillo.partida_winner(&to_25, 9, &totals, &hand), Some(1));
        let unknown = unknown::Unknown;
        assert_eq!(unknown.partida_winner(&no_limit, 0, &totals, &hand), None);
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
