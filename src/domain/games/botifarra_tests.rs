//! One test per rule of docs/rules.md §5, the botifarra items of §8 (3 and 7), every line of
//! tests/data/examples/botifarra.jsonl, and property tests with random playouts.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::cards::Rank;
use crate::domain::check_value;
use crate::domain::engine::GameKind;
use crate::domain::explain;
use crate::domain::options::TableOptions;
use crate::domain::random::random_complete_botifarra_record;
use crate::domain::record::{RecordError, parse_record};
use crate::domain::test_builders::{
    self, Dealt, FourSeatHand, by_flag, c, check_deck, check_examples, check_junk,
    check_option_defaults, check_option_docs, check_round_trips, deal_four, ended, examples,
    four_seat_hand, four_sets, junk_in, play_picks, refused, rule_truncated, run, set, with,
};
use crate::domain::trick::CardValues;
use crate::domain::trick::card_points;
use proptest::prelude::*;
use serde_json::{Value, json};

fn example(i: usize) -> Value {
    examples(GameKind::Botifarra)[i]["record"].clone()
}

fn ruling(v: &Value) -> Ruling {
    check_value(v, Lang::En).unwrap()
}

fn rule_id(r: &Ruling) -> Option<&'static str> {
    r.violation.as_ref().map(|v| v.rule.id())
}

fn hp(r: &Ruling) -> Option<Vec<i64>> {
    r.hand_points
        .as_ref()
        .map(|h| h.iter().map(|s| s.whole().unwrap()).collect())
}

/// The rule a record breaks and its hand points.
fn broken(v: &Value) -> (Option<&'static str>, Option<Vec<i64>>) {
    let r = ruling(v);
    (rule_id(&r), hp(&r))
}

fn script(s: &str) -> Vec<Move> {
    test_builders::script(GameKind::Botifarra, s)
}

/// A state with small hands (the state machine does not check hand sizes).
fn state(dealer: u8, hands: [&[&str]; 4]) -> Botifarra {
    Botifarra::new(BotifarraOptions::defaults(), dealer, [0, 0], hands.map(set))
}

/// The suited deal, dealer 3, with the default options after `change`.
fn suited_with(change: impl FnOnce(&mut BotifarraOptions)) -> Botifarra {
    let o = with(BotifarraOptions::defaults(), change);
    Botifarra::new(o, 3, [0, 0], suited().map(set))
}

/// Four hands holding one suit each: seat 0 oros, 1 copas, 2 espadas, 3 bastos.
fn suited() -> [&'static [&'static str]; 4] {
    [
        &[
            "1o", "2o", "3o", "4o", "5o", "6o", "7o", "8o", "9o", "10o", "11o", "12o",
        ],
        &[
            "1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "11c", "12c",
        ],
        &[
            "1e", "2e", "3e", "4e", "5e", "6e", "7e", "8e", "9e", "10e", "11e", "12e",
        ],
        &[
            "1b", "2b", "3b", "4b", "5b", "6b", "7b", "8b", "9b", "10b", "11b", "12b",
        ],
    ]
}

/// The record of example line `i` with its events replaced.
fn with_events(i: usize, events: Value) -> Value {
    let mut v = example(i);
    v["events"] = events;
    v
}

/// Example 0 with `event` after its last.
fn example0_then(event: Value) -> Value {
    let mut v = example(0);
    v["events"].as_array_mut().unwrap().push(event);
    v
}

/// Example 0's deal (dealer 1, seat 1 chooses espadas) played as in the example, with the
/// doubling calls replaced.
fn example0_with_calls(calls: Value) -> Value {
    let mut v = example(0);
    let evs: Vec<Value> = v["events"].as_array().unwrap().clone();
    let mut out = vec![json!({"seat": 1, "trump": "e"})];
    out.extend(calls.as_array().unwrap().iter().cloned());
    out.extend(evs.into_iter().filter(|e| e.get("play").is_some()));
    v["events"] = Value::Array(out);
    v
}

// ---- the example records ----------------------------------------------------------------

#[test]
fn every_botifarra_example_gets_its_expected_ruling() {
    check_examples(GameKind::Botifarra);
}

// ---- §5.1 deck, rank, points ------------------------------------------------------------

#[test]
fn the_48_cards_hold_60_points_and_the_12_tricks_make_72() {
    assert_eq!(Deck::FortyEight.size(), 48);
    assert_eq!(card_points(Deck::FortyEight.cards().iter(), &VALUES), 60);
    assert_eq!(60 + 12, 72);
    for (card, pts) in [
        ("9o", 5),
        ("1o", 4),
        ("12o", 3),
        ("11o", 2),
        ("10o", 1),
        ("8o", 0),
        ("2o", 0),
    ] {
        assert_eq!(VALUES.points(c(card)), pts, "{card}");
    }
}

#[test]
fn the_manilla_beats_the_ace_then_rey_caballo_sota_and_8_down_to_2() {
    let order = [
        "9o", "1o", "12o", "11o", "10o", "8o", "7o", "6o", "5o", "4o", "3o", "2o",
    ];
    for w in order.windows(2) {
        assert!(VALUES.strength(c(w[0])) > VALUES.strength(c(w[1])), "{w:?}");
    }
}

// ---- §5.2 deal ---------------------------------------------------------------------------

