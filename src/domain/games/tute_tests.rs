//! One test per rule of docs/rules.md §2 (tute) and per tute item of §8, the shared
//! examples, and random playouts. Helpers shared with the guiñote tests live here.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::cards::Card;
use crate::domain::cards::CardSet;
use crate::domain::cards::{Deck, Suit};
use crate::domain::engine::GameState;
use crate::domain::games::tute_family::Family;
use crate::domain::messages::Reason;
use crate::domain::options::TableOptions;
use crate::domain::random::{random_complete_tute_record, random_complete_tute_record_with};
use crate::domain::record::Event;
use crate::domain::record::Move;
use crate::domain::record::validate_deal;
use crate::domain::record::{Action, parse_record};
use crate::domain::ruling::RuleId;
use crate::domain::ruling::Score;
use crate::domain::test_builders::{
    self, Deal, Rec, c, cards, check_deck, check_example_messages, check_examples,
    check_legal_actions, check_option_defaults, check_option_docs, ended, finish, rule_of, run,
    set, tricks,
};
use crate::domain::trick::{Partnership, TrickView, legal_cards};
use crate::domain::{check_value, explain};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Parses a tute script (see [`test_builders::script`]).
pub(crate) fn script(s: &str) -> Vec<Move> {
    test_builders::script(GameKind::Tute, s)
}

// ---- deals -------------------------------------------------------------------------------

/// Deal A — 4 players, dealer 3 (mano 0), trumps oros (2o turned, in the dealer's hand).
/// Seat 0 holds the 40 (oros) and the 20 in copas, seat 2 the 20 in bastos (and in
/// espadas until he follows the first trick with the caballo).
const DEAL_A: &str = "1o 3o 12o 11o 12c 11c 1e 3e 4e 5e / \
                      1c 3c 10c 7c 6c 5c 4c 2c 2e 10e / \
                      12e 11e 12b 11b 1b 3b 4b 5b 6b 7b / \
                      10o 7o 6o 5o 4o 2o 6e 7e 10b 2b";
/// Seat 0 wins the first trick with the as de espadas.
const A_T1: &str = "0:1e 1:2e 2:11e 3:6e";

/// Deal K — 4 players, dealer 3, trumps bastos (1b turned): seat 0 holds the four reyes.
const DEAL_K: &str = "12o 12c 12e 12b 1o 1c 1e 3o 3c 3e / \
                      2o 4o 5o 6o 7o 2c 4c 5c 6c 7c / \
                      10o 11o 10c 11c 10e 11e 2e 4e 5e 6e / \
                      1b 3b 11b 10b 2b 4b 5b 6b 7b 7e";
/// Seat 0 wins the first trick of deal K (and of deal H).
const K_T1: &str = "0:1e 1:2o 2:2e 3:7e";

/// Deal H — deal K with the caballos and reyes swapped: seat 0 holds the four caballos.
fn deal_h() -> Deal {
    Deal::new(DEAL_K, "").swap(&[
        ("11o", "12o"),
        ("11c", "12c"),
        ("11e", "12e"),
        ("11b", "12b"),
    ])
}

/// Deal P — 2 players, dealer 1 (mano 0), trumps bastos (1b last of the stock).
/// Seat 0 holds the 7 of trumps and the 20 in copas; seat 1 the 2 of trumps.
const DEAL_P: [&[&str]; 2] = [
    &["7b", "12c", "11c", "1o", "3o", "4o", "5o", "6o"],
    &["2b", "12e", "10e", "1c", "3c", "4c", "5c", "6c"],
];
const STOCK_P: [&str; 24] = [
    "11e", "2o", "7o", "10o", "11o", "12o", "2c", "7c", "10c", "1e", "3e", "4e", "5e", "6e", "7e",
    "2e", "3b", "4b", "5b", "6b", "10b", "11b", "12b", "1b",
];

fn def() -> TuteOptions {
    TuteOptions::defaults()
}

/// The state of a deal of four (dealer 3) with `turned` turned.
fn four(deal: &Deal, turned: &str, opts: TuteOptions) -> Tute {
    Tute::new(opts, 4, 3, None, deal.sets(), Vec::new(), c(turned))
}

/// A deal of four written as hands (see [`Deal::new`]) as a state with `turned` turned.
fn four_of(hands: &'static str, turned: &str, opts: TuteOptions) -> Tute {
    four(&Deal::new(hands, ""), turned, opts)
}

/// Deal A as a state.
fn a(opts: TuteOptions) -> Tute {
    four_of(DEAL_A, "2o", opts)
}

fn two(opts: TuteOptions) -> Tute {
    let hands = DEAL_P.iter().map(|h| set(h)).collect();
    Tute::new(opts, 2, 1, None, hands, cards(&STOCK_P), c("1b"))
}

fn n_tricks(t: &Tute) -> usize {
    t.core().tricks().len()
}

fn opts_json(v: Value) -> TuteOptions {
    let m = v.as_object().unwrap().clone();
    let t = crate::domain::options::validate(GameKind::Tute, 4, &m).unwrap();
    TuteOptions::from_table(&t)
}

/// Deal A as a record.
fn deal_a() -> Rec {
    let hands = Deal::new(DEAL_A, "").hands;
    Rec::new(GameKind::Tute, 4, 3).hands(hands).turned("2o")
}

/// Deal K as a record.
fn deal_k() -> Rec {
    let hands = Deal::new(DEAL_K, "").hands;
    Rec::new(GameKind::Tute, 4, 3).hands(hands).turned("1b")
}

/// Deal P as a record.
fn deal_p() -> Rec {
    Rec::new(GameKind::Tute, 2, 1)
        .hands(DEAL_P)
        .stock(STOCK_P)
        .turned("1b")
}

/// The side that scores the hand (the one whose hand points are not zero).
fn hand_winner_side(r: &Ruling) -> usize {
    let hp = r.hand_points.as_ref().unwrap();
    hp.iter().position(|x| !x.is_zero()).unwrap()
}

fn ruling(v: &Value) -> Ruling {
    check_value(v, Lang::En).unwrap()
}

// ---- the example records -----------------------------------------------------------------

#[test]
fn every_tute_example_gets_its_expected_ruling() {
    check_examples(GameKind::Tute);
}

#[test]
fn the_example_messages_are_read_out_in_english_as_given() {
    check_example_messages(GameKind::Tute, &[]);
}

// ---- §2.1 deck, rank, points (§8 items 1 and 2) --------------------------------------------

#[test]
fn worked_check_1_card_points_are_120_and_the_last_trick_makes_130() {
    assert_eq!(
        crate::domain::trick::card_points(Deck::Forty.cards().iter(), &RankTable::TUTE),
        120
    );
    let (end, _) = finish(a(def()));
    assert!(end.is_terminal());
    assert_eq!(end.core().points().iter().sum::<u32>(), 130);
}

