//! One test per rule of docs/rules.md §6, the cinquillo item of §8 (8), every line of
//! tests/data/examples/cinquillo.jsonl, and property tests with random playouts.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::check_value;
use crate::domain::engine::GameKind;
use crate::domain::explain;
use crate::domain::options::TableOptions;
use crate::domain::random::{random_cinquillo_record_with, random_complete_cinquillo_record};
use crate::domain::record::Event;
use crate::domain::record::{RecordError, parse_record};
use crate::domain::test_builders::{
    self, Rec, by_flag, c, check_examples, check_junk, check_legal_actions, check_option_defaults,
    check_option_docs, check_round_trips, ended, junk_in, refused, rule_truncated, run, set,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn ruling(v: &Value) -> Ruling {
    check_value(v, Lang::En).unwrap()
}

fn rule_id(r: &Ruling) -> Option<&'static str> {
    r.violation.as_ref().map(|v| v.rule.id())
}

fn halves(v: &Option<Vec<Score>>) -> Option<Vec<i64>> {
    v.as_ref().map(|h| {
        h.iter()
            .map(|s| (s.as_f64() * 2.0).round() as i64)
            .collect()
    })
}

fn opts(values: Value) -> CinquilloOptions {
    let pairs: Vec<(&str, Value)> = values
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    CinquilloOptions::from_table(
        &TableOptions::from_values(GameKind::Cinquillo, 4, &pairs).unwrap(),
    )
}

/// A state with small hands (the state machine does not check hand sizes).
fn state(o: CinquilloOptions, dealer: u8, hands: &[&[&str]], stock: &[&str]) -> Cinquillo {
    Cinquillo::new(
        o,
        dealer,
        vec![0; hands.len()],
        hands.iter().map(|h| set(h)).collect(),
        stock.iter().map(|s| c(s)).collect(),
    )
}

/// A state with small hands, default options and seat 0 dealing, without a stock.
fn dealt_by_0(hands: &[&[&str]]) -> Cinquillo {
    state(CinquilloOptions::defaults(), 0, hands, &[])
}

/// A state with small hands, default options, seat 1 dealing and a stock.
fn dealt_by_1_with_stock(hands: &[&[&str]], stock: &[&str]) -> Cinquillo {
    state(CinquilloOptions::defaults(), 1, hands, stock)
}

fn script(s: &str) -> Vec<Move> {
    test_builders::script(GameKind::Cinquillo, s)
}

const ORDER: [&str; 10] = ["5", "4", "3", "2", "1", "6", "7", "10", "11", "12"];

/// Four players, each holding one whole suit: seat 0 oros, 1 copas, 2 espadas, 3 bastos.
fn sorted_hands() -> Value {
    json!(["o", "c", "e", "b"].map(|s| ORDER.map(|r| format!("{r}{s}"))))
}

/// The events of the sorted deal, everybody extending his own suit, up to `n` events.
fn sorted_events(n: usize) -> Value {
    let mut v = Vec::new();
    for r in ORDER {
        for (seat, s) in ["o", "c", "e", "b"].iter().enumerate() {
            v.push(json!({"seat": seat, "play": format!("{r}{s}")}));
        }
    }
    v.truncate(n);
    Value::Array(v)
}

fn record(
    players: u8,
    dealer: u8,
    hands: Value,
    stock: Value,
    options: Value,
    events: Value,
) -> Value {
    Rec::new(GameKind::Cinquillo, players, dealer)
        .hands(hands)
        .stock(stock)
        .options(options)
        .events(events)
        .json()
}

fn sorted(options: Value, events: Value) -> Value {
    record(4, 3, sorted_hands(), json!([]), options, events)
}

// ---- the example records ------------------------------------------------------------------

#[test]
fn every_cinquillo_example_gets_its_expected_ruling() {
    check_examples(GameKind::Cinquillo);
}

// ---- §6.1 cards and deal ------------------------------------------------------------------

