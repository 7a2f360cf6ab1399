//! One test per rule of docs/rules.md §4 (guiñote) and per guiñote item of §8, the shared
//! examples, and random playouts.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::cards::Card;
use crate::domain::cards::CardSet;
use crate::domain::cards::Suit;
use crate::domain::check_value;
use crate::domain::engine::GameState;
use crate::domain::games::tute::tests::{check_record, check_walk};
use crate::domain::games::tute_family::FamilyReason;
use crate::domain::messages::Reason;
use crate::domain::random::{random_complete_guinote_record, random_complete_tute_record};
use crate::domain::record::Action;
use crate::domain::record::Move;
use crate::domain::record::validate_deal;
use crate::domain::ruling::Score;
use crate::domain::test_builders::{
    self, Deal, Rec, c, cards, check_example_messages, check_examples, check_junk,
    check_option_defaults, ended, finish, junk_in, rule_of, run, set, tricks,
};
use crate::domain::trick::{CardValues, Partnership, TrickView, legal_cards};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Deal G — 4 players, dealer 3 (mano 0), trumps bastos (1b last of the stock).
/// Seat 0 holds the 20 in oros (rey + sota) and the 7 of trumps; seat 2 the 40.
const DEAL_G: [&[&str]; 4] = [
    &["12o", "10o", "1c", "7b", "4e", "5e"],
    &["2o", "4o", "5o", "2c", "4c", "5c"],
    &["12b", "10b", "3c", "6e", "7e", "2e"],
    &["1o", "3o", "6o", "6c", "7c", "11e"],
];
const STOCK_G: [&str; 16] = [
    "3e", "1e", "12e", "10e", "11o", "7o", "12c", "10c", "11c", "2b", "3b", "4b", "5b", "6b",
    "11b", "1b",
];
/// Seat 0 wins the first trick with the as de copas (21 points for side 0).
const G_T1: &str = "0:1c 1:2c 2:3c 3:6c";

fn def() -> GuinoteOptions {
    GuinoteOptions::defaults()
}

fn opts(v: Value) -> GuinoteOptions {
    let m = v.as_object().unwrap().clone();
    let t = crate::domain::options::validate(GameKind::Guinote, 4, &m).unwrap();
    GuinoteOptions::from_table(&t)
}

fn g(o: GuinoteOptions, before: Option<&[i64]>) -> Guinote {
    let hands = DEAL_G.iter().map(|h| set(h)).collect();
    Guinote::new(o, 4, 3, before, hands, cards(&STOCK_G), c("1b"))
}

fn n_tricks(x: &Guinote) -> usize {
    x.core().tricks().len()
}

fn script(s: &str) -> Vec<Move> {
    test_builders::script(GameKind::Guinote, s)
}

/// Deal G as a record.
fn deal_g() -> Rec {
    Rec::new(GameKind::Guinote, 4, 3)
        .hands(DEAL_G)
        .stock(STOCK_G)
        .turned("1b")
}

fn rec(before: Option<Vec<i64>>, o: Value, ev: &[Move]) -> Ruling {
    deal_g().before_opt(before).options(o).moves(ev).rule()
}

// ---- the example records -----------------------------------------------------------------

#[test]
fn every_guinote_example_gets_its_expected_ruling() {
    check_examples(GameKind::Guinote);
}

#[test]
fn the_example_messages_are_read_out_in_english_as_given() {
    // unknown_event and card_not_in_hand messages come from the shared layers.
    check_example_messages(GameKind::Guinote, &["unknown_event", "card_not_in_hand"]);
}

// ---- §4.1 deck, rank, points (§8 items 1 and 2) --------------------------------------------