#[test]
fn worked_check_2_in_tute_the_caballo_beats_the_sota_and_scores_3() {
    use crate::domain::trick::CardValues;
    let v = RankTable::TUTE;
    assert!(v.strength(c("11o")) > v.strength(c("10o")));
    assert_eq!((v.points(c("11o")), v.points(c("10o"))), (3, 2));
    // A, 3, R, C, S, 7, 6, 5, 4, 2.
    let order = [
        "1c", "3c", "12c", "11c", "10c", "7c", "6c", "5c", "4c", "2c",
    ];
    for w in order.windows(2) {
        assert!(v.strength(c(w[0])) > v.strength(c(w[1])), "{w:?}");
    }
}

#[test]
fn the_marriage_is_rey_and_caballo() {
    // Seat 2 (deal A) holds rey + caballo de espadas; a rey + sota is no marriage.
    let st = run(&a(def()), A_T1).unwrap();
    assert!(run(&st, "2:cante:b").is_ok());
    assert_eq!(rule_of(run(&st, "2:cante:c")), (0, RuleId::IllegalCante));
}

// ---- §2.2 variants and deals ---------------------------------------------------------------

/// The rule a record breaks.
fn breaks(rec: Rec) -> RuleId {
    rec.rule().violation.unwrap().rule
}

fn deal_value(players: u8, hands: Vec<Vec<Card>>, stock: Vec<Card>, turned: Card) -> Value {
    let h: Vec<Vec<String>> = hands
        .iter()
        .map(|h| h.iter().map(|c| c.code()).collect())
        .collect();
    json!({"format": "baza-hand/1", "game": "tute", "players": players, "options": {},
           "dealer": 0, "hands": h, "stock": stock.iter().map(|c| c.code()).collect::<Vec<_>>(),
           "turned": turned.code(), "events": []})
}

