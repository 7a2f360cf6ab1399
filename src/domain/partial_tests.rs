//! Partial deals: what hidden cards leave decided, and what they do not.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;
use crate::domain::random::{SplitMix64, random_complete_record};
use crate::domain::test_builders::{Rec, TABLES};
use crate::domain::{check_value, parse_record, rule as rule_record};

/// Example 8 of tests/data/examples/cuatrola.jsonl, cut to its first `n` events: seat 1
/// held the caballo de copas (11c) but answered the as de copas with the sota de oros.
fn cuatrola_revoke(hands: Value, events: &[Value]) -> Value {
    Rec::new(GameKind::Cuatrola, 4, 3)
        .before([19, 19])
        .hands(hands)
        .turned("3c")
        .events(json!(events))
        .json()
}

fn first_trick() -> Vec<Value> {
    vec![
        json!({"seat": 0, "bid": "pass"}),
        json!({"seat": 1, "bid": "pass"}),
        json!({"seat": 2, "bid": "pass"}),
        json!({"seat": 3, "bid": "pass"}),
        json!({"seat": 0, "play": "1c"}),
        json!({"seat": 1, "play": "10o"}),
        json!({"seat": 2, "play": "12c"}),
        json!({"seat": 3, "play": "3c"}),
    ]
}

const FULL_HANDS: [[&str; 5]; 4] = [
    ["1c", "10c", "1e", "1o", "12b"],
    ["11c", "10e", "3o", "3e", "10o"],
    ["11b", "10b", "3b", "12c", "1b"],
    ["11e", "12o", "11o", "12e", "3c"],
];

/// The full hands with seat 1's cards hidden and seat 3's but for the turned 3c.
fn seats_1_and_3_hidden() -> Value {
    let mut hands = json!(FULL_HANDS);
    hands[1] = json!(["?", "?", "?", "?", "?"]);
    hands[3] = json!(["?", "?", "?", "?", "3c"]);
    hands
}

fn rule_json(v: &Value) -> Ruling {
    check_value(v, Lang::En).expect("a ruling")
}

#[test]
fn a_hidden_hand_that_leaves_no_choice_is_ruled_as_the_full_deal() {
    let full = rule_json(&cuatrola_revoke(json!(FULL_HANDS), &first_trick()));
    let mut hands = json!(FULL_HANDS);
    hands[1] = json!(["?", "?", "?", "?", "?"]);
    let partial = rule_json(&cuatrola_revoke(hands, &first_trick()));
    assert_eq!(partial.violation, full.violation);
    assert_eq!(
        partial.violation.as_ref().map(|v| v.rule),
        Some(RuleId::MustFollowSuit)
    );
    assert_eq!(partial.hand_points, full.hand_points);
    assert_eq!(partial.undecided, Some(vec![]));
    assert_eq!(full.undecided, None);
}

#[test]
fn a_revoke_that_depends_on_an_unseen_card_is_reported_undecided() {
    let hands = seats_1_and_3_hidden();
    let r = rule_json(&cuatrola_revoke(hands, &first_trick()));
    assert!(r.legal, "nothing is proven: {:?}", r.violation);
    assert_eq!(r.hand_points, None);
    let undecided = r.undecided.expect("partial");
    assert_eq!(undecided.len(), 1, "{undecided:?}");
    let u = &undecided[0];
    assert_eq!((u.event, u.seat, u.side), (5, 1, 1));
    assert_eq!(u.rule, RuleId::MustFollowSuit);
    // The only unseen copa: copas are trumps (3c turned) and the as led them.
    assert_eq!(u.cards, vec!["11c".parse::<Card>().unwrap()]);
    assert!(u.message.contains("caballo de copas"), "{}", u.message);
    assert!(u.message.contains("renuncio"), "{}", u.message);
    assert!(u.hand_points.is_some());
}

