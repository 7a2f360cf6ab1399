//! Scoring from stored results: after any sequence of additions, corrections,
//! removals and restorations, the results kept hand by hand (reused where a hand and
//! the totals before it did not change) are exactly what scoring the whole game
//! afresh gives, in every language; and only the changed hands are checked again.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::random::random_complete_record;
use crate::domain::rule;

use super::property_tests::quick_entry;
use super::*;
use crate::domain::test_builders::TABLES;

/// The tables the stored results are checked at: every table of [`TABLES`] but tute
/// for two, guiñote for four and cinquillo for two and three.
fn tables() -> Vec<(GameKind, u8)> {
    TABLES
        .into_iter()
        .filter(|&(game, players)| match game {
            GameKind::Tute => players != 2,
            GameKind::Guinote => players != 4,
            GameKind::Cinquillo => !(2..=3).contains(&players),
            GameKind::Cuatrola | GameKind::Botifarra | GameKind::Added(_) => true,
        })
        .collect()
}

fn setup_of(game: GameKind, players: u8) -> GameSetup {
    GameSetup {
        game,
        players,
        options: serde_json::Map::new(),
        first_dealer: 0,
    }
}

/// A random hand of the game as a scorekeeper enters it: as quick entry (what the
/// card-point search checks) or, one time in three, card by card.
fn hand(game: GameKind, players: u8, seed: u64) -> (u8, Entered) {
    let record = random_complete_record(game, players, seed);
    let ruling = rule(&record, Lang::Es);
    let entered = if seed.is_multiple_of(3) {
        Entered::Full(record.to_value())
    } else {
        Entered::Quick(quick_entry(&record, &ruling))
    };
    (record.dealer, entered)
}

/// A cuatrola game of `n` hands (seeds 1, 4, 7, …: entered as quick entries).
fn cuatrola_game(n: u64) -> (GameSetup, Vec<(u8, Entered)>) {
    let hands = (0..n)
        .map(|s| hand(GameKind::Cuatrola, 4, s * 3 + 1))
        .collect();
    (setup_of(GameKind::Cuatrola, 4), hands)
}

/// The text kept with the game of each hand's result (every hand has one).
fn stored_texts(r: &Rescored) -> Vec<String> {
    r.stored()
        .iter()
        .map(|s| s.as_ref().unwrap().to_json())
        .collect()
}

/// One change to a stored game, as the scorekeeper's phone or the referee makes it.
#[derive(Debug, Clone)]
enum Edit {
    Add(u64),
    Replace(usize, u64),
    Remove(usize),
    Restore(usize, u64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => any::<u64>().prop_map(Edit::Add),
        2 => (any::<usize>(), any::<u64>()).prop_map(|(i, s)| Edit::Replace(i, s)),
        1 => any::<usize>().prop_map(Edit::Remove),
        1 => (any::<usize>(), any::<u64>()).prop_map(|(i, s)| Edit::Restore(i, s)),
    ]
}

/// Applies an edit: the new hands, where each came from in the old list (`None`:
/// new or changed), and the position of the first changed hand.
fn apply(
    hands: &[(u8, Entered)],
    e: &Edit,
    game: (GameKind, u8),
) -> (Vec<(u8, Entered)>, Vec<Option<usize>>, usize) {
    let mut new = hands.to_vec();
    let mut origin: Vec<Option<usize>> = (0..hands.len()).map(Some).collect();
    let n = hands.len();
    let first = match *e {
        Edit::Add(s) => {
            new.push(hand(game.0, game.1, s));
            origin.push(None);
            n
        }
        Edit::Replace(i, s) if n > 0 => {
            let i = i % n;
            new[i] = hand(game.0, game.1, s);
            origin[i] = None;
            i
        }
        Edit::Remove(i) if n > 0 => {
            let i = i % n;
            new.remove(i);
            origin.remove(i);
            i
        }
        Edit::Restore(i, s) => {
            let i = i % (n + 1);
            new.insert(i, hand(game.0, game.1, s));
            origin.insert(i, None);
            i
        }
        _ => n,
    };
    (new, origin, first)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn stored_results_after_any_edits_equal_a_full_rescore_and_only_changes_are_checked(
        which in 0usize..tables().len(),
        start in proptest::collection::vec(any::<u64>(), 0..10),
        edits in proptest::collection::vec(edit(), 1..8),
        langs in proptest::collection::vec(0usize..3, 8),
    ) {
        let (game, players) = tables()[which];
        let setup = setup_of(game, players);
        let zero = scoreboard(&setup, &[]).totals;
        let mut hands: Vec<(u8, Entered)> =
            start.iter().map(|s| hand(game, players, *s)).collect();
        // A game as the server keeps it: its hands up to the first that does not score.
        if let Err((i, _)) = rescore(&setup, &hands, Lang::Es) {
            hands.truncate(i);
        }
        let first = rescore_reusing(&setup, &hands, &[], Lang::Es).unwrap();
        prop_assert_eq!(first.fresh, hands.len());
        let mut stored: Vec<Option<StoredScore>> = first.stored();
        prop_assert!(stored.iter().all(Option::is_some));
        for (k, e) in edits.iter().enumerate() {
            let lang = Lang::ALL[langs[k % langs.len()]];
            let (new, origin, changed_from) = apply(&hands, e, (game, players));
            let was = Previous::of_stored(&stored, &zero);
            let previous: Vec<Option<Previous>> = origin
                .iter()
                .map(|o| o.and_then(|m| was.get(m).copied().flatten()))
                .collect();
            let reused = rescore_reusing(&setup, &new, &previous, lang);
            let full = rescore(&setup, &new, lang);
            match (&reused, &full) {
                (Ok(r), Ok((scores, board))) => {
                    prop_assert_eq!(&r.scores, scores);
                    prop_assert_eq!(&r.board, board);
                    // Notes in the viewer's language, whoever stored the hand.
                    for (a, b) in r.scores.iter().zip(scores) {
                        prop_assert_eq!(&a.notes, &b.notes);
                    }
                    // The stored texts are the same as a full rescore would store.
                    let fresh = rescore_reusing(&setup, &new, &[], Lang::En).unwrap();
                    prop_assert_eq!(stored_texts(r), stored_texts(&fresh));
                    // Nothing before the change is checked again; an addition checks one hand.
                    prop_assert!(r.fresh <= new.len() - changed_from.min(new.len()), "{} > {}", r.fresh, new.len() - changed_from);
                    if matches!(e, Edit::Add(_)) {
                        prop_assert_eq!(r.fresh, 1);
                    }
                    hands = new;
                    stored = r.stored();
                }
                (Err(a), Err(b)) => prop_assert_eq!(a, b),
                _ => prop_assert!(false, "{reused:?} vs {full:?}"),
            }
        }
    }
}