#[test]
fn four_players_get_ten_cards_each_and_the_turned_card_is_the_dealers() {
    assert!(deal_a().rule().legal);
    // The turned card must be in the dealer's hand.
    assert_eq!(breaks(deal_a().turned("1o")), RuleId::DealInvalid);
    // Wrong hand sizes.
    let deal = Deal::new(DEAL_A, "");
    let mut hands: Vec<Vec<Card>> = deal.hands.iter().map(|h| cards(h)).collect();
    let moved = hands[0].pop().unwrap();
    hands[1].push(moved);
    let r = ruling(&deal_value(4, hands, vec![], c("2o")));
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn mano_leads_the_first_trick_and_the_winner_the_next() {
    let st = a(def());
    assert_eq!(st.current_player(), Some(0));
    assert_eq!(rule_of(run(&st, "1:2e")), (0, RuleId::OutOfTurn));
    let st = run(&st, A_T1).unwrap();
    assert_eq!(st.current_player(), Some(0));
}

#[test]
fn three_players_use_36_cards_without_the_2s_twelve_each_the_dealers_last_turned() {
    let mut deck = Deck::ThirtySix.cards().to_vec();
    deck.reverse();
    let hands: Vec<Vec<Card>> = (0..3).map(|i| deck[i * 12..i * 12 + 12].to_vec()).collect();
    let last = *hands[0].last().unwrap();
    let r = ruling(&deal_value(3, hands.clone(), vec![], last));
    assert!(r.legal, "{:?}", r.violation);
    assert_eq!(r.points.len(), 3);
    // Not the dealer's last card → deal_invalid; a 2 in the deal → deal_invalid.
    let r = ruling(&deal_value(3, hands.clone(), vec![], hands[0][0]));
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
    let mut with2 = hands;
    with2[1][0] = c("2o");
    let r = ruling(&deal_value(3, with2, vec![], last));
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn the_forty_card_alternative_deals_thirteen_each_and_a_spare_marking_trumps() {
    let deck = Deck::Forty.cards().to_vec();
    let hands: Vec<Vec<Card>> = (0..3).map(|i| deck[i * 13..i * 13 + 13].to_vec()).collect();
    let spare = deck[39];
    let mut v = deal_value(3, hands, vec![spare], spare);
    v["options"] = json!({"tute3_deck": "forty_with_spare"});
    let r = ruling(&v);
    assert!(r.legal, "{:?}", r.violation);
    v["options"] = json!({});
    assert_eq!(ruling(&v).violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn two_players_get_eight_cards_and_a_stock_of_24_with_the_turned_card_last() {
    assert!(deal_p().rule().legal);
    assert_eq!(breaks(deal_p().turned("12b")), RuleId::DealInvalid);
    // With hand_size_2p = 6 the same deal has wrong sizes.
    let six = deal_p().options(json!({"hand_size_2p": 6}));
    assert_eq!(breaks(six), RuleId::DealInvalid);
}

#[test]
fn with_hand_size_2p_6_two_players_get_six_cards_and_a_stock_of_28() {
    let mut hands: Vec<Vec<Card>> = DEAL_P.iter().map(|h| cards(h)).collect();
    let mut stock = cards(&STOCK_P);
    for h in hands.iter_mut() {
        for _ in 0..2 {
            stock.insert(0, h.pop().unwrap());
        }
    }
    let mut v = deal_value(2, hands, stock, c("1b"));
    v["options"] = json!({"hand_size_2p": 6});
    assert!(ruling(&v).legal);
}

#[test]
fn the_trick_winner_draws_first_and_the_turned_card_is_drawn_last() {
    let st = run(&two(def()), "0:1o 1:4c").unwrap();
    assert!(st.core().hand(0).contains(c("11e")));
    assert!(st.core().hand(1).contains(c("2o")));
    assert_eq!(st.core().stock().len(), 22);
    // After the 12th trick the stock is gone and the loser of that trick has the pinta.
    let st = tricks(st, 11, n_tricks);
    assert!(st.core().stock().is_empty());
    let last = st.core().tricks().last().unwrap().winner;
    assert!(st.core().hand(1 - last).contains(c("1b")));
    assert_eq!(st.core().hand(0).len(), 8);
}

// ---- §2.3 legal play ------------------------------------------------------------------------

fn legal(rules: &PlayRules, trick: &[(u8, &str)], me: u8, hand: &[&str], pairs: bool) -> CardSet {
    let t: Vec<(u8, Card)> = trick.iter().map(|(s, x)| (*s, c(x))).collect();
    let view = TrickView {
        cards: &t,
        trump: Some(Suit::Oros),
        partnership: if pairs {
            Partnership::Pairs
        } else {
            Partnership::Individual
        },
    };
    legal_cards(set(hand), me, &view, rules, &RankTable::TUTE)
}

/// [`legal`] at the default table of four (in pairs).
fn legal4(trick: &[(u8, &str)], me: u8, hand: &[&str]) -> CardSet {
    legal(&config(4, &def()).play_rules, trick, me, hand, true)
}

#[test]
fn a_follower_must_follow_suit_and_beat_if_he_can() {
    let l = legal4(&[(0, "10c")], 1, &["12c", "4c", "1o", "1e"]);
    assert_eq!(l, set(&["12c"]));
    let l = legal4(&[(0, "1c")], 1, &["12c", "4c", "1o"]);
    assert_eq!(l, set(&["12c", "4c"]));
    let st = a(def());
    // Seat 1 holds espadas: a copa is a must_follow_suit.
    assert_eq!(rule_of(run(&st, "0:1e 1:4c")), (1, RuleId::MustFollowSuit));
}

#[test]
fn a_follower_must_beat_even_over_his_partner() {
    // Seat 1 (partner of 3) leads sota, seat 2 plays 4, seat 3 must still beat with the rey.
    let l = legal4(&[(1, "10c"), (2, "4c")], 3, &["12c", "2c"]);
    assert_eq!(l, set(&["12c"]));
}

#[test]
fn with_unless_partner_winning_a_follower_need_not_beat_his_partner() {
    let o = opts_json(json!({"head_led_suit": "unless_partner_winning"}));
    let r = config(4, &o).play_rules;
    let l = legal(&r, &[(1, "10c"), (2, "4c")], 3, &["12c", "2c"], true);
    assert_eq!(l, set(&["12c", "2c"]));
}

#[test]
fn a_void_player_must_trump_and_overtrump_if_he_can() {
    assert_eq!(
        legal4(&[(0, "1c")], 1, &["2o", "12o", "1e"]),
        set(&["2o", "12o"])
    );
    assert_eq!(
        legal4(&[(0, "1c"), (1, "7o")], 2, &["2o", "12o", "1e"]),
        set(&["12o"])
    );
}

#[test]
fn without_undertrump_a_player_who_cannot_overtrump_may_play_anything() {
    let hand = ["2o", "1e"];
    assert_eq!(legal4(&[(0, "1c"), (1, "7o")], 2, &hand), set(&hand));
    let strict = config(4, &opts_json(json!({"undertrump": true}))).play_rules;
    assert_eq!(
        legal(&strict, &[(0, "1c"), (1, "7o")], 2, &hand, true),
        set(&["2o"])
    );
}

#[test]
fn after_a_trump_a_follower_need_only_follow_suit() {
    let l = legal4(&[(0, "10c"), (1, "2o")], 2, &["12c", "4c"]);
    assert_eq!(l, set(&["12c", "4c"]));
}

#[test]
fn three_players_each_play_alone_and_must_beat_everybody() {
    let r = config(3, &def()).play_rules;
    let l = legal(&r, &[(0, "10c"), (1, "11c")], 2, &["12c", "4c"], false);
    assert_eq!(l, set(&["12c"]));
}

#[test]
fn in_the_two_player_stock_phase_any_card_is_legal() {
    let st = two(def());
    // Seat 1 may answer the as de oros with a copa while the stock lasts.
    assert!(run(&st, "0:1o 1:4c").is_ok());
    assert_eq!(
        st.apply(&Move::new(0, Action::Play(c("1o"))))
            .unwrap()
            .core()
            .legal_cards()
            .len(),
        8
    );
}

#[test]
fn the_trump_lead_option_forces_a_trump_answer_while_the_stock_lasts() {
    let o = opts_json(json!({"trump_lead_forces_trump_in_stock_phase": true}));
    let st = two(o);
    assert_eq!(rule_of(run(&st, "0:7b 1:4c")), (1, RuleId::MustFollowSuit));
    assert!(run(&st, "0:7b 1:2b").is_ok());
    assert!(run(&two(def()), "0:7b 1:4c").is_ok());
}

#[test]
fn after_the_stock_two_players_have_full_obligations() {
    let st = tricks(two(def()), 12, n_tricks);
    assert!(st.core().stock().is_empty());
    let leader = st.current_player().unwrap();
    let lead = st.core().legal_cards().iter().next().unwrap();
    let st = st.apply(&Move::new(leader, Action::Play(lead))).unwrap();
    let follower = 1 - leader;
    let hand = st.core().hand(follower);
    let legal = st.core().legal_cards();
    if !hand.of_suit(lead.suit()).is_empty() {
        assert!(legal.iter().all(|x| x.suit() == lead.suit()));
    }
    for x in hand.difference(legal).iter() {
        assert!(st.apply(&Move::new(follower, Action::Play(x))).is_err());
    }
}

// ---- §2.4 cantes and tute -----------------------------------------------------------------

#[test]
fn a_cante_needs_a_trick_won_by_the_side() {
    let st = run(&a(def()), A_T1).unwrap();
    assert_eq!(rule_of(run(&st, "1:cante:c")), (0, RuleId::IllegalCante));
    assert_eq!(rule_of(run(&st, "3:cante:o")), (0, RuleId::IllegalCante));
}

#[test]
fn there_is_no_cante_before_the_first_trick() {
    let st = a(def());
    let (_, e) = run(&st, "0:cante:o").err().unwrap();
    assert_eq!(e.rule, RuleId::IllegalCante);
    assert_eq!(e.reason, Reason::CanteBeforeFirstTrick);
}

#[test]
fn a_cante_after_the_next_lead_is_too_late() {
    let st = run(&a(def()), &format!("{A_T1} 0:3e")).unwrap();
    assert_eq!(rule_of(run(&st, "0:cante:o")), (0, RuleId::IllegalCante));
}

#[test]
fn a_cante_is_worth_20_or_40_in_trumps_and_counts_for_the_side() {
    let st = run(&a(def()), &format!("{A_T1} 0:cante:o 2:cante:b")).unwrap();
    let values: Vec<u32> = st.core().sung().iter().map(|s| s.value).collect();
    assert_eq!(values, vec![40, 20]);
    // Trick 1: as 11 + sota 2... = 11 + 0 + 3 + 0 = 14 cards, + 60 cantes.
    assert_eq!(st.core().points(), vec![14 + 60, 0]);
}

#[test]
fn both_partners_may_sing_after_one_trick_once_each() {
    let st = run(&a(def()), A_T1).unwrap();
    let st2 = run(&st, "0:cante:o 2:cante:b").unwrap();
    assert_eq!(rule_of(run(&st2, "2:cante:b")), (0, RuleId::IllegalCante));
    let side = opts_json(json!({"cantes_per_trick": "one_per_side"}));
    let st = run(&a(side), A_T1).unwrap();
    assert_eq!(
        rule_of(run(&st, "0:cante:o 2:cante:b")),
        (1, RuleId::IllegalCante)
    );
}

#[test]
fn the_forty_is_sung_before_any_twenty() {
    let st = run(&a(def()), A_T1).unwrap();
    let (_, e) = run(&st, "0:cante:c").err().unwrap();
    assert_eq!(e.reason, Reason::FortyFirst { trump: Suit::Oros });
}

#[test]
fn a_marriage_not_sung_at_the_first_chance_lapses() {
    // Seat 0 sings nothing after trick 1: his 40 lapses; after trick 2 the 20 in copas
    // is still his to sing.
    let st = run(&a(def()), &format!("{A_T1} 0:3e 1:10e 2:12e 3:7e")).unwrap();
    let (_, e) = run(&st, "0:cante:o").err().unwrap();
    assert_eq!(e.reason, Reason::CanteLapsed { suit: Suit::Oros });
    assert!(run(&st, "0:cante:c").is_ok());
    // Seat 2's marriages lapsed too (he could sing one of them after trick 1).
    assert_eq!(rule_of(run(&st, "2:cante:b")), (0, RuleId::IllegalCante));
}

#[test]
fn without_cante_lapses_a_marriage_can_wait_for_a_later_trick() {
    let o = opts_json(json!({"cante_lapses": false}));
    let st = run(&a(o), &format!("{A_T1} 0:3e 1:10e 2:12e 3:7e")).unwrap();
    assert!(run(&st, "0:cante:o").is_ok());
}

#[test]
fn each_suit_is_sung_once_and_a_cante_needs_both_cards() {
    let st = run(&a(def()), A_T1).unwrap();
    let (i, e) = run(&st, "0:cante:o 2:cante:o").err().unwrap();
    assert_eq!(
        (i, e.reason),
        (1, Reason::SuitAlreadySung { suit: Suit::Oros })
    );
    let (_, e) = run(&st, "2:cante:c").err().unwrap();
    assert_eq!(e.rule, RuleId::IllegalCante);
    assert!(
        e.reason.render(Lang::En).contains("rey and the caballo"),
        "{:?}",
        e
    );
}

#[test]
fn a_tute_of_four_reyes_wins_the_hand_at_once() {
    let st = run(&four_of(DEAL_K, "1b", def()), &format!("{K_T1} 0:tute")).unwrap();
    assert!(st.is_terminal());
    assert_eq!(st.result(), Some(vec![1, 0]));
    let ev = script(&format!("{K_T1} 0:tute"));
    let r = deal_k().before(vec![0, 0]).moves(&ev).rule();
    assert!(r.complete && r.legal);
    let cante = serde_json::to_value(&r.cantes[0]).unwrap();
    assert_eq!(
        cante,
        json!({"seat": 0, "suit": null, "tute": "kings", "value": 0, "event": 4})
    );
    // No last 10: only the first trick's cards.
    assert_eq!(r.points, vec![Score::points(11), Score::ZERO]);
    assert_eq!(r.game_over.unwrap().reason, GameOverReason::Tute);
}

#[test]
fn a_tute_of_four_caballos_wins_too_and_a_false_tute_is_illegal_tute() {
    let st = run(&four(&deal_h(), "1b", def()), &format!("{K_T1} 0:tute")).unwrap();
    assert_eq!(
        st.core().sung()[0].tute,
        Some(crate::domain::ruling::TuteKind::Caballos)
    );
    let st = run(&a(def()), A_T1).unwrap();
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
}

#[test]
fn with_allow_tute_false_a_tute_is_illegal() {
    let o = opts_json(json!({"allow_tute": false}));
    let st = run(&four_of(DEAL_K, "1b", o), K_T1).unwrap();
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
}

/// Deal S — 4 players, dealer 3, trumps bastos (1b turned): seat 0 holds the four reyes
/// and the caballo de oros (a 20 to sing first).
const DEAL_S: &str = "12o 12c 12e 12b 11o 1c 1e 3c 3e 4c / \
                      2o 4o 7o 6o 2c 5c 2e 4b 5b 6b / \
                      10o 1o 3o 10c 11c 10e 11e 4e 5e 7b / \
                      1b 3b 11b 10b 2b 7e 6e 5o 6c 7c";

#[test]
fn a_player_who_sang_before_may_not_declare_a_tute() {
    let plays = "0:1e 1:2e 2:4e 3:6e 0:cante:o 0:1c 1:2c 2:10c 3:6c";
    let st = run(&four_of(DEAL_S, "1b", def()), plays).unwrap();
    assert_eq!(st.core().tricks().last().unwrap().winner, 0);
    let (_, e) = run(&st, "0:tute").err().unwrap();
    assert_eq!(e.rule, RuleId::IllegalTute);
    assert!(e.reason.render(Lang::En).contains("already sung"), "{e:?}");
    let o = opts_json(json!({"tute_after_cante": true}));
    let st = run(&four_of(DEAL_S, "1b", o), plays).unwrap();
    assert!(run(&st, "0:tute").is_ok());
}

#[test]
fn two_players_sing_only_while_cards_remain_in_the_stock_after_the_draw() {
    let st = run(&two(def()), "0:1o 1:4c").unwrap();
    assert!(run(&st, "0:cante:c").is_ok());
    // After the 12th trick the stock is empty: no cante (the last card drawn included).
    let st = tricks(two(opts_json(json!({"cante_lapses": false}))), 12, n_tricks);
    let w = st.core().tricks().last().unwrap().winner;
    let need = Reason::TuteFamily(crate::domain::games::tute_family::FamilyReason::CantesNeedStock);
    let (_, e) = run(&st, &format!("{w}:cante:c")).err().unwrap();
    assert_eq!((e.rule, e.reason), (RuleId::IllegalCante, need.clone()));
    let with = tricks(
        two(opts_json(json!({"cantes_in_arrastre": true}))),
        12,
        n_tricks,
    );
    assert!(with.core().stock().is_empty());
    if let Err((_, e)) = run(&with, &format!("{w}:cante:c")) {
        assert_ne!(e.reason, need);
    }
}

#[test]
fn the_tute_sung_in_cantes_has_a_null_suit_and_no_value() {
    let ev = script(&format!("{K_T1} 0:tute"));
    let r = deal_k().moves(&ev).rule();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["cantes"][0]["suit"], Value::Null);
    assert_eq!(v["hand_points"], json!([1, 0]));
}

// ---- §2.5 exchange of the turned trump (2 players) -----------------------------------------

#[test]
fn the_trump_7_may_be_exchanged_for_a_high_pinta_after_a_trick_won() {
    let st = run(&two(def()), "0:1o 1:4c 0:x:7b").unwrap();
    assert!(st.core().hand(0).contains(c("1b")));
    assert_eq!(st.core().pinta(), Some(c("7b")));
    // Seat 1 holds the 2 of trumps: he may take the 7 later, but not in seat 0's window.
    assert_eq!(rule_of(run(&st, "1:x:2b")), (0, RuleId::IllegalExchange));
}

#[test]
fn the_trump_2_may_be_exchanged_for_a_7_6_5_or_4_and_exchanges_may_chain() {
    // Seat 1 wins trick 1 and holds the 2 of trumps, but the pinta is an as: the 2
    // cannot take it.
    let st = run(&two(def()), "0:12c 1:1c").unwrap();
    assert_eq!(st.core().tricks().last().unwrap().winner, 1);
    assert_eq!(rule_of(run(&st, "1:x:2b")), (0, RuleId::IllegalExchange));
    // Seat 0 swaps his 7 first; then seat 1, winning the next trick, takes the 7 with the 2.
    let st = run(&two(def()), "0:1o 1:4c 0:x:7b 0:12c 1:1c").unwrap();
    assert_eq!(st.core().tricks().last().unwrap().winner, 1);
    let st = run(&st, "1:x:2b").unwrap();
    assert_eq!(st.core().pinta(), Some(c("2b")));
    assert!(st.core().hand(1).contains(c("7b")));
}

#[test]
fn an_exchange_needs_the_window_of_the_side_and_the_pinta_in_the_stock() {
    let st = two(def());
    assert_eq!(rule_of(run(&st, "0:x:7b")), (0, RuleId::IllegalExchange));
    assert_eq!(
        rule_of(run(&st, "0:1o 0:x:7b")),
        (1, RuleId::IllegalExchange)
    );
    // Once the pinta has been drawn there is nothing to exchange.
    let st = tricks(two(def()), 12, n_tricks);
    let w = st.core().tricks().last().unwrap().winner;
    let seven = if st.core().hand(w).contains(c("7b")) {
        "7b"
    } else {
        "2b"
    };
    assert_eq!(
        rule_of(run(&st, &format!("{w}:x:{seven}"))),
        (0, RuleId::IllegalExchange)
    );
}

#[test]
fn an_exchange_in_tute_for_three_or_four_is_illegal_exchange() {
    let st = run(&a(def()), A_T1).unwrap();
    assert_eq!(rule_of(run(&st, "0:x:3o")), (0, RuleId::IllegalExchange));
    let o = opts_json(json!({"allow_exchange": false}));
    assert_eq!(
        rule_of(run(&two(o), "0:1o 1:4c 0:x:7b")),
        (2, RuleId::IllegalExchange)
    );
}

// ---- §2.6 scoring -------------------------------------------------------------------------

#[test]
fn the_side_with_more_points_wins_the_hand() {
    let (end, _) = finish(a(def()));
    let p = end.core().points();
    let w = usize::from(p[1] > p[0]);
    let mut want = vec![0, 0];
    want[w] = 1;
    assert_eq!(end.result(), Some(want));
}

fn ties(players: u8) -> usize {
    let mut found = 0;
    for seed in 0..3000 {
        let rec = random_complete_tute_record(seed, players);
        let r = rule(&rec, Lang::En);
        if r.cantes.iter().any(|c| c.tute.is_some()) {
            continue;
        }
        let best = r.points.iter().max().copied().unwrap();
        let tied: Vec<u8> = (0..r.points.len() as u8)
            .filter(|s| r.points[usize::from(*s)] == best)
            .collect();
        if tied.len() < 2 {
            continue;
        }
        found += 1;
        let side = |seat: u8| if players == 4 { seat % 2 } else { seat };
        let want = r
            .tricks
            .iter()
            .rev()
            .map(|t| side(t.winner))
            .find(|s| tied.contains(s))
            .unwrap();
        let hp = r.hand_points.unwrap();
        assert_eq!(hp[usize::from(want)], Score::points(1), "seed {seed}");
        if found >= 2 {
            break;
        }
    }
    found
}

#[test]
fn a_tie_goes_to_the_side_of_the_last_trick() {
    assert!(ties(4) > 0);
    assert!(ties(2) > 0);
}

#[test]
fn three_player_ties_go_to_the_tied_player_who_won_a_trick_most_recently() {
    assert!(ties(3) > 0);
}

#[test]
fn the_over100_bonus_scores_a_second_game() {
    let mut seen = [false; 2];
    for seed in 0..400 {
        let mut rec = random_complete_tute_record(seed, 4);
        let plain = rule(&rec, Lang::En);
        if plain.cantes.iter().any(|c| c.tute.is_some()) {
            continue;
        }
        let best = plain.points.iter().max().copied().unwrap();
        rec.options =
            TableOptions::from_values(GameKind::Tute, 4, &[("over100_bonus", json!("plus1_game"))])
                .unwrap();
        let r = rule(&rec, Lang::En);
        let top = r.hand_points.unwrap().into_iter().max().unwrap();
        assert_eq!(
            plain.hand_points.unwrap().into_iter().max(),
            Some(Score::points(1))
        );
        let over = best > Score::points(100);
        assert_eq!(top, Score::points(if over { 2 } else { 1 }), "seed {seed}");
        seen[usize::from(over)] = true;
        // With cantes the stricter bonus needs 121.
        rec.options = TableOptions::from_values(
            GameKind::Tute,
            4,
            &[("over100_bonus", json!("plus1_game_require121_with_cantes"))],
        )
        .unwrap();
        let r = rule(&rec, Lang::En);
        let w = hand_winner_side(&r);
        let sang = r.cantes.iter().any(|c| c.seat % 2 == w as u8);
        let need = if sang { 120 } else { 100 };
        let want = if r.points[w] > Score::points(need) {
            2
        } else {
            1
        };
        assert_eq!(
            r.hand_points.unwrap()[w],
            Score::points(want),
            "seed {seed}"
        );
    }
    assert!(seen[0] && seen[1]);
}

#[test]
fn with_before_every_decided_hand_ends_a_one_round_game() {
    let (_, moves) = finish(a(def()));
    let r = deal_a().before(vec![0, 0]).moves(&moves).rule();
    let w = hand_winner_side(&r);
    assert_eq!(r.game_over, ended(w as u8, GameOverReason::Target));
    // Playing to 3 won rounds, a first win does not end the game; a third does.
    let o = json!({"rounds_to_win": 3});
    let r = deal_a()
        .before(vec![0, 0])
        .options(o.clone())
        .moves(&moves)
        .rule();
    assert_eq!(r.game_over, None);
    let mut b = vec![0, 0];
    b[w] = 2;
    let r = deal_a().before(b).options(o).moves(&moves).rule();
    assert!(r.game_over.is_some());
}

#[test]
fn in_points101_mode_hands_score_their_points_and_a_tute_wins_the_partida() {
    let (_, moves) = finish(a(def()));
    let o = json!({"match_mode": "points101"});
    let r = deal_a()
        .before(vec![0, 0])
        .options(o.clone())
        .moves(&moves)
        .rule();
    assert_eq!(r.hand_points.clone().unwrap(), r.points);
    let hp = r.hand_points.unwrap();
    let expect_over = hp.iter().any(|p| *p >= Score::points(101));
    assert_eq!(r.game_over.is_some(), expect_over);
    let r = deal_a()
        .before(vec![90, 0])
        .options(o.clone())
        .moves(&moves)
        .rule();
    assert!(r.game_over.is_some());
    let ev = script(&format!("{K_T1} 0:tute"));
    let r = deal_k().before(vec![0, 0]).options(o).moves(&ev).rule();
    assert_eq!(r.game_over, ended(0, GameOverReason::Tute));
}

// ---- §2.7 revoke --------------------------------------------------------------------------

#[test]
fn a_revoke_in_pairs_gives_the_hand_to_the_opponents() {
    let ev = script("0:1e 1:4c");
    let r = deal_a().before(vec![0, 0]).moves(&ev).rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::MustFollowSuit);
    assert!(!r.complete);
    assert_eq!(r.hand_points, Some(vec![Score::points(1), Score::ZERO]));
    assert_eq!(r.game_over, ended(0, GameOverReason::Revoke));
    let r = deal_a()
        .options(json!({"revoke_penalty": "void"}))
        .moves(&ev)
        .rule();
    assert_eq!(r.hand_points, Some(vec![Score::ZERO, Score::ZERO]));
}

#[test]
fn a_false_cante_or_exchange_is_penalised_like_a_revoke() {
    let ev = script(&format!("{A_T1} 1:cante:c"));
    let r = deal_a().moves(&ev).rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::IllegalCante);
    assert_eq!(r.hand_points, Some(vec![Score::points(1), Score::ZERO]));
    let ev = script("0:x:7b");
    let r = deal_p().moves(&ev).rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::IllegalExchange);
    assert_eq!(r.hand_points, Some(vec![Score::ZERO, Score::points(1)]));
}