#[test]
fn four_players_hold_ten_each_of_the_forty_cards() {
    let r = ruling(&sorted(json!({}), json!([])));
    assert!(r.legal);
    assert_eq!(r.points, vec![Score::points(10); 4]);
    let mut v = sorted(json!({}), json!([]));
    let moved = v["hands"][0].as_array_mut().unwrap().pop().unwrap();
    v["hands"][1].as_array_mut().unwrap().push(moved);
    let r = ruling(&v);
    assert_eq!(rule_id(&r), Some("deal_invalid"));
    assert_eq!(r.violation.as_ref().unwrap().seat, Some(3));
    assert_eq!(r.violation.as_ref().unwrap().side, Some(3));
    assert_eq!(r.points.len(), 4);
    let mut v = sorted(json!({}), json!([]));
    v["hands"][0][9] = json!("8o");
    assert_eq!(rule_id(&ruling(&v)), Some("deal_invalid"));
}

#[test]
fn three_players_hold_13_13_and_14_with_the_extra_card_anywhere() {
    let mut deck: Vec<String> = Deck::Forty.cards().iter().map(|c| c.code()).collect();
    let h0: Vec<String> = deck.drain(..13).collect();
    let h1: Vec<String> = deck.drain(..14).collect();
    let h2 = deck;
    let v = record(3, 0, json!([h0, h1, h2]), json!([]), json!({}), json!([]));
    assert!(ruling(&v).legal);
    let mut bad = v.clone();
    let moved = bad["hands"][0].as_array_mut().unwrap().pop().unwrap();
    bad["hands"][2].as_array_mut().unwrap().push(moved);
    assert_eq!(rule_id(&ruling(&bad)), Some("deal_invalid"));
}

#[test]
fn two_players_hold_equal_hands_of_10_to_15_and_the_rest_is_the_stock() {
    let deck: Vec<String> = Deck::Forty.cards().iter().map(|c| c.code()).collect();
    for n in 9..=16usize {
        let v = record(
            2,
            0,
            json!([deck[..n], deck[n..2 * n]]),
            json!(deck[2 * n..]),
            json!({}),
            json!([]),
        );
        assert_eq!(ruling(&v).legal, (10..=15).contains(&n), "{n}");
    }
    let v = record(
        2,
        0,
        json!([deck[..10], deck[10..21]]),
        json!(deck[21..]),
        json!({}),
        json!([]),
    );
    assert_eq!(rule_id(&ruling(&v)), Some("deal_invalid"));
    let v = record(
        3,
        0,
        json!([deck[..13], deck[13..26], deck[26..39]]),
        json!(deck[39..]),
        json!({}),
        json!([]),
    );
    assert_eq!(rule_id(&ruling(&v)), Some("deal_invalid"));
}

#[test]
fn with_the_48_card_deck_the_8s_and_9s_take_their_numeric_place() {
    let o = opts(json!({"deck": "forty_eight"}));
    let st = state(
        o,
        3,
        &[&["5o", "1c"], &["6o", "2c"], &["7o", "3c"], &["8o", "9o"]],
        &[],
    );
    let end = run(&st, "0:5o 1:6o 2:7o 3:8o").unwrap();
    assert!(end.can_place(c("9o")));
    assert!(!end.can_place(c("10o")));
    let hands: Vec<Vec<String>> = Suit::ALL
        .iter()
        .map(|s| Rank::ALL.iter().map(|r| Card::new(*r, *s).code()).collect())
        .collect();
    let v = record(
        4,
        3,
        json!(hands),
        json!([]),
        json!({"deck": "forty_eight"}),
        json!([]),
    );
    assert!(ruling(&v).legal);
}

// ---- §6.2 normal play -----------------------------------------------------------------------

#[test]
fn the_holder_of_the_five_of_oros_opens_with_it() {
    let r = ruling(&sorted(json!({}), sorted_events(1)));
    assert!(r.legal);
    let st = dealt_by_0(&[&["1c", "2c"], &["5c", "3c"], &["5o", "4c"]]);
    assert_eq!(st.current_player(), Some(2));
    assert_eq!(
        st.legal_actions(),
        vec![Move::new(2, Action::Play(c("5o")))]
    );
    let (i, e) = run(&st, "2:4c").unwrap_err();
    assert_eq!((i, e.rule.id()), (0, "illegal_placement"));
    assert_eq!(e.reason.render(Lang::En), "4 de copas cannot be placed now");
    assert_eq!(refused(&st, "1:5c"), (0, "out_of_turn"));
}

