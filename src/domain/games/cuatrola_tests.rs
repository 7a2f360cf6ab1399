//! One test per rule of docs/rules.md §3 and per cuatrola item of §8.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::check_value;
use crate::domain::engine::GameKind;
use crate::domain::games::trick_hand::suit_mark;
use crate::domain::test_builders::{
    self, Rec, c, check_option_defaults, check_option_docs, ended, rule_of, run, set,
};
use crate::domain::trick::Obligation;
use crate::domain::trick::check_play;
use crate::domain::trick::{CardValues, HeadTarget};
use serde_json::{Value, json};

/// Deal B — trumps oros (10o turned, dealer 3, mano 0). Seat 0 holds the 40 and the 20
/// in copas, seat 2 the 20 in espadas, seat 3 the 20 in bastos.
const DEAL_B: [[&str; 5]; 4] = [
    ["12o", "11o", "12c", "11c", "1b"],
    ["3b", "10b", "1c", "3c", "10c"],
    ["12e", "11e", "1e", "3e", "10e"],
    ["1o", "3o", "10o", "11b", "12b"],
];
/// Deal C — seat 0 (the dealer) holds every oros (trumps, 10o turned); mano is seat 1.
const DEAL_C: [[&str; 5]; 4] = [
    ["1o", "3o", "12o", "11o", "10o"],
    ["12c", "11c", "10c", "12e", "11e"],
    ["1c", "3c", "1e", "3e", "1b"],
    ["10e", "3b", "10b", "11b", "12b"],
];
/// The plays of deal C where seat 0 takes every trick (130 points).
const C_PLAYS: &str = "1:12c 2:1c 3:10e 0:10o 0:11o 1:11c 2:3c 3:3b 0:12o 1:10c 2:1e 3:10b \
                       0:3o 1:12e 2:3e 3:11b 0:1o 1:11e 2:1b 3:12b";
/// Deal D — seat 0 (dealer) holds every oros, his partner only low cards (12 points).
const DEAL_D: [[&str; 5]; 4] = [
    ["1o", "3o", "12o", "11o", "10o"],
    ["1c", "3c", "12c", "1e", "3e"],
    ["10c", "11c", "10e", "11e", "10b"],
    ["12e", "1b", "3b", "11b", "12b"],
];
/// Seat 0 plays solo (or better) in deal D and takes every trick.
const D_PLAYS: &str =
    "1:1c 3:12e 0:10o 0:11o 1:3c 3:1b 0:12o 1:12c 3:3b 0:3o 1:1e 3:11b 0:1o 1:3e 3:12b";

fn hands(deal: &[[&str; 5]; 4]) -> [CardSet; 4] {
    deal.map(|h| set(&h))
}

fn script(s: &str) -> Vec<Move> {
    test_builders::script(GameKind::Cuatrola, s)
}

fn new_state(
    deal: &[[&str; 5]; 4],
    dealer: u8,
    turned: &str,
    opts: CuatrolaOptions,
    before: [i64; 2],
) -> Cuatrola {
    Cuatrola::new(opts, dealer, before, hands(deal), c(turned))
}

fn b(opts: CuatrolaOptions) -> Cuatrola {
    new_state(&DEAL_B, 3, "10o", opts, [0, 0])
}
fn cc(opts: CuatrolaOptions) -> Cuatrola {
    new_state(&DEAL_C, 0, "10o", opts, [0, 0])
}
fn d(opts: CuatrolaOptions) -> Cuatrola {
    new_state(&DEAL_D, 0, "10o", opts, [0, 0])
}
fn def() -> CuatrolaOptions {
    CuatrolaOptions::defaults()
}
/// The default options with `cante_lapses` set.
fn cante_lapses(on: bool) -> CuatrolaOptions {
    CuatrolaOptions {
        cante_lapses: on,
        ..def()
    }
}

/// The index and rule of the refusal of a script run on deal B.
fn refused_b(s: &str) -> (usize, RuleId) {
    rule_of(run(&b(def()), s))
}

/// Deal B after four passes and trick 1 (won by seat 0).
fn b_t1() -> Cuatrola {
    after_b_t1("")
}

/// Deal B after four passes, trick 1 (won by seat 0) and `plays`.
fn after_b_t1(plays: &str) -> Cuatrola {
    run(&b(def()), &format!("{B_BIDS} {B_T1} {plays}")).unwrap()
}

/// [`refused_b`] for plays after four passes.
fn refused_after_bids(plays: &str) -> (usize, RuleId) {
    refused_b(&format!("{B_BIDS} {plays}"))
}

/// Deal B as a record (dealer 3, 10o turned).
fn deal_b() -> Rec {
    Rec::new(GameKind::Cuatrola, 4, 3)
        .hands(DEAL_B)
        .turned("10o")
}

/// Deal C as a record (dealer 0, 10o turned).
fn deal_c() -> Rec {
    Rec::new(GameKind::Cuatrola, 4, 0)
        .hands(DEAL_C)
        .turned("10o")
}

/// Deal D as a record (dealer 0, 10o turned).
fn deal_d() -> Rec {
    Rec::new(GameKind::Cuatrola, 4, 0)
        .hands(DEAL_D)
        .turned("10o")
}

fn ruling(v: &Value) -> Ruling {
    check_value(v, Lang::En).unwrap()
}

const B_BIDS: &str = "0:pass 1:pass 2:pass 3:pass";
/// Deal B: after four passes seat 1 answers the as de bastos with a copa (a renuncio).
const B_REVOKE: &str = "0:pass 1:pass 2:pass 3:pass 0:1b 1:1c";
/// Deal B, trick 1: seat 0 wins with the as de bastos.
const B_T1: &str = "0:1b 1:3b 2:10e 3:11b";

// ---- §3.1 deck, rank, points -------------------------------------------------------

#[test]
fn the_twenty_cards_hold_all_120_points_and_the_last_trick_makes_130() {
    let deck = Deck::Twenty.cards();
    assert_eq!(deck.len(), 20);
    assert_eq!(crate::domain::trick::card_points(deck.iter(), &VALUES), 120);
    let st = run(
        &cc(def()),
        &format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS}"),
    )
    .unwrap();
    assert_eq!(st.points(), [130, 0]);
}

#[test]
fn the_ace_beats_the_three_which_beats_rey_caballo_and_sota() {
    let order = ["1o", "3o", "12o", "11o", "10o"];
    for w in order.windows(2) {
        assert!(VALUES.strength(c(w[0])) > VALUES.strength(c(w[1])), "{w:?}");
    }
}