#[test]
fn record_errors_are_not_penalised() {
    let ev = script("0:2o");
    let r = deal_a().before(vec![0, 0]).moves(&ev).rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::CardNotInHand);
    assert_eq!((r.hand_points, r.game_over), (None, None));
    let mut v = deal_a().json();
    v["events"] = json!([{"seat": 0, "bid": "solo"}, {"seat": 0, "claim": true}]);
    let r = ruling(&v);
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::UnknownEvent);
    assert_eq!(r.hand_points, None);
}

#[test]
fn an_event_after_the_end_is_a_violation_but_the_result_stands() {
    let (end, mut moves) = finish(a(def()));
    moves.push(Move::new(0, Action::Play(c("1o"))));
    let r = deal_a().moves(&moves).rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::OutOfTurn);
    assert!(r.complete);
    assert_eq!(r.hand_points, end.hand_points());
}

// ---- options, messages, explain -------------------------------------------------------------

#[test]
fn every_tute_option_has_a_default_and_unknown_options_or_values_are_errors() {
    check_option_defaults(OPTIONS);
    check_option_docs(OPTIONS);
    let mut v = deal_a().options(json!({"target": 21})).json();
    assert!(check_value(&v, Lang::En).is_err());
    v["options"] = json!({"hand_size_2p": 7});
    assert!(check_value(&v, Lang::En).is_err());
    v["options"] = json!({"tute3_deck": "Forty_With_Spare", "over100_bonus": "plus1_game"});
    assert!(check_value(&v, Lang::En).is_ok());
    assert!(def().cante_lapses);
    assert_eq!(def().hand_size_2p, 8);
    assert_eq!(def().tute3_deck, Tute3Deck::Remove2s36);
}