#[test]
fn worked_check_2_in_guinote_the_sota_beats_the_caballo_and_scores_3() {
    let v = RankTable::GUINOTE;
    let order = [
        "1c", "3c", "12c", "10c", "11c", "7c", "6c", "5c", "4c", "2c",
    ];
    for w in order.windows(2) {
        assert!(v.strength(c(w[0])) > v.strength(c(w[1])), "{w:?}");
    }
    assert_eq!((v.points(c("10o")), v.points(c("11o"))), (3, 2));
}

#[test]
fn worked_check_1_a_hand_played_out_counts_130() {
    let (end, _) = finish(g(def(), None));
    assert!(end.is_terminal());
    assert_eq!(end.core().points().iter().sum::<u32>(), 130);
    assert_eq!(end.core().tricks().len(), 10);
}

#[test]
fn the_marriage_is_rey_and_sota_not_caballo() {
    let st = run(&g(def(), None), G_T1).unwrap();
    assert!(run(&st, "0:cante:o").is_ok());
    // Seat 3 wins nothing here; in trick 1 seat 0 drew the 3e: no caballo marriage exists.
    let e = run(&st, "0:cante:e").err().unwrap().1;
    assert_eq!(e.rule, RuleId::IllegalCante);
    assert!(e.reason.render(Lang::En).contains("sota"), "{e:?}");
}

// ---- §4.2 deal, stock, drawing -------------------------------------------------------------