#[test]
fn a_deal_needs_all_48_cards_twelve_each_and_no_turned_card() {
    let mut v = example(0);
    v["turned"] = json!("1o");
    assert_eq!(rule_id(&ruling(&v)), Some("deal_invalid"));
    let mut v = example(0);
    v["hands"][0][0] = json!("9o");
    let r = ruling(&v);
    assert_eq!(rule_id(&r), Some("deal_invalid"));
    assert_eq!(r.violation.as_ref().unwrap().event, None);
    assert_eq!(r.violation.as_ref().unwrap().seat, Some(1));
    assert_eq!(hp(&r), None);
    let mut v = example(0);
    v["stock"] = json!(["9o"]);
    assert_eq!(rule_id(&ruling(&v)), Some("deal_invalid"));
}

#[test]
fn the_deal_passes_right_and_a_misdeal_follows_the_misdeal_policy() {
    let o = BotifarraOptions::defaults();
    assert_eq!(o.misdeal_policy, MisdealPolicy::SameDealerThenPass);
    assert_eq!(o.dealer_after_misdeal(3, 1), 3);
    assert_eq!(o.dealer_after_misdeal(3, 2), 0);
    let pass = BotifarraOptions {
        misdeal_policy: MisdealPolicy::PassRight,
        ..o
    };
    assert_eq!(pass.dealer_after_misdeal(1, 1), 2);
    let same = BotifarraOptions {
        misdeal_policy: MisdealPolicy::SameDealer,
        ..o
    };
    assert_eq!(same.dealer_after_misdeal(1, 5), 1);
}

// ---- §5.3 trump choice and delegation ----------------------------------------------------

#[test]
fn the_dealer_chooses_a_suit_botifarra_or_delegates() {
    let st = state(3, suited());
    assert_eq!(st.current_player(), Some(3));
    let legal = st.legal_actions();
    assert_eq!(legal.len(), 6);
    assert_eq!(
        run(&st, "3:t:c").unwrap().trumps(),
        Some(Trumps::Suit(Suit::Copas))
    );
    assert_eq!(
        run(&st, "3:t:botifarra").unwrap().trumps(),
        Some(Trumps::Botifarra)
    );
    let d = run(&st, "3:t:delegate").unwrap();
    assert!(d.is_choosing() && d.delegated());
    assert_eq!(d.current_player(), Some(1));
    assert_eq!(
        run(&d, "1:t:o").unwrap().trumps(),
        Some(Trumps::Suit(Suit::Oros))
    );
}

#[test]
fn a_delegated_partner_cannot_delegate_back() {
    let st = state(3, suited());
    assert_eq!(
        refused(&st, "3:t:delegate 1:t:delegate"),
        (1, "illegal_trump")
    );
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "delegate"}, {"seat": 3, "trump": "delegate"}]),
    );
    assert_eq!(broken(&v), (Some("illegal_trump"), Some(vec![36, 0])));
}

/// A trump event by anyone but the chooser is out of turn; a card or a double before
/// trumps are chosen is refused; a trump event after trumps are chosen is illegal_trump.
#[test]
fn a_trump_event_or_a_card_or_a_double_out_of_its_place_is_refused() {
    let st = state(3, suited());
    for (s, refusal) in [
        ("0:t:c", (0, "out_of_turn")),
        ("3:t:delegate 3:t:c", (1, "out_of_turn")),
        ("0:5o", (0, "out_of_turn")),
        ("0:d:contro", (0, "illegal_double")),
        ("3:t:c 3:t:o", (1, "illegal_trump")),
        ("3:t:c 0:5o 3:t:o", (2, "illegal_trump")),
    ] {
        assert_eq!(refused(&st, s), refusal, "{s}");
    }
}

#[test]
fn botifarra_doubles_the_value_of_the_hand() {
    let o = BotifarraOptions::defaults();
    assert_eq!(o.multiplier(false, 0), 1);
    assert_eq!(o.multiplier(true, 0), 2);
    assert_eq!(hand_score([45, 27], o.multiplier(true, 0)), [18, 0]);
}

// ---- §5.4 contro, recontro, Sant Vicenç --------------------------------------------------

/// The doubling level after the calls `s` on the suited deal, dealer 3.
fn level_after(s: &str) -> u8 {
    run(&state(3, suited()), s).unwrap().double_level()
}

/// The calls `s` on the suited deal, dealer 3, are refused as an illegal double at call
/// `at`.
fn illegal_double(s: &str, at: usize) {
    assert_eq!(
        refused(&state(3, suited()), s),
        (at, "illegal_double"),
        "{s}"
    );
}

#[test]
fn either_opponent_may_say_contro_after_the_trump_choice() {
    // Dealer 3 chooses: the opponents are seats 0 and 2.
    assert_eq!(level_after("3:t:c 2:d:contro"), 1);
    assert_eq!(level_after("3:t:c 0:d:pass 2:d:contro"), 1);
    illegal_double("3:t:c 1:d:contro", 1);
}

#[test]
fn recontro_belongs_to_the_declaring_side() {
    assert_eq!(level_after("3:t:c 0:d:contro 1:d:recontro"), 2);
    illegal_double("3:t:c 0:d:contro 2:d:recontro", 2);
}