#[test]
fn a_five_opens_its_suit_and_the_next_card_up_or_down_extends_it() {
    let st = dealt_by_0(&[
        &["5o", "4c", "7o"],
        &["5c", "6o", "3o"],
        &["4o", "6c", "1b"],
    ]);
    assert!(run(&st, "0:5o 1:5c 2:4o 0:4c 1:6o 2:6c 0:7o").is_ok());
    assert!(run(&st, "0:5o 1:6o 2:4o").is_ok());
}

#[test]
fn after_the_7_comes_the_sota_in_the_forty_card_deck() {
    let st = dealt_by_0(&[&["5o", "7o", "12c"], &["6o", "10o", "2c"]]);
    assert!(run(&st, "0:5o 1:6o 0:7o 1:10o").is_ok());
}

#[test]
fn a_card_not_next_to_an_end_cannot_be_placed() {
    let st = dealt_by_0(&[&["5o", "7o", "5c"], &["6o", "10o", "3o"]]);
    let (i, e) = run(&st, "0:5o 1:10o").unwrap_err();
    assert_eq!((i, e.rule.id()), (1, "illegal_placement"));
    assert_eq!(
        e.reason,
        Reason::Cinquillo(CinquilloReason::CannotPlace { card: c("10o") })
    );
    assert_eq!(refused(&st, "0:5o 1:3o"), (1, "illegal_placement"));
}

#[test]
fn cards_of_a_suit_whose_five_is_not_on_the_table_cannot_be_placed() {
    for b in [false, true] {
        let o = CinquilloOptions {
            bastardo: b,
            ..CinquilloOptions::defaults()
        };
        let st = state(o, 0, &[&["5o", "7o"], &["6c", "4o"]], &[]);
        assert_eq!(refused(&st, "0:5o 1:6c"), (1, "illegal_placement"));
    }
}

#[test]
fn a_player_may_pass_only_when_he_cannot_place() {
    let st = dealt_by_0(&[&["5o", "7o"], &["6o", "1c"], &["2c", "3c"]]);
    let (i, e) = run(&st, "0:5o 1:pass").unwrap_err();
    assert_eq!((i, e.rule.id()), (1, "illegal_pass"));
    assert_eq!(
        e.reason,
        Reason::Cinquillo(CinquilloReason::MustPlace {
            seat: 1,
            card: c("6o")
        })
    );
    let ok = run(&st, "0:5o 1:6o 2:pass 0:7o").unwrap();
    assert_eq!(ok.passes(), &[0, 0, 1]);
}

#[test]
fn the_turn_passes_to_the_next_seat_even_on_a_pass() {
    let st = dealt_by_0(&[&["5o", "7o"], &["1c", "6o"], &["2c", "3c"]]);
    let s = run(&st, "0:5o 1:6o 2:pass").unwrap();
    assert_eq!(s.current_player(), Some(0));
    assert_eq!(refused(&st, "0:5o 1:6o 2:pass 2:pass"), (3, "out_of_turn"));
}

#[test]
fn with_two_players_a_pass_draws_the_first_card_of_the_stock() {
    let st = dealt_by_1_with_stock(&[&["5o", "1c"], &["2c", "3c"]], &["6o", "7o", "4o"]);
    let s = run(&st, "0:5o 1:pass").unwrap();
    assert!(s.hand(1).contains(c("6o")));
    assert_eq!(s.stock_left(), &[c("7o"), c("4o")]);
    let s = run(&s, "0:pass 1:6o 0:7o").unwrap();
    assert_eq!(s.stock_left(), &[c("4o")]);
    assert_eq!(s.points(), vec![1, 2]);
}

#[test]
fn when_the_five_of_oros_is_in_the_stock_mano_starts_and_only_it_opens() {
    let st = dealt_by_1_with_stock(&[&["5c", "1c"], &["5e", "2c"]], &["3c", "5o", "4c"]);
    assert_eq!(st.current_player(), Some(0));
    assert_eq!(refused(&st, "0:5c"), (0, "illegal_placement"));
    let s = run(&st, "0:pass 1:pass 0:pass 1:5o 0:5c").unwrap();
    assert!(s.hand(0).contains(c("4c")));
    assert!(s.placed().contains(c("5o")));
}