#[test]
fn messages_are_given_in_the_three_languages_with_spanish_card_terms() {
    let ev = script(&format!("{A_T1} 0:cante:c"));
    let v = deal_a().moves(&ev).json();
    let mut seen = Vec::new();
    for l in Lang::ALL {
        let m = check_value(&v, l).unwrap().violation.unwrap().message;
        assert!(m.contains("40") && m.contains("oros"), "{m}");
        seen.push(m);
    }
    seen.dedup();
    assert_eq!(seen.len(), 3);
    let rec = parse_record(&v).unwrap();
    let text = explain(&rec, &rule(&rec, Lang::Es), Lang::Es);
    assert!(
        text.starts_with("Tute, 4 jugadores") && text.contains("cante no permitido"),
        "{text}"
    );
}

#[test]
fn family_messages_exist_in_every_language() {
    use crate::domain::games::tute_family::FamilyReason as F;
    let all = [
        F::ExchangeNotInGame { game: "tute" },
        F::ExchangeOutOfWindow,
        F::PintaGone,
        F::ExchangeWrongCard {
            card: c("2b"),
            pinta: c("1b"),
        },
        F::MarriageNotHeld {
            seat: 1,
            suit: Suit::Copas,
            consort: Rank::Sota,
        },
        F::MarriageNotHeld {
            seat: 1,
            suit: Suit::Copas,
            consort: Rank::Caballo,
        },
        F::CantesNeedStock,
        F::TuteNotAllowed,
        F::TuteAfterCante { seat: 2 },
        F::TuteNotHeld {
            seat: 2,
            consort: Rank::Sota,
        },
        F::ClaimNotVueltas,
        F::ClaimShort { points: 94 },
    ];
    for r in all {
        let [es, ca, en] = Lang::ALL.map(|l| r.render(l));
        assert!(
            !es.is_empty() && es != en && ca != en && ca != es,
            "{es} / {ca} / {en}"
        );
    }
}