#[test]
fn a_later_play_of_the_card_proves_the_renuncio() {
    let hands = seats_1_and_3_hidden();
    let mut events = first_trick();
    // The as de copas wins; seat 0 leads again and seat 1 shows the caballo de copas.
    events.push(json!({"seat": 0, "play": "1e"}));
    events.push(json!({"seat": 1, "play": "11c"}));
    let r = rule_json(&cuatrola_revoke(hands, &events));
    let v = r.violation.expect("proven");
    assert_eq!(
        (v.event, v.seat, v.rule),
        (Some(5), Some(1), RuleId::MustFollowSuit)
    );
    assert_eq!(r.undecided, Some(vec![]));
    assert!(r.hand_points.is_some());
}

#[test]
fn the_ruling_json_has_undecided_only_for_partial_deals_and_keeps_the_question_marks() {
    let hands = seats_1_and_3_hidden();
    let v = cuatrola_revoke(hands, &first_trick());
    let record = parse_record(&v).unwrap();
    assert_eq!(record.to_value()["hands"][1][0], json!("?"));
    let ruling = serde_json::to_value(rule_record(&record, Lang::Es)).unwrap();
    assert_eq!(ruling["undecided"][0]["rule"], json!("must_follow_suit"));
    assert_eq!(ruling["undecided"][0]["cards"], json!(["11c"]));
    assert!(
        ruling["undecided"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("No se puede decidir")
    );
    let full = serde_json::to_value(rule_json(&cuatrola_revoke(
        json!(FULL_HANDS),
        &first_trick(),
    )))
    .unwrap();
    assert!(full.get("undecided").is_none());
}

#[test]
fn the_turned_card_must_be_known_and_question_marks_must_match_the_missing_cards() {
    let mut hands = json!(FULL_HANDS);
    hands[3] = json!(["?", "?", "?", "?", "?"]);
    let mut v = cuatrola_revoke(hands, &first_trick());
    v["turned"] = json!("?");
    let r = rule_json(&v);
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);

    // Six "?" for five unseen cards: the deal is wrong, and said so.
    let mut hands = json!(FULL_HANDS);
    hands[1] = json!(["?", "?", "?", "?", "?"]);
    hands[2] = json!(["11b", "10b", "3b", "12c", "1b", "?"]);
    let r = rule_json(&cuatrola_revoke(hands, &first_trick()));
    let v = r.violation.unwrap();
    assert_eq!(v.rule, RuleId::DealInvalid, "{}", v.message);
}

#[test]
fn a_card_drawn_after_an_event_cannot_prove_a_revoke_before_it() {
    // Guiñote for 2: the stock is drawn winner first after each trick.
    let record = random_complete_record(GameKind::Guinote, 2, 11);
    let holders = stock_holders(&record);
    let stock_len = record.stock.len();
    assert_eq!(holders.len(), stock_len);
    // Two cards drawn after each of the first tricks, the first by the trick's winner.
    let ruling = rule_record(&record, Lang::En);
    for (t, trick) in ruling.tricks.iter().enumerate().take(stock_len / 2) {
        let (a, b) = (holders[2 * t].unwrap(), holders[2 * t + 1].unwrap());
        assert_eq!(a.0, trick.winner, "trick {t}");
        assert_eq!(b.0, 1 - trick.winner, "trick {t}");
        assert_eq!(a.1, b.1);
    }
    // Entries grow with the tricks.
    assert!(
        holders
            .windows(2)
            .all(|w| w[0].unwrap().1 <= w[1].unwrap().1)
    );
}

/// Hides dealt (and, where `stock` is set, stock) cards of a record, chosen by `rng`,
/// never the turned card.
fn hide(record: &HandRecord, rng: &mut SplitMix64, stock: bool) -> HandRecord {
    let mut r = record.clone();
    let turned = r.turned.clone();
    for h in &mut r.hands {
        for c in h.iter_mut() {
            if rng.below(3) > 0 && Some(&*c) != turned.as_ref() {
                *c = CardSlot::Unknown;
            }
        }
    }
    if stock {
        for c in &mut r.stock {
            if rng.below(3) > 0 && Some(&*c) != turned.as_ref() {
                *c = CardSlot::Unknown;
            }
        }
    }
    r
}