// §8 item 2: in cuatrola the caballo beats the sota and the marriage is rey + caballo.
#[test]
fn in_cuatrola_the_caballo_beats_the_sota_and_the_marriage_is_rey_and_caballo() {
    assert!(VALUES.strength(c("11c")) > VALUES.strength(c("10c")));
    assert_eq!(VALUES.points(c("11c")), 3);
    assert_eq!(VALUES.points(c("10c")), 2);
    // Seat 2 holds rey and caballo de espadas in deal B: he may sing them.
    let st = b_t1();
    assert!(
        st.apply(&Move::new(2, Action::Cante(Suit::Espadas)))
            .is_ok()
    );
}

// ---- §3.2 deal and trump --------------------------------------------------------------

#[test]
fn the_turned_card_fixes_trumps() {
    assert_eq!(b(def()).trump(), Suit::Oros);
    let r = deal_b().script(B_BIDS).rule();
    assert!(r.legal);
}

#[test]
fn the_turned_card_must_be_in_the_dealers_hand() {
    let r = deal_b().turned("12o").rule();
    let v = r.violation.unwrap();
    assert_eq!(
        (v.rule, v.event, v.seat, v.side),
        (RuleId::DealInvalid, None, Some(3), Some(1))
    );
    let r = Rec::new(GameKind::Cuatrola, 4, 2)
        .hands(DEAL_B)
        .turned("10o")
        .rule();
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
    let mut v = deal_b().json();
    v.as_object_mut().unwrap().remove("turned");
    assert_eq!(ruling(&v).violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn a_deal_needs_the_twenty_cards_five_each() {
    let mut bad = DEAL_B;
    bad[0][4] = "7b";
    let r = Rec::new(GameKind::Cuatrola, 4, 3)
        .hands(bad)
        .turned("10o")
        .rule();
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::DealInvalid);
    assert_eq!(r.points, vec![Score::ZERO, Score::ZERO]);
    assert!(r.tricks.is_empty() && r.hand_points.is_none() && r.game_over.is_none());
    let mut v = deal_b().json();
    v["hands"][0] = json!(["12o", "11o", "12c", "11c"]);
    v["hands"][1] = json!(["3b", "10b", "1c", "3c", "10c", "1b"]);
    assert_eq!(ruling(&v).violation.unwrap().rule, RuleId::DealInvalid);
    v["hands"] = json!([["zz"], [], [], []]);
    let r = ruling(&v);
    assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid);
    let mut v = deal_b().json();
    v["stock"] = json!(["1b"]);
    assert_eq!(ruling(&v).violation.unwrap().rule, RuleId::DealInvalid);
}

#[test]
fn mano_speaks_first_and_the_dealer_last() {
    let st = b(def());
    assert_eq!(st.current_player(), Some(0));
    assert_eq!(rule_of(run(&st, "1:pass")), (0, RuleId::OutOfTurn));
    let st = run(&st, "0:pass 1:pass 2:pass").unwrap();
    assert_eq!(st.current_player(), Some(3));
    assert!(st.is_bidding());
}

// ---- §3.3 bidding ---------------------------------------------------------------------

#[test]
fn all_four_calls_are_required_before_the_first_card() {
    assert_eq!(
        refused_b("0:pass 1:pass 2:pass 0:1b"),
        (3, RuleId::OutOfTurn)
    );
}

#[test]
fn a_bid_must_raise_the_highest_bid() {
    assert_eq!(refused_b("0:cuatrola 1:solo"), (1, RuleId::IllegalBid));
    assert_eq!(refused_b("0:solo 1:solo"), (1, RuleId::IllegalBid));
    assert!(run(&b(def()), "0:solo 1:cuatrola 2:quintola 3:pass").is_ok());
}

#[test]
fn a_bid_after_the_bidding_is_an_illegal_bid() {
    assert_eq!(refused_after_bids("0:solo"), (4, RuleId::IllegalBid));
}

// §8 item 6: the 17-point rule with target 21.
#[test]
fn a_pair_may_only_bid_what_keeps_it_within_the_target() {
    let legal = |score: i64| -> Vec<Bid> {
        let st = new_state(&DEAL_B, 3, "10o", def(), [score, 0]);
        st.legal_actions()
            .into_iter()
            .filter_map(|m| match m.action {
                Action::Bid(b) => Some(b),
                _ => None,
            })
            .collect()
    };
    assert_eq!(legal(16), Bid::ALL.to_vec());
    assert_eq!(legal(17), vec![Bid::Pass, Bid::Solo, Bid::Cuatrola]);
    assert_eq!(legal(18), vec![Bid::Pass, Bid::Solo]);
    assert_eq!(legal(19), vec![Bid::Pass, Bid::Solo]);
    assert_eq!(legal(20), vec![Bid::Pass]);
    let st = new_state(&DEAL_B, 3, "10o", def(), [18, 0]);
    assert_eq!(rule_of(run(&st, "0:cuatrola")), (0, RuleId::IllegalBid));
    // The other side is not capped.
    assert!(run(&st, "0:pass 1:quintola").is_ok());
}

#[test]
fn the_cap_follows_a_shorter_target() {
    let opts = CuatrolaOptions {
        target: 11,
        ..def()
    };
    let st = new_state(&DEAL_B, 3, "10o", opts, [7, 0]);
    assert!(run(&st, "0:cuatrola").is_ok());
    assert_eq!(rule_of(run(&st, "0:quintola")), (0, RuleId::IllegalBid));
}

#[test]
fn with_the_threshold_reading_a_pair_at_17_may_not_bid_at_all() {
    let opts = CuatrolaOptions {
        bid_cap_rule: BidCapRule::NoBidsFromThreshold,
        ..def()
    };
    let st = new_state(&DEAL_B, 3, "10o", opts, [17, 16]);
    assert_eq!(rule_of(run(&st, "0:solo")), (0, RuleId::IllegalBid));
    assert!(run(&st, "0:pass 1:quintola").is_ok());
}