// ---- random playouts ------------------------------------------------------------------------

/// Every move any seat could attempt in tute or guiñote.
pub(crate) fn universe(players: u8, trump: Suit) -> Vec<Move> {
    let mut v = Vec::new();
    for seat in 0..players {
        for x in Deck::Forty.cards().iter() {
            v.push(Move::new(seat, Action::Play(x)));
        }
        for s in Suit::ALL {
            v.push(Move::new(seat, Action::Cante(s)));
        }
        for x in Deck::Forty.cards().of_suit(trump).iter() {
            v.push(Move::new(seat, Action::Exchange(x)));
        }
        v.push(Move::new(seat, Action::Tute));
        v.push(Move::new(seat, Action::Claim));
    }
    v
}

fn all_cards(f: &Family) -> Vec<Card> {
    let mut v: Vec<Card> = (0..f.players()).flat_map(|s| f.hand(s).to_vec()).collect();
    v.extend(f.stock().iter().copied());
    v.extend(f.tricks().iter().flat_map(|t| t.cards.clone()));
    v.extend(f.current_trick().iter().map(|&(_, c)| c));
    v
}

/// Walks a record's events through `start`, checking the invariants at every step.
pub(crate) fn check_walk<S: GameState + PartialEq + std::fmt::Debug>(
    start: S,
    core: impl Fn(&S) -> &Family,
    rec: &HandRecord,
    deck: CardSet,
) -> S {
    let mut st = start;
    let uni = universe(rec.players, core(&st).trump());
    for (i, ev) in rec.events.iter().enumerate() {
        let Event::Move(mv) = ev else {
            panic!("generated event {i} is not a move")
        };
        let legal = st.legal_actions();
        assert!(!legal.is_empty() && !st.is_terminal(), "event {i}");
        assert!(legal.contains(mv), "event {i}: {mv:?}");
        if i % 3 == 0 {
            check_legal_actions(&st, &legal, &uni);
        }
        st = st.apply(mv).unwrap();
        check_deck(all_cards(core(&st)), deck);
    }
    assert!(st.is_terminal() && st.legal_actions().is_empty());
    st
}

/// The record-level properties: legal, complete, 130 without a tute, replay, round trips.
pub(crate) fn check_record(rec: &HandRecord) -> Ruling {
    let r = crate::domain::rule(rec, Lang::Es);
    assert!(r.legal, "{:?}", r.violation);
    assert!(r.complete);
    assert!(r.hand_points.is_some());
    let tute = r.cantes.iter().any(|c| c.tute.is_some());
    let cantes: i64 = r.cantes.iter().map(|c| i64::from(c.value)).sum();
    let total: i64 = r.points.iter().map(|p| p.floor()).sum();
    if !tute {
        assert_eq!(total - cantes, 130);
    }
    // Replaying the record (through its JSON form) gives the same ruling.
    let v = serde_json::to_value(rec).unwrap();
    let back = parse_record(&v).unwrap();
    assert_eq!(&back, rec);
    assert_eq!(crate::domain::rule(&back, Lang::Es), r);
    let r2: Ruling = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(r2, r);
    // Any prefix is legal and incomplete (unless it is the whole hand).
    let mut cut = rec.clone();
    cut.events.truncate(rec.events.len() / 2);
    let rc = crate::domain::rule(&cut, Lang::En);
    assert!(rc.legal && !rc.complete && rc.hand_points.is_none());
    r
}

