#![allow(clippy::unwrap_used)]

use super::tests::ids;
use super::*;
use proptest::prelude::*;

#[derive(Debug, Clone, Copy)]
enum Kind {
    Single(bool),
    Double(bool),
}

fn build(kind: Kind, n: usize) -> Bracket {
    match kind {
        Kind::Single(t) => single_elimination(&ids(n), t).unwrap(),
        Kind::Double(r) => double_elimination(&ids(n), r).unwrap(),
    }
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        any::<bool>().prop_map(Kind::Single),
        any::<bool>().prop_map(Kind::Double),
    ]
}

/// Plays `steps` results (all if `None`), choosing among the playable matches and
/// their winners with `choices`.
fn play(b: &mut Bracket, choices: &[u8], steps: Option<usize>) {
    let mut i = 0usize;
    while steps.is_none_or(|s| i < s) {
        let playable = b.playable();
        if playable.is_empty() {
            break;
        }
        let c = choices[i % choices.len()] as usize;
        let id = playable[(c >> 1) % playable.len()];
        let m = b.get(id).unwrap();
        let winner = m.entrants()[c & 1].unwrap();
        let ready = b.record_result(id, winner).unwrap();
        for r in ready {
            prop_assert_ok(b.get(r).unwrap().is_playable());
        }
        i += 1;
    }
}

fn prop_assert_ok(cond: bool) {
    assert!(cond, "a match reported ready is not playable");
}

