//! What people read of a hand: for random complete and partial records of every game
//! and table (swapped events, a record cut short, hidden cards, a misdeal, a score
//! before the hand), the referee's summary, the violation and undecided messages and
//! the scoreboard line's notes, in Spanish, Catalan and English, number every seat and
//! pair from 1 within the table, and show no raw list, Rust debug output or snake_case
//! name.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use crate::domain::entry::property_tests::quick_entry;
use crate::domain::entry::{GameSetup, hand_score_from_ruling, score_hand};
use crate::domain::lang::{Lang, capitalized};
use crate::domain::options;
use crate::domain::random::{SplitMix64, random_complete_record_with};
use crate::domain::record::{CardSlot, HandRecord};
use crate::domain::words::{name_seats, name_sides, people_message};
use crate::domain::{GameKind, Score, explain_for_people, try_rule};

/// The tables: game, players, table options (JSON).
const CASES: [(GameKind, u8, &str); 14] = [
    (GameKind::Cuatrola, 4, "{}"),
    (GameKind::Tute, 2, "{}"),
    (GameKind::Tute, 3, "{}"),
    (GameKind::Tute, 4, "{}"),
    (GameKind::Tute, 4, r#"{"partnerships":false}"#),
    (GameKind::Guinote, 2, "{}"),
    (GameKind::Guinote, 4, "{}"),
    (GameKind::Botifarra, 4, "{}"),
    (GameKind::Cinquillo, 2, "{}"),
    (GameKind::Cinquillo, 3, "{}"),
    (GameKind::Cinquillo, 4, "{}"),
    (GameKind::Cinquillo, 2, r#"{"bastardo":true}"#),
    (GameKind::Cinquillo, 3, r#"{"bastardo":true}"#),
    (GameKind::Cinquillo, 4, r#"{"bastardo":true}"#),
];

const NAMES: [&str; 4] = ["Ana", "Berta", "Carlos", "Dora"];

/// The ways a random complete record is turned into another one a table may bring.
const VARIANTS: u64 = 7;

/// Variant `v` of `record`, its choices drawn from `rng`.
fn variant(record: &HandRecord, v: u64, rng: &mut SplitMix64) -> HandRecord {
    let mut r = record.clone();
    let n = r.events.len();
    match v {
        // As played.
        0 => {}
        // Two adjacent events swapped: a violation, most of the time.
        1 if n >= 2 => {
            let k = rng.below(n - 1);
            r.events.swap(k, k + 1);
        }
        // Cut short: a dispute about the first tricks.
        2 => r.events.truncate(rng.below(n + 1)),
        // Two cards of one seat nobody saw.
        3 => {
            let seat = rng.below(usize::from(r.players));
            for slot in r.hands[seat].iter_mut().take(2) {
                *slot = CardSlot::Unknown;
            }
        }
        // A misdeal: a card of one hand given to the next one.
        4 => {
            let seat = rng.below(usize::from(r.players));
            if let Some(card) = r.hands[seat].pop() {
                r.hands[(seat + 1) % usize::from(r.players)].push(card);
            }
        }
        // A card written wrong, in a hand or in the stock.
        6 => {
            let seat = rng.below(usize::from(r.players));
            let wrong = CardSlot::Invalid(serde_json::json!("13x"));
            match r.stock.last_mut() {
                Some(slot) if rng.below(2) == 0 => *slot = wrong,
                _ => {
                    if let Some(slot) = r.hands[seat].first_mut() {
                        *slot = wrong;
                    }
                }
            }
        }
        // A score before the hand, near the end of the game.
        _ => {
            let near = rng.below(120) as i64;
            r.before = Some(vec![Score::points(near); usize::from(r.sides())]);
            if n >= 2 && rng.below(2) == 0 {
                let k = rng.below(n - 1);
                r.events.swap(k, k + 1);
            }
        }
    }
    r
}

/// Every text a person reads of `record` ruled in `lang`, for each of `namings` (the
/// players' names of the seats and of the sides, or none): the summary, the
/// violation's and the undecided events' messages as the referee's page puts them, and
/// the notes of its scoreboard line, whether entered card by card or quickly.
fn texts(record: &HandRecord, lang: Lang, namings: &[(&[String], &[String])]) -> Vec<String> {
    let Ok(ruling) = try_rule(record, lang) else {
        return Vec::new();
    };
    let line = hand_score_from_ruling(record, &ruling, lang);
    let quick = (ruling.legal && ruling.complete && ruling.violation.is_none()).then(|| {
        let setup = GameSetup {
            game: record.game,
            players: record.players,
            options: record.options.to_map(),
            first_dealer: record.dealer,
        };
        let before = record.before.clone().unwrap_or_default();
        let hand = quick_entry(record, &ruling);
        match score_hand(&setup, &before, record.dealer, &hand, lang) {
            Ok(score) => score.notes,
            Err(errors) => errors.into_iter().map(|e| e.message).collect(),
        }
    });
    let mut out = Vec::new();
    for (names, sides) in namings {
        let people = |t: &str| name_sides(&name_seats(t, lang, names), lang, sides);
        out.push(explain_for_people(record, &ruling, lang, names, sides));
        if let Some(v) = &ruling.violation {
            out.push(capitalized(&name_seats(
                &people_message(v.rule, &v.message, v.seat, lang),
                lang,
                names,
            )));
        }
        for u in ruling.undecided.iter().flatten() {
            out.push(name_seats(
                &people_message(u.rule, &u.message, Some(u.seat), lang),
                lang,
                names,
            ));
        }
        if let Some(score) = &line {
            out.push(people(&score.notes.join(" · ")));
        }
        out.extend(quick.iter().flatten().map(|n| people(n)));
    }
    out
}

/// The number after each whole word `word` (or its capitalised form) followed by a
/// space, and what follows that number.
fn numbered<'a>(text: &'a str, word: &str) -> Vec<(u32, &'a str)> {
    let capital = capitalized(word);
    let mut found = Vec::new();
    for w in [word, capital.as_str()] {
        for (at, _) in text.match_indices(w) {
            let boundary = text[..at]
                .chars()
                .last()
                .is_none_or(|c| !c.is_alphanumeric());
            let Some(rest) = text[at + w.len()..].strip_prefix(' ') else {
                continue;
            };
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if boundary && let Ok(n) = digits.parse() {
                found.push((n, &rest[digits.len()..]));
            }
        }
    }
    found
}

/// Whether `after` (the text after "asiento N") goes on with another bare number of a
/// list, "asiento 1, 3" or "asiento 1 y 3", which only names the first one a seat.
fn bare_number_follows(after: &str) -> bool {
    [", ", " y ", " i ", " and "].iter().any(|sep| {
        let Some(a) = after.strip_prefix(sep) else {
            return false;
        };
        let digits = a.chars().take_while(char::is_ascii_digit).count();
        let rest = &a[digits..];
        digits > 0
            && (rest.is_empty()
                || [",", ";", ".", ")", " y ", " i ", " and "]
                    .iter()
                    .any(|end| rest.starts_with(end)))
    })
}

/// What is wrong in `text` for a person at a table of `players` seats and `sides`
/// sides, if anything.
fn fault(text: &str, players: u8, sides: u8) -> Option<String> {
    for (words, most) in [
        (["asiento", "seient", "seat"], players),
        (["pareja", "parella", "pair"], sides),
    ] {
        for word in words {
            for (n, after) in numbered(text, word) {
                if n == 0 || n > u32::from(most) {
                    return Some(format!("{word} {n} at a table of {most}"));
                }
                if bare_number_follows(after) {
                    return Some(format!("a list of numbers after {word} {n}"));
                }
            }
        }
    }
    for raw in ["[", "]", "{", "}", "_", "Some(", "None", "\\\""] {
        if text.contains(raw) {
            return Some(format!("{raw:?} in the text"));
        }
    }
    None
}

/// Checks every text of case `case`'s random record `seed`, variant `v`, in every
/// language, with and without the players' names.
fn check(case: usize, seed: u64, v: u64) -> Result<(), String> {
    let (game, players, opts) = CASES[case];
    let table = options::validate(game, players, &serde_json::from_str(opts).unwrap()).unwrap();
    let Some(record) = random_complete_record_with(game, players, table, seed) else {
        return Ok(());
    };
    let mut rng = SplitMix64::new(seed ^ v.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let record = variant(&record, v, &mut rng);
    let seats: Vec<String> = NAMES[..usize::from(players)]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let sides: Vec<String> = if record.seating().pairs {
        vec!["Ana y Carlos".into(), "Berta y Dora".into()]
    } else {
        Vec::new()
    };
    let namings: [(&[String], &[String]); 2] = [(&[], &[]), (&seats, &sides)];
    for lang in Lang::ALL {
        for text in texts(&record, lang, &namings) {
            if let Some(why) = fault(&text, players, record.sides()) {
                return Err(format!(
                    "{game:?} {players} {opts} seed {seed} variant {v} {lang:?}: {why}\n{text}"
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn people_read_every_ruling_summary_and_note_with_seats_and_pairs_from_one_and_no_ids() {
    for case in 0..CASES.len() {
        for seed in 1..=2u64 {
            for v in 0..VARIANTS {
                if let Err(e) = check(case, seed, v) {
                    panic!("{e}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn what_people_read_of_any_random_hand_numbers_seats_from_one(
        case in 0..CASES.len(),
        seed in any::<u64>(),
        v in 0..VARIANTS,
    ) {
        if let Err(e) = check(case, seed, v) {
            prop_assert!(false, "{}", e);
        }
    }
}

#[test]
fn the_check_finds_a_seat_from_zero_a_list_of_bare_numbers_and_a_raw_list() {
    assert!(fault("menos cartas: asiento 0", 4, 4).is_some());
    assert!(fault("menos cartas: asiento 1, 3", 4, 4).is_some());
    assert!(fault("gana la pareja 3", 4, 2).is_some());
    assert!(fault("tamaños de mano incorrectos [10, 9, 11]", 3, 3).is_some());
    assert!(fault("renuncio: must_follow_suit", 4, 2).is_some());
    assert!(fault("menos cartas: asiento 1 y 3.", 4, 4).is_some());
    assert!(fault("menos cartas: asiento 1, asiento 3", 4, 4).is_none());
    assert!(fault("Cante: asiento 1, 20 en oros (jugada 3).", 4, 4).is_none());
    assert!(fault("Ana (asiento 1) gana 10, 20 y 30", 4, 4).is_none());
    assert!(
        fault(
            "Baza 1: sale el asiento 2: as de oros. Gana el asiento 4.",
            4,
            2
        )
        .is_none()
    );
}
