#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};

use crate::domain::cards::Suit;
use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::random::{random_complete_cuatrola_record, random_complete_guinote_record};
use crate::domain::record::{Action, Event, Move};
use crate::domain::rule;
use crate::domain::ruling::{GameOverReason, Score};
use crate::domain::words::{OptionNames, UnnamedOptions};

use super::*;
use crate::domain::test_builders::{ended, with};

// ---------------------------------------------------------------------------------
// Helpers

fn setup(game: GameKind, players: u8, opts: &[(&str, Value)]) -> GameSetup {
    GameSetup {
        game,
        players,
        options: opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        first_dealer: 0,
    }
}

fn pts(v: &[i64]) -> Vec<Score> {
    v.iter().map(|x| Score::points(*x)).collect()
}

/// A cuatrola hand with no bid: oros trumps, 70 card points and the last trick to
/// side 0, no cantes.
pub(super) fn cuatrola() -> CuatrolaHand {
    CuatrolaHand {
        trump: Suit::Oros,
        bid: Contract::Pass,
        bidder: None,
        card_points_side0: Some(70),
        last_trick_side: Some(0),
        cantes: vec![],
        tute: None,
        soloist_tricks: None,
        revoke_by: None,
        card_points_side1: None,
    }
}

/// A normal hand: side 0's card points, the last trick's side and the cantes.
fn normal(p0: u32, last: u8, cantes: Vec<CanteEntry>) -> CuatrolaHand {
    CuatrolaHand {
        card_points_side0: Some(p0),
        last_trick_side: Some(last),
        cantes,
        ..cuatrola()
    }
}

fn solo(bidder: u8, p0: u32, p1: u32, last: u8) -> CuatrolaHand {
    CuatrolaHand {
        bid: Contract::Solo,
        bidder: Some(bidder),
        card_points_side0: Some(p0),
        card_points_side1: Some(p1),
        last_trick_side: Some(last),
        ..cuatrola()
    }
}

fn tricks(bid: Contract, bidder: u8, t: u8) -> CuatrolaHand {
    CuatrolaHand {
        bid,
        bidder: Some(bidder),
        card_points_side0: None,
        last_trick_side: None,
        soloist_tricks: Some(t),
        ..cuatrola()
    }
}

pub(super) fn family(card: &[Option<u32>], last: Option<u8>) -> TuteFamilyHand {
    TuteFamilyHand {
        trump: Suit::Oros,
        card_points: card.to_vec(),
        last_trick_side: last,
        cantes: vec![],
        tute: None,
        claim: None,
        revoke_by: None,
        last_trick_seat: None,
    }
}

fn botifarra(choice: BotifarraChoice, doubles: u8, p0: Option<u32>) -> BotifarraHand {
    BotifarraHand {
        chooser: 0,
        delegated: false,
        choice,
        doubles,
        points_side0: p0,
        revoke_by: None,
    }
}

fn cinquillo(out: Option<u8>, cards: &[u32]) -> CinquilloHand {
    CinquilloHand {
        out,
        cards_left: cards.to_vec(),
        revoke_by: None,
        passes: vec![],
    }
}

fn cante(seat: u8, suit: Suit) -> CanteEntry {
    CanteEntry { seat, suit }
}

fn tute_by(seat: u8, kind: TuteKind) -> Option<TuteEntry> {
    Some(TuteEntry { seat, kind })
}

fn claim(side: u8, after_trick: u8) -> Option<ClaimEntry> {
    Some(ClaimEntry { side, after_trick })
}

fn score(s: &GameSetup, before: &[i64], dealer: u8, hand: QuickHand) -> HandScore {
    score_hand(s, &pts(before), dealer, &hand, Lang::Es).unwrap()
}

/// The score of the first hand of a game (dealer 0, no `before`).
fn first(s: &GameSetup, hand: QuickHand) -> HandScore {
    score(s, &[], 0, hand)
}

/// [`rejects`] for the first hand of a game (dealer 0, no `before`).
fn first_rejects(s: &GameSetup, hand: QuickHand, field: &str) -> String {
    rejects(s, &[], 0, hand, field)
}

/// The entry is rejected on `field`, with a message in es, ca and en; returns the
/// Spanish message.
fn rejects(s: &GameSetup, before: &[i64], dealer: u8, hand: QuickHand, field: &str) -> String {
    let mut msgs = Vec::new();
    for lang in Lang::ALL {
        let errs = score_hand(s, &pts(before), dealer, &hand, lang).unwrap_err();
        let e = errs
            .iter()
            .find(|e| e.field == field)
            .unwrap_or_else(|| panic!("no error on {field}: {errs:?}"));
        assert!(!e.message.is_empty());
        msgs.push(e.message.clone());
    }
    assert_ne!(msgs[0], msgs[2], "es and en: {msgs:?}");
    assert_ne!(msgs[1], msgs[2], "ca and en: {msgs:?}");
    msgs.swap_remove(0)
}

fn setup_rejects(s: &GameSetup, field: &str) {
    let mut msgs = Vec::new();
    for lang in Lang::ALL {
        let errs = validate_setup(s, lang, &UnnamedOptions).unwrap_err();
        let e = errs.iter().find(|e| e.field == field).unwrap();
        msgs.push(e.message.clone());
    }
    assert_ne!(msgs[0], msgs[2]);
    assert_ne!(msgs[1], msgs[2]);
}

fn c4() -> GameSetup {
    setup(GameKind::Cuatrola, 4, &[])
}

/// A cuatrola hand at the default table of four, dealer 0, after `before`, scores.
fn c4_accepts(before: &[i64], h: CuatrolaHand) -> bool {
    score_hand(&c4(), &pts(before), 0, &QuickHand::Cuatrola(h), Lang::Es).is_ok()
}

/// [`first_rejects`] for a cuatrola hand at the default table of four.
fn c4_rejects(h: CuatrolaHand, field: &str) -> String {
    first_rejects(&c4(), QuickHand::Cuatrola(h), field)
}

// ---------------------------------------------------------------------------------
// Setup

#[test]
fn a_setup_with_a_wrong_number_of_players_is_rejected() {
    setup_rejects(&setup(GameKind::Cuatrola, 3, &[]), "players");
    setup_rejects(&setup(GameKind::Guinote, 3, &[]), "players");
    assert!(validate_setup(&setup(GameKind::Tute, 3, &[]), Lang::Es, &UnnamedOptions).is_ok());
}

#[test]
fn a_first_dealer_outside_the_table_is_rejected() {
    let mut s = setup(GameKind::Tute, 3, &[]);
    s.first_dealer = 3;
    setup_rejects(&s, "first_dealer");
}

/// Options named as a page names them, for two options.
struct Labels;

impl OptionNames for Labels {
    fn label(&self, _: GameKind, name: &str, lang: Lang) -> Option<String> {
        let (es, en) = match name {
            "target" => ("Tantos para ganar", "Points to win"),
            "mesa_limpia" => ("Mesa limpia", "Clean table"),
            _ => return None,
        };
        Some(lang.pick(es, es, en).to_owned())
    }
    fn allowed(&self, _: GameKind, name: &str, _: Lang) -> Option<String> {
        (name == "target").then(|| "101, 151".to_owned())
    }
}