fn tute_start(rec: &HandRecord) -> Tute {
    let opts = TuteOptions::from_table(&rec.options);
    let d = validate_deal(rec, &deal_spec(rec.players, &opts)).unwrap();
    let (players, dealer, turned) = (rec.players, rec.dealer, d.turned.unwrap());
    Tute::new(opts, players, dealer, None, d.hands, d.stock, turned)
}

#[test]
fn the_same_seed_gives_the_same_tute_hand() {
    for p in [2, 3, 4] {
        assert_eq!(
            random_complete_tute_record(5, p),
            random_complete_tute_record(5, p)
        );
        assert_ne!(
            random_complete_tute_record(5, p),
            random_complete_tute_record(6, p)
        );
        assert_eq!(random_complete_tute_record(5, p).players, p);
    }
    assert_eq!(random_complete_tute_record(1, 9).players, 4);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_tute_playouts_keep_every_invariant(seed in any::<u64>(), p in 2u8..5) {
        let rec = random_complete_tute_record(seed, p);
        let deck = deal_spec(p, &def()).deck;
        let end = check_walk(tute_start(&rec), Tute::core, &rec, deck);
        let r = check_record(&rec);
        prop_assert_eq!(r.hand_points, end.hand_points());
        prop_assert_eq!(r.tricks.as_slice(), end.core().tricks());
    }
}

// ---- §2.2 four players individually (`partnerships = false`) ------------------------------

fn alone() -> TuteOptions {
    opts_json(json!({"partnerships": false}))
}

/// DEAL_A played out with the first legal card, as moves.
fn deal_a_moves() -> Vec<Move> {
    finish(a(alone())).1
}

#[test]
fn four_players_play_in_pairs_unless_partnerships_is_false() {
    assert!(def().partnerships);
    assert!(!alone().partnerships);
    let pairs = a(def());
    assert_eq!(
        (
            pairs.core().config().sides(),
            pairs.core().config().side_of(2)
        ),
        (2, 0)
    );
    let st = a(alone());
    let cfg = st.core().config();
    assert!(!cfg.in_pairs());
    assert_eq!(cfg.sides(), 4);
    assert_eq!(
        (0..4).map(|s| cfg.side_of(s)).collect::<Vec<_>>(),
        vec![0, 1, 2, 3]
    );
    let rec = parse_record(&deal_a().options(json!({"partnerships": false})).json()).unwrap();
    assert_eq!((rec.sides(), rec.side_of(3)), (4, 3));
}

#[test]
fn in_individual_tute_the_partner_of_the_trick_winner_may_not_sing() {
    // Seat 0 wins the first trick; in pairs seat 2 may sing his 20 in bastos at once.
    let pairs = run(&a(def()), A_T1).unwrap();
    assert!(run(&pairs, "2:cante:b").is_ok());
    let st = run(&a(alone()), A_T1).unwrap();
    let (_, e) = run(&st, "2:cante:b").err().unwrap();
    assert_eq!(e.rule, RuleId::IllegalCante);
    assert_eq!(e.reason, Reason::CanteWrongSide { seat: 2 });
    let callers: Vec<u8> = st
        .legal_actions()
        .iter()
        .filter(|m| !matches!(m.action, Action::Play(_)))
        .map(|m| m.seat)
        .collect();
    assert!(
        !callers.is_empty() && callers.iter().all(|s| *s == 0),
        "{callers:?}"
    );
    // The trick winner sings alone and the 40 counts for him only.
    let st = run(&st, "0:cante:o").unwrap();
    assert_eq!(st.core().points(), vec![14 + 40, 0, 0, 0]);
    // Seat 2's marriage was never his to sing: it has not lapsed when he wins a trick.
    assert!(!st.core().sung().iter().any(|s| s.seat == 2));
}

#[test]
fn in_individual_tute_nobody_is_spared_beating_because_a_partner_wins() {
    let unless = |alone: bool| {
        opts_json(json!({"head_led_suit": "unless_partner_winning", "partnerships": !alone}))
    };
    let deal = "5e 1o / 4e 3o / 12e 2e / 7c 6c";
    let pairs = run(&four_of(deal, "2o", unless(false)), "0:5e 1:4e").unwrap();
    assert_eq!(pairs.core().legal_cards(), set(&["12e", "2e"]));
    let st = run(&four_of(deal, "2o", unless(true)), "0:5e 1:4e").unwrap();
    assert_eq!(st.core().legal_cards(), set(&["12e"]));
}

#[test]
fn a_complete_individual_hand_has_four_sides_whose_points_sum_to_130() {
    let moves = deal_a_moves();
    let r = deal_a()
        .options(json!({"partnerships": false}))
        .moves(&moves)
        .rule();
    assert!(r.legal && r.complete);
    assert_eq!(r.points.len(), 4);
    let total: i64 = r.points.iter().map(|p| p.floor()).sum();
    assert_eq!(total, 130);
    // Each trick's points go to its winner alone.
    let mut by_seat = [0i64; 4];
    for t in &r.tricks {
        by_seat[usize::from(t.winner)] += t
            .cards
            .iter()
            .map(|c| {
                i64::from(crate::domain::trick::CardValues::points(
                    &RankTable::TUTE,
                    *c,
                ))
            })
            .sum::<i64>();
    }
    by_seat[usize::from(r.tricks.last().unwrap().winner)] += 10;
    let want: Vec<Score> = by_seat.iter().map(|p| Score::points(*p)).collect();
    assert_eq!(r.points, want);
    // The hand goes to the one seat with most points.
    let hp = r.hand_points.unwrap();
    assert_eq!(hp.len(), 4);
    let w = hand_winner(finish(a(alone())).0.core());
    for (s, p) in hp.iter().enumerate() {
        assert_eq!(*p, Score::points(i64::from(s == usize::from(w))));
    }
    // The same cards in pairs: two sides.
    let (pairs, _) = finish(a(def()));
    assert_eq!(pairs.core().points().len(), 2);
    // Explained per player (by seat, where each seat plays for itself), not per pair.
    let v = deal_a()
        .options(json!({"partnerships": false}))
        .moves(&moves)
        .json();
    let rec = parse_record(&v).unwrap();
    let text = explain(&rec, &rule(&rec, Lang::En), Lang::En);
    assert!(
        text.contains("seat 3:") && !text.contains("pair 0"),
        "{text}"
    );
}