#[test]
fn the_round_ends_when_a_hand_is_empty_and_later_events_are_out_of_turn() {
    let r = ruling(&sorted(json!({}), sorted_events(37)));
    assert!(r.legal && r.complete);
    assert_eq!(r.points, [0, 1, 1, 1].map(Score::points).to_vec());
    let mut evs = sorted_events(37);
    evs.as_array_mut()
        .unwrap()
        .push(json!({"seat": 1, "play": "12c"}));
    let r2 = ruling(&sorted(json!({}), evs));
    assert_eq!(rule_id(&r2), Some("out_of_turn"));
    assert!(r2.complete);
    assert_eq!(r2.hand_points, r.hand_points);
    let r3 = ruling(&sorted(json!({}), sorted_events(36)));
    assert!(r3.legal && !r3.complete);
    assert_eq!(r3.hand_points, None);
}

#[test]
fn with_a_rotating_opener_mano_starts_and_any_five_opens() {
    let o = opts(json!({"round_opener": "rotating"}));
    let st = state(
        o,
        2,
        &[&["5c", "5o", "1b"], &["4c", "2b"], &["6c", "3b"]],
        &[],
    );
    assert_eq!(st.current_player(), Some(0));
    assert!(run(&st, "0:5c 1:4c 2:6c").is_ok());
    let st = state(o, 2, &[&["1c", "4o"], &["5b", "2b"], &["6c", "5o"]], &[]);
    assert!(run(&st, "0:pass 1:5b").is_ok());
    assert_eq!(refused(&st, "0:pass 1:pass"), (1, "illegal_pass"));
}

// ---- §6.3 scoring -----------------------------------------------------------------------------

#[test]
fn the_winner_scores_five_plus_the_cards_left_in_the_other_hands() {
    let r = ruling(&sorted(json!({}), sorted_events(37)));
    assert_eq!(halves(&r.hand_points), Some(vec![16, 0, 0, 0]));
    assert_eq!(r.game_over, None);
}

#[test]
fn with_two_players_the_stock_does_not_count() {
    let st = dealt_by_1_with_stock(&[&["5o", "6o"], &["2c", "3c"]], &["7o", "4o"]);
    let s = run(&st, "0:5o 1:pass 0:6o").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.result(), Some(vec![Score::points(5 + 3), Score::ZERO]));
}

#[test]
fn with_cards_left_scoring_the_winner_scores_only_the_cards() {
    let r = ruling(&sorted(json!({"scoring": "cards_left"}), sorted_events(37)));
    assert_eq!(halves(&r.hand_points), Some(vec![6, 0, 0, 0]));
}

#[test]
fn with_pot_scoring_the_winner_takes_an_ante_and_a_chip_per_pass_from_each_loser() {
    let o = opts(json!({"scoring": "pot"}));
    let st = state(o, 0, &[&["5o", "7o"], &["1c", "6o"], &["2c", "3c"]], &[]);
    let s = run(&st, "0:5o 1:6o 2:pass 0:7o").unwrap();
    assert!(s.is_terminal());
    assert_eq!(
        s.result(),
        Some(vec![Score::points(1 + 1 + 1), Score::ZERO, Score::ZERO])
    );
}

#[test]
fn worked_check_8_normal_winner_out_others_hold_3_2_5_scores_15() {
    let st = state(
        CinquilloOptions::defaults(),
        3,
        &[
            &["5o"],
            &["1c", "2c", "3c"],
            &["1e", "2e"],
            &["1b", "2b", "3b", "4b", "6b"],
        ],
        &[],
    );
    let s = run(&st, "0:5o").unwrap();
    assert!(s.is_terminal());
    assert_eq!(
        s.result().unwrap(),
        [15, 0, 0, 0].map(Score::points).to_vec()
    );
}