#[test]
fn four_players_get_six_cards_and_the_pinta_lies_last_under_a_stock_of_16() {
    assert!(rec(None, json!({}), &[]).legal);
    let r = deal_g().turned("11b").rule();
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
    let mut short = STOCK_G.to_vec();
    short.pop();
    let r = deal_g().stock(short).turned("11b").rule();
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn two_players_get_six_cards_and_a_stock_of_28() {
    let rec = random_complete_guinote_record(3, 2);
    assert_eq!(rec.stock.len(), 28);
    assert!(rec.hands.iter().all(|h| h.len() == 6));
    assert_eq!(deal_spec(2).stock_size, Some(28));
}

#[test]
fn everybody_draws_after_a_trick_winner_first_and_the_pinta_goes_last() {
    let st = run(&g(def(), None), G_T1).unwrap();
    for (seat, card) in [(0, "3e"), (1, "1e"), (2, "12e"), (3, "10e")] {
        assert!(st.core().hand(seat).contains(c(card)), "{seat} {card}");
    }
    let st = tricks(st, 3, n_tricks);
    assert!(st.core().stock().is_empty());
    // The fourth drawer of the fourth round holds the pinta.
    let w = st.core().tricks().last().unwrap().winner;
    assert!(st.core().hand((w + 3) % 4).contains(c("1b")));
    assert!((0..4).all(|s| st.core().hand(s).len() == 6));
}

// ---- §4.3 exchanging the pinta -------------------------------------------------------------

#[test]
fn either_partner_may_exchange_the_7_for_a_high_pinta_after_a_trick_won() {
    let st = run(&g(def(), None), &format!("{G_T1} 0:x:7b")).unwrap();
    assert!(st.core().hand(0).contains(c("1b")));
    assert_eq!(st.core().pinta(), Some(c("7b")));
    // The opponents cannot exchange in side 0's window.
    assert_eq!(
        rule_of(run(&g(def(), None), &format!("{G_T1} 1:x:7b"))),
        (4, RuleId::IllegalExchange)
    );
}

#[test]
fn the_7_takes_a_low_pinta_only_with_exchange_low_pinta() {
    let mut stock = STOCK_G.to_vec();
    // Swap the pinta (1b) with the 5b: the pinta is now a 5.
    stock[13] = "1b";
    stock[15] = "5b";
    let mk = |o: GuinoteOptions| {
        let hands = DEAL_G.iter().map(|h| set(h)).collect();
        Guinote::new(o, 4, 3, None, hands, cards(&stock), c("5b"))
    };
    assert_eq!(
        rule_of(run(&mk(def()), &format!("{G_T1} 0:x:7b"))),
        (4, RuleId::IllegalExchange)
    );
    assert!(
        run(
            &mk(opts(json!({"exchange_low_pinta": true}))),
            &format!("{G_T1} 0:x:7b")
        )
        .is_ok()
    );
}

#[test]
fn an_exchange_needs_a_trick_won_by_the_side_and_the_pinta_in_the_stock() {
    assert_eq!(
        rule_of(run(&g(def(), None), "0:x:7b")),
        (0, RuleId::IllegalExchange)
    );
    assert_eq!(
        rule_of(run(&g(def(), None), "0:1c 0:x:7b")),
        (1, RuleId::IllegalExchange)
    );
    let st = tricks(g(def(), None), 4, n_tricks);
    let w = st.core().tricks().last().unwrap().winner;
    let (_, e) = run(&st, &format!("{w}:x:7b")).err().unwrap();
    assert_eq!(e.reason, Reason::TuteFamily(FamilyReason::PintaGone));
    assert_eq!(
        rule_of(run(
            &g(opts(json!({"allow_exchange": false})), None),
            &format!("{G_T1} 0:x:7b")
        )),
        (4, RuleId::IllegalExchange)
    );
}

// ---- §4.4 legal play (§8 item 5) -----------------------------------------------------------

fn legal(rules: &PlayRules, trick: &[(u8, &str)], me: u8, hand: &[&str]) -> CardSet {
    let t: Vec<(u8, Card)> = trick.iter().map(|(s, x)| (*s, c(x))).collect();
    let view = TrickView {
        cards: &t,
        trump: Some(Suit::Bastos),
        partnership: Partnership::Pairs,
    };
    legal_cards(set(hand), me, &view, rules, &RankTable::GUINOTE)
}

#[test]
fn while_the_stock_lasts_any_card_is_legal() {
    let st = run(&g(def(), None), "0:1c").unwrap();
    assert_eq!(st.core().legal_cards(), st.core().hand(1));
    assert!(run(&g(def(), None), "0:1c 1:2o").is_ok());
}

#[test]
fn in_arrastre_a_player_must_follow_and_beat_an_opponent_or_trump() {
    let r = config(4, &def(), false).play_rules;
    assert_eq!(
        legal(&r, &[(1, "10c")], 2, &["12c", "4c", "2b"]),
        set(&["12c"])
    );
    assert_eq!(
        legal(&r, &[(1, "10c")], 2, &["3b", "2b", "4o"]),
        set(&["3b", "2b"])
    );
    // Unable to overtrump (trumps not led): anything.
    assert_eq!(
        legal(&r, &[(1, "10c"), (2, "1b")], 3, &["3b", "4o"]),
        set(&["3b", "4o"])
    );
}

#[test]
fn worked_check_5_no_duty_to_beat_or_trump_over_the_partner() {
    let r = config(4, &def(), false).play_rules;
    // Opponent (1) leads 7-copas, partner (2) plays A-copas, I am seat 0.
    let t = [(1, "7c"), (2, "1c")];
    assert_eq!(legal(&r, &t, 0, &["2c", "3b"]), set(&["2c"]));
    assert_eq!(legal(&r, &t, 0, &["3b", "4o"]), set(&["3b", "4o"]));
    assert_eq!(
        legal(&r, &[(1, "7c")], 0, &["3b", "2b", "4o"]),
        set(&["3b", "2b"])
    );
}

#[test]
fn the_arrastre_begins_when_the_stock_is_exhausted() {
    let st = tricks(g(def(), None), 4, n_tricks);
    assert!(!st.core().in_stock_phase());
    let leader = st.current_player().unwrap();
    let lead = st.core().legal_cards().iter().next().unwrap();
    let st = st.apply(&Move::new(leader, Action::Play(lead))).unwrap();
    let me = (leader + 1) % 4;
    let hand = st.core().hand(me);
    if !hand.of_suit(lead.suit()).is_empty() {
        assert!(
            st.core()
                .legal_cards()
                .iter()
                .all(|x| x.suit() == lead.suit())
        );
    }
}

// ---- §4.5 cantes and tute ------------------------------------------------------------------

#[test]
fn each_partner_may_sing_once_after_a_trick_won_by_the_side() {
    let st = run(&g(def(), None), &format!("{G_T1} 2:cante:b 0:cante:o")).unwrap();
    let v: Vec<u32> = st.core().sung().iter().map(|s| s.value).collect();
    assert_eq!(v, vec![40, 20]);
    assert_eq!(st.core().points(), vec![21 + 60, 0]);
    assert_eq!(
        rule_of(run(&g(def(), None), &format!("{G_T1} 1:cante:o"))),
        (4, RuleId::IllegalCante)
    );
    assert_eq!(
        rule_of(run(&g(def(), None), &format!("{G_T1} 2:cante:b 2:cante:b"))),
        (5, RuleId::IllegalCante)
    );
}

#[test]
fn a_cante_does_not_lapse_by_default_but_may_with_the_option() {
    // Side 0 wins trick 1 and seat 2 does not sing his 40; seat 2 wins trick 2.
    let base = run(&g(def(), None), G_T1).unwrap();
    let next = run(&base, "0:4e 1:4c 2:6e 3:7c").unwrap();
    assert_eq!(next.core().tricks().last().unwrap().winner, 2);
    assert!(run(&next, "2:cante:b").is_ok());
    let lapsing = run(&g(opts(json!({"cante_lapses": true})), None), G_T1).unwrap();
    let next = run(&lapsing, "0:4e 1:4c 2:6e 3:7c").unwrap();
    assert_eq!(rule_of(run(&next, "2:cante:b")), (0, RuleId::IllegalCante));
}

#[test]
fn cantes_are_allowed_in_arrastre_unless_the_option_forbids_them() {
    let no = opts(json!({"cantes_in_arrastre": false}));
    let st = tricks(g(no, None), 4, n_tricks);
    let w = st.core().tricks().last().unwrap().winner;
    let (_, e) = run(&st, &format!("{w}:cante:o")).err().unwrap();
    assert_eq!(e.reason, Reason::TuteFamily(FamilyReason::CantesNeedStock));
    let st = tricks(g(def(), None), 4, n_tricks);
    if let Err((_, e)) = run(&st, &format!("{w}:cante:o")) {
        assert_ne!(e.reason, Reason::TuteFamily(FamilyReason::CantesNeedStock));
    }
}

#[test]
fn the_forty_is_sung_before_any_twenty_and_each_suit_once() {
    // Seat 2 gets the 40; give seat 0 the 40 instead by a deal where he holds both.
    let d = Deal::of(&DEAL_G, &STOCK_G).swap(&[("4e", "12b"), ("5e", "10b")]);
    let st = Guinote::new(def(), 4, 3, None, d.sets(), d.stock_cards(), c("1b"));
    let st = run(&st, "0:1c 1:2c 2:3c 3:6c").unwrap();
    let (_, e) = run(&st, "0:cante:o").err().unwrap();
    assert_eq!(
        e.reason,
        Reason::FortyFirst {
            trump: Suit::Bastos
        }
    );
    let st = run(&st, "0:cante:b").unwrap();
    assert_eq!(rule_of(run(&st, "2:cante:b")), (0, RuleId::IllegalCante));
}

/// Deal R — deal G where seat 0 holds the four reyes (tute de reyes), seat 2 the sota de
/// oros and the stock the 4 and 5 of espadas; trumps bastos (1b pinta).
fn deal_r() -> Deal {
    Deal::of(&DEAL_G, &STOCK_G).swap(&[("10o", "12b"), ("4e", "12e"), ("5e", "12c")])
}

#[test]
fn a_tute_de_reyes_wins_the_partida() {
    let ev = script(&format!("{G_T1} 0:tute"));
    let r_deal = deal_r();
    let r = Rec::new(GameKind::Guinote, 4, 3)
        .hands(r_deal.hands)
        .stock(r_deal.stock)
        .turned("1b")
        .before(vec![0, 0])
        .moves(&ev)
        .rule();
    assert!(r.legal && r.complete, "{:?}", r.violation);
    assert_eq!(r.game_over, ended(0, GameOverReason::Tute));
    assert_eq!(r.hand_points, Some(r.points.clone()));
    assert_eq!(
        serde_json::to_value(&r.cantes[0]).unwrap()["tute"],
        json!("kings")
    );
}

#[test]
fn a_tute_de_sotas_is_four_sotas_and_not_four_caballos() {
    // Seat 0: four sotas; the reyes go to seat 2 and the stock.
    let d = deal_r().swap(&[
        ("12o", "10o"),
        ("12b", "10b"),
        ("12e", "10e"),
        ("12c", "10c"),
    ]);
    let st = Guinote::new(def(), 4, 3, None, d.sets(), d.stock_cards(), c("1b"));
    let st = run(&st, &format!("{G_T1} 0:tute")).unwrap();
    assert_eq!(
        st.core().sung()[0].tute,
        Some(crate::domain::ruling::TuteKind::Sotas)
    );
    let st = run(&g(def(), None), G_T1).unwrap();
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
}

// ---- §4.6 scoring a partida (§8 item 9) ------------------------------------------------------

#[test]
fn the_first_deal_is_won_with_101_and_hand_points_are_the_points() {
    let (_, moves) = finish(g(def(), None));
    let r = rec(Some(vec![0, 0]), json!({}), &moves);
    assert_eq!(r.hand_points, Some(r.points.clone()));
    let p: Vec<i64> = r.points.iter().map(|s| s.floor()).collect();
    let over = r.game_over.clone();
    match (p[0] >= 101, p[1] >= 101) {
        (true, _) => assert_eq!(over.unwrap().winner, 0),
        (_, true) => assert_eq!(over.unwrap().winner, 1),
        _ => assert_eq!(over, None),
    }
    // No game_over without before.
    assert_eq!(rec(None, json!({}), &moves).game_over, None);
}

#[test]
fn both_sides_over_101_the_last_trick_decides_or_the_higher_score() {
    // Side 0 sings 60 in the first trick; both sides can pass 101 only with cantes, so
    // build it with before = 0 and check the rule on a played-out hand with cantes.
    let mut ev = script(&format!("{G_T1} 2:cante:b 0:cante:o"));
    let st = run(&g(def(), None), &format!("{G_T1} 2:cante:b 0:cante:o")).unwrap();
    let (end, more) = finish(st);
    ev.extend(more);
    let p = end.core().points();
    let last = end.core().last_ten().unwrap();
    let r = rec(Some(vec![0, 0]), json!({}), &ev);
    if p[0] >= 101 && p[1] >= 101 {
        assert_eq!(r.game_over.unwrap().winner, last);
    } else if p[0] >= 101 {
        assert_eq!(r.game_over.unwrap().winner, 0);
        // The same with higher_score (one side only): unchanged.
        let r = rec(
            Some(vec![0, 0]),
            json!({"both_over_101_rule": "higher_score"}),
            &ev,
        );
        assert_eq!(r.game_over.unwrap().winner, 0);
    }
}

#[test]
fn with_treinta_malas_a_side_counts_at_least_30_de_vueltas() {
    let ev = script(&format!("{G_T1} 0:claim"));
    let r = rec(Some(vec![20, 95]), json!({}), &ev);
    assert_eq!(
        r.violation.unwrap().message,
        "the side has only 41 points, not 101"
    );
    let r = rec(Some(vec![20, 95]), json!({"treinta_malas": true}), &ev);
    assert_eq!(
        r.violation.unwrap().message,
        "the side has only 51 points, not 101"
    );
}

#[test]
fn a_deal_is_de_vueltas_iff_before_is_given_and_not_all_zero() {
    assert!(!is_vueltas(None));
    assert!(!is_vueltas(Some(&[0, 0])));
    assert!(is_vueltas(Some(&[0, 5])));
    assert!(g(def(), Some(&[70, 80])).is_vueltas());
}

#[test]
fn de_vueltas_a_side_with_101_claims_and_wins_at_once() {
    let ev = script(&format!("{G_T1} 2:claim"));
    let r = rec(Some(vec![95, 40]), json!({}), &ev);
    assert!(r.legal && r.complete);
    assert_eq!(r.game_over, ended(0, GameOverReason::Claim));
    assert_eq!(r.hand_points, Some(vec![Score::points(21), Score::ZERO]));
}

#[test]
fn a_claim_in_the_first_deal_or_short_of_101_is_false_and_loses_the_partida() {
    let ev = script(&format!("{G_T1} 0:claim"));
    let r = rec(Some(vec![0, 0]), json!({}), &ev);
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::FalseClaim);
    assert_eq!(r.game_over, ended(1, GameOverReason::FalseClaim));
    assert_eq!(r.hand_points, None);
    let r = rec(Some(vec![70, 40]), json!({}), &ev);
    assert_eq!(
        r.violation.unwrap().message,
        "the side has only 91 points, not 101"
    );
    assert_eq!(r.game_over.unwrap().winner, 1);
}