#[test]
fn the_soloists_partner_sits_out_and_tricks_have_three_cards() {
    let st = run(&d(def()), "1:pass 2:pass 3:pass 0:solo").unwrap();
    assert_eq!(st.sitting_out(), Some(2));
    assert_eq!(st.dead().len(), 5);
    let st = run(&st, "1:1c 3:12e 0:10o").unwrap();
    assert_eq!(st.tricks().len(), 1);
    assert_eq!(st.tricks()[0].cards.len(), 3);
    // The sitting-out partner may neither play nor sing.
    assert_eq!(rule_of(run(&st, "2:10c")), (0, RuleId::OutOfTurn));
    assert_eq!(rule_of(run(&st, "2:cante:e")), (0, RuleId::IllegalCante));
    assert_eq!(rule_of(run(&st, "2:quintola")), (0, RuleId::OutOfTurn));
    // An active player's bid after the bidding is an illegal bid.
    assert_eq!(rule_of(run(&st, "1:quintola")), (0, RuleId::IllegalBid));
}

#[test]
fn the_dead_hand_is_neither_played_nor_counted() {
    let st = run(&d(def()), &format!("1:pass 2:pass 3:pass 0:solo {D_PLAYS}")).unwrap();
    assert!(st.is_terminal());
    // 120 card points less the dead hand's 12, plus the last 10.
    assert_eq!(st.points(), [118, 0]);
}

#[test]
fn a_partner_may_overcall_and_the_first_bidder_then_sits_out() {
    let st = run(&d(def()), "1:pass 2:solo 3:pass 0:cuatrola").unwrap();
    assert_eq!(st.soloist(), Some(0));
    assert_eq!(st.sitting_out(), Some(2));
    let opts = CuatrolaOptions {
        partner_may_overcall: false,
        ..def()
    };
    assert_eq!(
        rule_of(run(&d(opts), "1:pass 2:solo 3:pass 0:cuatrola")),
        (3, RuleId::IllegalBid)
    );
    // The opponents may still raise.
    assert!(run(&d(opts), "1:pass 2:solo 3:cuatrola").is_ok());
}

#[test]
fn mano_leads_or_the_next_active_seat_when_mano_sits_out() {
    // Deal D: dealer 0, mano 1. Seat 3 bids: seat 1 (mano) sits out, seat 2 leads.
    let st = run(&d(def()), "1:pass 2:pass 3:solo 0:pass").unwrap();
    assert_eq!(st.current_player(), Some(2));
    let st = run(&d(def()), "1:pass 2:solo 3:pass 0:pass").unwrap();
    assert_eq!(st.current_player(), Some(1));
    let opts = CuatrolaOptions {
        bidder_leads: true,
        ..def()
    };
    let st = run(&d(opts), "1:pass 2:solo 3:pass 0:pass").unwrap();
    assert_eq!(st.current_player(), Some(2));
}

#[test]
fn the_trick_winner_leads_the_next_trick() {
    let st = b_t1();
    assert_eq!(st.current_player(), Some(0));
    assert_eq!(rule_of(run(&st, "1:1c")), (0, RuleId::OutOfTurn));
}

// ---- §3.4 legal play ------------------------------------------------------------------

#[test]
fn a_follower_must_follow_suit() {
    // Seat 1 holds 3b and 10b: a copas card on the as de bastos is a renuncio.
    assert_eq!(refused_after_bids("0:1b 1:1c"), (5, RuleId::MustFollowSuit));
}

#[test]
fn a_follower_must_beat_the_winning_card_even_over_his_partner() {
    // Deal C: seat 1 leads 12c, seat 2 (opponent) must top it with 1c or 3c.
    let st = run(&cc(def()), "1:pass 2:pass 3:pass 0:pass 1:11c 2:1c").unwrap();
    // Seat 3 is void in copas and holds no trumps: anything.
    assert_eq!(st.legal_cards().len(), 5);
    // Deal B trick 2 after seat 0 wins: he leads 12c; seat 1 must top it with 1c or 3c
    // (not 10c); seat 2 (void, no trumps) anything; seat 3 void, must trump.
    let st = after_b_t1("0:12c");
    assert_eq!(st.legal_cards(), CardSet::from_cards([c("1c"), c("3c")]));
    assert_eq!(rule_of(run(&st, "1:10c")), (0, RuleId::MustBeat));
}

#[test]
fn a_void_follower_must_trump_and_overtrump() {
    let st = after_b_t1("0:12c 1:1c 2:3e");
    // Seat 3 is void in copas with three trumps: must trump.
    assert_eq!(
        st.legal_cards(),
        CardSet::from_cards([c("1o"), c("3o"), c("10o")])
    );
    assert_eq!(rule_of(run(&st, "3:12b")), (0, RuleId::MustTrump));
    // Deal C trick 1 variant: seat 0 void in copas must trump the 1c.
    let st = run(&cc(def()), "1:pass 2:pass 3:pass 0:pass 1:12c 2:1c 3:10e").unwrap();
    assert_eq!(st.legal_cards().len(), 5);
}

/// The cards of a trick: seats and card codes.
fn trick(t: &[(u8, &str)]) -> Vec<(u8, Card)> {
    t.iter().map(|(seat, code)| (*seat, c(code))).collect()
}

/// A trick of `cards` played in pairs with trumps `trump`.
fn pairs_trick(cards: &[(u8, Card)], trump: Suit) -> TrickView<'_> {
    TrickView {
        cards,
        trump: Some(trump),
        partnership: Partnership::Pairs,
    }
}

/// The cards of `hand` that `seat` may play to the trick `t` (seats and card codes) in
/// pairs with trumps `trump`, by cuatrola's rules with `head`.
fn legal_to(seat: u8, hand: &[&str], t: &[(u8, &str)], trump: Suit, head: HeadTarget) -> CardSet {
    let cards = trick(t);
    let rules = PlayRules::cuatrola(head);
    legal_cards(
        set(hand),
        seat,
        &pairs_trick(&cards, trump),
        &rules,
        &VALUES,
    )
}

#[test]
fn a_player_who_cannot_overtrump_may_play_anything() {
    // Deal B: seat 0 leads 12c, seat 1 1c, seat 2 3e, seat 3 trumps with 1o; trick 3 ...
    // Direct check on the generator with cuatrola's settings.
    let legal =
        |hand: &[&str], t: &[(u8, &str)]| legal_to(3, hand, t, Suit::Oros, HeadTarget::WinningCard);
    let hand = ["3o", "10e"];
    assert_eq!(legal(&hand, &[(1, "1c"), (2, "1o")]), set(&hand));
    let hand = ["3o", "10e", "1e"];
    assert_eq!(legal(&hand, &[(1, "1c"), (2, "3o")]), set(&hand));
    let t = trick(&[(1, "1c"), (2, "3o")]);
    let rules = PlayRules::cuatrola(HeadTarget::WinningCard);
    let view = pairs_trick(&t, Suit::Oros);
    assert_eq!(
        check_play(set(&["1o", "10e"]), c("10e"), 3, &view, &rules, &VALUES),
        Err(Obligation::Overtrump)
    );
}