#[test]
fn worked_check_8_bastardo_holdings_1_3_4_6_give_13_to_the_holder_of_1() {
    let o = opts(json!({"bastardo": true}));
    let st = state(
        o,
        3,
        &[
            &["5o", "2c"],
            &["12o", "3c", "4c", "6c"],
            &["1o", "7c", "10c", "11c", "12c"],
            &["1c", "2e", "3e", "4e", "6e", "7e"],
        ],
        &[],
    );
    let s = run(&st, "0:5o 1:12o 2:1o").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.points(), vec![1, 3, 4, 6]);
    assert_eq!(
        s.result().unwrap(),
        [13, 0, 0, 0].map(Score::points).to_vec()
    );
    // Passes after a blocked round are legal; the result stands.
    let after = run(&s, "3:pass 0:pass").unwrap();
    assert_eq!(after.result(), s.result());
}

// ---- §6.4 bastardo ---------------------------------------------------------------------------

#[test]
fn in_bastardo_any_higher_or_lower_card_of_an_opened_suit_may_be_placed_blocking_the_cards_between()
{
    let o = opts(json!({"bastardo": true}));
    let st = state(
        o,
        0,
        &[
            &["5o", "6o", "4c"],
            &["10o", "7o", "1o"],
            &["3o", "2o", "12c"],
        ],
        &[],
    );
    let s = run(&st, "0:5o 1:10o").unwrap();
    assert!(!s.can_place(c("6o")) && !s.can_place(c("7o")));
    assert!(s.can_place(c("11o")) && s.can_place(c("1o")) && s.can_place(c("4o")));
    assert_eq!(
        refused(&st, "0:5o 1:10o 2:3o 0:6o"),
        (3, "illegal_placement")
    );
    let normal = dealt_by_0(&[&["5o", "6o"], &["10o", "7o"]]);
    assert_eq!(refused(&normal, "0:5o 1:10o"), (1, "illegal_placement"));
}

#[test]
fn in_bastardo_a_player_must_still_place_if_he_can() {
    let o = opts(json!({"bastardo": true}));
    let st = state(o, 0, &[&["5o", "6o"], &["10o", "7o"], &["1c", "2c"]], &[]);
    assert_eq!(refused(&st, "0:5o 1:pass"), (1, "illegal_pass"));
}

#[test]
fn a_bastardo_round_ends_when_nobody_can_place_and_passes_after_are_legal() {
    let o = opts(json!({"bastardo": true}));
    let st = state(
        o,
        0,
        &[&["5o", "6o", "1c"], &["12o", "7o"], &["1o", "2c", "3c"]],
        &[],
    );
    let s = run(&st, "0:5o 1:12o").unwrap();
    assert!(!s.is_terminal());
    let s = run(&s, "2:1o").unwrap();
    assert!(s.is_terminal());
    assert!(s.legal_actions().is_empty());
    assert!(run(&s, "0:pass 1:pass 2:pass 0:pass").is_ok());
    assert_eq!(refused(&s, "1:pass"), (0, "out_of_turn"));
    assert_eq!(refused(&s, "0:6o"), (0, "out_of_turn"));
}

/// Three bastardo hands where seats 0 and 2 tie with the fewest cards after one round.
const TIED: [&[&str]; 3] = [
    &["5o", "1c", "2c"],
    &["12o", "3c", "4c", "6c"],
    &["1o", "7c", "10c"],
];

#[test]
fn the_fewest_cards_win_the_cards_in_the_losers_hands_without_the_five() {
    let o = opts(json!({"bastardo": true}));
    let st = state(o, 2, &TIED, &[]);
    let s = run(&st, "0:5o 1:12o 2:1o").unwrap();
    assert_eq!(s.points(), vec![2, 3, 2]);
    assert_eq!(s.winners(), vec![0, 2]);
    // Tied winners split 3 equally: 1.5 each.
    let r = s.result().unwrap();
    assert_eq!(
        r,
        vec![Score::from_halves(3), Score::ZERO, Score::from_halves(3)]
    );
    assert_eq!(serde_json::to_string(&r).unwrap(), "[1.5,0,1.5]");
}