#[test]
fn sant_vicenc_belongs_to_the_contro_side_and_not_to_botifarra() {
    let st = state(3, suited());
    let sv = run(&st, "3:t:c 0:d:contro 3:d:recontro 2:d:sant_vicenc").unwrap();
    assert_eq!(sv.double_level(), 3);
    assert_eq!(sv.multiplier(), 8);
    assert!(!sv.is_doubling());
    illegal_double("3:t:c 0:d:contro 3:d:recontro 1:d:sant_vicenc", 3);
    let (i, e) = run(&st, "3:t:botifarra 0:d:contro 3:d:recontro 2:d:sant_vicenc").unwrap_err();
    assert_eq!((i, e.rule.id()), (3, "illegal_double"));
    assert_eq!(
        e.reason,
        Reason::Botifarra(BotifarraReason::SantVicencOnBotifarra)
    );
    // Recontro is the top of botifarra: ×2 × 4 = 8.
    assert_eq!(
        run(&st, "3:t:botifarra 0:d:contro 3:d:recontro")
            .unwrap()
            .multiplier(),
        8
    );
}

#[test]
fn each_level_is_said_once_and_in_order() {
    illegal_double("3:t:c 0:d:recontro", 1);
    illegal_double("3:t:c 0:d:contro 2:d:contro", 2);
    illegal_double("3:t:c 0:d:contro 1:d:sant_vicenc", 2);
}

#[test]
fn a_pass_from_outside_the_entitled_side_or_a_second_pass_is_illegal_double() {
    illegal_double("3:t:c 1:d:pass", 1);
    illegal_double("3:t:c 0:d:pass 0:d:pass", 2);
    // After contro the contro side has no say until Sant Vicenç.
    illegal_double("3:t:c 0:d:contro 2:d:pass", 2);
}

#[test]
fn a_player_who_passed_at_a_level_may_not_then_say_it_but_his_partner_may() {
    let st = state(3, suited());
    let (i, e) = run(&st, "3:t:c 0:d:pass 0:d:contro").unwrap_err();
    assert_eq!((i, e.rule), (2, RuleId::IllegalDouble));
    assert_eq!(
        e.reason,
        boti(BotifarraReason::PassedThenCalled {
            seat: 0,
            call: DoubleCall::Contro
        })
    );
    assert!(run(&st, "3:t:c 0:d:pass 2:d:contro").is_ok());
    // The same at the next level, for the declaring side.
    illegal_double("3:t:c 0:d:contro 3:d:pass 3:d:recontro", 3);
    assert!(run(&st, "3:t:c 0:d:contro 3:d:pass 1:d:recontro").is_ok());
    // In a record it is penalised at the multiplier in force: 2 after contro.
    let v = example0_with_calls(json!([
        {"seat": 2, "double": "contro"},
        {"seat": 1, "double": "pass"},
        {"seat": 1, "double": "recontro"}
    ]));
    let r = ruling(&v);
    assert_eq!(rule_id(&r), Some("illegal_double"));
    assert_eq!(r.violation.as_ref().unwrap().event, Some(3));
    assert_eq!(hp(&r), Some(vec![72, 0]));
    assert!(!r.complete);
}

#[test]
fn a_trump_value_that_is_not_a_choice_is_illegal_trump_and_penalised_at_36() {
    // Example 0: dealer 1, so seat 1 chooses.
    for junk in [json!("pass"), json!("oros"), json!(3), json!(null)] {
        let r = ruling(&with_events(0, json!([{"seat": 1, "trump": junk}])));
        assert_eq!(rule_id(&r), Some("illegal_trump"), "{junk}");
        assert_eq!(hp(&r), Some(vec![36, 0]), "{junk}");
        assert!(!r.legal && !r.complete);
    }
    // The turn is checked first: a seat that does not choose is out of turn.
    let v = with_events(0, json!([{"seat": 2, "trump": "pass"}]));
    assert_eq!(broken(&v), (Some("out_of_turn"), Some(vec![0, 36])));
    // After the choice any trump event is illegal_trump, whatever its value.
    let r = ruling(&with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 3, "trump": "pass"}]),
    ));
    assert_eq!(rule_id(&r), Some("illegal_trump"));
    let msg = &r.violation.unwrap().message;
    assert!(msg.contains("already"), "{msg}");
}

#[test]
fn a_double_that_is_not_a_level_is_illegal_double_and_penalised() {
    let v = example0_with_calls(json!([{"seat": 2, "double": "surcontro"}]));
    let r = ruling(&v);
    assert_eq!(rule_id(&r), Some("illegal_double"));
    assert_eq!(r.violation.as_ref().unwrap().event, Some(1));
    assert_eq!(hp(&r), Some(vec![0, 36]));
    let msg = &r.violation.as_ref().unwrap().message;
    assert!(msg.contains("\"surcontro\" is not a double"), "{msg}");
    // After contro the multiplier in force is 2.
    let v = example0_with_calls(json!([
        {"seat": 0, "double": "contro"},
        {"seat": 3, "double": true}
    ]));
    assert_eq!(broken(&v), (Some("illegal_double"), Some(vec![72, 0])));
}

#[test]
fn a_bid_in_botifarra_is_an_event_of_another_game_whatever_its_value() {
    for bid in ["pass", "alone"] {
        let r = ruling(&with_events(0, json!([{"seat": 1, "bid": bid}])));
        assert_eq!(rule_id(&r), Some("unknown_event"), "{bid}");
        assert_eq!((hp(&r), r.game_over.clone()), (None, None));
    }
}

