//! Property tests over random records of every game: the random playouts of
//! [`crate::domain::random`], each mutated at one event (or in its deal), against the
//! decided edge cases of docs/hand-record.md — an auction value that is not a call is
//! the auction's own rule and is penalised; `card_not_in_hand`, `unknown_event` and
//! `deal_invalid` leave `hand_points` and `game_over` null; any other violation during
//! the hand is penalised, also after a cuatrola or quintola is already decided.
#![allow(clippy::unwrap_used)]

use crate::domain::random::random_complete_record;
use crate::domain::ruling::{RuleId, Ruling};
use crate::domain::test_builders::TABLES;
use crate::domain::{GameKind, Lang, check_value};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A random complete legal record as JSON, with `before` at zero for every side.
fn random_json(game: GameKind, players: u8, seed: u64) -> Value {
    let rec = random_complete_record(game, players, seed);
    let mut v = rec.to_value();
    v["before"] = json!(vec![0; usize::from(rec.sides())]);
    v
}

fn ruling(v: &Value) -> Ruling {
    check_value(v, Lang::En).unwrap()
}

/// How one record is spoilt.
#[derive(Debug, Clone, Copy)]
enum Mutation {
    /// A `bid`, `trump` or `double` whose value is not a call, by the event's seat.
    BadCall(usize),
    /// A card that seat cannot hold (one already played), or `"zz"` if none was.
    NotHeld,
    /// An object with a seat and no action.
    NoAction,
    /// The same action by the next seat.
    NextSeat,
    /// A repeated card in the deal.
    RepeatedCard,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0usize..3).prop_map(Mutation::BadCall),
        Just(Mutation::NotHeld),
        Just(Mutation::NoAction),
        Just(Mutation::NextSeat),
        Just(Mutation::RepeatedCard),
    ]
}

const CALLS: [(&str, &str, RuleId); 3] = [
    ("bid", "alone", RuleId::IllegalBid),
    ("trump", "pass", RuleId::IllegalTrump),
    ("double", "surcontro", RuleId::IllegalDouble),
];

fn has_call(game: GameKind, key: &str) -> bool {
    let calls: &[&str] = match game {
        GameKind::Cuatrola => &["bid"],
        GameKind::Botifarra => &["trump", "double"],
        GameKind::Tute | GameKind::Guinote | GameKind::Cinquillo | GameKind::Added(_) => &[],
    };
    calls.contains(&key)
}

/// `v` spoilt by `m` at event `i`.
fn mutate(v: &Value, m: Mutation, i: usize, players: u8) -> Value {
    let mut out = v.clone();
    let events = v["events"].as_array().unwrap();
    let seat = events[i]["seat"].as_u64().unwrap();
    match m {
        Mutation::BadCall(k) => {
            let (key, junk, _) = CALLS[k];
            out["events"][i] = json!({"seat": seat, key: junk});
        }
        Mutation::NotHeld => {
            let played = events[..i]
                .iter()
                .find_map(|e| e.get("play").cloned())
                .unwrap_or(json!("zz"));
            out["events"][i] = json!({"seat": seat, "play": played});
        }
        Mutation::NoAction => out["events"][i] = json!({"seat": seat, "note": "?"}),
        Mutation::NextSeat => {
            out["events"][i]["seat"] = json!((seat + 1) % u64::from(players));
        }
        Mutation::RepeatedCard => out["hands"][0][0] = v["hands"][1][0].clone(),
    }
    out
}