#[test]
fn a_setup_names_an_option_it_refuses_by_its_label_and_its_values_in_words() {
    let messages = |s: &GameSetup, lang, names: &dyn OptionNames| -> Vec<String> {
        validate_setup(s, lang, names)
            .unwrap_err()
            .into_iter()
            .map(|e| e.message)
            .collect()
    };
    let bad_value = setup(GameKind::Cuatrola, 4, &[("target", json!(7))]);
    let said = messages(&bad_value, Lang::Es, &Labels);
    assert_eq!(
        said,
        vec!["La opción «Tantos para ganar» no admite 7 (valores posibles: 101, 151).".to_owned()]
    );
    let lacked = setup(GameKind::Botifarra, 4, &[("mesa_limpia", json!(true))]);
    assert_eq!(
        messages(&lacked, Lang::En, &Labels),
        vec!["The table options of botifarra do not include \"Clean table\".".to_owned()]
    );
    // Unnamed, a value refused still shows no option key.
    for lang in Lang::ALL {
        let said = messages(&bad_value, lang, &UnnamedOptions).join(" ");
        assert!(!said.contains("target"), "{said}");
    }
}

#[test]
fn an_unknown_option_or_value_is_rejected_on_options_all_at_once() {
    setup_rejects(
        &setup(GameKind::Cuatrola, 4, &[("mesa_limpia", json!(true))]),
        "options",
    );
    setup_rejects(
        &setup(GameKind::Cuatrola, 4, &[("target", json!(7))]),
        "options",
    );
    let s = setup(
        GameKind::Botifarra,
        4,
        &[("mesa_limpia", json!(true)), ("target", json!(100))],
    );
    assert_eq!(
        validate_setup(&s, Lang::En, &UnnamedOptions)
            .unwrap_err()
            .len(),
        2
    );
    let ok = setup(GameKind::Botifarra, 4, &[("target", json!(151))]);
    assert!(validate_setup(&ok, Lang::En, &UnnamedOptions).is_ok());
}

#[test]
fn a_hand_of_another_game_is_rejected() {
    let h = QuickHand::Botifarra(botifarra(BotifarraChoice::Botifarra, 0, Some(40)));
    first_rejects(&c4(), h, "game");
}

#[test]
fn a_dealer_outside_the_table_and_a_wrong_before_are_rejected_together() {
    let h = QuickHand::Cuatrola(cuatrola());
    rejects(&c4(), &[], 4, h.clone(), "dealer");
    rejects(&c4(), &[1, 2, 3], 0, h.clone(), "before");
    let errs = score_hand(&c4(), &pts(&[1, 2, 3]), 7, &h, Lang::Es).unwrap_err();
    assert_eq!(errs.len(), 2);
}

// ---------------------------------------------------------------------------------
// Cuatrola: rejected entries

#[test]
fn cuatrola_card_points_no_cards_can_make_are_rejected() {
    for p in [1, 119, 5 + 120 - 120 - 4] {
        let h = with(cuatrola(), |h| h.card_points_side0 = Some(p));
        c4_rejects(h, "card_points_side0");
    }
    let h = with(cuatrola(), |h| h.card_points_side0 = Some(121));
    c4_rejects(h, "card_points_side0");
}

#[test]
fn cuatrola_side_one_alone_is_enough_and_both_must_make_120() {
    let h = CuatrolaHand {
        card_points_side0: None,
        card_points_side1: Some(50),
        ..cuatrola()
    };
    let s = first(&c4(), QuickHand::Cuatrola(h));
    assert_eq!(s.points, Some(pts(&[80, 50])));
    let h = with(cuatrola(), |h| h.card_points_side1 = Some(60));
    c4_rejects(h, "card_points_side1");
}

#[test]
fn cuatrola_last_trick_for_a_side_without_tricks_is_rejected() {
    let h = normal(0, 0, vec![]);
    c4_rejects(h, "last_trick_side");
    let h = normal(120, 1, vec![]);
    c4_rejects(h, "last_trick_side");
}

#[test]
fn cuatrola_missing_points_and_last_trick_are_rejected() {
    let h = CuatrolaHand {
        card_points_side0: None,
        last_trick_side: None,
        ..cuatrola()
    };
    c4_rejects(h.clone(), "card_points_side0");
    c4_rejects(h, "last_trick_side");
}

#[test]
fn two_forties_are_rejected() {
    let h = with(cuatrola(), |h| {
        h.cantes = vec![cante(0, Suit::Oros), cante(2, Suit::Oros)]
    });
    let m = c4_rejects(h, "cantes[1]");
    assert!(m.contains("cuarenta"), "{m}");
}

#[test]
fn a_suit_sung_twice_is_rejected() {
    let h = with(cuatrola(), |h| {
        h.cantes = vec![cante(0, Suit::Copas), cante(1, Suit::Copas)]
    });
    c4_rejects(h, "cantes[1]");
}

#[test]
fn cantes_in_a_cuatrola_or_quintola_hand_are_rejected() {
    for bid in [Contract::Cuatrola, Contract::Quintola] {
        let h = with(tricks(bid, 1, 5), |h| {
            h.cantes = vec![cante(1, Suit::Copas)]
        });
        c4_rejects(h, "cantes[0]");
    }
}

#[test]
fn a_cante_for_a_side_that_took_no_trick_is_rejected() {
    let h = normal(0, 1, vec![cante(2, Suit::Copas)]);
    c4_rejects(h, "cantes[0]");
}

#[test]
fn a_cante_by_a_pair_whose_only_trick_is_the_last_is_rejected() {
    // Pair 1 has 10 card points: one trick of four cards (two make at least 20), and it
    // is the last one, after which nobody sings.
    let h = normal(110, 1, vec![cante(1, Suit::Copas)]);
    let m = c4_rejects(h.clone(), "cantes[0]");
    assert!(m.contains("última"), "{m}");
    // With 20 card points pair 1 can have won a trick before the last.
    let ok = with(h, |h| h.card_points_side0 = Some(100));
    assert!(c4_accepts(&[], ok));
    // In a solo: the opponents' 10 points are one trick of three cards, the last one.
    let h = with(solo(0, 95, 10, 1), |h| {
        h.cantes = vec![cante(1, Suit::Copas)]
    });
    c4_rejects(h, "cantes[0]");
}

#[test]
fn two_cantes_by_one_player_whose_pair_won_one_trick_before_the_last_are_rejected() {
    // Pair 0 has 30 card points and the last trick: one or two tricks (three make at
    // least 36), so at most one before the last.
    let h = normal(30, 0, vec![cante(0, Suit::Copas), cante(0, Suit::Espadas)]);
    let m = c4_rejects(h.clone(), "cantes[1]");
    assert!(m.contains("una vez por baza"), "{m}");
    // One cante per player per trick won: the partner may sing in the same window.
    let partners = with(h.clone(), |h| {
        h.cantes = vec![cante(0, Suit::Copas), cante(2, Suit::Espadas)]
    });
    assert!(c4_accepts(&[], partners.clone()));
    // ... but not with one cante per side.
    let per_side = setup(
        GameKind::Cuatrola,
        4,
        &[("cantes_per_trick", json!("one_per_side"))],
    );
    first_rejects(&per_side, QuickHand::Cuatrola(partners), "cantes[1]");
    // With 36 points (every sota, caballo and rey) the pair can have won three tricks,
    // two before the last.
    let ok = with(h, |h| h.card_points_side0 = Some(36));
    assert!(c4_accepts(&[], ok));
}