#[test]
fn a_revoke_in_individual_tute_for_four_voids_the_hand_as_for_three() {
    // Seat 3 holds espadas and throws a basto on the led espada.
    let ev = script("0:1e 1:2e 2:11e 3:10b");
    for o in [
        json!({"partnerships": false}),
        json!({"partnerships": false, "match_mode": "points101"}),
    ] {
        let r = deal_a()
            .before(vec![0, 0, 0, 0])
            .options(o)
            .moves(&ev)
            .rule();
        let v = r.violation.as_ref().unwrap();
        assert_eq!(
            (v.rule, v.seat, v.side),
            (RuleId::MustFollowSuit, Some(3), Some(3))
        );
        assert!(!r.complete);
        assert_eq!(r.hand_points, Some(vec![Score::ZERO; 4]));
        assert_eq!(r.game_over, None);
    }
    // In pairs the same revoke gives the hand to side 0.
    let r = deal_a().before(vec![0, 0]).moves(&ev).rule();
    assert_eq!(r.violation.as_ref().unwrap().side, Some(1));
    assert_eq!(r.hand_points, Some(vec![Score::points(1), Score::ZERO]));
    // A false cante by the winner's "partner" is penalised the same way.
    let ev = script(&format!("{A_T1} 2:cante:b"));
    let r = deal_a()
        .options(json!({"partnerships": false}))
        .moves(&ev)
        .rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::IllegalCante);
    assert_eq!(r.hand_points, Some(vec![Score::ZERO; 4]));
}

#[test]
fn individual_tute_takes_four_before_scores_and_ends_the_game_for_one_player() {
    let moves = deal_a_moves();
    let w = usize::from(hand_winner(finish(a(alone())).0.core()));
    let rec = |before: Value, o: Value| {
        let mut v = deal_a().options(o).moves(&moves).json();
        v["before"] = before;
        check_value(&v, Lang::En)
    };
    let alone = json!({"partnerships": false});
    // `before` has one entry per player.
    assert!(rec(json!([0, 0]), alone.clone()).is_err());
    assert!(rec(json!([0, 0, 0, 0]), json!({})).is_err());
    let r = rec(json!([0, 0, 0, 0]), alone).unwrap();
    assert_eq!(r.game_over, ended(w as u8, GameOverReason::Target));
    // Playing to two won rounds: the winner's second round ends the game, another
    // player's earlier round does not.
    let two = json!({"partnerships": false, "rounds_to_win": 2});
    let mut b = vec![0; 4];
    b[(w + 1) % 4] = 1;
    assert_eq!(rec(json!(b), two.clone()).unwrap().game_over, None);
    b[w] = 1;
    assert_eq!(
        rec(json!(b), two).unwrap().game_over.map(|g| g.winner),
        Some(w as u8)
    );
    // Cumulative points: the hand's points per player, the game to whoever reaches 101.
    let p101 = json!({"partnerships": false, "match_mode": "points101"});
    let r = rec(json!([0, 0, 0, 0]), p101.clone()).unwrap();
    assert_eq!(r.hand_points.as_ref(), Some(&r.points));
    let p: Vec<i64> = r.points.iter().map(|x| x.floor()).collect();
    assert_eq!(r.game_over.is_some(), p[w] >= 101);
    // A player behind on this hand but ahead on `before` takes the partida.
    let low = (0..4usize).find(|s| p[*s] > 0 && *s != w).unwrap();
    let mut b = vec![0i64; 4];
    b[low] = 130 - 2 * p[low] + 1;
    assert!(b[low] + p[low] > p[w]);
    let r2 = rec(json!(b), p101).unwrap();
    assert_eq!(r2.game_over.map(|g| g.winner), Some(low as u8));
}

#[test]
fn the_over100_bonus_goes_to_the_single_player_who_passes_100() {
    let mut seen = [false; 2];
    for seed in 0..600 {
        let alone = TableOptions::from_values(
            GameKind::Tute,
            4,
            &[
                ("partnerships", json!(false)),
                ("over100_bonus", json!("plus1_game")),
            ],
        )
        .unwrap();
        let rec = random_complete_tute_record_with(seed, 4, alone);
        let r = rule(&rec, Lang::En);
        if r.cantes.iter().any(|c| c.tute.is_some()) {
            continue;
        }
        let best = r.points.iter().max().copied().unwrap();
        let hp = r.hand_points.unwrap();
        let over = best > Score::points(100);
        assert_eq!(hp.iter().filter(|p| !p.is_zero()).count(), 1, "seed {seed}");
        assert_eq!(
            hp.iter().max().copied(),
            Some(Score::points(if over { 2 } else { 1 })),
            "seed {seed}"
        );
        seen[usize::from(over)] = true;
        if seen[0] && seen[1] {
            break;
        }
    }
    assert!(seen[0] && seen[1]);
}

#[test]
fn partnerships_is_ignored_for_two_and_three_players_and_must_be_a_boolean() {
    for p in [2u8, 3] {
        for seed in 0..20 {
            let plain = random_complete_tute_record(seed, p);
            let base = rule(&plain, Lang::En);
            for b in [true, false] {
                let mut rec = plain.clone();
                rec.options =
                    TableOptions::from_values(GameKind::Tute, p, &[("partnerships", json!(b))])
                        .unwrap();
                assert_eq!(rec.sides(), p);
                let v = serde_json::to_value(&rec).unwrap();
                assert_eq!(v["options"]["partnerships"], json!(b));
                assert_eq!(
                    check_value(&v, Lang::En).unwrap(),
                    base,
                    "{p} players, seed {seed}"
                );
            }
        }
    }
    let mut v = deal_a().json();
    for bad in [json!("no"), json!(0), json!("false"), json!(null)] {
        v["options"] = json!({ "partnerships": bad });
        let e = check_value(&v, Lang::En).unwrap_err().to_string();
        assert!(e.contains("partnerships"), "{e}");
    }
    // Guiñote has no such option.
    let g = TableOptions::from_values(GameKind::Guinote, 4, &[("partnerships", json!(false))]);
    assert!(g.is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_individual_four_player_playouts_keep_every_invariant(seed in any::<u64>()) {
        let alone =
            TableOptions::from_values(GameKind::Tute, 4, &[("partnerships", json!(false))]).unwrap();
        let rec = random_complete_tute_record_with(seed, 4, alone);
        prop_assert_eq!(rec.sides(), 4);
        let deck = deal_spec(4, &def()).deck;
        // Legal moves never run out before the end; cards are conserved at every step.
        let end = check_walk(tute_start(&rec), Tute::core, &rec, deck);
        prop_assert!(!end.core().config().in_pairs());
        // Legal, complete, 130 points besides cantes (unless a tute ended it).
        let r = check_record(&rec);
        prop_assert_eq!(r.points.len(), 4);
        let hp = r.hand_points.clone().unwrap();
        prop_assert_eq!(hp.len(), 4);
        prop_assert_eq!(hp.iter().filter(|p| !p.is_zero()).count(), 1);
        prop_assert_eq!(r.hand_points, end.hand_points());
        // Every cante counts for its singer, who just won the trick.
        for c in &r.cantes {
            let won_before = r.tricks.iter().any(|t| t.winner == c.seat);
            prop_assert!(won_before);
        }
    }
}