/// Every table of [`TABLES`] but cinquillo for two.
fn games() -> Vec<(GameKind, u8)> {
    TABLES
        .into_iter()
        .filter(|t| *t != (GameKind::Cinquillo, 2))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    /// Every card of a finished hand is shown by its play: hiding dealt cards changes
    /// nothing.
    #[test]
    fn hiding_dealt_cards_of_a_finished_hand_changes_nothing(
        table in prop::sample::select(games()),
        seed in any::<u64>(),
    ) {
        let (g, players) = table;
        let record = random_complete_record(g, players, seed);
        let full = rule_record(&record, Lang::En);
        let hidden = hide(&record, &mut SplitMix64::new(seed ^ 0x5eed), false);
        let partial = rule_record(&hidden, Lang::En);
        prop_assert_eq!(&partial.violation, &full.violation);
        prop_assert_eq!(&partial.tricks, &full.tricks);
        prop_assert_eq!(&partial.points, &full.points);
        // A tute shown by four unseen cards may be of reyes or of caballos.
        let cantes = |r: &Ruling| -> Vec<(u8, Option<Suit>, u32, usize)> {
            r.cantes.iter().map(|c| (c.seat, c.suit, c.value, c.event)).collect()
        };
        prop_assert_eq!(cantes(&partial), cantes(&full));
        let undecided = partial.undecided.clone().unwrap_or_default();
        // Where every hidden card was played, nothing is left to decide (a hand may
        // also end with cards in hand: cinquillo, a tute).
        let guessed = partial.filled.as_ref().map(|f| f.guessed).unwrap_or_default();
        if guessed.is_empty() {
            prop_assert!(undecided.is_empty(), "{:?}", undecided);
        }
        if undecided.is_empty() {
            prop_assert_eq!(&partial.hand_points, &full.hand_points);
        }
    }

    /// A legal hand stays legal however many cards are hidden and wherever the record
    /// stops: nothing unseen is held against a player.
    #[test]
    fn a_legal_hand_stays_legal_when_cards_are_hidden(
        table in prop::sample::select(games()),
        seed in any::<u64>(),
        cut in 0usize..60,
    ) {
        let (g, players) = table;
        let mut record = random_complete_record(g, players, seed);
        let keep = cut.min(record.events.len());
        record.events.truncate(keep);
        let full = rule_record(&record, Lang::En);
        prop_assume!(full.legal);
        let hidden = hide(&record, &mut SplitMix64::new(seed ^ 0xcafe), true);
        let partial = rule_record(&hidden, Lang::En);
        prop_assert!(partial.legal, "{:?}\n{}", partial.violation, hidden.to_value());
        prop_assert_eq!(&partial.points, &full.points);
        // Whatever is undecided names real unknown cards of that seat's possible hand.
        for u in partial.undecided.unwrap_or_default() {
            prop_assert!(!u.cards.is_empty());
            prop_assert!(u.event < keep);
        }
    }
}

/// Two-player tute: seat 0 was dealt 12e, 11e and 11b, won the first trick without
/// singing, drew the 12b, and sang the 20 in espadas after the second trick. Holding
/// the 40 too after the first trick, one chance to sing let one cante go: legal. With
/// the 11b hidden (it is shown only when played at the end), it must not be taken as
/// drawn late, which would make the espadas cante look lapsed.
#[test]
fn a_card_shown_late_is_taken_as_dealt_when_that_excuses_a_missed_cante() {
    let text = r#"{"dealer":1,"events":[{"play":"4o","seat":0},{"play":"11c","seat":1},{"play":"3e","seat":0},{"play":"2o","seat":1},{"cante":"e","seat":0},{"play":"12b","seat":0},{"play":"3b","seat":1},{"play":"11o","seat":1},{"play":"11b","seat":0}],"format":"baza-hand/1","game":"tute","hands":[["?","?","?","?","?","12e","11e","?"],["?","?","?","?","?","?","?","2o"]],"options":{},"players":2,"stock":["12b","?","?","1o","10o","?","?","2c","7b","?","?","4e","?","?","?","?","?","?","?","10c","?","?","?","5b"],"turned":"5b"}"#;
    let record = crate::domain::record::parse_record_str(text).unwrap();
    let r = rule_record(&record, Lang::En);
    assert!(r.legal, "{:?}", r.violation);
    assert_eq!(r.cantes.len(), 1);
}