#[test]
fn a_cante_by_the_sitting_out_partner_is_rejected() {
    let h = with(solo(1, 30, 50, 1), |h| {
        h.cantes = vec![cante(3, Suit::Copas)]
    });
    c4_rejects(h, "cantes[0]");
}

#[test]
fn more_cantes_than_a_player_or_the_deck_allows_are_rejected() {
    let h = CuatrolaHand {
        cantes: vec![
            cante(0, Suit::Copas),
            cante(0, Suit::Espadas),
            cante(0, Suit::Bastos),
        ],
        ..cuatrola()
    };
    c4_rejects(h, "cantes");
    let s = setup(GameKind::Tute, 4, &[]);
    let mut h = family(&[Some(60), Some(60)], Some(0));
    h.cantes = Suit::ALL.iter().map(|s| cante(0, *s)).collect();
    h.cantes.push(cante(1, Suit::Oros));
    first_rejects(&s, QuickHand::Tute(h), "cantes");
}

#[test]
fn a_bid_over_the_cap_is_rejected() {
    let h = tricks(Contract::Cuatrola, 0, 4);
    rejects(&c4(), &[18, 0], 0, QuickHand::Cuatrola(h), "bid");
    rejects(
        &c4(),
        &[20, 0],
        0,
        QuickHand::Cuatrola(solo(2, 60, 30, 0)),
        "bid",
    );
    // 19 + 2 = 21 is allowed; the other pair's score does not matter.
    assert!(c4_accepts(&[19, 0], solo(2, 60, 30, 0)));
    assert!(c4_accepts(&[0, 20], solo(2, 60, 30, 0)));
    let s = setup(
        GameKind::Cuatrola,
        4,
        &[("bid_cap_rule", json!("no_bids_from_threshold"))],
    );
    rejects(
        &s,
        &[17, 0],
        0,
        QuickHand::Cuatrola(solo(0, 60, 30, 0)),
        "bid",
    );
}

#[test]
fn a_bidder_missing_or_given_with_pass_is_rejected() {
    let h = with(solo(0, 60, 30, 0), |h| h.bidder = None);
    c4_rejects(h, "bidder");
    let h = with(cuatrola(), |h| h.bidder = Some(1));
    c4_rejects(h, "bidder");
    let h = with(solo(0, 60, 30, 0), |h| h.bidder = Some(4));
    c4_rejects(h, "bidder");
}

#[test]
fn soloist_tricks_out_of_range_missing_or_in_a_normal_hand_are_rejected() {
    c4_rejects(tricks(Contract::Cuatrola, 1, 6), "soloist_tricks");
    let h = with(tricks(Contract::Quintola, 1, 0), |h| {
        h.soloist_tricks = None
    });
    c4_rejects(h, "soloist_tricks");
    let h = with(cuatrola(), |h| h.soloist_tricks = Some(3));
    c4_rejects(h, "soloist_tricks");
}

#[test]
fn card_points_in_a_cuatrola_hand_are_rejected() {
    let h = with(tricks(Contract::Cuatrola, 1, 4), |h| {
        h.card_points_side0 = Some(70)
    });
    c4_rejects(h, "card_points_side0");
}

#[test]
fn a_solo_needs_both_sides_and_the_dead_cards_do_not_count() {
    let h = with(solo(0, 60, 30, 0), |h| h.card_points_side1 = None);
    c4_rejects(h, "card_points_side1");
    let m = c4_rejects(solo(0, 60, 60, 0), "card_points_side1");
    assert!(m.contains("66"), "{m}");
}

#[test]
fn a_tute_in_cuatrola_needs_the_option() {
    let h = CuatrolaHand {
        tute: tute_by(0, TuteKind::Kings),
        last_trick_side: None,
        ..cuatrola()
    };
    c4_rejects(h.clone(), "tute");
    let s = setup(
        GameKind::Cuatrola,
        4,
        &[("cuatrola_tute", json!("wins_hand"))],
    );
    let r = first(&s, QuickHand::Cuatrola(h));
    assert_eq!(r.hand_points, pts(&[1, 0]));
}

#[test]
fn a_revoke_by_a_seat_that_does_not_exist_is_rejected() {
    let h = with(cuatrola(), |h| h.revoke_by = Some(4));
    c4_rejects(h, "revoke_by");
}

#[test]
fn every_problem_of_an_entry_comes_back_at_once() {
    let h = CuatrolaHand {
        bid: Contract::Solo,
        bidder: None,
        card_points_side0: Some(1),
        last_trick_side: Some(2),
        cantes: vec![cante(0, Suit::Copas), cante(0, Suit::Copas)],
        soloist_tricks: Some(2),
        ..cuatrola()
    };
    let errs = score_hand(&c4(), &[], 0, &QuickHand::Cuatrola(h), Lang::Ca).unwrap_err();
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    for f in ["bidder", "last_trick_side", "cantes[1]", "soloist_tricks"] {
        assert!(fields.contains(&f), "{fields:?}");
    }
}

// ---------------------------------------------------------------------------------
// Cuatrola: scoring

#[test]
fn a_normal_cuatrola_hand_scores_one_to_the_side_with_more_points() {
    let r = first(&c4(), QuickHand::Cuatrola(cuatrola()));
    assert_eq!(r.points, Some(pts(&[80, 50])));
    assert_eq!(r.hand_points, pts(&[1, 0]));
    assert_eq!(r.next_dealer, Some(1));
}

#[test]
fn a_normal_hand_won_with_more_than_100_scores_two_unless_the_option_says_no() {
    let h = normal(20, 1, vec![cante(1, Suit::Copas)]);
    // 100 + 10 + 20 = 130 for side 1.
    let r = first(&c4(), QuickHand::Cuatrola(h.clone()));
    assert_eq!(r.hand_points, pts(&[0, 2]));
    assert!(
        r.notes.iter().any(|n| n == "20 en copas, del asiento 1"),
        "{:?}",
        r.notes
    );
    assert!(r.notes.iter().any(|n| n == "más de 100"));
    let s = setup(
        GameKind::Cuatrola,
        4,
        &[("over100_counts_double", json!(false))],
    );
    assert_eq!(first(&s, QuickHand::Cuatrola(h)).hand_points, pts(&[0, 1]));
}

#[test]
fn a_cuatrola_tie_goes_to_the_side_of_the_last_trick() {
    let h = normal(65, 1, vec![cante(0, Suit::Copas)]);
    // 65 + 20 = 85 against 55 + 10 = 65: side 0.
    assert_eq!(
        first(&c4(), QuickHand::Cuatrola(h)).hand_points,
        pts(&[1, 0])
    );
    let h = normal(65, 0, vec![cante(1, Suit::Copas)]);
    // 75 against 55 + 20 = 75: the last trick decides.
    assert_eq!(
        first(&c4(), QuickHand::Cuatrola(h)).hand_points,
        pts(&[1, 0])
    );
}