#[test]
fn worked_check_9_vueltas_scores_carry_and_the_first_side_to_101_wins() {
    // First deal 70–60 plus a 20 for side 1 → 70–80: de vueltas. Side 0 takes 21 in the
    // first trick (91) and its 40 makes 131: it reached 101 first.
    let mut ev = script(&format!("{G_T1} 2:cante:b"));
    let st = run(&g(def(), Some(&[70, 80])), &format!("{G_T1} 2:cante:b")).unwrap();
    assert_eq!(st.core().first_reached(), Some(0));
    let (_, more) = finish(st);
    ev.extend(more);
    let r = rec(Some(vec![70, 80]), json!({}), &ev);
    assert!(r.legal && r.complete);
    assert_eq!(r.game_over, ended(0, GameOverReason::Target));
    // With automatic claims the hand ends by itself at 101.
    let st = run(
        &g(opts(json!({"vueltas_claim": "automatic"})), Some(&[70, 80])),
        &format!("{G_T1} 2:cante:b"),
    )
    .unwrap();
    assert!(st.is_terminal());
}

#[test]
fn the_side_that_reached_101_second_wins_the_partida_with_a_valid_claim() {
    // Side 0 reaches 116 with the first trick and does not claim; side 1 reaches 101
    // with the second trick and claims: the claim is valid and decides the partida.
    let st = run(
        &g(def(), Some(&[95, 90])),
        &format!("{G_T1} 0:4e 1:1e 2:6e 3:7c"),
    )
    .unwrap();
    assert_eq!(st.core().first_reached(), Some(0));
    assert_eq!(st.core().total(1), 101);
    let claimed = run(&st, "1:claim").unwrap();
    assert!(claimed.is_terminal());
    assert_eq!(
        game_over(claimed.core(), &def()),
        ended(1, GameOverReason::Claim)
    );
    // Side 0 could have claimed too; once side 1 has claimed, nobody can.
    assert!(run(&st, "2:claim").is_ok());
    let (_, e) = run(&claimed, "2:claim").err().unwrap();
    assert_eq!(e.rule, RuleId::FalseClaim);
}