#[test]
fn tied_winners_may_each_score_the_whole_with_full_to_each() {
    let o = opts(json!({"bastardo": true, "tie_split": "full_to_each"}));
    let st = state(o, 2, &TIED, &[]);
    let s = run(&st, "0:5o 1:12o 2:1o").unwrap();
    assert_eq!(s.result().unwrap(), [3, 0, 3].map(Score::points).to_vec());
}

#[test]
fn three_tied_winners_share_the_exact_quotient_never_rounded_to_halves() {
    let o = opts(json!({"bastardo": true}));
    let st = state(
        o,
        3,
        &[
            &["5o", "1c"],
            &["12o", "2c"],
            &["1o", "3c"],
            &["4c", "6c", "7c", "10c", "11c"],
        ],
        &[],
    );
    let s = run(&st, "0:5o 1:12o 2:1o").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.winners(), vec![0, 1, 2]);
    // 5 / 3 each, written as the nearest JSON number: 1.6666666666666667.
    let r = s.result().unwrap();
    assert_eq!(r[0], Score::share(5, 3));
    assert_eq!(r[0].to_value(), json!(1.6666666666666667));
    assert_eq!(
        r[..3].iter().fold(Score::ZERO, |a, b| a.saturating_add(*b)),
        Score::points(5)
    );
}

// ---- revoke, game over, options, messages ----------------------------------------------------

#[test]
fn any_violation_voids_the_round() {
    let mut evs = sorted_events(5);
    evs[4] = json!({"seat": 0, "pass": true});
    let r = ruling(&sorted(json!({}), evs));
    assert_eq!(rule_id(&r), Some("illegal_pass"));
    assert_eq!(halves(&r.hand_points), Some(vec![0; 4]));
    assert!(!r.complete);
    let mut evs = sorted_events(5);
    evs[4] = json!({"seat": 2, "play": "4e"});
    let r = ruling(&sorted(json!({}), evs));
    assert_eq!(rule_id(&r), Some("out_of_turn"));
    assert_eq!(halves(&r.hand_points), Some(vec![0; 4]));
}

#[test]
fn record_errors_are_not_penalised() {
    let mut evs = sorted_events(5);
    evs[4] = json!({"seat": 0, "play": "4c"});
    let r = ruling(&sorted(json!({}), evs.clone()));
    assert_eq!(rule_id(&r), Some("card_not_in_hand"));
    assert_eq!(r.hand_points, None);
    evs[4] = json!({"seat": 0, "trump": "o"});
    let r = ruling(&sorted(json!({}), evs.clone()));
    assert_eq!(rule_id(&r), Some("unknown_event"));
    assert_eq!(r.hand_points, None);
    evs[4] = json!({"seat": 0, "pass": false});
    assert_eq!(
        rule_id(&ruling(&sorted(json!({}), evs))),
        Some("unknown_event")
    );
}

#[test]
fn there_is_no_game_over_without_a_points_limit() {
    let mut v = sorted(json!({}), sorted_events(37));
    v["before"] = json!([95, 0, 0, 0]);
    assert_eq!(ruling(&v).game_over, None);
    let mut v = sorted(json!({"points_limit": 25}), sorted_events(37));
    v["before"] = json!([20, 24, 0, 0]);
    let r = ruling(&v);
    assert_eq!(r.game_over, ended(0, GameOverReason::Target));
    v["before"] = json!([10, 0, 0, 0]);
    assert_eq!(ruling(&v).game_over, None);
}

#[test]
fn every_option_has_a_default_and_an_unknown_option_or_value_is_an_error() {
    check_option_defaults(OPTIONS);
    check_option_docs(OPTIONS);
    let o = CinquilloOptions::defaults();
    assert!(!o.bastardo);
    assert_eq!(o.scoring, Scoring::FivePlusCards);
    assert_eq!(o.round_opener, RoundOpener::FiveOfOros);
    assert_eq!(o.tie_split, TieSplit::Equal);
    let v = sorted(json!({"cabron": true}), json!([]));
    assert!(matches!(
        check_value(&v, Lang::En),
        Err(RecordError::UnknownOption { .. })
    ));
    let v = sorted(json!({"scoring": "chips"}), json!([]));
    assert!(matches!(
        check_value(&v, Lang::En),
        Err(RecordError::BadOptionValue { .. })
    ));
    let v = sorted(json!({"bastardo": "yes"}), json!([]));
    assert!(matches!(
        check_value(&v, Lang::En),
        Err(RecordError::BadOptionValue { .. })
    ));
}