#[test]
fn a_solo_scores_two_to_the_winner() {
    // Soloist seat 1 (side 1): 30 + 10 against 50.
    let r = first(&c4(), QuickHand::Cuatrola(solo(1, 50, 30, 1)));
    assert_eq!(r.hand_points, pts(&[2, 0]));
    assert_eq!(r.notes[0], "solo del asiento 1");
    let r = first(&c4(), QuickHand::Cuatrola(solo(1, 30, 50, 1)));
    assert_eq!(r.hand_points, pts(&[0, 2]));
}

#[test]
fn cuatrola_and_quintola_are_decided_by_the_soloists_tricks() {
    let t = |bid, n| first(&c4(), QuickHand::Cuatrola(tricks(bid, 1, n))).hand_points;
    assert_eq!(t(Contract::Cuatrola, 4), pts(&[0, 4]));
    assert_eq!(t(Contract::Cuatrola, 3), pts(&[4, 0]));
    assert_eq!(t(Contract::Quintola, 5), pts(&[0, 5]));
    assert_eq!(t(Contract::Quintola, 4), pts(&[5, 0]));
    let r = first(&c4(), QuickHand::Cuatrola(tricks(Contract::Quintola, 1, 5)));
    assert_eq!(r.points, None);
}

#[test]
fn a_cuatrola_revoke_gives_the_opponents_the_value_at_stake() {
    let rev = |h: CuatrolaHand, by| CuatrolaHand {
        revoke_by: Some(by),
        card_points_side0: None,
        last_trick_side: None,
        soloist_tricks: None,
        ..h
    };
    let r = first(&c4(), QuickHand::Cuatrola(rev(cuatrola(), 2)));
    assert_eq!(r.hand_points, pts(&[0, 1]));
    assert!(r.notes.contains(&"renuncio del asiento 2".to_string()));
    let r = first(&c4(), QuickHand::Cuatrola(rev(solo(1, 0, 0, 0), 1)));
    assert_eq!(r.hand_points, pts(&[2, 0]));
    let r = first(
        &c4(),
        QuickHand::Cuatrola(rev(tricks(Contract::Cuatrola, 1, 0), 0)),
    );
    assert_eq!(r.hand_points, pts(&[0, 4]));
    let r = first(
        &c4(),
        QuickHand::Cuatrola(rev(tricks(Contract::Quintola, 1, 0), 3)),
    );
    assert_eq!(r.hand_points, pts(&[5, 0]));
    let s = setup(
        GameKind::Cuatrola,
        4,
        &[("revoke_counts_as_over100", json!(true))],
    );
    assert_eq!(
        first(&s, QuickHand::Cuatrola(rev(cuatrola(), 1))).hand_points,
        pts(&[2, 0])
    );
}

// ---------------------------------------------------------------------------------
// Tute and guiñote: rejected entries

fn t4() -> GameSetup {
    setup(GameKind::Tute, 4, &[])
}
fn g4() -> GameSetup {
    setup(GameKind::Guinote, 4, &[])
}

#[test]
fn tute_card_points_for_the_wrong_number_of_sides_are_rejected() {
    let h = family(&[Some(60), Some(30), Some(30)], Some(0));
    first_rejects(&t4(), QuickHand::Tute(h), "card_points");
}

#[test]
fn tute_card_points_that_do_not_add_up_are_rejected() {
    let h = family(&[Some(60), Some(50)], Some(0));
    first_rejects(&t4(), QuickHand::Tute(h), "card_points");
    let s = setup(GameKind::Tute, 3, &[]);
    let h = family(&[Some(1), Some(59), Some(60)], Some(0));
    first_rejects(&s, QuickHand::Tute(h), "card_points[0]");
    let h = family(&[Some(60), None, None], Some(0));
    first_rejects(&s, QuickHand::Tute(h), "card_points[1]");
}

#[test]
fn one_missing_side_is_deduced_from_the_deck() {
    let s = setup(GameKind::Tute, 3, &[]);
    let r = first(
        &s,
        QuickHand::Tute(family(&[Some(50), None, Some(30)], Some(2))),
    );
    assert_eq!(r.points, Some(pts(&[50, 40, 40])));
    // 50 against 40 and 40: seat 0.
    assert_eq!(r.hand_points, pts(&[1, 0, 0]));
}

#[test]
fn points_that_cannot_be_made_together_are_rejected() {
    let s = setup(GameKind::Guinote, 2, &[]);
    let mut h = family(&[Some(60), Some(59)], None);
    h.claim = claim(0, 12);
    rejects(&s, &[50, 40], 0, QuickHand::Guinote(h), "card_points");
}

#[test]
fn a_guinote_claim_in_the_first_deal_is_rejected() {
    let mut h = family(&[Some(60), Some(20)], None);
    h.claim = claim(0, 6);
    first_rejects(&g4(), QuickHand::Guinote(h.clone()), "claim");
    first_rejects(&t4(), QuickHand::Tute(h.clone()), "claim");
    h.claim = claim(0, 11);
    rejects(
        &g4(),
        &[60, 70],
        0,
        QuickHand::Guinote(h),
        "claim.after_trick",
    );
}

#[test]
fn a_tute_after_ones_own_cante_is_rejected_in_tute() {
    let mut h = family(&[Some(20), Some(10)], None);
    h.cantes = vec![cante(0, Suit::Copas)];
    h.tute = tute_by(0, TuteKind::Kings);
    first_rejects(&t4(), QuickHand::Tute(h.clone()), "tute");
    // Guiñote allows it.
    let r = first(&g4(), QuickHand::Guinote(h));
    assert_eq!(r.ends_game, ended(0, GameOverReason::Tute));
}

#[test]
fn a_cante_by_another_seat_than_the_tute_holder_is_rejected() {
    let mut h = family(&[Some(20), Some(10)], None);
    h.cantes = vec![cante(1, Suit::Copas)];
    h.tute = tute_by(0, TuteKind::Knights);
    first_rejects(&g4(), QuickHand::Guinote(h), "cantes[0]");
}

#[test]
fn a_last_trick_after_a_tute_and_a_tute_with_a_revoke_are_rejected() {
    let mut h = family(&[Some(20), Some(10)], Some(0));
    h.tute = tute_by(0, TuteKind::Kings);
    first_rejects(&t4(), QuickHand::Tute(h.clone()), "last_trick_side");
    h.last_trick_side = None;
    h.revoke_by = Some(1);
    first_rejects(&t4(), QuickHand::Tute(h), "revoke_by");
}

#[test]
fn a_tute_hand_not_allowed_by_the_table_is_rejected() {
    let s = setup(GameKind::Tute, 4, &[("allow_tute", json!(false))]);
    let mut h = family(&[Some(20), Some(10)], None);
    h.tute = tute_by(0, TuteKind::Kings);
    first_rejects(&s, QuickHand::Tute(h), "tute");
}

#[test]
fn de_vueltas_both_sides_over_100_without_a_claim_is_rejected() {
    let h = family(&[Some(60), Some(60)], Some(0));
    rejects(&g4(), &[50, 70], 0, QuickHand::Guinote(h), "claim");
}