// §8 item 4, the three cases, with trumps espadas.
#[test]
fn worked_check_4_cuatrola_follow_head_and_no_duty_after_a_trump() {
    let legal = |t: &[(u8, &str)], hand: &[&str]| {
        legal_to(0, hand, t, Suit::Espadas, HeadTarget::WinningCard)
    };
    // Opponent (1) leads A-oros, partner (2) plays 3-oros, I (0... after 3) hold R and S.
    let l = legal(&[(1, "1o"), (2, "3o")], &["12o", "10o", "1c"]);
    assert_eq!(l, set(&["12o", "10o"]));
    let l = legal(&[(1, "10o"), (2, "11o")], &["12o", "1c"]);
    assert_eq!(l, set(&["12o"]));
    let l = legal(&[(1, "1o"), (3, "10e")], &["12o", "10o"]);
    assert_eq!(l, set(&["12o", "10o"]));
}

#[test]
fn with_highest_led_suit_card_a_follower_must_top_the_led_suit_after_a_trump() {
    let opts = CuatrolaOptions {
        head_target: HeadTarget::HighestLedSuitCard,
        ..def()
    };
    // Deal B: 0 leads 12c, 1 plays 10c (not allowed: must beat)… use 1c; then 3 trumps.
    let st = run(&b(opts), &format!("{B_BIDS} {B_T1} 0:12c 1:1c 2:3e 3:1o")).unwrap();
    assert!(st.is_terminal() || st.tricks().len() == 2);
    let hand = ["12c", "11c"];
    let legal = |t: &[(u8, &str)], head| legal_to(3, &hand, t, Suit::Oros, head);
    let strict = HeadTarget::HighestLedSuitCard;
    assert_eq!(legal(&[(1, "10c"), (2, "1o")], strict), set(&hand));
    assert_eq!(legal(&[(1, "11c"), (2, "1o")], strict), set(&["12c"]));
    assert_eq!(
        legal(&[(1, "11c"), (2, "1o")], HeadTarget::WinningCard),
        set(&hand)
    );
}

#[test]
fn a_card_not_held_is_card_not_in_hand() {
    assert_eq!(refused_after_bids("0:1o"), (4, RuleId::CardNotInHand));
    // Nor a card already played.
    let st = b_t1();
    assert_eq!(rule_of(run(&st, "0:1b")), (0, RuleId::CardNotInHand));
}

// ---- §3.5 cantes ----------------------------------------------------------------------

/// The cante `s` is refused from `st` as an illegal cante.
fn illegal_cante(st: &Cuatrola, s: &str) {
    assert_eq!(rule_of(run(st, s)), (0, RuleId::IllegalCante), "{s}");
}

#[test]
fn a_cante_needs_a_trick_won_by_the_side() {
    let st = b_t1();
    // Seat 3 (side 1) holds rey and caballo de bastos? He played the caballo; use seat 1.
    illegal_cante(&st, "3:cante:b");
    illegal_cante(&st, "1:cante:c");
    assert!(run(&st, "0:cante:o").is_ok());
}

#[test]
fn there_is_no_cante_before_the_first_trick() {
    assert_eq!(refused_b("0:cante:o"), (0, RuleId::IllegalCante));
    assert_eq!(refused_after_bids("0:cante:o"), (4, RuleId::IllegalCante));
    assert_eq!(
        refused_after_bids("0:1b 0:cante:o"),
        (5, RuleId::IllegalCante)
    );
}

#[test]
fn a_cante_after_the_next_lead_is_too_late() {
    illegal_cante(&after_b_t1("0:12c"), "0:cante:o");
}

#[test]
fn both_partners_may_sing_after_one_trick_once_each() {
    let st = after_b_t1("0:cante:o 2:cante:e");
    assert_eq!(st.points(), [26 + 40 + 20, 0]);
    assert_eq!(st.sung().len(), 2);
    illegal_cante(&st, "0:cante:c");
}

#[test]
fn with_one_per_side_only_one_partner_sings_per_trick() {
    let opts = CuatrolaOptions {
        cantes_per_trick: CantesPerTrick::OnePerSide,
        ..def()
    };
    assert_eq!(
        rule_of(run(
            &b(opts),
            &format!("{B_BIDS} {B_T1} 0:cante:o 2:cante:e")
        )),
        (9, RuleId::IllegalCante)
    );
}

#[test]
fn the_forty_is_sung_before_any_twenty() {
    let st = b_t1();
    illegal_cante(&st, "0:cante:c");
    let st = run(&st, "0:cante:o").unwrap();
    assert_eq!(st.sung()[0].value, 40);
}

#[test]
fn a_cante_needs_both_cards_in_hand() {
    illegal_cante(&b_t1(), "2:cante:c");
}

#[test]
fn a_marriage_not_sung_at_the_first_chance_lapses() {
    // Trick 2 after seat 0 sang the 40: 0:12c 1:1c 2:3e 3:1o, seat 3 trumps and wins.
    let st = after_b_t1("0:cante:o 0:12c 1:1c 2:3e 3:1o");
    assert_eq!(st.tricks()[1].winner, 3);
    // Seat 2 sang nothing after trick 1: his espadas lapsed; seat 0 sang, nothing lapsed.
    assert!(st.lapsed[2].contains(suit_mark(Suit::Espadas)));
    assert!(st.lapsed[0].is_empty());
    let lapses = cante_lapses(true);
    let st = run(&b(lapses), &format!("{B_BIDS} {B_T1} 0:12c")).unwrap();
    // Seat 2 held the espadas marriage in the window and sang nothing: it lapsed.
    assert!(st.lapsed[2].contains(suit_mark(Suit::Espadas)));
    // Seat 0 held the 40 and sang nothing: only the 40 lapsed, not the copas 20.
    assert!(st.lapsed[0].contains(suit_mark(Suit::Oros)));
    assert!(!st.lapsed[0].contains(suit_mark(Suit::Copas)));
}