#[test]
fn the_doubling_ends_when_both_pass_at_the_top_level_or_at_manos_lead() {
    let st = state(3, suited());
    let both = run(&st, "3:t:c 0:d:pass 2:d:pass").unwrap();
    assert!(!both.is_doubling());
    assert_eq!(
        refused(&st, "3:t:c 0:d:pass 2:d:pass 2:d:contro"),
        (3, "illegal_double")
    );
    // Missing passes are no error: mano's lead closes the doubling.
    let lead = run(&st, "3:t:c 0:d:pass 0:5o").unwrap();
    assert_eq!(lead.current_trick().len(), 1);
    assert_eq!(refused(&st, "3:t:c 0:5o 2:d:contro"), (2, "illegal_double"));
    // Only mano may lead; another seat's card is out of turn.
    assert_eq!(refused(&st, "3:t:c 2:5e"), (1, "out_of_turn"));
    // Top level: nothing may follow Sant Vicenç.
    assert_eq!(
        refused(
            &st,
            "3:t:c 0:d:contro 1:d:recontro 0:d:sant_vicenc 1:d:pass"
        ),
        (4, "illegal_double")
    );
}

#[test]
fn the_multiplier_is_two_for_botifarra_times_two_per_level() {
    let o = BotifarraOptions::defaults();
    let suit: Vec<i64> = (0..4).map(|l| o.multiplier(false, l)).collect();
    let boti: Vec<i64> = (0..3).map(|l| o.multiplier(true, l)).collect();
    assert_eq!(suit, vec![1, 2, 4, 8]);
    assert_eq!(boti, vec![2, 4, 8]);
}

#[test]
fn with_the_additive_scale_the_levels_multiply_by_2_3_and_4() {
    let o = BotifarraOptions {
        double_scale: DoubleScale::Additive,
        ..BotifarraOptions::defaults()
    };
    let suit: Vec<i64> = (0..4).map(|l| o.multiplier(false, l)).collect();
    assert_eq!(suit, vec![1, 2, 3, 4]);
    let v = example0_with_calls(
        json!([{"seat": 0, "double": "contro"}, {"seat": 1, "double": "recontro"}]),
    );
    let mut v = v;
    v["options"] = json!({"double_scale": "additive"});
    assert_eq!(hp(&ruling(&v)), Some(vec![13 * 3, 0]));
}

#[test]
fn without_sant_vicenc_recontro_is_the_top_level() {
    let st = suited_with(|o| o.allow_sant_vicenc = false);
    let r = run(&st, "3:t:c 0:d:contro 1:d:recontro").unwrap();
    assert!(!r.is_doubling());
    assert_eq!(
        refused(&st, "3:t:c 0:d:contro 1:d:recontro 0:d:sant_vicenc"),
        (3, "illegal_double")
    );
}

#[test]
fn without_contro_on_botifarra_a_botifarra_cannot_be_doubled() {
    let st = suited_with(|o| o.allow_contro_on_botifarra = false);
    let (i, e) = run(&st, "3:t:botifarra 0:d:contro").unwrap_err();
    assert_eq!((i, e.rule), (1, RuleId::IllegalDouble));
    assert_eq!(
        e.reason,
        Reason::Botifarra(BotifarraReason::NoControOnBotifarra)
    );
    assert!(run(&st, "3:t:c 0:d:contro").is_ok());
}

// ---- §5.5 play ---------------------------------------------------------------------------

#[test]
fn mano_leads_the_first_trick_and_the_winner_leads_the_next() {
    let r = ruling(&example(0));
    assert_eq!(r.tricks[0].leader, 2); // dealer 1, mano 2
    for w in r.tricks.windows(2) {
        assert_eq!(w[1].leader, w[0].winner);
    }
    // The delegated choice does not change who leads.
    let st = state(3, suited());
    let d = run(&st, "3:t:delegate 1:t:o 0:1o").unwrap();
    assert_eq!(d.current_trick(), &[(0, c("1o"))]);
}

/// Seat 0's legal cards after seat 0 (dealer) names `trump` and seats 1, 2 and 3 play `played`.
fn legal_for_seat0(trump: &str, played: [&str; 3], hand0: &[&str]) -> CardSet {
    // Dealer 0: mano is seat 1, seat 2 is seat 0's partner.
    let st = state(0, [hand0, &[played[0]], &[played[1]], &[played[2]]]);
    let s = format!(
        "0:t:{trump} 1:{} 2:{} 3:{}",
        played[0], played[1], played[2]
    );
    run(&st, &s).unwrap().legal_cards()
}

/// [`legal_for_seat0`] is `legal`.
fn seat0_may_play(trump: &str, played: [&str; 3], hand0: &[&str], legal: &[&str]) {
    assert_eq!(legal_for_seat0(trump, played, hand0), set(legal));
}

#[test]
fn worked_check_3_partner_winning_void_means_any_card() {
    seat0_may_play("c", ["5o", "9o", "4o"], &["2c", "12e"], &["2c", "12e"]);
}

#[test]
fn worked_check_3_an_opponent_winning_and_void_means_trump() {
    seat0_may_play("c", ["9o", "4o", "2o"], &["2c", "12e"], &["2c"]);
}

#[test]
fn worked_check_3_over_an_opponents_trump_overtrump_if_able_else_anything() {
    seat0_may_play("c", ["5o", "4o", "1c"], &["9c", "3c"], &["9c"]);
    seat0_may_play(
        "c",
        ["5o", "4o", "1c"],
        &["3c", "4e", "5e"],
        &["3c", "4e", "5e"],
    );
}