#[test]
fn the_last_trick_seat_must_be_on_the_last_tricks_side() {
    let s = setup(
        GameKind::Guinote,
        4,
        &[("next_dealer", json!("last_trick_winner"))],
    );
    let mut h = family(&[Some(60), Some(60)], Some(0));
    first_rejects(&s, QuickHand::Guinote(h.clone()), "last_trick_seat");
    h.last_trick_seat = Some(1);
    first_rejects(&s, QuickHand::Guinote(h.clone()), "last_trick_seat");
    h.last_trick_seat = Some(2);
    assert_eq!(first(&s, QuickHand::Guinote(h)).next_dealer, Some(2));
}

// ---------------------------------------------------------------------------------
// Tute: scoring

#[test]
fn a_tute_hand_scores_one_round_to_the_winner_and_two_over_100_with_the_bonus() {
    let mut h = family(&[Some(95), None], Some(0));
    let r = first(&t4(), QuickHand::Tute(h.clone()));
    assert_eq!(r.points, Some(pts(&[105, 25])));
    assert_eq!(r.hand_points, pts(&[1, 0]));
    let s = setup(GameKind::Tute, 4, &[("over100_bonus", json!("plus1_game"))]);
    assert_eq!(
        first(&s, QuickHand::Tute(h.clone())).hand_points,
        pts(&[2, 0])
    );
    let s = setup(
        GameKind::Tute,
        4,
        &[("over100_bonus", json!("plus1_game_require121_with_cantes"))],
    );
    h.cantes = vec![cante(0, Suit::Copas)];
    // 125 with cantes: more than 120.
    assert_eq!(
        first(&s, QuickHand::Tute(h.clone())).hand_points,
        pts(&[2, 0])
    );
    h.card_points = vec![Some(85), None];
    // 115 with cantes: not enough.
    assert_eq!(first(&s, QuickHand::Tute(h)).hand_points, pts(&[1, 0]));
}

#[test]
fn a_tute_wins_the_hand_and_in_points101_the_partida() {
    let mut h = family(&[Some(10), Some(30)], None);
    h.tute = tute_by(1, TuteKind::Knights);
    let r = first(&t4(), QuickHand::Tute(h.clone()));
    assert_eq!(r.hand_points, pts(&[0, 1]));
    assert!(
        r.notes
            .contains(&"tute de caballos del asiento 1".to_string())
    );
    let s = setup(GameKind::Tute, 2, &[("match_mode", json!("points101"))]);
    let r = first(&s, QuickHand::Tute(h));
    assert_eq!(r.hand_points, pts(&[10, 30]));
    assert_eq!(r.ends_game.map(|g| g.reason), Some(GameOverReason::Tute));
}

#[test]
fn a_tute_revoke_gives_the_hand_to_the_opponents_and_voids_it_for_three() {
    let mut h = family(&[None, None], None);
    h.revoke_by = Some(3);
    assert_eq!(
        first(&t4(), QuickHand::Tute(h.clone())).hand_points,
        pts(&[1, 0])
    );
    let s = setup(GameKind::Tute, 3, &[]);
    h.card_points = vec![None, None, None];
    h.revoke_by = Some(1);
    let r = first(&s, QuickHand::Tute(h));
    assert_eq!(r.hand_points, pts(&[0, 0, 0]));
    assert!(r.notes.contains(&"mano nula".to_string()));
}

#[test]
fn a_three_player_tie_the_last_trick_does_not_break_cannot_be_entered_quickly() {
    let s = setup(GameKind::Tute, 3, &[]);
    let h = family(&[Some(50), Some(50), Some(20)], Some(2));
    // 50, 50, 30: seats 0 and 1 tie and seat 2 took the last trick.
    first_rejects(&s, QuickHand::Tute(h), "last_trick_side");
}

// ---------------------------------------------------------------------------------
// Guiñote: scoring

#[test]
fn a_guinote_first_deal_with_101_ends_the_partida() {
    let mut h = family(&[Some(85), None], Some(0));
    h.cantes = vec![cante(2, Suit::Copas)];
    let r = first(&g4(), QuickHand::Guinote(h));
    assert_eq!(r.hand_points, pts(&[115, 35]));
    assert_eq!(r.ends_game, ended(0, GameOverReason::Target));
}

#[test]
fn guinote_both_over_101_goes_to_the_last_trick_or_the_higher_score() {
    let mut h = family(&[Some(55), None], Some(1));
    h.cantes = vec![
        cante(0, Suit::Oros),
        cante(2, Suit::Copas),
        cante(1, Suit::Espadas),
    ];
    // 55 + 60 = 115 against 65 + 10 + 20 = 95: only side 0.
    assert_eq!(
        first(&g4(), QuickHand::Guinote(h.clone()))
            .ends_game
            .unwrap()
            .winner,
        0
    );
    h.cantes.push(cante(3, Suit::Bastos));
    // 115 against 115: the last trick.
    assert_eq!(
        first(&g4(), QuickHand::Guinote(h.clone()))
            .ends_game
            .unwrap()
            .winner,
        1
    );
    h.card_points = vec![Some(60), None];
    // 120 against 110.
    assert_eq!(
        first(&g4(), QuickHand::Guinote(h.clone()))
            .ends_game
            .unwrap()
            .winner,
        1
    );
    let s = setup(
        GameKind::Guinote,
        4,
        &[("both_over_101_rule", json!("higher_score"))],
    );
    assert_eq!(
        first(&s, QuickHand::Guinote(h)).ends_game.unwrap().winner,
        0
    );
}

#[test]
fn a_guinote_hand_where_both_pass_101_names_the_rule_that_chose_its_winner() {
    let mut h = family(&[Some(55), None], Some(1));
    h.cantes = vec![
        cante(0, Suit::Oros),
        cante(2, Suit::Copas),
        cante(1, Suit::Espadas),
        cante(3, Suit::Bastos),
    ];
    // 115 against 115: the last trick, pair 1 (0-based as the engine writes it).
    let r = first(&g4(), QuickHand::Guinote(h.clone()));
    assert!(
        r.notes
            .iter()
            .any(|n| n == "las dos pasan de 101 y gana la pareja 1: hizo la última baza"),
        "{:?}",
        r.notes
    );
    assert!(
        !r.notes.iter().any(|n| n.contains("llega a 101")),
        "{:?}",
        r.notes
    );
    h.card_points = vec![Some(60), None];
    let s = setup(
        GameKind::Guinote,
        4,
        &[("both_over_101_rule", json!("higher_score"))],
    );
    // 120 against 110 under the higher score.
    let r = first(&s, QuickHand::Guinote(h));
    assert!(
        r.notes
            .iter()
            .any(|n| n == "las dos pasan de 101 y gana la pareja 0: tiene más puntos"),
        "{:?}",
        r.notes
    );
}

#[test]
fn a_guinote_claim_is_valid_with_101_and_a_false_claim_loses_the_partida() {
    let mut h = family(&[Some(40), Some(20)], None);
    h.claim = claim(0, 5);
    let r = score(&g4(), &[61, 69], 0, QuickHand::Guinote(h.clone()));
    assert_eq!(r.hand_points, pts(&[40, 20]));
    assert_eq!(r.ends_game, ended(0, GameOverReason::Claim));
    let r = score(&g4(), &[60, 70], 0, QuickHand::Guinote(h));
    assert_eq!(r.hand_points, pts(&[0, 0]));
    assert_eq!(r.ends_game, ended(1, GameOverReason::FalseClaim));
}