#[test]
fn a_score_stored_in_one_language_reads_in_another() {
    let (setup, hands) = cuatrola_game(6);
    let ca = rescore_reusing(&setup, &hands, &[], Lang::Ca).unwrap();
    let texts = stored_texts(&ca);
    let back: Vec<Option<StoredScore>> = texts.iter().map(|t| StoredScore::from_json(t)).collect();
    let zero = scoreboard(&setup, &[]).totals;
    let previous = Previous::of_stored(&back, &zero);
    let en = rescore_reusing(&setup, &hands, &previous, Lang::En).unwrap();
    assert_eq!(en.fresh, 0, "every hand is read from its stored result");
    let (fresh_en, _) = rescore(&setup, &hands, Lang::En).unwrap();
    for (a, b) in en.scores.iter().zip(&fresh_en) {
        assert_eq!(a.notes, b.notes);
    }
    assert!(en.scores.iter().any(|s| !s.notes.is_empty()));
}

#[test]
fn a_score_stored_before_notes_were_kept_in_every_language_is_scored_again() {
    let (setup, hands) = cuatrola_game(3);
    let (scores, _) = rescore(&setup, &hands, Lang::Es).unwrap();
    let old: Vec<Option<StoredScore>> = scores
        .iter()
        .map(|s| StoredScore::from_json(&serde_json::to_string(s).unwrap()))
        .collect();
    assert!(old.iter().all(Option::is_none));
    let zero = scoreboard(&setup, &[]).totals;
    let again =
        rescore_reusing(&setup, &hands, &Previous::of_stored(&old, &zero), Lang::Es).unwrap();
    assert_eq!(again.fresh, 3);
    assert_eq!(again.scores, scores);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn a_hand_added_after_the_kept_tail_scores_as_a_full_rescore_does(
        which in 0usize..tables().len(),
        seeds in proptest::collection::vec(any::<u64>(), 1..14),
        lang in 0usize..3,
    ) {
        let (game, players) = tables()[which];
        let setup = setup_of(game, players);
        let lang = Lang::ALL[lang];
        let mut hands: Vec<(u8, Entered)> = Vec::new();
        let mut tail = Tail::of(&scoreboard(&setup, &[]), 0);
        for seed in seeds {
            let (dealer, entered) = hand(game, players, seed);
            let mut new = hands.clone();
            new.push((dealer, entered.clone()));
            let full = rescore(&setup, &new, lang);
            let Some(added) = tail.add(&setup, dealer, &entered, lang) else {
                // The tail says the game is over: so does the full scoreboard.
                let (_, board) = rescore(&setup, &hands, lang).unwrap();
                prop_assert!(board.game_over.is_some());
                break;
            };
            match (added, full) {
                (Ok(a), Ok((scores, board))) => {
                    prop_assert_eq!(&a.score, scores.last().unwrap());
                    prop_assert_eq!(Some(&a.tail.totals), board.running.last());
                    prop_assert_eq!(&a.game_over, &board.game_over);
                    let kept = StoredScore::new(&a.score, &a.tail.totals).map(|s| s.to_json());
                    let fresh = StoredScore::new(scores.last().unwrap(), board.running.last().unwrap())
                        .map(|s| s.to_json());
                    prop_assert_eq!(kept, fresh);
                    let n = i32::try_from(new.len()).unwrap();
                    prop_assert_eq!(&a.tail, &Tail::of(&board, n));
                    prop_assert_eq!(Tail::from_json(&a.tail.to_json()), Some(a.tail.clone()));
                    tail = a.tail;
                    hands = new;
                }
                (Err(a), Err((i, b))) => {
                    prop_assert_eq!(i, hands.len());
                    prop_assert_eq!(a, b);
                }
                (a, b) => prop_assert!(false, "{a:?} vs {b:?}"),
            }
        }
    }
}