#[test]
fn over_a_partner_a_follower_need_only_follow_suit() {
    seat0_may_play("c", ["5o", "9o", "4o"], &["1o", "2o", "3c"], &["1o", "2o"]);
}

#[test]
fn over_an_opponent_a_follower_must_follow_and_beat() {
    seat0_may_play("c", ["5o", "4o", "12o"], &["1o", "2o", "3c"], &["1o"]);
    let st = state(0, [&["1o", "2o", "3c"], &["5o"], &["4o"], &["12o"]]);
    assert_eq!(refused(&st, "0:t:c 1:5o 2:4o 3:12o 0:2o"), (4, "must_beat"));
    assert_eq!(
        refused(&st, "0:t:c 1:5o 2:4o 3:12o 0:3c"),
        (4, "must_follow_suit")
    );
}

#[test]
fn after_an_opponents_trump_any_card_of_the_led_suit_will_do() {
    seat0_may_play("c", ["5o", "4o", "1c"], &["6o", "2o", "9c"], &["6o", "2o"]);
}

#[test]
fn a_void_player_who_does_not_trump_or_overtrump_an_opponent_revokes() {
    let st = state(0, [&["9c", "3c", "4e"], &["5o"], &["4o"], &["1c"]]);
    let last = |card: &str| refused(&st, &format!("0:t:c 1:5o 2:4o 3:1c 0:{card}"));
    assert_eq!(last("3c"), (4, "must_overtrump"));
    assert_eq!(last("4e"), (4, "must_overtrump"));
    let st = state(0, [&["3c", "4e"], &["9o"], &["4o"], &["2o"]]);
    assert_eq!(refused(&st, "0:t:c 1:9o 2:4o 3:2o 0:4e"), (4, "must_trump"));
}

#[test]
fn in_botifarra_a_follower_follows_and_beats_an_opponent_and_a_void_player_plays_anything() {
    seat0_may_play(
        "botifarra",
        ["5o", "4o", "12o"],
        &["1o", "2o", "3c"],
        &["1o"],
    );
    seat0_may_play(
        "botifarra",
        ["5o", "9o", "4o"],
        &["1o", "2o", "3c"],
        &["1o", "2o"],
    );
    seat0_may_play(
        "botifarra",
        ["9o", "4o", "2o"],
        &["2c", "12e"],
        &["2c", "12e"],
    );
}

#[test]
fn in_botifarra_there_are_no_trumps_and_the_led_suit_wins() {
    let st = state(0, [&["2c"], &["5o"], &["4o"], &["12o"]]);
    let end = run(&st, "0:t:botifarra 1:5o 2:4o 3:12o 0:2c").unwrap();
    assert_eq!(end.tricks()[0].winner, 3);
    assert_eq!(end.points(), [0, 4]);
    let st = state(0, [&["2c"], &["5o"], &["4o"], &["12o"]]);
    let end = run(&st, "0:t:c 1:5o 2:4o 3:12o 0:2c").unwrap();
    assert_eq!(end.tricks()[0].winner, 0);
    assert_eq!(end.points(), [4, 0]);
}

#[test]
fn a_card_not_held_is_card_not_in_hand_and_not_penalised() {
    let st = state(0, [&["2c"], &["5o"], &["4o"], &["12o"]]);
    assert_eq!(refused(&st, "0:t:c 1:9o"), (1, "card_not_in_hand"));
    let mut evs = example(0)["events"].as_array().unwrap().clone();
    evs[5] = json!({"seat": 2, "play": "9o"});
    let r = ruling(&with_events(0, Value::Array(evs)));
    assert_eq!(rule_id(&r), Some("card_not_in_hand"));
    assert_eq!(hp(&r), None);
}

// ---- §5.6 scoring --------------------------------------------------------------------------

#[test]
fn the_side_over_36_scores_the_excess_times_the_multiplier() {
    // Example 0: espadas, contro, side 0 has 49.
    let r = ruling(&example(0));
    assert_eq!(r.points.iter().map(|s| s.whole().unwrap()).sum::<i64>(), 72);
    assert_eq!(hp(&r), Some(vec![26, 0]));
    let plain = example0_with_calls(json!([]));
    assert_eq!(hp(&ruling(&plain)), Some(vec![13, 0]));
    let re = example0_with_calls(
        json!([{"seat": 2, "double": "contro"}, {"seat": 3, "double": "recontro"}]),
    );
    assert_eq!(hp(&ruling(&re)), Some(vec![52, 0]));
    let sv = example0_with_calls(json!([
        {"seat": 2, "double": "contro"}, {"seat": 3, "double": "recontro"}, {"seat": 0, "double": "sant_vicenc"}
    ]));
    assert_eq!(hp(&ruling(&sv)), Some(vec![104, 0]));
}