#[test]
fn a_guinote_revoke_loses_the_partida() {
    let mut h = family(&[None, None], None);
    h.revoke_by = Some(2);
    let r = first(&g4(), QuickHand::Guinote(h));
    assert_eq!(r.ends_game, ended(1, GameOverReason::Revoke));
    assert_eq!(r.hand_points, pts(&[0, 0]));
}

#[test]
fn guinote_treinta_malas_counts_at_least_30_de_vueltas() {
    let s = setup(GameKind::Guinote, 2, &[("treinta_malas", json!(true))]);
    let mut h = family(&[Some(60), Some(10)], None);
    h.claim = claim(0, 9);
    // 20 counts as 30: 30 + 71 = 101.
    h.card_points = vec![Some(71), Some(10)];
    let r = score(&s, &[20, 110], 0, QuickHand::Guinote(h));
    assert_eq!(r.ends_game.unwrap().reason, GameOverReason::Claim);
}

#[test]
fn worked_example_guinote_70_60_with_20_in_cantes_goes_de_vueltas() {
    let mut h = family(&[Some(60), Some(60)], Some(0));
    h.cantes = vec![cante(1, Suit::Copas)];
    let s = g4();
    let first = first(&s, QuickHand::Guinote(h));
    assert_eq!(first.hand_points, pts(&[70, 80]));
    assert_eq!(first.ends_game, None);
    let board = scoreboard(&s, std::slice::from_ref(&first));
    assert_eq!(board.deal, 2);
    assert_eq!(board.game_over, None);
    assert_eq!(board.next_dealer, Some(1));
    // De vueltas, side 0 claims with 70 + 31 = 101 after trick 4.
    let mut h = family(&[Some(31), Some(20)], None);
    h.claim = claim(0, 4);
    let second = score(&s, &[70, 80], 1, QuickHand::Guinote(h));
    assert!(second.notes.contains(&"de vueltas".to_string()));
    let board = scoreboard(&s, &[first, second]);
    assert_eq!(board.totals, pts(&[101, 100]));
    assert_eq!(
        board.game_over.map(|g| (g.winner, g.reason)),
        Some((0, GameOverReason::Claim))
    );
    assert_eq!(board.next_dealer, None);
    assert_eq!(board.deal, 2);
}

// ---------------------------------------------------------------------------------
// Botifarra

fn b4() -> GameSetup {
    setup(GameKind::Botifarra, 4, &[])
}

#[test]
fn a_chooser_who_is_not_the_dealer_or_his_partner_is_rejected() {
    let mut h = botifarra(BotifarraChoice::Suit(Suit::Oros), 0, Some(40));
    h.chooser = 1;
    first_rejects(&b4(), QuickHand::Botifarra(h.clone()), "chooser");
    h.delegated = true;
    first_rejects(&b4(), QuickHand::Botifarra(h.clone()), "chooser");
    h.chooser = 2;
    assert!(score_hand(&b4(), &[], 0, &QuickHand::Botifarra(h), Lang::Es).is_ok());
}

#[test]
fn doubles_beyond_what_the_options_allow_are_rejected() {
    let h = botifarra(BotifarraChoice::Botifarra, 3, Some(40));
    let m = first_rejects(&b4(), QuickHand::Botifarra(h), "doubles");
    assert!(m.contains("Sant Vicenç"));
    let h = botifarra(BotifarraChoice::Suit(Suit::Copas), 3, Some(40));
    let s = setup(
        GameKind::Botifarra,
        4,
        &[("allow_sant_vicenc", json!(false))],
    );
    first_rejects(&s, QuickHand::Botifarra(h.clone()), "doubles");
    assert!(score_hand(&b4(), &[], 0, &QuickHand::Botifarra(h), Lang::Es).is_ok());
    let h = botifarra(BotifarraChoice::Suit(Suit::Copas), 4, Some(40));
    first_rejects(&b4(), QuickHand::Botifarra(h), "doubles");
    let s = setup(
        GameKind::Botifarra,
        4,
        &[("allow_contro_on_botifarra", json!(false))],
    );
    let h = botifarra(BotifarraChoice::Botifarra, 1, Some(40));
    first_rejects(&s, QuickHand::Botifarra(h), "doubles");
}

#[test]
fn botifarra_points_over_72_or_missing_are_rejected() {
    let h = botifarra(BotifarraChoice::Botifarra, 0, Some(73));
    first_rejects(&b4(), QuickHand::Botifarra(h), "points_side0");
    let h = botifarra(BotifarraChoice::Botifarra, 0, None);
    first_rejects(&b4(), QuickHand::Botifarra(h), "points_side0");
}

#[test]
fn worked_examples_of_botifarra_scoring() {
    let s = b4();
    let sc = |h| first(&s, QuickHand::Botifarra(h));
    // 45 with contro and recontro: (45 − 36) × 4.
    let r = sc(botifarra(BotifarraChoice::Suit(Suit::Copas), 2, Some(45)));
    assert_eq!(r.hand_points, pts(&[36, 0]));
    assert!(r.notes.contains(&"recontro ×4".to_string()));
    // Botifarra, no doubles: 9 × 2.
    assert_eq!(
        sc(botifarra(BotifarraChoice::Botifarra, 0, Some(45))).hand_points,
        pts(&[18, 0])
    );
    // 36–36: nobody.
    assert_eq!(
        sc(botifarra(BotifarraChoice::Botifarra, 1, Some(36))).hand_points,
        pts(&[0, 0])
    );
    // The other side more than 36.
    assert_eq!(
        sc(botifarra(BotifarraChoice::Suit(Suit::Oros), 0, Some(30))).hand_points,
        pts(&[0, 6])
    );
    // Revoke in botifarra with contro: the opponents 36 × 4.
    let mut h = botifarra(BotifarraChoice::Botifarra, 1, None);
    h.revoke_by = Some(3);
    assert_eq!(sc(h).hand_points, pts(&[144, 0]));
}

#[test]
fn the_additive_scale_and_no_revoke_penalty_are_options() {
    let s = setup(
        GameKind::Botifarra,
        4,
        &[
            ("double_scale", json!("additive")),
            ("revoke_penalty", json!("none")),
        ],
    );
    let r = first(
        &s,
        QuickHand::Botifarra(botifarra(BotifarraChoice::Suit(Suit::Oros), 3, Some(46))),
    );
    assert_eq!(r.hand_points, pts(&[40, 0]));
    let mut h = botifarra(BotifarraChoice::Suit(Suit::Oros), 1, None);
    h.revoke_by = Some(0);
    assert_eq!(first(&s, QuickHand::Botifarra(h)).hand_points, pts(&[0, 0]));
}

// ---------------------------------------------------------------------------------
// Cinquillo

fn q(players: u8, opts: &[(&str, Value)]) -> GameSetup {
    setup(GameKind::Cinquillo, players, opts)
}

/// [`first`] for a cinquillo hand.
fn cinquillo_first(s: &GameSetup, out: Option<u8>, cards: &[u32]) -> HandScore {
    first(s, QuickHand::Cinquillo(cinquillo(out, cards)))
}