// ---- §4.8 revoke ---------------------------------------------------------------------------

#[test]
fn a_revoke_loses_the_partida_and_leaves_hand_points_null() {
    let (mut st, mut ev) = (g(def(), Some(&[10, 20])), Vec::new());
    // Play to the arrastre, then make the first illegal card available.
    st = tricks(st, 4, n_tricks);
    let (_, m) = finish(g(def(), Some(&[10, 20])));
    ev.extend(m.iter().take(16).copied());
    let leader = st.current_player().unwrap();
    let lead = st.core().legal_cards().iter().next().unwrap();
    st = st.apply(&Move::new(leader, Action::Play(lead))).unwrap();
    ev.push(Move::new(leader, Action::Play(lead)));
    let me = (leader + 1) % 4;
    let bad = st
        .core()
        .hand(me)
        .difference(st.core().legal_cards())
        .iter()
        .next();
    if let Some(bad) = bad {
        ev.push(Move::new(me, Action::Play(bad)));
        let r = rec(Some(vec![10, 20]), json!({}), &ev);
        assert!(r.violation.as_ref().unwrap().rule.is_penalised());
        assert_eq!(r.hand_points, None);
        assert_eq!(r.game_over, ended(1 - me % 2, GameOverReason::Revoke));
    }
    // A false cante is a revoke too.
    let r = rec(
        Some(vec![10, 20]),
        json!({}),
        &script(&format!("{G_T1} 1:cante:o")),
    );
    assert_eq!(r.game_over.unwrap().winner, 0);
}