#[test]
fn worked_check_7_botifarra_scoring() {
    let o = BotifarraOptions::defaults();
    assert_eq!(hand_score([45, 27], o.multiplier(false, 2)), [36, 0]);
    assert_eq!(hand_score([27, 45], o.multiplier(true, 0)), [0, 18]);
    assert_eq!(hand_score([36, 36], o.multiplier(true, 2)), [0, 0]);
    // Revoke in botifarra with contro: 36 × 4 to the opponents.
    let st = state(3, suited());
    let st = run(&st, "3:t:botifarra 0:d:contro").unwrap();
    assert_eq!(st.penalty(0), [0, 144]);
    let mut evs = example(1)["events"].as_array().unwrap().clone();
    evs[1] = json!({"seat": 2, "double": "contro"});
    evs[2] = json!({"seat": 1, "double": "pass"});
    evs[4] = json!({"seat": 3, "play": "12b"});
    let r = ruling(&with_events(1, Value::Array(evs)));
    assert_eq!(rule_id(&r), Some("must_follow_suit"));
    assert_eq!(hp(&r), Some(vec![144, 0]));
}

#[test]
fn thirty_six_all_scores_nothing_and_a_capot_scores_36_times_the_multiplier() {
    assert_eq!(hand_score([36, 36], 8), [0, 0]);
    assert_eq!(hand_score([72, 0], 1), [36, 0]);
    assert_eq!(hand_score([0, 72], 4), [0, 144]);
    // A capot played out: seat 0 holds all the oros (trumps) and the 9s, 1s…
    let st = state(3, suited());
    let mut s = String::from("3:t:o 0:d:pass 2:d:pass");
    let ranks = [
        "9", "1", "12", "11", "10", "8", "7", "6", "5", "4", "3", "2",
    ];
    for r in ranks {
        s.push_str(&format!(" 0:{r}o 1:{r}c 2:{r}e 3:{r}b"));
    }
    let end = run(&st, &s).unwrap();
    assert!(end.is_terminal());
    assert_eq!(end.points(), [72, 0]);
    assert_eq!(end.result(), Some([36, 0]));
}

#[test]
fn the_game_ends_when_a_side_passes_100() {
    let mut v = example(0);
    v["before"] = json!([75, 99]);
    let r = ruling(&v);
    assert_eq!(r.game_over, ended(0, GameOverReason::Target));
    v["before"] = json!([74, 99]);
    assert_eq!(ruling(&v).game_over, None);
    let mut v = example(0);
    v["options"] = json!({"target": 151});
    v["before"] = json!([125, 0]);
    assert_eq!(ruling(&v).game_over, ended(0, GameOverReason::Target));
}

#[test]
fn tournament_caps_count_at_most_the_maximum_and_end_after_the_deal_limit() {
    let o = BotifarraOptions::from_table(
        &TableOptions::from_values(
            GameKind::Botifarra,
            4,
            &[("max_counted_score", json!(121)), ("deal_limit", json!(12))],
        )
        .unwrap(),
    );
    assert_eq!(o.counted_score(160), 121);
    assert_eq!(o.counted_score(101), 101);
    assert!(!o.deal_limit_reached(11));
    assert!(o.deal_limit_reached(12));
    let d = BotifarraOptions::defaults();
    assert_eq!(d.counted_score(300), 300);
    assert!(!d.deal_limit_reached(1000));
}

// ---- §5.7 revoke ---------------------------------------------------------------------------

#[test]
fn a_revoke_gives_the_opponents_36_times_the_multiplier_in_force() {
    // During the trump choice: 36.
    let v = with_events(0, json!([{"seat": 0, "trump": "c"}]));
    assert_eq!(broken(&v), (Some("out_of_turn"), Some(vec![0, 36])));
    assert!(!ruling(&v).complete);
    // During the doubling, after contro: 72.
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 0, "double": "contro"}, {"seat": 0, "double": "recontro"}]),
    );
    assert_eq!(broken(&v), (Some("illegal_double"), Some(vec![0, 72])));
    // A card out of turn in play, no doubles: 36.
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 3, "play": "10e"}]),
    );
    assert_eq!(broken(&v), (Some("out_of_turn"), Some(vec![36, 0])));
}

#[test]
fn with_revoke_penalty_none_nobody_scores_a_revoked_hand() {
    let mut v = example(4);
    v["options"] = json!({"revoke_penalty": "none"});
    let r = ruling(&v);
    assert_eq!(rule_id(&r), Some("must_beat"));
    assert_eq!(hp(&r), Some(vec![0, 0]));
    assert_eq!(r.game_over, None);
}

#[test]
fn the_rectify_option_does_not_change_how_a_record_is_ruled() {
    let mut v = example(4);
    let plain = ruling(&v);
    v["options"] = json!({"revoke_rectify_before_next_trick": true});
    assert_eq!(ruling(&v), plain);
    v["options"] = json!({"revoke_rectify_before_next_trick": false});
    assert_eq!(ruling(&v), plain);
}

#[test]
fn an_event_after_the_end_is_a_violation_but_the_result_stands() {
    let v = example0_then(json!({"seat": 0, "play": "1o"}));
    assert_eq!(broken(&v), (Some("out_of_turn"), Some(vec![26, 0])));
    assert!(ruling(&v).complete);
    let v = example0_then(json!({"seat": 0, "double": "contro"}));
    assert_eq!(broken(&v), (Some("illegal_double"), Some(vec![26, 0])));
}

#[test]
fn events_of_other_games_are_unknown_events() {
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 1, "cante": "e"}]),
    );
    assert_eq!(broken(&v), (Some("unknown_event"), None));
    let v = with_events(0, json!([{"seat": 1, "bid": "solo"}]));
    assert_eq!(rule_id(&ruling(&v)), Some("unknown_event"));
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 2, "play": "zz"}]),
    );
    assert_eq!(rule_id(&ruling(&v)), Some("card_not_in_hand"));
    let v = with_events(
        0,
        json!([{"seat": 1, "trump": "e"}, {"seat": 3, "play": "zz"}]),
    );
    assert_eq!(rule_id(&ruling(&v)), Some("out_of_turn"));
}

