//! Rulings stay byte for byte the same: a seeded corpus of random hands of every game and
//! player count is ruled as `baza check --jsonl` rules it, and the SHA-256 of each
//! output is compared with `tests/it/corpus-digests.txt`. Per case: the random complete
//! records ruled in Spanish; the same records with two adjacent events swapped
//! (violations, so the messages too) in Spanish, Catalan and English; the same records
//! with two cards of seat 0 written `"?"` (partial deals) in Spanish. The digests are
//! written by `scripts/corpus.sh --count 300 --digests tests/it/corpus-digests.txt
//! --write`, which does the same with the release binary (and over 10,000 records a
//! case by default).

use sha2::{Digest, Sha256};

use crate::domain::random::random_complete_record_with;
use crate::domain::record::CardSlot;
use crate::domain::{GameKind, HandRecord, Lang, options, parse_record, try_rule};

/// Records a case: seeds 1 to 300.
const RECORDS: u64 = 300;

/// The cases: name, game, players, table options (JSON).
const CASES: [(&str, GameKind, u8, &str); 10] = [
    ("cuatrola-4", GameKind::Cuatrola, 4, "{}"),
    ("tute-2", GameKind::Tute, 2, "{}"),
    ("tute-3", GameKind::Tute, 3, "{}"),
    ("tute-4", GameKind::Tute, 4, "{}"),
    (
        "tute-4-alone",
        GameKind::Tute,
        4,
        r#"{"partnerships":false}"#,
    ),
    ("guinote-2", GameKind::Guinote, 2, "{}"),
    ("guinote-4", GameKind::Guinote, 4, "{}"),
    ("botifarra-4", GameKind::Botifarra, 4, "{}"),
    ("cinquillo-2", GameKind::Cinquillo, 2, "{}"),
    ("cinquillo-4", GameKind::Cinquillo, 4, "{}"),
];

/// Events `k` and `k + 1` swapped, `k = (7 × events + dealer) mod (events − 1)` (as the
/// script's `jq`).
fn swapped(record: &HandRecord) -> HandRecord {
    let mut r = record.clone();
    let n = r.events.len();
    if n >= 2 {
        let k = (7 * n + usize::from(r.dealer)) % (n - 1);
        r.events.swap(k, k + 1);
    }
    r
}

/// The first two cards of seat 0 written `"?"`.
fn partial(record: &HandRecord) -> HandRecord {
    let mut r = record.clone();
    for slot in r.hands[0].iter_mut().take(2) {
        *slot = CardSlot::Unknown;
    }
    r
}

/// The line `baza check --jsonl` writes for `record`: its ruling, or why it is refused.
fn ruling_line(record: &HandRecord, lang: Lang) -> String {
    let value = serde_json::to_value(record).unwrap();
    let ruled = parse_record(&value)
        .map_err(|e| e.to_string())
        .and_then(|r| try_rule(&r, lang).map_err(|e| e.to_string()));
    let mut line = match ruled {
        Ok(ruling) => serde_json::to_string(&ruling).unwrap(),
        Err(reason) => serde_json::json!({"format": "baza-ruling/1", "error": reason}).to_string(),
    };
    line.push('\n');
    line
}

fn hex(hash: Sha256) -> String {
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The digest lines of one case, as the script writes them.
fn digests(name: &str, game: GameKind, players: u8, options: &str) -> Vec<String> {
    let table = options::validate(game, players, &serde_json::from_str(options).unwrap()).unwrap();
    let records: Vec<HandRecord> = (1..=RECORDS)
        .map(|seed| random_complete_record_with(game, players, table.clone(), seed).unwrap())
        .collect();
    let digest = |variant: fn(&HandRecord) -> HandRecord, lang: Lang| {
        let mut hash = Sha256::new();
        for r in &records {
            hash.update(ruling_line(&variant(r), lang));
        }
        hex(hash)
    };
    vec![
        format!(
            "{}  {name} complete es",
            digest(HandRecord::clone, Lang::Es)
        ),
        format!("{}  {name} swapped es", digest(swapped, Lang::Es)),
        format!("{}  {name} swapped ca", digest(swapped, Lang::Ca)),
        format!("{}  {name} swapped en", digest(swapped, Lang::En)),
        format!("{}  {name} partial es", digest(partial, Lang::Es)),
    ]
}

#[test]
fn a_seeded_corpus_of_every_game_is_ruled_byte_for_byte_as_the_committed_digests_say() {
    let expected = include_str!("corpus-digests.txt");
    let got: Vec<String> = CASES
        .into_iter()
        .flat_map(|(name, game, players, options)| digests(name, game, players, options))
        .collect();
    let expected: Vec<&str> = expected.lines().collect();
    let differ: Vec<String> = got
        .iter()
        .zip(&expected)
        .filter(|(g, e)| g != e)
        .map(|(g, _)| g.clone())
        .collect();
    assert_eq!(got.len(), expected.len(), "digests: {got:#?}");
    assert!(differ.is_empty(), "these rulings changed: {differ:#?}");
}