/// [`cinquillo_first`] at a table of four playing bastardo: nobody went out, and these
/// cards are left.
fn bastardo(cards: &[u32]) -> HandScore {
    cinquillo_first(&q(4, &[("bastardo", json!(true))]), None, cards)
}

/// [`first_rejects`] for a cinquillo hand.
fn cinquillo_rejects(s: &GameSetup, out: Option<u8>, cards: &[u32], field: &str) -> String {
    first_rejects(s, QuickHand::Cinquillo(cinquillo(out, cards)), field)
}

#[test]
fn cinquillo_cards_left_for_the_wrong_number_of_seats_are_rejected() {
    cinquillo_rejects(&q(4, &[]), Some(0), &[0, 3, 2], "cards_left");
}

#[test]
fn a_cinquillo_winner_holding_cards_or_a_second_empty_hand_is_rejected() {
    cinquillo_rejects(&q(4, &[]), Some(0), &[1, 3, 2, 5], "cards_left[0]");
    cinquillo_rejects(&q(4, &[]), Some(0), &[0, 0, 2, 5], "cards_left[1]");
}

#[test]
fn the_seat_that_went_out_is_required_in_normal_cinquillo() {
    cinquillo_rejects(&q(4, &[]), None, &[0, 3, 2, 5], "out");
}

#[test]
fn cinquillo_cards_above_the_deal_or_the_deck_are_rejected() {
    cinquillo_rejects(&q(4, &[]), Some(0), &[0, 11, 2, 5], "cards_left[1]");
    // Every other hand may be left whole (the winner held one suit), but for three
    // players only one hand has 14 cards.
    assert!(
        score_hand(
            &q(4, &[]),
            &[],
            0,
            &QuickHand::Cinquillo(cinquillo(Some(0), &[0, 10, 10, 10])),
            Lang::Es
        )
        .is_ok()
    );
    cinquillo_rejects(&q(3, &[]), Some(0), &[0, 14, 14], "cards_left");
    cinquillo_rejects(&q(2, &[]), Some(0), &[0, 31], "cards_left");
}

#[test]
fn pot_scoring_needs_the_passes() {
    let s = q(3, &[("scoring", json!("pot"))]);
    cinquillo_rejects(&s, Some(0), &[0, 3, 2], "passes");
    let mut h = cinquillo(Some(0), &[0, 3, 2]);
    h.passes = vec![0, 2, 1];
    // 1 + 2 and 1 + 1.
    assert_eq!(
        first(&s, QuickHand::Cinquillo(h)).hand_points,
        pts(&[5, 0, 0])
    );
}

#[test]
fn worked_examples_of_cinquillo_scoring() {
    let r = cinquillo_first(&q(4, &[]), Some(1), &[3, 0, 2, 5]);
    assert_eq!(r.hand_points, pts(&[0, 15, 0, 0]));
    assert_eq!(
        r.notes,
        vec!["se queda sin cartas el asiento 1".to_string()]
    );
    let s = q(4, &[("scoring", json!("cards_left"))]);
    assert_eq!(
        cinquillo_first(&s, Some(1), &[3, 0, 2, 5]).hand_points,
        pts(&[0, 10, 0, 0])
    );
    assert_eq!(bastardo(&[1, 3, 4, 6]).hand_points, pts(&[13, 0, 0, 0]));
}

#[test]
fn tied_bastardo_winners_split_or_each_take_all() {
    let r = bastardo(&[2, 2, 4, 3]);
    assert_eq!(
        r.hand_points,
        vec![
            Score::from_halves(7),
            Score::from_halves(7),
            Score::ZERO,
            Score::ZERO
        ]
    );
    let s = q(
        4,
        &[
            ("bastardo", json!(true)),
            ("tie_split", json!("full_to_each")),
        ],
    );
    let r = cinquillo_first(&s, None, &[2, 2, 4, 3]);
    assert_eq!(r.hand_points, pts(&[7, 7, 0, 0]));
}

#[test]
fn three_tied_bastardo_winners_share_the_exact_quotient_at_the_table_too() {
    // 2 + 3 + 2 cards among three winners with one card each: 7 / 3 each.
    let r = bastardo(&[1, 1, 7, 1]);
    let third = Score::share(7, 3);
    assert_eq!(r.hand_points, vec![third, third, Score::ZERO, third]);
    assert_eq!(
        serde_json::to_value(&r.hand_points).unwrap(),
        json!([
            2.3333333333333335,
            2.3333333333333335,
            0,
            2.3333333333333335
        ])
    );
}

#[test]
fn a_cinquillo_revoke_voids_the_round() {
    let mut h = cinquillo(None, &[]);
    h.revoke_by = Some(2);
    let r = first(&q(3, &[]), QuickHand::Cinquillo(h));
    assert_eq!(r.hand_points, pts(&[0, 0, 0]));
}

// ---------------------------------------------------------------------------------
// Scoreboard

fn line(hp: &[i64]) -> HandScore {
    HandScore {
        points: None,
        hand_points: pts(hp),
        ends_game: None,
        notes: vec![],
        notes_in: Default::default(),
        next_dealer: None,
    }
}

#[test]
fn the_cuatrola_scoreboard_ends_at_the_target_and_keeps_summing_later_hands() {
    let mut s = c4();
    s.first_dealer = 2;
    let hands = [
        line(&[4, 0]),
        line(&[0, 2]),
        line(&[5, 0]),
        line(&[4, 0]),
        line(&[5, 0]),
        line(&[4, 0]),
        line(&[0, 5]),
    ];
    let b = scoreboard(&s, &hands[..2]);
    assert_eq!(b.running, vec![pts(&[4, 0]), pts(&[4, 2])]);
    assert_eq!(b.next_dealer, Some(0));
    assert_eq!(b.game_over, None);
    let b = scoreboard(&s, &hands);
    // 4, 9, 13, 18, 22 ≥ 21 at the sixth hand.
    assert_eq!(b.totals, pts(&[22, 7]));
    assert_eq!(b.game_over.map(|g| g.winner), Some(0));
    assert_eq!(b.next_dealer, None);
    let empty = scoreboard(&s, &[]);
    assert_eq!(empty.next_dealer, Some(2));
    assert_eq!(empty.totals, pts(&[0, 0]));
}

#[test]
fn botifarra_ends_over_100_or_at_the_deal_limit() {
    let b = scoreboard(&b4(), &[line(&[100, 0]), line(&[0, 6])]);
    assert_eq!(b.game_over, None);
    let b = scoreboard(&b4(), &[line(&[100, 0]), line(&[1, 0])]);
    assert_eq!(b.game_over.map(|g| g.winner), Some(0));
    let s = setup(GameKind::Botifarra, 4, &[("deal_limit", json!(4))]);
    let hands = vec![line(&[10, 0]), line(&[0, 12]), line(&[3, 0]), line(&[0, 2])];
    assert_eq!(scoreboard(&s, &hands).game_over.map(|g| g.winner), Some(1));
}