// ---- options, messages, explanation --------------------------------------------------------

#[test]
fn every_option_has_a_default_and_an_unknown_option_or_value_is_an_error() {
    check_option_defaults(OPTIONS);
    check_option_docs(OPTIONS);
    let o = BotifarraOptions::defaults();
    assert_eq!(o.double_scale, DoubleScale::Geometric);
    assert!(o.allow_sant_vicenc && o.allow_contro_on_botifarra);
    assert_eq!(o.revoke_penalty, RevokePenalty::AllPointsInPlay);
    assert_eq!(o.target, 101);
    let mut v = example(0);
    v["options"] = json!({"target_score": 101});
    assert!(matches!(
        check_value(&v, Lang::En),
        Err(RecordError::UnknownOption { .. })
    ));
    v["options"] = json!({"double_scale": "exponential"});
    assert!(matches!(
        check_value(&v, Lang::En),
        Err(RecordError::BadOptionValue { .. })
    ));
    v["options"] = json!({"double_scale": "ADDITIVE", "allow_sant_vicenc": false});
    assert!(check_value(&v, Lang::En).is_ok());
}

#[test]
fn messages_are_given_in_the_three_languages_with_the_terms_kept() {
    let all = [
        BotifarraReason::TrumpPending { chooser: 1 },
        BotifarraReason::NotTheChooser { chooser: 1, got: 2 },
        BotifarraReason::DelegateBack,
        BotifarraReason::TrumpAlreadyChosen,
        BotifarraReason::DoublingOver,
        BotifarraReason::WrongLevel {
            call: DoubleCall::Recontro,
            expected: DoubleCall::Contro,
        },
        BotifarraReason::WrongSide {
            seat: 1,
            call: DoubleCall::Contro,
        },
        BotifarraReason::AlreadyPassed { seat: 2 },
        BotifarraReason::SantVicencOnBotifarra,
        BotifarraReason::SantVicencNotAllowed,
        BotifarraReason::NoControOnBotifarra,
    ];
    for r in all {
        let [es, ca, en] =
            [Lang::Es, Lang::Ca, Lang::En].map(|l| Reason::Botifarra(r.clone()).render(l));
        assert!(
            !es.is_empty() && es != en && ca != en && ca != es,
            "{es} / {ca} / {en}"
        );
    }
    let r = BotifarraReason::WrongLevel {
        call: DoubleCall::SantVicenc,
        expected: DoubleCall::Recontro,
    };
    for l in Lang::ALL {
        let m = r.render(l);
        assert!(m.contains("Sant Vicenç") && m.contains("recontro"), "{m}");
    }
}

#[test]
fn the_summary_names_trumps_the_doubling_and_the_multiplier() {
    let v = example(4);
    let rec = parse_record(&v).unwrap();
    let r = ruling(&v);
    let s = contract_summary(&rec, &r, Lang::En);
    assert!(
        s.contains("copas") && s.contains("Sant Vicenç") && s.contains("×8"),
        "{s}"
    );
    let text = explain(&rec, &r, Lang::Ca);
    assert!(
        text.contains("renuncio: no va superar la carta guanyadora"),
        "{text}"
    );
    let d = with_events(
        0,
        json!([{"seat": 1, "trump": "delegate"}, {"seat": 3, "trump": "botifarra"}]),
    );
    let rec = parse_record(&d).unwrap();
    let s = contract_summary(&rec, &ruling(&d), Lang::Es);
    assert!(
        s.contains("botifarra") && s.contains("delegado") && s.contains("×2"),
        "{s}"
    );
}

#[test]
fn the_state_is_never_changed_by_a_refused_action() {
    let st = run(&state(3, suited()), "3:t:c 0:d:contro").unwrap();
    let copy = st.clone();
    for m in script("3:t:o 0:d:recontro 1:d:contro 2:5e 0:5c") {
        assert!(st.apply(&m).is_err(), "{m:?}");
        assert_eq!(st, copy);
    }
}

// ---- random playouts ------------------------------------------------------------------------

/// Every move any seat could attempt in botifarra.
fn universe() -> Vec<Move> {
    let mut v = Vec::new();
    for seat in 0..4u8 {
        for s in Suit::ALL {
            v.push(Move::new(seat, Action::Trump(TrumpCall::Suit(s))));
        }
        v.push(Move::new(seat, Action::Trump(TrumpCall::Botifarra)));
        v.push(Move::new(seat, Action::Trump(TrumpCall::Delegate)));
        for d in [
            DoubleCall::Contro,
            DoubleCall::Recontro,
            DoubleCall::SantVicenc,
            DoubleCall::Pass,
        ] {
            v.push(Move::new(seat, Action::Double(d)));
        }
        for c in Deck::FortyEight.cards().iter() {
            v.push(Move::new(seat, Action::Play(c)));
        }
        v.push(Move::new(seat, Action::Pass));
    }
    v
}

fn option_values(flags: u8) -> Vec<(&'static str, Value)> {
    vec![
        (
            "double_scale",
            json!(by_flag(flags, 1, "geometric", "additive")),
        ),
        ("allow_sant_vicenc", json!(flags & 2 == 0)),
        ("allow_contro_on_botifarra", json!(flags & 4 == 0)),
    ]
}