#[test]
fn messages_are_given_in_the_three_languages() {
    for r in [
        CinquilloReason::CannotPlace { card: c("12e") },
        CinquilloReason::MustPlace {
            seat: 1,
            card: c("4o"),
        },
    ] {
        let [es, ca, en] =
            [Lang::Es, Lang::Ca, Lang::En].map(|l| Reason::Cinquillo(r.clone()).render(l));
        assert!(es != en && ca != en && ca != es, "{es} / {ca} / {en}");
    }
    assert_eq!(
        CinquilloReason::CannotPlace { card: c("12e") }.render(Lang::Es),
        "rey de espadas no se puede colocar ahora"
    );
    let v = sorted(json!({}), sorted_events(37));
    let text = explain(&parse_record(&v).unwrap(), &ruling(&v), Lang::En);
    assert!(text.contains("16") || text.contains("8"), "{text}");
}

#[test]
fn the_state_is_never_changed_by_a_refused_action() {
    let st = dealt_by_0(&[&["5o", "7o"], &["6o", "1c"], &["2c", "3c"]]);
    let st = run(&st, "0:5o").unwrap();
    let copy = st.clone();
    for m in script("0:7o 1:pass 1:1c 1:7o 2:pass") {
        assert!(st.apply(&m).is_err(), "{m:?}");
        assert_eq!(st, copy);
    }
}

// ---- random playouts ----------------------------------------------------------------------------

fn option_values(flags: u8) -> Vec<(&'static str, Value)> {
    vec![
        ("bastardo", json!(flags & 1 != 0)),
        ("deck", json!(by_flag(flags, 2, "forty", "forty_eight"))),
        (
            "scoring",
            json!(["five_plus_cards", "cards_left", "pot"][usize::from(flags >> 2) % 3]),
        ),
        (
            "round_opener",
            json!(by_flag(flags, 16, "five_of_oros", "rotating")),
        ),
        (
            "tie_split",
            json!(by_flag(flags, 32, "equal", "full_to_each")),
        ),
    ]
}