#[test]
fn without_cante_lapses_a_marriage_can_wait_for_a_later_trick() {
    let opts = cante_lapses(false);
    let st = run(&b(opts), &format!("{B_BIDS} {B_T1} 0:12c")).unwrap();
    assert!(st.lapsed.iter().all(|l| l.is_empty()));
}

#[test]
fn a_lapsed_cante_is_illegal_later() {
    // Deal C: seat 0 holds 12o and 11o and wins trick 1 but sings nothing: his 40 lapses.
    let base = "1:pass 2:pass 3:pass 0:pass 1:12c 2:1c 3:10e 0:10o 0:1o 1:11c 2:3c 3:3b";
    let st = run(&cc(def()), base).unwrap();
    assert_eq!(rule_of(run(&st, "0:cante:o")), (0, RuleId::IllegalCante));
    let opts = cante_lapses(false);
    let st = run(&cc(opts), base).unwrap();
    assert!(run(&st, "0:cante:o").is_ok());
}

#[test]
fn each_suit_is_sung_once_a_hand() {
    let opts = cante_lapses(false);
    let st = run(&b(opts), &format!("{B_BIDS} {B_T1} 0:cante:o")).unwrap();
    assert!(st.sung_suits.contains(suit_mark(Suit::Oros)));
    assert!(st.check_cante(0, Suit::Oros).is_err());
}

#[test]
fn there_are_no_cantes_in_cuatrola_or_quintola_hands() {
    for bid in ["cuatrola", "quintola"] {
        let s = format!("0:{bid} 1:pass 2:pass 3:pass 0:1b 1:3b 3:11b");
        let st = run(&b(def()), &s).unwrap();
        assert_eq!(st.tricks().len(), 1);
        assert_eq!(rule_of(run(&st, "0:cante:o")), (0, RuleId::IllegalCante));
    }
    // In a solo hand the soloist may sing.
    let st = run(&b(def()), "0:solo 1:pass 2:pass 3:pass 0:1b 1:3b 3:11b").unwrap();
    assert!(run(&st, "0:cante:o").is_ok());
}

/// Seat 0 holds the four reyes.
const DEAL_REYES: [[&str; 5]; 4] = [
    ["12o", "12c", "12e", "12b", "1o"],
    ["3o", "10o", "11o", "1c", "3c"],
    ["10c", "11c", "1e", "3e", "10e"],
    ["11e", "1b", "3b", "10b", "11b"],
];

/// [`DEAL_REYES`] (dealer 3) with `turned` turned, where a tute wins the hand.
fn reyes_wins_hand(turned: &str) -> Cuatrola {
    let opts = CuatrolaOptions {
        cuatrola_tute: CuatrolaTute::WinsHand,
        ..def()
    };
    new_state(&DEAL_REYES, 3, turned, opts, [0, 0])
}

#[test]
fn a_tute_event_is_illegal_tute_unless_the_option_wins_hand() {
    let st = b_t1();
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
    assert_eq!(refused_b("0:tute"), (0, RuleId::IllegalTute));
    // Four reyes in one hand, option wins_hand.
    let st = reyes_wins_hand("11b");
    // Trick 1: 0 leads 1o, 1 must beat? cannot beat the ace: 3o; 2 void oros, no trump? he has none → 10c; 3 void, must trump: 11b? 1b…
    let st = run(&st, "0:pass 1:pass 2:pass 3:pass 0:1o 1:3o 2:10c 3:1b").unwrap();
    // Seat 3 trumped with the as de bastos and wins; side 1 cannot declare seat 0's tute.
    assert_eq!(st.tricks()[0].winner, 3);
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
    let st = run(&st, "3:11e 0:12e 1:1c 2:1e").unwrap();
    // Seat 2 wins with the as de espadas; seat 0 (three reyes left + 12e played) has no tute now.
    assert_eq!(rule_of(run(&st, "0:tute")), (0, RuleId::IllegalTute));
}

#[test]
fn with_wins_hand_a_declared_tute_wins_the_hand() {
    let st = reyes_wins_hand("11e");
    // Trumps espadas. 0 leads 1o: 1 plays 3o, 2 void oros must trump: 1e; 3 void oros must overtrump? 11e < 1e → anything: 1b.
    let st = run(&st, "0:pass 1:pass 2:pass 3:pass 0:1o 1:3o 2:1e 3:1b").unwrap();
    assert_eq!(st.tricks()[0].winner, 2);
    let st = run(&st, "0:tute").unwrap();
    assert!(st.is_terminal());
    assert_eq!(st.result(), Some([1, 0]));
    assert_eq!(st.sung()[0].tute, Some(TuteKind::Kings));
}

// ---- §3.6 scoring ---------------------------------------------------------------------

#[test]
fn a_normal_hand_won_with_more_than_100_scores_two() {
    let st = run(
        &cc(def()),
        &format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS}"),
    )
    .unwrap();
    assert_eq!(st.result(), Some([2, 0]));
    let opts = CuatrolaOptions {
        over100_counts_double: false,
        ..def()
    };
    let st = run(&cc(opts), &format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS}")).unwrap();
    assert_eq!(st.result(), Some([1, 0]));
}

#[test]
fn a_normal_hand_scores_one_to_the_side_with_more_points() {
    // Example 1 of examples/cuatrola.jsonl: 56–74 → [0, 1].
    let r = ruling(&serde_json::from_str::<Value>(EXAMPLE_1).unwrap());
    assert_eq!(r.points, vec![Score::points(56), Score::points(74)]);
    assert_eq!(r.hand_points, Some(vec![Score::ZERO, Score::points(1)]));
}

const EXAMPLE_1: &str = r#"{"format":"baza-hand/1","game":"cuatrola","players":4,"options":{"target":11},"dealer":1,"before":[10,10],
"hands":[["3b","1b","12e","3c","1o"],["1c","11b","11o","11c","11e"],["1e","12o","10e","10o","10c"],["3o","3e","12c","12b","10b"]],"stock":[],"turned":"11e",
"events":[{"seat":2,"bid":"pass"},{"seat":3,"bid":"pass"},{"seat":0,"bid":"pass"},{"seat":1,"bid":"pass"},{"seat":2,"play":"10e"},{"seat":3,"play":"3e"},{"seat":0,"play":"12e"},{"seat":1,"play":"11e"},{"seat":3,"play":"12b"},{"seat":0,"play":"3b"},{"seat":1,"play":"11b"},{"seat":2,"play":"1e"},{"seat":2,"play":"12o"},{"seat":3,"play":"3o"},{"seat":0,"play":"1o"},{"seat":1,"play":"11o"},{"seat":0,"play":"3c"},{"seat":1,"play":"1c"},{"seat":2,"play":"10c"},{"seat":3,"play":"12c"},{"seat":1,"play":"11c"},{"seat":2,"play":"10o"},{"seat":3,"play":"10b"},{"seat":0,"play":"1b"}]}"#;