/// The oracle for a correction: replay the old results on a fresh bracket with the
/// new winner, keeping a result only if its match has the same occupants as before.
fn replay_skipping(
    fresh: &mut Bracket,
    old: &Bracket,
    corrected: MatchId,
    new_winner: EntrantId,
) -> Vec<MatchId> {
    let mut skipped = Vec::new();
    for m in old.matches() {
        let Some(r) = m.result else { continue };
        let winner = if m.id == corrected {
            new_winner
        } else {
            r.winner
        };
        let now = fresh.get(m.id).unwrap();
        if now.is_playable() && now.entrants() == m.entrants() {
            fresh.record_result(m.id, winner).unwrap();
        } else {
            skipped.push(m.id);
        }
    }
    skipped
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_play_through_eliminates_everyone_once_but_the_champion(
        n in 2usize..=128,
        kind in kind(),
        choices in prop::collection::vec(any::<u8>(), 1..64),
    ) {
        let mut b = build(kind, n);
        let expected_matches = match kind {
            Kind::Single(t) => n - 1 + usize::from(t && n >= 4),
            Kind::Double(r) => 2 * n - 2 + usize::from(r),
        };
        prop_assert_eq!(b.matches().len(), expected_matches);
        play(&mut b, &choices, None);
        prop_assert!(b.is_complete());
        let champion = b.champion().unwrap();
        prop_assert_eq!(b.eliminated_in(champion), None);
        let mut by: Vec<MatchId> = Vec::new();
        for &e in ids(n).iter().filter(|&&e| e != champion) {
            let m = b.eliminated_in(e);
            prop_assert!(m.is_some(), "{:?} never eliminated", e);
            by.extend(m);
        }
        by.sort();
        by.dedup();
        prop_assert_eq!(by.len(), n - 1, "one elimination per match");
        let played = b.matches().iter().filter(|m| m.status == Status::Played).count();
        let reset_played = b
            .matches()
            .iter()
            .any(|m| m.side == Side::GrandFinal && m.round == 2 && m.status == Status::Played);
        match kind {
            Kind::Single(_) => prop_assert_eq!(played, expected_matches),
            Kind::Double(_) => prop_assert_eq!(played, 2 * n - 2 + usize::from(reset_played)),
        }
        // Losses: at most one for the champion, two for all others (one for the
        // winners' champion beaten in a grand final without reset).
        for e in ids(n) {
            let losses = b.matches().iter().filter(|m| m.side != Side::ThirdPlace && m.loser() == Some(e)).count();
            match kind {
                Kind::Single(_) => prop_assert_eq!(losses, usize::from(e != champion)),
                Kind::Double(_) if e == champion => prop_assert!(losses <= 1),
                Kind::Double(_) => prop_assert!(losses == 2 || (losses == 1 && b.matches().iter().any(|m| m.side == Side::GrandFinal && m.loser() == Some(e)))),
            }
        }
        let json = serde_json::to_string(&b).unwrap();
        let back: Bracket = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &b);
        let _ = b.layout();
    }

    #[test]
    fn a_correction_voids_exactly_the_dependent_matches(
        n in 2usize..=128,
        kind in kind(),
        choices in prop::collection::vec(any::<u8>(), 1..64),
        steps in 1usize..300,
        pick in any::<prop::sample::Index>(),
        more in prop::collection::vec(any::<u8>(), 1..16),
    ) {
        let mut b = build(kind, n);
        play(&mut b, &choices, Some(steps));
        let played: Vec<MatchId> = b.matches().iter().filter(|m| m.status == Status::Played).map(|m| m.id).collect();
        let id = *pick.get(&played);
        let m = b.get(id).unwrap();
        let new_winner = m.loser().unwrap();
        let before = b.clone();
        let deps = b.dependents(id);
        let preview = b.preview_correction(id, new_winner).unwrap();
        prop_assert_eq!(&b, &before);
        let c = b.correct_result(id, new_winner).unwrap();
        prop_assert_eq!(&c, &preview);
        prop_assert_eq!(&c.voided, &deps);
        let mut fresh = build(kind, n);
        let skipped = replay_skipping(&mut fresh, &before, id, new_winner);
        prop_assert_eq!(&c.voided, &skipped);
        for (now, oracle) in b.matches().iter().zip(fresh.matches()) {
            prop_assert_eq!(now.result, oracle.result, "{}", now.code());
            prop_assert_eq!(now.entrants(), oracle.entrants(), "{}", now.code());
            prop_assert_eq!(now.is_playable(), oracle.is_playable(), "{}", now.code());
            let voided = c.voided.contains(&now.id);
            if voided {
                // A voided reset is simply not needed if the grand final's winner changed.
                prop_assert!(matches!(now.status, Status::Void | Status::NotNeeded), "{}", now.code());
            } else {
                prop_assert_eq!(now.status == Status::Void, before.get(now.id).unwrap().status == Status::Void);
            }
        }
        for r in &c.reopened {
            prop_assert!(b.get(*r).unwrap().is_playable());
        }
        // The corrected bracket still plays to a proper end and survives JSON.
        let back: Bracket = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
        prop_assert_eq!(&back, &b);
        play(&mut b, &more, None);
        prop_assert!(b.is_complete());
        prop_assert!(b.champion().is_some());
    }

    #[test]
    fn arbitrary_calls_never_panic(
        n in 1usize..=40,
        kind in kind(),
        calls in prop::collection::vec((0u8..5, 0u32..90, 90u32..150, 0u32..30, 0u32..30), 0..200),
    ) {
        let mut b = build(kind, n);
        for (op, m, e, s0, s1) in calls {
            let (m, e) = (MatchId(m), EntrantId(e + 10));
            let _ = match op {
                0 => b.record_result(m, e).map(|_| ()),
                1 => b.correct_result(m, e).map(|_| ()),
                2 => b.record_score(m, [s0, s1]).map(|_| ()),
                3 => b.clear_result(m).map(|_| ()),
                _ => b.preview_correction(m, e).map(|_| ()),
            };
            let _ = b.dependents(m);
        }
        let back: Bracket = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
        prop_assert_eq!(back, b);
    }

    #[test]
    fn the_lot_draws_a_permutation_that_seeds_a_valid_bracket(n in 1usize..200, seed in any::<u64>()) {
        let drawn = seed_by_lot(&ids(n), seed);
        let mut sorted = drawn.clone();
        sorted.sort();
        prop_assert_eq!(sorted, ids(n));
        prop_assert!(single_elimination(&drawn, true).is_ok());
    }

    #[test]
    fn tampered_json_never_panics(n in 2usize..20, steps in 0usize..30, at in 0usize..40, val in 0u32..60, field in 0u8..7) {
        let mut b = double_elimination(&ids(n), true).unwrap();
        play(&mut b, &[3, 8, 1], Some(steps));
        let mut v = serde_json::to_value(&b).unwrap();
        if let Some(m) = v["matches"].get_mut(at) {
            match field {
                0 => m["result"] = serde_json::json!({"winner": val + 95}),
                1 => m["slots"][0] = serde_json::json!({"loser": val}),
                2 => m["status"] = serde_json::json!("void"),
                3 => m["round"] = serde_json::json!(val.saturating_sub(30)),
                4 => m["position"] = serde_json::json!(val * 1_000_000),
                5 => m["side"] = serde_json::json!("grand_final"),
                _ => m["id"] = serde_json::json!(val),
            }
        }
        if let Ok(mut back) = serde_json::from_value::<Bracket>(v) {
            let _ = back.layout();
            play(&mut back, &[5, 2], None);
            let _ = back.layout();
            let _ = back.placements();
        }
    }
}