#[test]
fn tute_ends_by_rounds_or_at_101() {
    let s = setup(GameKind::Tute, 3, &[("rounds_to_win", json!(2))]);
    let b = scoreboard(&s, &[line(&[1, 0, 0]), line(&[0, 1, 0])]);
    assert_eq!(b.game_over, None);
    let b = scoreboard(&s, &[line(&[1, 0, 0]), line(&[0, 1, 0]), line(&[0, 1, 0])]);
    assert_eq!(b.game_over.map(|g| g.winner), Some(1));
    assert_eq!(b.deal, 1);
    let s = setup(GameKind::Tute, 2, &[("match_mode", json!("points101"))]);
    assert_eq!(
        scoreboard(&s, &[line(&[70, 60]), line(&[40, 70])])
            .game_over
            .map(|g| g.winner),
        Some(1)
    );
}

#[test]
fn cinquillo_never_ends_without_a_points_limit() {
    let hands = vec![line(&[200, 0, 0]); 3];
    assert_eq!(scoreboard(&q(3, &[]), &hands).game_over, None);
    let s = q(3, &[("points_limit", json!(25))]);
    let b = scoreboard(
        &s,
        &[line(&[15, 0, 0]), line(&[0, 12, 0]), line(&[10, 0, 0])],
    );
    assert_eq!(b.game_over.map(|g| g.winner), Some(0));
}

#[test]
fn a_hand_that_ends_the_game_by_itself_ends_it_whatever_the_totals() {
    let mut tute = line(&[20, 10]);
    tute.ends_game = ended(1, GameOverReason::Tute);
    let b = scoreboard(&g4(), &[tute]);
    assert_eq!(b.game_over.map(|g| g.winner), Some(1));
    assert_eq!(b.deal, 1);
}

#[test]
fn the_next_dealer_follows_what_each_hand_says() {
    let mut h = line(&[1, 0]);
    h.next_dealer = Some(3);
    let b = scoreboard(&g4(), &[]);
    assert_eq!(b.next_dealer, Some(0));
    let s = setup(
        GameKind::Guinote,
        4,
        &[("next_dealer", json!("last_trick_winner"))],
    );
    assert_eq!(scoreboard(&s, &[h]).next_dealer, Some(3));
}

// ---------------------------------------------------------------------------------
// Full entry and stored form

#[test]
fn a_ruled_hand_becomes_a_scoreboard_line() {
    let record = random_complete_cuatrola_record(7);
    let ruling = rule(&record, Lang::Es);
    let line = hand_score_from_ruling(&record, &ruling, Lang::Es).unwrap();
    assert_eq!(Some(line.hand_points), ruling.hand_points);
    let mut wrong = record.clone();
    wrong.hands.clear();
    let ruling = rule(&wrong, Lang::Es);
    assert!(hand_score_from_ruling(&wrong, &ruling, Lang::Es).is_none());
}

#[test]
fn a_ruled_hand_line_is_noted_in_the_language_asked_for() {
    let record = random_complete_cuatrola_record(7);
    let ruling = rule(&record, Lang::Es);
    let es = hand_score_from_ruling(&record, &ruling, Lang::Es).unwrap();
    let ca = hand_score_from_ruling(&record, &ruling, Lang::Ca).unwrap();
    let en = hand_score_from_ruling(&record, &ruling, Lang::En).unwrap();
    assert_eq!(es.hand_points, en.hand_points);
    // Every cuatrola line starts with its contract: a normal hand or a bid.
    let first = |l: &HandScore| l.notes.first().cloned().unwrap_or_default();
    let (es, ca, en) = (first(&es), first(&ca), first(&en));
    assert!(es == "mano normal" || es.contains(" del asiento "), "{es}");
    assert!(ca == "mà normal" || ca.contains(" del seient "), "{ca}");
    assert!(en == "normal hand" || en.contains(" by seat "), "{en}");
}

#[test]
fn a_guinote_violation_becomes_a_line_that_ends_the_partida() {
    let mut record = random_complete_guinote_record(3, 4);
    record.before = Some(pts(&[40, 50]));
    let mano = (record.dealer + 1) % 4;
    record
        .events
        .insert(0, Event::Move(Move::new(mano, Action::Claim)));
    let ruling = rule(&record, Lang::Es);
    assert_eq!(ruling.hand_points, None);
    let line = hand_score_from_ruling(&record, &ruling, Lang::Es).unwrap();
    assert_eq!(line.hand_points, pts(&[0, 0]));
    assert_eq!(
        line.ends_game,
        ended(1 - mano % 2, GameOverReason::FalseClaim)
    );
}

#[test]
fn stored_entries_without_the_added_fields_still_load() {
    let h: QuickHand = serde_json::from_value(json!({
        "game": "cuatrola", "trump": "o", "bid": "pass", "bidder": null,
        "card_points_side0": 70, "last_trick_side": 0, "cantes": [], "tute": null,
        "soloist_tricks": null, "revoke_by": null
    }))
    .unwrap();
    assert_eq!(h, QuickHand::Cuatrola(cuatrola()));
    let s: HandScore = serde_json::from_value(json!({
        "points": null, "hand_points": [1, 0], "ends_game": null, "notes": []
    }))
    .unwrap();
    assert_eq!(s.next_dealer, None);
    let back: QuickHand =
        serde_json::from_value(serde_json::to_value(QuickHand::Cuatrola(cuatrola())).unwrap())
            .unwrap();
    assert_eq!(back, QuickHand::Cuatrola(cuatrola()));
}

#[test]
fn individual_tute_for_four_is_entered_with_four_sides_and_a_revoke_voids_the_hand() {
    let s = setup(GameKind::Tute, 4, &[("partnerships", json!(false))]);
    assert!(validate_setup(&s, Lang::Es, &UnnamedOptions).is_ok());
    // Two card-point boxes, as for pairs, are not enough.
    first_rejects(
        &s,
        QuickHand::Tute(family(&[Some(60), None], Some(0))),
        "card_points",
    );
    // Four players: the fourth is worked out; seat 2's 20 counts for seat 2 alone.
    let mut h = family(&[Some(40), Some(30), Some(45), None], Some(1));
    h.cantes = vec![cante(2, Suit::Copas)];
    let r = first(&s, QuickHand::Tute(h.clone()));
    assert_eq!(r.points, Some(pts(&[40, 40, 65, 5])));
    assert_eq!(r.hand_points, pts(&[0, 0, 1, 0]));
    assert!(
        r.notes.iter().any(|n| n.contains("el asiento 2")),
        "{:?}",
        r.notes
    );
    // The same hand in pairs is rejected: four boxes for two sides.
    first_rejects(&t4(), QuickHand::Tute(h), "card_points");
    // A revoke voids the hand, as for three players.
    let mut h = family(&[None, None, None, None], None);
    h.revoke_by = Some(3);
    let r = first(&s, QuickHand::Tute(h));
    assert_eq!(r.hand_points, pts(&[0, 0, 0, 0]));
    assert!(r.notes.contains(&"mano nula".to_string()));
    // The scoreboard keeps four totals and the game goes to one player.
    let won = first(
        &s,
        QuickHand::Tute(family(&[Some(70), Some(20), Some(20), Some(10)], Some(0))),
    );
    assert_eq!(won.hand_points, pts(&[1, 0, 0, 0]));
    let board = scoreboard(&s, std::slice::from_ref(&won));
    assert_eq!(board.totals, pts(&[1, 0, 0, 0]));
    assert_eq!(board.game_over.map(|g| g.winner), Some(0));
}
