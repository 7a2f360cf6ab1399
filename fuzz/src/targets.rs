//! The bodies of the fuzz targets, shared by the libFuzzer binaries (`fuzz_targets/`)
//! and the smoke run of the main test suite (`tests/it/fuzzing.rs`, which includes
//! this file and provides `crate::domain`). Each panics on a broken invariant.

use crate::domain::{self, HandRecord, Lang, Ruling, random};
use serde_json::{Value, json};

/// Any bytes as a hand record: the parser and the engine must answer with an error or
/// a ruling, never panic; a ruling must survive a JSON round trip.
pub fn record_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(ruling) = domain::check_str(text, Lang::En) {
        let json = serde_json::to_string(&ruling).expect("serialise ruling");
        let back: Ruling = serde_json::from_str(&json).expect("ruling round trip");
        assert_eq!(back, ruling);
    }
}

const CARDS: [&str; 28] = [
    "1o", "3o", "10o", "11o", "12o", "1c", "3c", "10c", "11c", "12c", "1e", "3e", "10e", "11e",
    "12e", "1b", "3b", "10b", "11b", "12b", "7o", "5o", "9b", "2c", "8e", "zz", "13b", "0c",
];

/// A random complete hand of the game picked by `pick`.
fn record(pick: u8, seed: u64) -> HandRecord {
    match pick % 10 {
        0 | 1 => random::random_complete_cuatrola_record(seed),
        2 => random::random_complete_tute_record(seed, 2),
        3 => random::random_complete_tute_record(seed, 3),
        4 => random::random_complete_tute_record(seed, 4),
        5 => random::random_complete_guinote_record(seed, 2),
        6 => random::random_complete_guinote_record(seed, 4),
        7 => random::random_complete_botifarra_record(seed),
        8 => random::random_complete_cinquillo_record(seed, 2 + (seed % 3) as u8),
        _ => random::random_complete_cinquillo_record(seed, 4),
    }
}
const BIDS: [&str; 5] = ["pass", "solo", "cuatrola", "quintola", "mus"];
const DOUBLES: [&str; 4] = ["contro", "recontro", "sant_vicenc", "pass"];
const SUITS: [&str; 5] = ["o", "c", "e", "b", "x"];

fn mutate(v: &mut Value, op: u8, a: u8, b: u8) {
    let Some(events) = v["events"].as_array_mut() else {
        return;
    };
    let n = events.len().max(1);
    let (i, j) = (usize::from(a) % n, usize::from(b) % n);
    match op % 12 {
        0 if i < events.len() && j < events.len() => events.swap(i, j),
        1 if i < events.len() => {
            events.remove(i);
        }
        2 if i < events.len() => {
            let e = events[i].clone();
            events.insert(j.min(events.len()), e);
        }
        3 if i < events.len() => events[i]["play"] = json!(CARDS[usize::from(b) % CARDS.len()]),
        4 if i < events.len() => events[i]["seat"] = json!(i64::from(b) % 6 - 1),
        5 if i < events.len() => {
            events[i] = match a % 4 {
                0 => json!({"seat": b % 4, "bid": BIDS[usize::from(a) % BIDS.len()]}),
                1 => json!({"seat": b % 4, "trump": SUITS[usize::from(a) % SUITS.len()]}),
                2 => json!({"seat": b % 4, "double": DOUBLES[usize::from(b) % DOUBLES.len()]}),
                _ => json!({"seat": b % 4, "pass": true}),
            }
        }
        6 => events.insert(
            j.min(events.len()),
            json!({"seat": a % 4, "cante": SUITS[usize::from(b) % SUITS.len()]}),
        ),
        7 => events.insert(
            j.min(events.len()),
            match b % 3 {
                0 => json!({"seat": a % 4, "tute": true}),
                1 => json!({"seat": a % 4, "claim": true}),
                _ => json!({"seat": a % 4, "exchange": CARDS[usize::from(a) % CARDS.len()]}),
            },
        ),
        8 => v["before"] = json!([i64::from(a) % 25, i64::from(b) % 25]),
        9 => v["dealer"] = json!(a % 5),
        10 => {
            let opts = [
                json!({"target": 11}),
                json!({"over100_counts_double": false}),
                json!({"cantes_per_trick": "one_per_side"}),
                json!({"cante_lapses": false}),
                json!({"head_target": "highest_led_suit_card"}),
                json!({"partner_may_overcall": false}),
                json!({"cuatrola_tute": "wins_hand"}),
                json!({"bid_cap_rule": "no_bids_from_threshold"}),
                json!({"partnerships": false}),
            ];
            v["options"] = opts[usize::from(a) % opts.len()].clone();
        }
        _ => {
            if let Some(hands) = v["hands"].as_array_mut() {
                let h = usize::from(a) % hands.len().max(1);
                if let Some(hand) = hands.get_mut(h).and_then(Value::as_array_mut) {
                    let k = usize::from(b) % hand.len().max(1);
                    if k < hand.len() {
                        hand[k] = json!(CARDS[usize::from(a ^ b) % CARDS.len()]);
                    }
                }
            }
        }
    }
}

/// Structure-aware: a random complete hand of one of the five games (chosen and seeded
/// by the first bytes), then mutations driven by the rest — events swapped, dropped,
/// duplicated, cards and seats and bids changed, options and scores altered. The engine
/// must never panic; every ruling names its first violation consistently and
/// round-trips through JSON.
pub fn record_mutations(data: &[u8]) {
    if data.len() < 9 {
        return;
    }
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&data[1..9]);
    let record = record(data[0], u64::from_le_bytes(seed));
    let mut v = serde_json::to_value(&record).expect("record to json");
    for chunk in data[9..].chunks_exact(3) {
        mutate(&mut v, chunk[0], chunk[1], chunk[2]);
    }
    if let Ok(ruling) = domain::check_value(&v, Lang::Es) {
        assert_eq!(ruling.legal, ruling.violation.is_none());
        if let Some(ev) = ruling.violation.as_ref().and_then(|x| x.event) {
            let events = v["events"].as_array().map_or(0, Vec::len);
            assert!(ev < events, "violation at event {ev} of {events}");
        }
        let json = serde_json::to_string(&ruling).expect("serialise ruling");
        let back: Ruling = serde_json::from_str(&json).expect("ruling round trip");
        assert_eq!(back, ruling);
    }
}