fn all_cards(st: &Botifarra) -> Vec<Card> {
    let mut v: Vec<Card> = (0..4).flat_map(|s| st.hand(s).to_vec()).collect();
    v.extend(st.tricks().iter().flat_map(|t| t.cards.clone()));
    v.extend(st.current_trick().iter().map(|&(_, c)| c));
    v
}

/// Rebuilds the events of a ruling from its trump and doubling calls and its tricks.
fn replay_events(rec: &HandRecord, r: &Ruling) -> Vec<Event> {
    let mut events: Vec<Event> = rec
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Move(Move {
                    action: Action::Trump(_) | Action::Double(_),
                    ..
                })
            )
        })
        .cloned()
        .collect();
    for t in &r.tricks {
        let mut seat = t.leader;
        for c in &t.cards {
            events.push(Event::Move(Move::new(seat, Action::Play(*c))));
            seat = (seat + 1) % 4;
        }
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_invariant(h in four_seat_hand(Deck::FortyEight, 101, 80)) {
        let FourSeatHand { deck, dealer, before, flags, picks } = h;
        let hands = deal_four(&deck, dealer, 4);
        let table = TableOptions::from_values(GameKind::Botifarra, 4, &option_values(flags)).unwrap();
        let opts = BotifarraOptions::from_table(&table);
        let st = Botifarra::new(opts, dealer, before, four_sets(&hands));
        let (st, events) = play_picks(st, &picks, &universe(), |st| {
            check_deck(all_cards(st), Deck::FortyEight.cards())
        });
        let dealt = Dealt { game: GameKind::Botifarra, players: 4, options: table, dealer, before: Some(before.to_vec()), turned: None };
        let record = dealt.record(hands, events);
        let r = rule(&record, Lang::Es);
        prop_assert!(r.legal, "{:?}", r.violation);
        prop_assert_eq!(r.complete, st.is_terminal());
        prop_assert_eq!(r.tricks.as_slice(), st.tricks());
        prop_assert_eq!(r.hand_points.clone(), st.hand_points());
        if st.is_terminal() {
            let p = st.points();
            prop_assert_eq!(p[0] + p[1], 72);
            let hp = st.result().unwrap();
            prop_assert!(hp[0] == 0 || hp[1] == 0);
            prop_assert_eq!((hp[0] + hp[1]) % st.multiplier(), 0);
            let over = r.game_over.is_some();
            let reaches = (0..2).any(|s| hp[s] > 0 && before[s] + hp[s] > 100);
            prop_assert_eq!(over, reaches);
        }
        // Replaying the calls and the tricks gives the same events and the same ruling.
        let mut again = record.clone();
        again.events = replay_events(&record, &r);
        if st.current_trick().is_empty() {
            prop_assert_eq!(&again.events, &record.events);
            prop_assert_eq!(rule(&again, Lang::Es), r.clone());
        }
        check_round_trips(&record, &r);
    }

    #[test]
    fn a_truncated_random_hand_is_legal_and_incomplete_unless_it_ended(
        seed in any::<u64>(),
        cut in 0usize..70,
    ) {
        let (r, whole) = rule_truncated(random_complete_botifarra_record(seed), cut);
        prop_assert_eq!(r.hand_points.is_some(), whole);
    }

    #[test]
    fn a_mutated_record_is_an_error_or_a_ruling_never_a_panic(
        seed in any::<u64>(),
        (field, junk, at) in junk_in(&["game"], vec![
            json!({"seat": 0, "play": "9o"}), json!({"seat": 1, "double": "contro"}),
            json!({"seat": 2, "trump": "delegate"}), json!({"seat": 3, "pass": true}),
        ]),
    ) {
        let rec = random_complete_botifarra_record(seed);
        check_junk(&rec, field, junk, at);
    }
}

#[test]
fn the_random_generator_is_deterministic_and_its_hands_are_complete_and_legal() {
    assert_eq!(
        random_complete_botifarra_record(7),
        random_complete_botifarra_record(7)
    );
    assert_ne!(
        random_complete_botifarra_record(7),
        random_complete_botifarra_record(8)
    );
    let mut levels = [0usize; 4];
    let mut botifarras = 0;
    for seed in 0..200 {
        let rec = random_complete_botifarra_record(seed);
        let r = rule(&rec, Lang::En);
        assert!(r.legal, "seed {seed}: {:?}", r.violation);
        assert!(r.complete, "seed {seed}");
        let pts: i64 = r.points.iter().map(|s| s.whole().unwrap()).sum();
        assert_eq!(pts, 72);
        let level = rec
            .events
            .iter()
            .filter(|e| matches!(e, Event::Move(Move { action: Action::Double(d), .. }) if *d != DoubleCall::Pass))
            .count();
        levels[level.min(3)] += 1;
        if rec.events.iter().any(|e| {
            matches!(
                e,
                Event::Move(Move {
                    action: Action::Trump(TrumpCall::Botifarra),
                    ..
                })
            )
        }) {
            botifarras += 1;
        }
        assert_eq!(
            rec.hands.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![12; 4]
        );
    }
    assert!(levels.iter().all(|n| *n > 0), "{levels:?}");
    assert!(botifarras > 0);
    let _ = Rank::As;
}