#[test]
fn a_tie_goes_to_the_side_of_the_last_trick() {
    let mut found = 0;
    for seed in 0..4000u64 {
        let rec = crate::domain::random_complete_cuatrola_record(seed);
        let r = crate::domain::rule(&rec, Lang::En);
        if r.points[0] == r.points[1]
            && r.hand_points
                .as_ref()
                .is_some_and(|h| h.iter().any(|x| x.floor() > 0))
        {
            let contract_normal = rec.events.iter().take(4).all(|e| {
                matches!(
                    e,
                    Event::Move(Move {
                        action: Action::Bid(Bid::Pass | Bid::Solo),
                        ..
                    })
                )
            });
            if !contract_normal {
                continue;
            }
            let last = r.tricks.last().unwrap().winner % 2;
            let hp = r.hand_points.unwrap();
            assert!(hp[usize::from(last)].floor() > 0, "seed {seed}");
            found += 1;
        }
    }
    assert!(found > 0, "no tied hand among the seeds");
}

#[test]
fn a_solo_scores_two_and_over_100_only_with_the_option() {
    let s = format!("1:pass 2:pass 3:pass 0:solo {D_PLAYS}");
    let st = run(&d(def()), &s).unwrap();
    assert_eq!(st.points(), [118, 0]);
    assert_eq!(st.result(), Some([2, 0]));
    let opts = CuatrolaOptions {
        solo_over100_counts_double: true,
        ..def()
    };
    assert_eq!(run(&d(opts), &s).unwrap().result(), Some([4, 0]));
}

#[test]
fn a_cuatrola_needs_four_tricks_and_is_settled_at_the_fourth() {
    let s = format!("1:pass 2:pass 3:pass 0:cuatrola {D_PLAYS}");
    let all = script(&s);
    let mut st = d(def());
    for (i, m) in all.iter().enumerate() {
        st = st.apply(m).unwrap();
        let tricks = st.tricks().len();
        if tricks < 4 {
            assert_eq!(st.result(), None, "move {i}");
        } else {
            assert_eq!(st.result(), Some([4, 0]), "move {i}");
        }
    }
    assert!(st.is_terminal());
    // Only tricks count: no cantes, points still reported.
    assert_eq!(st.points(), [118, 0]);
}

#[test]
fn a_cuatrola_is_lost_as_soon_as_the_soloist_loses_two_tricks() {
    // Deal C: seat 1 bids cuatrola, seat 3 sits out; seat 0 trumps twice.
    let st = run(
        &cc(def()),
        "1:cuatrola 2:pass 3:pass 0:pass 1:12c 2:1c 0:10o",
    )
    .unwrap();
    assert_eq!(st.result(), None);
    let st = run(&st, "0:11o 1:11c 2:3c").unwrap();
    assert_eq!(st.result(), Some([4, 0]));
    assert!(!st.is_terminal());
    let opts = CuatrolaOptions {
        stop_when_decided: true,
        ..def()
    };
    let s = "1:cuatrola 2:pass 3:pass 0:pass 1:12c 2:1c 0:10o 0:11o 1:11c 2:3c";
    let st = run(&cc(opts), s).unwrap();
    assert!(st.is_terminal());
    assert_eq!(rule_of(run(&st, "0:12o")), (0, RuleId::OutOfTurn));
}

#[test]
fn a_quintola_needs_all_five_tricks() {
    let s = format!("1:pass 2:pass 3:pass 0:quintola {D_PLAYS}");
    let st = run(&d(def()), &s).unwrap();
    assert_eq!(st.result(), Some([5, 0]));
    let st = run(
        &cc(def()),
        "1:quintola 2:pass 3:pass 0:pass 1:12c 2:1c 0:10o",
    )
    .unwrap();
    assert_eq!(st.result(), Some([5, 0]));
}

#[test]
fn hand_points_of_a_decided_cuatrola_are_set_even_if_the_record_stops() {
    let v = deal_c()
        .before([0, 0])
        .script("1:cuatrola 2:pass 3:pass 0:pass 1:12c 2:1c 0:10o 0:11o 1:11c 2:3c")
        .json();
    let r = ruling(&v);
    assert!(r.legal && !r.complete);
    assert_eq!(r.hand_points, Some(vec![Score::points(4), Score::ZERO]));
}

// ---- §3.7 game end ----------------------------------------------------------------------

#[test]
fn the_game_ends_when_before_plus_hand_points_reach_the_target() {
    let s = format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS}");
    let r = deal_c().before([19, 0]).script(&s).rule();
    assert_eq!(r.game_over, ended(0, GameOverReason::Target));
    let r = deal_c().before([18, 20]).script(&s).rule();
    assert_eq!(r.game_over, None);
    let r = deal_c().script(&s).rule();
    assert_eq!(r.game_over, None);
    let r = deal_c()
        .options(json!({"target": 11}))
        .before([9, 0])
        .script(&s)
        .rule();
    assert_eq!(r.game_over.map(|g| g.winner), Some(0));
}

// ---- §3.8 / Part A 3 revoke penalties ----------------------------------------------------

#[test]
fn a_revoke_gives_the_opponents_the_value_at_stake() {
    let v = deal_b().before([0, 0]).script(B_REVOKE).json();
    let r = ruling(&v);
    let viol = r.violation.clone().unwrap();
    assert_eq!(
        (viol.event, viol.seat, viol.side, viol.rule),
        (Some(5), Some(1), Some(1), RuleId::MustFollowSuit)
    );
    assert!(!r.legal && !r.complete);
    assert_eq!(r.hand_points, Some(vec![Score::points(1), Score::ZERO]));
    // In a cuatrola hand the value is 4, to the soloist's side when an opponent revokes.
    let v = deal_b()
        .script("0:cuatrola 1:pass 2:pass 3:pass 0:1b 1:1c")
        .json();
    assert_eq!(
        ruling(&v).hand_points,
        Some(vec![Score::points(4), Score::ZERO])
    );
    let v = deal_b()
        .options(json!({"revoke_counts_as_over100": true}))
        .script(B_REVOKE)
        .json();
    assert_eq!(
        ruling(&v).hand_points,
        Some(vec![Score::points(2), Score::ZERO])
    );
    let v = deal_b()
        .options(json!({"revoke_penalty": "none"}))
        .script(B_REVOKE)
        .json();
    assert_eq!(ruling(&v).hand_points, Some(vec![Score::ZERO, Score::ZERO]));
}