/// The decided cases, for any ruling of any game: a record error leaves no result; any
/// other violation during the hand is penalised — the offender's side scores nothing
/// and, in cuatrola and botifarra, the other side scores the value at stake; in guiñote
/// the partida goes to the other side.
fn check_invariants(game: GameKind, r: &Ruling) -> Result<(), TestCaseError> {
    let Some(v) = &r.violation else {
        return Ok(());
    };
    prop_assert!(!r.legal);
    if r.complete {
        // After the end of the hand: the result stands.
        prop_assert!(r.hand_points.is_some(), "{:?}", v);
        return Ok(());
    }
    if !v.rule.is_penalised() {
        prop_assert_eq!(&r.hand_points, &None, "{:?}", v);
        prop_assert_eq!(&r.game_over, &None, "{:?}", v);
        return Ok(());
    }
    let side = usize::from(v.side.unwrap());
    match game {
        GameKind::Guinote => {
            prop_assert_eq!(&r.hand_points, &None);
            let over = r.game_over.as_ref().unwrap();
            prop_assert_ne!(usize::from(over.winner), side);
            return Ok(());
        }
        GameKind::Cuatrola
        | GameKind::Tute
        | GameKind::Botifarra
        | GameKind::Cinquillo
        | GameKind::Added(_) => {}
    }
    let hp = r.hand_points.as_ref().unwrap();
    prop_assert!(hp[side].is_zero(), "{:?} {:?}", v, hp);
    match game {
        GameKind::Cuatrola | GameKind::Botifarra => {
            prop_assert!(!hp[1 - side].is_zero(), "{:?} {:?}", v, hp);
        }
        GameKind::Tute | GameKind::Guinote | GameKind::Cinquillo | GameKind::Added(_) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn a_mutated_random_record_of_any_game_gets_the_decided_ruling(
        table in 0usize..TABLES.len(),
        seed in any::<u64>(),
        m in mutation(),
        at in any::<prop::sample::Index>(),
    ) {
        let (game, players) = TABLES[table];
        let v = random_json(game, players, seed);
        prop_assert!(ruling(&v).legal);
        let n = v["events"].as_array().unwrap().len();
        let i = at.index(n);
        let mutated = mutate(&v, m, i, players);
        let r = ruling(&mutated);
        check_invariants(game, &r)?;
        let viol = r.violation.clone();
        match m {
            Mutation::BadCall(k) => {
                let (key, _, own) = CALLS[k];
                let v = viol.unwrap();
                prop_assert_eq!(v.event, Some(i));
                if has_call(game, key) {
                    prop_assert!(v.rule == own || v.rule == RuleId::OutOfTurn, "{:?}", v);
                    prop_assert!(r.hand_points.is_some(), "{:?}", v);
                } else {
                    prop_assert_eq!(v.rule, RuleId::UnknownEvent);
                }
            }
            Mutation::NotHeld => {
                let viol = viol.unwrap();
                prop_assert_eq!(viol.event, Some(i));
                if v["events"][i].get("play").is_some() {
                    // The seat was to play: the card is the fault, and no result.
                    prop_assert_eq!(viol.rule, RuleId::CardNotInHand);
                    prop_assert_eq!(&r.hand_points, &None);
                } else {
                    let turn = [RuleId::CardNotInHand, RuleId::OutOfTurn];
                    prop_assert!(turn.contains(&viol.rule), "{:?}", viol);
                }
            }
            Mutation::NoAction => {
                let v = viol.unwrap();
                prop_assert_eq!((v.event, v.rule), (Some(i), RuleId::UnknownEvent));
                prop_assert_eq!(&r.hand_points, &None);
            }
            Mutation::NextSeat => {}
            Mutation::RepeatedCard => {
                let v = viol.unwrap();
                prop_assert_eq!((v.event, v.rule), (None, RuleId::DealInvalid));
                prop_assert_eq!(&r.hand_points, &None);
            }
        }
    }
}

#[test]
fn a_violation_after_a_random_cuatrola_or_quintola_is_decided_replaces_the_result() {
    let mut checked = 0;
    for seed in 0..1500u64 {
        let v = random_json(GameKind::Cuatrola, 4, seed);
        let events = v["events"].as_array().unwrap().clone();
        let value = match events[..4]
            .iter()
            .filter_map(|e| e["bid"].as_str())
            .rfind(|b| *b != "pass")
        {
            Some("cuatrola") => 4,
            Some("quintola") => 5,
            _ => continue,
        };
        // The first prefix of the record whose result is decided while the hand goes on.
        let Some(k) = (5..events.len()).find(|&k| {
            let mut t = v.clone();
            t["events"] = Value::Array(events[..k].to_vec());
            let r = ruling(&t);
            r.hand_points.is_some() && !r.complete
        }) else {
            continue;
        };
        for i in k..events.len() {
            for m in [Mutation::NextSeat, Mutation::NotHeld, Mutation::BadCall(0)] {
                let r = ruling(&mutate(&v, m, i, 4));
                check_invariants(GameKind::Cuatrola, &r).unwrap();
                let viol = r.violation.clone().unwrap();
                assert_eq!(viol.event, Some(i), "seed {seed} {m:?}");
                assert!(!r.complete, "seed {seed} {m:?}");
                if viol.rule.is_penalised() {
                    let side = usize::from(viol.side.unwrap());
                    let hp = r.hand_points.unwrap();
                    assert_eq!(hp[1 - side].whole(), Some(value), "seed {seed} {m:?}");
                    assert!(hp[side].is_zero(), "seed {seed} {m:?}");
                } else {
                    assert_eq!(r.hand_points, None, "seed {seed} {m:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} decided hands were spoilt");
}