// ---- options -------------------------------------------------------------------------------

#[test]
fn every_guinote_option_has_a_default_and_unknown_options_or_values_are_errors() {
    check_option_defaults(OPTIONS);
    let mut v = deal_g().options(json!({"target": 101})).json();
    assert!(check_value(&v, Lang::En).is_err());
    v["options"] = json!({"vueltas_claim": "sometimes"});
    assert!(check_value(&v, Lang::En).is_err());
    let d = def();
    assert!(!d.cante_lapses && d.cantes_in_arrastre && !d.treinta_malas);
    assert_eq!(d.partidas_to_win_coto, 2);
    assert_eq!(d.both_over_101_rule, BothOver101::LastTrick);
}

// ---- random playouts ------------------------------------------------------------------------

fn start(rec: &HandRecord) -> Guinote {
    let d = validate_deal(rec, &deal_spec(rec.players)).unwrap();
    let (players, dealer, turned) = (rec.players, rec.dealer, d.turned.unwrap());
    Guinote::new(def(), players, dealer, None, d.hands, d.stock, turned)
}

#[test]
fn the_same_seed_gives_the_same_guinote_hand() {
    for p in [2, 4] {
        assert_eq!(
            random_complete_guinote_record(9, p),
            random_complete_guinote_record(9, p)
        );
        assert_ne!(
            random_complete_guinote_record(9, p),
            random_complete_guinote_record(10, p)
        );
    }
    assert_eq!(random_complete_guinote_record(1, 3).players, 4);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_guinote_playouts_keep_every_invariant(seed in any::<u64>(), four in any::<bool>()) {
        let p = if four { 4 } else { 2 };
        let rec = random_complete_guinote_record(seed, p);
        let end = check_walk(start(&rec), Guinote::core, &rec, Deck::Forty.cards());
        let r = check_record(&rec);
        prop_assert_eq!(r.hand_points, end.hand_points());
        prop_assert_eq!(r.tricks.as_slice(), end.core().tricks());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn a_mutated_tute_or_guinote_record_is_an_error_or_a_ruling_never_a_panic(
        seed in any::<u64>(),
        game in 0u8..5,
        (field, junk, at) in junk_in(&["format", "game", "declared"], vec![
            json!({"seat": 0, "claim": true}), json!({"seat": 1, "exchange": "7o"}),
            json!({"seat": 0, "tute": true}), json!([1, 2]), json!([200, 0]),
        ]),
    ) {
        let rec = match game {
            0 => random_complete_guinote_record(seed, 2),
            1 => random_complete_guinote_record(seed, 4),
            p => random_complete_tute_record(seed, p),
        };
        check_junk(&rec, field, junk, at);
    }
}