#[test]
fn a_violation_during_the_bidding_puts_the_highest_bid_at_stake() {
    let v = deal_b().script("0:solo 1:solo").json();
    assert_eq!(
        ruling(&v).hand_points,
        Some(vec![Score::points(2), Score::ZERO])
    );
    let v = deal_b().script("1:pass").json();
    let r = ruling(&v);
    assert_eq!(r.violation.unwrap().rule, RuleId::OutOfTurn);
    assert_eq!(r.hand_points, Some(vec![Score::points(1), Score::ZERO]));
}

#[test]
fn a_penalty_can_end_the_game_with_reason_revoke() {
    let v = deal_b().before([20, 0]).script(B_REVOKE).json();
    let r = ruling(&v);
    assert_eq!(r.game_over, ended(0, GameOverReason::Revoke));
}

#[test]
fn record_errors_are_not_penalised() {
    let v = deal_b()
        .before([20, 0])
        .script(&format!("{B_BIDS} 0:1o"))
        .json();
    let r = ruling(&v);
    assert_eq!(r.violation.unwrap().rule, RuleId::CardNotInHand);
    assert_eq!((r.hand_points, r.game_over), (None, None));
    let mut v = deal_b().script(B_BIDS).json();
    v["events"]
        .as_array_mut()
        .unwrap()
        .push(json!({"seat": 0, "trump": "o"}));
    let r = ruling(&v);
    assert_eq!(r.violation.unwrap().rule, RuleId::UnknownEvent);
    assert_eq!(r.hand_points, None);
}

#[test]
fn an_event_after_the_end_is_a_violation_but_the_result_stands() {
    let s = format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS} 1:1c");
    let r = deal_c().before([19, 0]).script(&s).rule();
    assert!(!r.legal && r.complete);
    assert_eq!(r.violation.unwrap().rule, RuleId::OutOfTurn);
    assert_eq!(r.hand_points, Some(vec![Score::points(2), Score::ZERO]));
    assert_eq!(r.game_over.unwrap().reason, GameOverReason::Target);
    let s = format!("1:pass 2:pass 3:pass 0:pass {C_PLAYS} 0:cante:o");
    let r = deal_c().script(&s).rule();
    assert_eq!(r.violation.unwrap().rule, RuleId::IllegalCante);
    assert!(r.complete);
}

#[test]
fn cantes_are_reported_with_their_event_and_counted_in_points() {
    let s = format!("{B_BIDS} {B_T1} 0:cante:o 2:cante:e");
    let r = deal_b().script(&s).rule();
    assert_eq!(r.cantes.len(), 2);
    assert_eq!(
        (
            r.cantes[0].seat,
            r.cantes[0].suit,
            r.cantes[0].value,
            r.cantes[0].event
        ),
        (0, Some(Suit::Oros), 40, 8)
    );
    assert_eq!(
        (r.cantes[1].seat, r.cantes[1].value, r.cantes[1].event),
        (2, 20, 9)
    );
    assert_eq!(r.points, vec![Score::points(86), Score::ZERO]);
    assert_eq!(r.hand_points, None);
}

#[test]
fn messages_are_given_in_the_three_languages() {
    let v = deal_b().script(B_REVOKE).json();
    let es = check_value(&v, Lang::Es)
        .unwrap()
        .violation
        .unwrap()
        .message;
    let ca = check_value(&v, Lang::Ca)
        .unwrap()
        .violation
        .unwrap()
        .message;
    let en = check_value(&v, Lang::En)
        .unwrap()
        .violation
        .unwrap()
        .message;
    assert_eq!(en, "as de copas: must follow the led suit");
    assert!(es.starts_with("as de copas: renuncio"), "{es}");
    assert!(ca.starts_with("as de copas: renuncio"), "{ca}");
    assert!(es != ca && ca != en);
}

#[test]
fn every_option_has_a_default_and_a_doc_line() {
    check_option_docs(OPTIONS);
    check_option_defaults(OPTIONS);
    assert_eq!(OPTIONS.len(), 13);
    assert_eq!(CuatrolaOptions::defaults().target, 21);
}

#[test]
fn the_last_moment_for_a_cante_is_after_the_third_trick() {
    let opts = cante_lapses(false);
    let three = "1:pass 2:pass 3:pass 0:pass 1:12c 2:1c 3:10e 0:10o 0:1o 1:11c 2:3c 3:3b 0:3o 1:10c 2:1e 3:10b";
    let st = run(&cc(opts), three).unwrap();
    assert_eq!(st.tricks().len(), 3);
    assert!(run(&st, "0:cante:o").is_ok());
    let st = run(&st, "0:12o 1:12e 2:3e 3:11b").unwrap();
    assert_eq!(st.tricks().len(), 4);
    assert_eq!(rule_of(run(&st, "0:cante:o")), (0, RuleId::IllegalCante));
}

#[test]
fn the_state_is_never_changed_by_a_refused_action() {
    let st = run(&b(def()), &format!("{B_BIDS} 0:1b")).unwrap();
    let copy = st.clone();
    assert!(st.apply(&Move::new(1, Action::Play(c("1c")))).is_err());
    assert_eq!(st, copy);
    assert_eq!(st.current_player(), Some(1));
}

// ---- auction values, record errors and violations after a decided contract ---------------

/// Deal B (dealer 3, mano 0) with these events and `before`.
fn deal_b_with(events: Value, before: Option<[i64; 2]>) -> Value {
    let mut v = deal_b().before_opt(before).json();
    v["events"] = events;
    v
}

fn hand_points(r: &Ruling) -> Option<Vec<i64>> {
    r.hand_points
        .as_ref()
        .map(|h| h.iter().map(|s| s.whole().unwrap()).collect())
}