/// Every move any seat could attempt.
fn universe(players: u8) -> Vec<Move> {
    let mut v = Vec::new();
    for seat in 0..players {
        for c in Deck::FortyEight.cards().iter() {
            v.push(Move::new(seat, Action::Play(c)));
        }
        v.push(Move::new(seat, Action::Pass));
        v.push(Move::new(seat, Action::Claim));
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    #[test]
    fn random_rounds_keep_every_invariant(
        seed in any::<u64>(),
        players in 2u8..=4,
        flags in any::<u8>(),
    ) {
        let table = TableOptions::from_values(GameKind::Cinquillo, players, &option_values(flags)).unwrap();
        let rec = random_cinquillo_record_with(seed, players, table);
        let o = CinquilloOptions::from_table(&rec.options);
        let deal = validate_deal(&rec, &deal_spec(&o, players, &rec.hands.iter().map(Vec::len).collect::<Vec<_>>())).unwrap();
        let mut st = Cinquillo::from_deal(o, rec.dealer, None, &deal);
        let uni = universe(players);
        for ev in &rec.events {
            let legal = st.legal_actions();
            prop_assert_eq!(legal.is_empty(), st.is_terminal());
            prop_assert!(!legal.is_empty());
            check_legal_actions(&st, &legal, &uni);
            let Event::Move(m) = ev else { panic!("{ev:?}") };
            st = st.apply(m).unwrap();
            // Every card is placed, held or still in the stock, once.
            let mut all: Vec<Card> = st.placed().iter().collect();
            for s in 0..players {
                all.extend(st.hand(s).iter());
            }
            all.extend(st.stock_left().iter().copied());
            let n = all.len();
            let cards = CardSet::from_cards(all);
            prop_assert_eq!(n, cards.len());
            prop_assert_eq!(cards, o.deck.cards());
        }
        prop_assert!(st.is_terminal());
        let r = rule(&rec, Lang::Es);
        prop_assert!(r.legal, "{:?}", r.violation);
        prop_assert!(r.complete);
        prop_assert_eq!(r.points.iter().map(|p| p.floor()).collect::<Vec<_>>(),
            st.points().iter().map(|p| i64::from(*p)).collect::<Vec<_>>());
        // Scores per the options.
        let hp = r.hand_points.clone().unwrap();
        let winners = st.winners();
        let held: Vec<i64> = st.points().iter().map(|p| i64::from(*p)).collect();
        let losers_cards: i64 = (0..players).filter(|s| !winners.contains(s)).map(|s| held[usize::from(s)]).sum();
        if !o.bastardo {
            prop_assert_eq!(winners.len(), 1);
            prop_assert_eq!(held[usize::from(winners[0])], 0);
        }
        let total = match o.scoring {
            Scoring::FivePlusCards if !o.bastardo => 5 + losers_cards,
            Scoring::FivePlusCards | Scoring::CardsLeft => losers_cards,
            Scoring::Pot => (0..players).filter(|s| !winners.contains(s))
                .map(|s| 1 + i64::from(st.passes()[usize::from(s)])).sum(),
        };
        for s in 0..players {
            let got = hp[usize::from(s)];
            if !winners.contains(&s) {
                prop_assert_eq!(got, Score::ZERO);
            } else if o.tie_split == TieSplit::FullToEach || winners.len() == 1 {
                prop_assert_eq!(got, Score::points(total));
            } else {
                // The exact quotient: the winners' shares add up to the total.
                prop_assert_eq!(got, Score::share(total, winners.len() as i64));
                let sum = (0..winners.len()).fold(Score::ZERO, |a, _| a.saturating_add(got));
                prop_assert_eq!(sum, Score::points(total));
            }
        }
        prop_assert_eq!(r.game_over.clone(), None);
        // Replaying gives the same ruling; JSON round trips.
        prop_assert_eq!(rule(&rec, Lang::Es), r.clone());
        check_round_trips(&rec, &r);
        let rec2: HandRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
        prop_assert_eq!(rule(&rec2, Lang::Es), r);
    }

    #[test]
    fn a_truncated_round_is_legal_and_undecided_unless_it_ended(
        seed in any::<u64>(),
        players in 2u8..=4,
        cut in 0usize..80,
    ) {
        let (r, whole) = rule_truncated(random_complete_cinquillo_record(seed, players), cut);
        prop_assert_eq!(r.hand_points.is_some(), whole);
    }

    #[test]
    fn a_mutated_record_is_an_error_or_a_ruling_never_a_panic(
        seed in any::<u64>(),
        players in 2u8..=4,
        (field, junk, at) in junk_in(&["game"], vec![
            json!({"seat": 0, "play": "5o"}), json!({"seat": 1, "pass": true}),
            json!({"bastardo": true}), json!([["5o"], ["4o"]]),
        ]),
    ) {
        let rec = random_complete_cinquillo_record(seed, players);
        check_junk(&rec, field, junk, at);
    }
}

#[test]
fn the_random_generator_is_deterministic_and_its_rounds_are_complete_and_legal() {
    assert_eq!(
        random_complete_cinquillo_record(7, 3),
        random_complete_cinquillo_record(7, 3)
    );
    assert_ne!(
        random_complete_cinquillo_record(7, 3),
        random_complete_cinquillo_record(8, 3)
    );
    for players in 2..=4u8 {
        for seed in 0..60 {
            let rec = random_complete_cinquillo_record(seed, players);
            assert_eq!(rec.players, players);
            let r = rule(&rec, Lang::En);
            assert!(r.legal, "{players} players, seed {seed}: {:?}", r.violation);
            assert!(r.complete);
            assert!(r.hand_points.is_some());
        }
    }
    // Out-of-range player counts are clamped.
    assert_eq!(random_complete_cinquillo_record(1, 9).players, 4);
    assert_eq!(random_complete_cinquillo_record(1, 0).players, 2);
}