#[test]
fn a_bid_that_is_not_a_call_is_illegal_bid_and_puts_the_highest_bid_so_far_at_stake() {
    let r = ruling(&deal_b_with(
        json!([{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "solo"}, {"seat": 2, "bid": "alone"}]),
        None,
    ));
    let v = r.violation.clone().unwrap();
    assert_eq!(
        (v.event, v.seat, v.rule),
        (Some(2), Some(2), RuleId::IllegalBid)
    );
    assert!(
        v.message.contains("\"alone\" is not a call"),
        "{}",
        v.message
    );
    assert_eq!(hand_points(&r), Some(vec![0, 2]));
    assert!(!r.complete);
    // With no valid bid yet, 1 is at stake; any value that is not a call will do.
    for junk in [json!("double"), json!("5"), json!(2), json!(null)] {
        let r = ruling(&deal_b_with(json!([{"seat": 0, "bid": junk}]), None));
        assert_eq!(
            r.violation.as_ref().unwrap().rule,
            RuleId::IllegalBid,
            "{junk}"
        );
        assert_eq!(hand_points(&r), Some(vec![0, 1]), "{junk}");
    }
    // The turn is checked first, and a bid after the bidding is illegal_bid as usual.
    let r = ruling(&deal_b_with(json!([{"seat": 1, "bid": "alone"}]), None));
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::OutOfTurn);
    assert_eq!(hand_points(&r), Some(vec![1, 0]));
    let mut evs: Vec<Value> = script(B_BIDS).iter().map(Move::to_value).collect();
    evs.push(json!({"seat": 1, "bid": "alone"}));
    let r = ruling(&deal_b_with(Value::Array(evs), None));
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::IllegalBid);
    assert_eq!(hand_points(&r), Some(vec![1, 0]));
    // A penalty counts toward the target.
    let r = ruling(&deal_b_with(
        json!([{"seat": 0, "bid": "alone"}]),
        Some([3, 20]),
    ));
    assert_eq!(r.game_over, ended(1, GameOverReason::Revoke));
}

#[test]
fn a_trump_or_a_double_in_cuatrola_is_an_event_of_another_game_whatever_its_value() {
    for ev in [
        json!({"seat": 0, "trump": "pass"}),
        json!({"seat": 0, "trump": "o"}),
        json!({"seat": 0, "double": "contro"}),
        json!({"seat": 0, "double": "surcontro"}),
    ] {
        let r = ruling(&deal_b_with(json!([ev]), Some([0, 0])));
        assert_eq!(
            r.violation.as_ref().unwrap().rule,
            RuleId::UnknownEvent,
            "{ev}"
        );
        assert_eq!((hand_points(&r), r.game_over), (None, None), "{ev}");
    }
}

/// Deal D: seat 0 bids cuatrola and has his four tricks after the fourth trick; the
/// fifth is still to be played.
fn decided_cuatrola_then(last: &str) -> Ruling {
    let plays: Vec<&str> = D_PLAYS.split_whitespace().collect();
    let s = format!(
        "1:pass 2:pass 3:pass 0:cuatrola {} {last}",
        plays[..12].join(" ")
    );
    let v = deal_d().before([3, 18]).script(&s).json();
    ruling(&v)
}

#[test]
fn a_violation_after_a_cuatrola_is_decided_is_penalised_and_replaces_the_result() {
    // Played out, the cuatrola scores 4 for side 0.
    let r = decided_cuatrola_then("0:1o 1:3e 3:12b");
    assert!(r.legal && r.complete);
    assert_eq!(hand_points(&r), Some(vec![4, 0]));
    // A cante in a cuatrola hand after the decision: side 0 offends, side 1 scores 4.
    let r = decided_cuatrola_then("0:cante:o");
    let v = r.violation.clone().unwrap();
    assert_eq!((v.rule, v.seat), (RuleId::IllegalCante, Some(0)));
    assert!(!r.complete);
    assert_eq!(hand_points(&r), Some(vec![0, 4]));
    assert_eq!(r.game_over, ended(1, GameOverReason::Revoke));
    // An out-of-turn card by the side that lost: the result is the same 4, now as a penalty.
    let r = decided_cuatrola_then("1:3e");
    assert_eq!(r.violation.as_ref().unwrap().rule, RuleId::OutOfTurn);
    assert!(!r.complete);
    assert_eq!(hand_points(&r), Some(vec![4, 0]));
}

#[test]
fn a_violation_after_a_quintola_is_lost_is_penalised_and_replaces_the_result() {
    // Deal C: seat 1 bids quintola and loses the first trick: 5 to side 0, decided.
    let s = "1:quintola 2:pass 3:pass 0:pass 1:12c 2:1c 0:10o";
    let st = run(&cc(def()), s).unwrap();
    assert_eq!(st.result(), Some([5, 0]));
    assert!(!st.is_terminal());
    // Seat 0 leads the second trick; seat 2 plays first: side 0 offends.
    let v = deal_c()
        .before([18, 16])
        .script(&format!("{s} 2:3c"))
        .json();
    let r = ruling(&v);
    assert_eq!(r.violation.clone().unwrap().rule, RuleId::OutOfTurn);
    assert!(!r.complete);
    assert_eq!(hand_points(&r), Some(vec![0, 5]));
    assert_eq!(r.game_over, ended(1, GameOverReason::Revoke));
}

#[test]
fn a_card_not_held_after_a_decided_cuatrola_leaves_no_result() {
    // 1c was played by seat 1 in the first trick.
    let r = decided_cuatrola_then("0:1o 1:1c");
    assert_eq!(r.violation.clone().unwrap().rule, RuleId::CardNotInHand);
    assert!(!r.complete);
    assert_eq!((r.hand_points.clone(), r.game_over.clone()), (None, None));
    // The same for an event that is not an event at all, or not a card.
    let plays: Vec<&str> = D_PLAYS.split_whitespace().collect();
    let s = format!("1:pass 2:pass 3:pass 0:cuatrola {}", plays[..12].join(" "));
    for junk in [json!({"seat": 0}), json!({"seat": 0, "play": "zz"})] {
        let mut v = deal_d().before([3, 18]).script(&s).json();
        v["events"].as_array_mut().unwrap().push(junk.clone());
        let r = ruling(&v);
        assert!(
            matches!(
                r.violation.clone().unwrap().rule,
                RuleId::UnknownEvent | RuleId::CardNotInHand
            ),
            "{junk}"
        );
        assert_eq!((r.hand_points, r.game_over), (None, None), "{junk}");
    }
}
