//! Tests of the public API: the example records, the spec's main example, record
//! errors, hostile input, serde round trips, explanations and random playouts.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::cards::{Card, Deck, Suit};
use crate::domain::games::cuatrola::{CantesPerTrick, Cuatrola, CuatrolaOptions, CuatrolaTute};
use crate::domain::options::GameOptions;
use crate::domain::record::{Action, Bid, Event, Move};
use crate::domain::ruling::RuleId;
use crate::domain::test_builders::{
    Dealt, by_flag, check_deck, check_junk, check_round_trips, deal_four, example_failures,
    examples, four_seat_hand, four_sets, junk_in, play_picks, rule_truncated,
};
use crate::domain::trick::HeadTarget;
use proptest::prelude::*;
use serde_json::{Value, json};

const SPEC_RECORD: &str = r#"{
  "format": "baza-hand/1",
  "game": "cuatrola",
  "players": 4,
  "options": { "target": 21 },
  "dealer": 3,
  "before": [15, 12],
  "hands": [["1o","12c","11c","10e","3b"],
            ["11o","1c","3c","12e","1b"],
            ["3o","10c","1e","11e","12b"],
            ["12o","10o","3e","11b","10b"]],
  "stock": [],
  "turned": "10b",
  "events": [
    {"seat": 0, "bid": "pass"},
    {"seat": 1, "bid": "solo"},
    {"seat": 2, "bid": "pass"},
    {"seat": 3, "bid": "pass"},
    {"seat": 0, "play": "1o"},
    {"seat": 1, "play": "11o"},
    {"seat": 2, "play": "3o"},
    {"seat": 0, "cante": "c"}
  ]
}"#;

const SPEC_RULING: &str = r#"{
  "format": "baza-ruling/1",
  "legal": true,
  "complete": false,
  "violation": null,
  "tricks": [{"leader": 0, "cards": ["1o","11o","3o"], "winner": 0}],
  "cantes": [{"seat": 0, "suit": "c", "value": 20, "event": 7}],
  "points": [44, 0],
  "hand_points": null,
  "game_over": null,
  "discrepancies": []
}"#;

#[test]
fn every_cuatrola_example_gets_its_expected_ruling() {
    for lang in Lang::ALL {
        let failures = example_failures(GameKind::Cuatrola, lang);
        assert!(failures.is_empty(), "{lang:?}: {}", failures.join("\n"));
    }
    assert_eq!(examples(GameKind::Cuatrola).len(), 21);
}

#[test]
fn the_spec_main_example_gets_exactly_the_spec_ruling() {
    let ruling = check_str(SPEC_RECORD, Lang::Es).unwrap();
    let expected: Value = serde_json::from_str(SPEC_RULING).unwrap();
    assert_eq!(serde_json::to_value(&ruling).unwrap(), expected);
}

#[test]
fn the_spec_variant_with_the_as_de_espadas_is_a_must_follow_suit() {
    let mut v: Value = serde_json::from_str(SPEC_RECORD).unwrap();
    v["events"][6]["play"] = json!("1e");
    let r = check_value(&v, Lang::En).unwrap();
    let viol = r.violation.unwrap();
    assert_eq!(
        (viol.event, viol.seat, viol.side, viol.rule),
        (Some(6), Some(2), Some(0), RuleId::MustFollowSuit)
    );
    assert_eq!(viol.message, "as de espadas: must follow the led suit");
    assert!(!r.legal);
}

#[test]
fn records_round_trip_through_json() {
    for ex in examples(GameKind::Cuatrola) {
        let rec = parse_record(&ex["record"]).unwrap();
        assert_eq!(serde_json::to_value(&rec).unwrap(), ex["record"]);
        let back: HandRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
        assert_eq!(back, rec);
        let ruling = rule(&rec, Lang::En);
        let back: Ruling = serde_json::from_str(&serde_json::to_string(&ruling).unwrap()).unwrap();
        assert_eq!(back, ruling);
    }
}

#[test]
fn a_record_with_junk_events_round_trips_verbatim() {
    let mut v: Value = serde_json::from_str(SPEC_RECORD).unwrap();
    v["events"] =
        json!([5, {"seat": 0, "play": "zz"}, {"seat": -1}, {"seat": 0, "bid": "pass", "x": 1}]);
    let rec = parse_record(&v).unwrap();
    let out = serde_json::to_value(&rec).unwrap();
    assert_eq!(out["events"][0], json!(5));
    assert_eq!(out["events"][1], json!({"seat": 0, "play": "zz"}));
    assert_eq!(out["events"][3], json!({"seat": 0, "bid": "pass"}));
    assert_eq!(parse_record(&out).unwrap(), rec);
}

fn err(v: &Value) -> String {
    check_value(v, Lang::En).unwrap_err().to_string()
}

fn spec() -> Value {
    serde_json::from_str(SPEC_RECORD).unwrap()
}

#[test]
fn records_that_cannot_be_ruled_are_errors_not_rulings() {
    assert!(
        check_str("{not json", Lang::Es)
            .unwrap_err()
            .to_string()
            .starts_with("not JSON")
    );
    assert!(err(&json!([1, 2])).starts_with("record:"));
    let cases: Vec<(&str, Value, &str)> = vec![
        ("format", json!("baza-hand/2"), "format"),
        ("game", json!("mus"), "unknown game"),
        ("game", json!(7), "unknown game"),
        ("players", json!(3), "players"),
        ("players", json!("4"), "players"),
        ("dealer", json!(4), "dealer"),
        ("dealer", json!(-1), "dealer"),
        ("before", json!([1]), "before"),
        ("before", json!([-1, 0]), "before"),
        ("before", json!("x"), "before"),
        ("events", json!({}), "events"),
        ("events", Value::Null, "events"),
        ("options", json!({"target": 22}), "options.target"),
        (
            "options",
            json!({"cante_lapses": "yes"}),
            "options.cante_lapses",
        ),
        (
            "options",
            json!({"cantes_per_trick": "three"}),
            "options.cantes_per_trick",
        ),
        (
            "options",
            json!({"stop_when_decided": true, "mesa_limpia": true}),
            "options.mesa_limpia",
        ),
        ("options", json!([]), "options"),
        ("hands", json!("x"), "hands"),
        (
            "declared",
            json!({"hand_point": [1, 0]}),
            "declared.hand_point",
        ),
        ("declared", json!({"points": [1]}), "declared.points"),
    ];
    for (field, value, needle) in cases {
        let mut v = spec();
        v[field] = value.clone();
        let e = err(&v);
        assert!(e.contains(needle), "{field}={value}: {e}");
    }
    let mut v = spec();
    v.as_object_mut().unwrap().remove("format");
    assert!(err(&v).starts_with("format"));
    let mut v = spec();
    v["events"] = Value::Array(vec![
        json!({"seat": 0, "bid": "pass"});
        record::MAX_EVENTS + 1
    ]);
    assert!(err(&v).starts_with("events"));
}

/// The games besides cuatrola.
const OTHER_GAMES: [GameKind; 4] = [
    GameKind::Tute,
    GameKind::Guinote,
    GameKind::Botifarra,
    GameKind::Cinquillo,
];

#[test]
fn every_game_is_ruled_and_an_unknown_game_is_refused_with_a_clear_message() {
    for g in GameKind::ALL {
        assert_eq!(
            crate::domain::games::rules_of(g).game(),
            g,
            "{g} is not ruled"
        );
    }
    for g in ["mus", "chinchón", ""] {
        let mut v = spec();
        v["game"] = json!(g);
        let e = err(&v);
        assert!(e.starts_with("game: unknown game"), "{e}");
    }
    // Every example of every game gets a ruling, never an error.
    for game in OTHER_GAMES {
        for ex in examples(game) {
            assert!(check_value(&ex["record"], Lang::Es).is_ok());
        }
    }
}

#[test]
fn the_event_parser_reads_every_event_of_the_other_games_examples() {
    for game in OTHER_GAMES {
        for ex in examples(game) {
            let players = ex["record"]["players"].as_u64().unwrap() as u8;
            let bad = ex["expected"]["violation"]
                .as_object()
                .filter(|v| v["rule"] == "unknown_event")
                .and_then(|v| v["event"].as_u64());
            for (i, e) in ex["record"]["events"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
            {
                let parsed = record::parse_event(e, players);
                let ok = matches!(parsed, Event::Move(_) | Event::BadCall { .. });
                assert_eq!(ok, bad != Some(i as u64), "{e}");
                assert_eq!(&parsed.to_value(), e);
            }
        }
    }
}

fn violation_of(v: &Value) -> ruling::Violation {
    check_value(v, Lang::En).unwrap().violation.unwrap()
}

#[test]
fn malformed_events_are_unknown_events_at_their_index() {
    let junk = [
        json!(5),
        json!("x"),
        json!({}),
        json!({"seat": -1, "play": "1o"}),
        json!({"seat": 9, "bid": "pass"}),
        json!({"seat": 1.5, "bid": "pass"}),
        json!({"seat": 0}),
        json!({"seat": 0, "bid": "pass", "play": "1o"}),
        json!({"seat": 0, "tute": false}),
        json!({"seat": 0, "cante": "x"}),
        json!({"seat": 0, "claim": true}),
        json!({"seat": 0, "pass": true}),
        json!({"seat": 0, "exchange": "7e"}),
        json!({"seat": 0, "double": "contro"}),
        json!({"seat": 0, "trump": "o"}),
        json!([[[[[[]]]]]]),
    ];
    for j in junk {
        let mut v = spec();
        v["events"] = json!([{"seat": 0, "bid": "pass"}, j.clone()]);
        let viol = violation_of(&v);
        assert_eq!(
            (viol.rule, viol.event),
            (RuleId::UnknownEvent, Some(1)),
            "{j}"
        );
        assert!(
            viol.message.starts_with("events[1]") || viol.message.contains("do not exist"),
            "{}",
            viol.message
        );
    }
    let mut v = spec();
    v["events"] = json!([{"seat": 7, "bid": "pass"}]);
    let viol = violation_of(&v);
    assert_eq!((viol.seat, viol.side), (None, None));
    // String values are case-insensitive.
    let mut v = spec();
    v["events"] = json!([{"seat": 0, "bid": "PASS"}, {"seat": 1, "bid": "Solo"}]);
    assert!(check_value(&v, Lang::En).unwrap().legal);
}

#[test]
fn a_play_that_is_not_a_card_is_card_not_in_hand_with_its_field_named() {
    let mut v = spec();
    v["events"][4] = json!({"seat": 0, "play": "zz"});
    let viol = violation_of(&v);
    assert_eq!(
        (viol.rule, viol.event, viol.seat),
        (RuleId::CardNotInHand, Some(4), Some(0))
    );
    assert_eq!(
        viol.message,
        r#"events[4].play: expected a card like "3c", got "zz""#
    );
    // The turn is checked first.
    let mut v = spec();
    v["events"][4] = json!({"seat": 2, "play": 17});
    assert_eq!(violation_of(&v).rule, RuleId::OutOfTurn);
}

#[test]
fn hostile_deals_are_deal_invalid_never_a_panic() {
    let nested = (0..100).fold(json!(1), |acc, _| json!([acc]));
    let huge: Vec<Value> = (0..20_000).map(|i| json!(format!("{}o", i % 13))).collect();
    let bad_hands = [
        json!([["1o", "1o", "3o", "10o", "11o"], [], [], []]),
        json!([[nested.clone()], [], [], []]),
        json!([huge, [], [], []]),
        json!([]),
        json!([[], [], [], [], []]),
        json!([["7o"], [], [], []]),
        json!([[null, true, 3, {"a": 1}, "13o"], [], [], []]),
    ];
    for h in bad_hands {
        let mut v = spec();
        v["hands"] = h;
        let r = check_value(&v, Lang::Ca).unwrap();
        let viol = r.violation.unwrap();
        assert_eq!(
            (viol.rule, viol.event, viol.seat, viol.side),
            (RuleId::DealInvalid, None, Some(3), Some(1))
        );
        assert_eq!(r.points, vec![Score::ZERO, Score::ZERO]);
    }
    let mut v = spec();
    v["turned"] = nested;
    assert_eq!(violation_of(&v).rule, RuleId::DealInvalid);
    // Deep junk text is refused by the JSON reader, not by a stack overflow.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(check_str(&deep, Lang::Es).is_err());
}

#[test]
fn declared_values_that_differ_are_listed_as_discrepancies() {
    let mut v = spec();
    v["declared"] = json!({"points": [40, 0], "hand_points": [2, 0]});
    let r = check_value(&v, Lang::Es).unwrap();
    let d = serde_json::to_value(&r.discrepancies).unwrap();
    assert_eq!(
        d,
        json!([
            {"field": "points", "declared": [40, 0], "computed": [44, 0]},
            {"field": "hand_points", "declared": [2, 0], "computed": null}
        ])
    );
    v["declared"] = json!({"points": [44, 0]});
    assert!(check_value(&v, Lang::Es).unwrap().discrepancies.is_empty());
}

#[test]
fn the_explanation_tells_the_contract_tricks_cantes_points_and_violation() {
    let rec = parse_record(&spec()).unwrap();
    let r = rule(&rec, Lang::Es);
    let es = explain(&rec, &r, Lang::Es);
    // A sentence, opened by the score before the hand that the record gives.
    assert!(
        es.starts_with("Antes: 15 – 12: cuatrola, 4 jugadores,"),
        "a sentence: {es}"
    );
    for needle in [
        "solo del asiento 1",
        "el asiento 3 no juega",
        "Baza 1",
        "as de oros",
        "20 en copas",
        "pareja 0: 44",
        "sin decidir",
    ] {
        assert!(es.contains(needle), "{needle} in\n{es}");
    }
    let en = explain(&rec, &r, Lang::En);
    assert!(
        en.contains("Trick 1: seat 0 leads") && en.contains("No violation"),
        "{en}"
    );
    let ca = explain(&rec, &r, Lang::Ca);
    assert!(
        ca.contains("Basa 1") && ca.contains("parella 0: 44"),
        "{ca}"
    );
    let mut v = spec();
    v["events"][6]["play"] = json!("1e");
    let rec = parse_record(&v).unwrap();
    let r = rule(&rec, Lang::En);
    let en = explain(&rec, &r, Lang::En);
    assert!(
        en.contains("renuncio: did not follow the suit led") && en.contains("Hand points: 0 – 2"),
        "{en}"
    );
}

#[test]
fn a_record_built_in_code_with_a_bad_dealer_is_ruled_not_a_panic() {
    let mut rec = parse_record(&spec()).unwrap();
    rec.dealer = 9;
    assert_eq!(
        rule(&rec, Lang::En).violation.unwrap().rule,
        RuleId::DealInvalid
    );
    rec.dealer = 3;
    rec.game = GameKind::Tute;
    assert!(try_rule(&rec, Lang::En).is_err());
}

// ---- random playouts ---------------------------------------------------------------------

/// Every move any seat could attempt in cuatrola.
fn universe() -> Vec<Move> {
    let mut v = Vec::new();
    for seat in 0..4u8 {
        for b in Bid::ALL {
            v.push(Move::new(seat, Action::Bid(b)));
        }
        for c in Deck::Twenty.cards().iter() {
            v.push(Move::new(seat, Action::Play(c)));
        }
        for s in Suit::ALL {
            v.push(Move::new(seat, Action::Cante(s)));
        }
        v.push(Move::new(seat, Action::Tute));
    }
    v
}

fn options_from(flags: u8) -> CuatrolaOptions {
    CuatrolaOptions {
        cante_lapses: flags & 1 == 0,
        cantes_per_trick: by_flag(
            flags,
            2,
            CantesPerTrick::OnePerPlayer,
            CantesPerTrick::OnePerSide,
        ),
        head_target: by_flag(
            flags,
            4,
            HeadTarget::WinningCard,
            HeadTarget::HighestLedSuitCard,
        ),
        stop_when_decided: flags & 8 != 0,
        partner_may_overcall: flags & 16 == 0,
        bidder_leads: flags & 32 != 0,
        cuatrola_tute: by_flag(flags, 64, CuatrolaTute::Ignore, CuatrolaTute::WinsHand),
        ..CuatrolaOptions::defaults()
    }
}

fn option_values(flags: u8) -> Vec<(&'static str, Value)> {
    let o = options_from(flags);
    vec![
        ("cante_lapses", json!(o.cante_lapses)),
        (
            "cantes_per_trick",
            json!(by_flag(flags, 2, "one_per_player", "one_per_side")),
        ),
        (
            "head_target",
            json!(by_flag(flags, 4, "winning_card", "highest_led_suit_card")),
        ),
        ("stop_when_decided", json!(o.stop_when_decided)),
        ("partner_may_overcall", json!(o.partner_may_overcall)),
        ("bidder_leads", json!(o.bidder_leads)),
        (
            "cuatrola_tute",
            json!(by_flag(flags, 64, "ignore", "wins_hand")),
        ),
    ]
}

fn all_cards(st: &Cuatrola) -> Vec<Card> {
    let mut v: Vec<Card> = (0..4).flat_map(|s| st.hand(s).to_vec()).collect();
    v.extend(st.dead().iter());
    v.extend(st.tricks().iter().flat_map(|t| t.cards.clone()));
    v.extend(st.current_trick().iter().map(|&(_, c)| c));
    v
}

struct Playout {
    record: HandRecord,
    end: Cuatrola,
}

fn playout(
    deck: &[Card],
    dealer: u8,
    before: [i64; 2],
    flags: u8,
    picks: &[prop::sample::Index],
) -> Playout {
    let hands = deal_four(deck, dealer, 1);
    let turned = *deck.last().unwrap();
    let opts = options_from(flags);
    let st = Cuatrola::new(opts, dealer, before, four_sets(&hands), turned);
    // legal_actions agrees exactly with apply; refused moves name a rule and leave the state alone.
    let (st, events) = play_picks(st, picks, &universe(), |st| {
        check_deck(all_cards(st), Deck::Twenty.cards())
    });
    let dealt = Dealt {
        game: GameKind::Cuatrola,
        players: 4,
        options: options::TableOptions::from_values(GameKind::Cuatrola, 4, &option_values(flags))
            .unwrap(),
        dealer,
        before: Some(before.to_vec()),
        turned: Some(turned),
    };
    let record = dealt.record(hands, events);
    Playout { record, end: st }
}

/// Rebuilds the events of a ruling from its bids, tricks and cantes.
fn replay_events(rec: &HandRecord, r: &Ruling) -> Vec<Event> {
    let bids: Vec<Event> = rec
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Move(Move {
                    action: Action::Bid(_),
                    ..
                })
            )
        })
        .cloned()
        .collect();
    let out_seat = bids.iter().rev().find_map(|e| match e {
        Event::Move(Move {
            seat,
            action: Action::Bid(b),
        }) if *b != Bid::Pass => Some((seat + 2) % 4),
        _ => None,
    });
    let mut plays: Vec<Event> = Vec::new();
    for t in &r.tricks {
        let mut seat = t.leader;
        for c in &t.cards {
            plays.push(Event::Move(Move::new(seat, Action::Play(*c))));
            seat = (seat + 1) % 4;
            if Some(seat) == out_seat {
                seat = (seat + 1) % 4;
            }
        }
    }
    let mut events = bids;
    let mut plays = plays.into_iter();
    let mut cantes = r.cantes.iter().peekable();
    while events.len() < rec.events.len() {
        if let Some(c) = cantes.peek()
            && c.event == events.len()
        {
            let action = match c.suit {
                Some(s) => Action::Cante(s),
                None => Action::Tute,
            };
            events.push(Event::Move(Move::new(c.seat, action)));
            cantes.next();
            continue;
        }
        match plays.next() {
            Some(p) => events.push(p),
            None => break,
        }
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_invariant(h in four_seat_hand(Deck::Twenty, 21, 40)) {
        let p = playout(&h.deck, h.dealer, h.before, h.flags, &h.picks);
        let st = &p.end;
        prop_assert!(st.is_terminal());
        // Card points + last trick = 130, the dead hand aside, cantes aside.
        let cantes: u32 = st.sung().iter().map(|s| s.value).sum();
        let dead: u32 = crate::domain::trick::card_points(st.dead().iter(), &crate::domain::trick::RankTable::CUATROLA);
        let pts = st.points();
        if st.tricks().len() == 5 {
            prop_assert_eq!(pts[0] + pts[1] - cantes + dead, 130);
        }
        // The record of the playout is legal and gives the same outcome.
        let r = rule(&p.record, Lang::Es);
        prop_assert!(r.legal, "{:?}", r.violation);
        prop_assert!(r.complete);
        prop_assert_eq!(r.tricks.as_slice(), st.tricks());
        prop_assert_eq!(r.hand_points.clone(), st.hand_points());
        prop_assert_eq!(r.points.iter().map(|s| s.floor()).collect::<Vec<_>>(), vec![i64::from(pts[0]), i64::from(pts[1])]);
        // Replaying its tricks and cantes gives the same ruling.
        let mut again = p.record.clone();
        again.events = replay_events(&p.record, &r);
        prop_assert_eq!(&again.events, &p.record.events);
        prop_assert_eq!(rule(&again, Lang::Es), r.clone());
        check_round_trips(&p.record, &r);
    }

    #[test]
    fn a_truncated_playout_is_legal_and_incomplete_unless_it_ended(
        seed in any::<u64>(),
        cut in 0usize..30,
    ) {
        let (r, _) = rule_truncated(random_complete_cuatrola_record(seed), cut);
        prop_assert!(r.tricks.len() <= 5);
    }

    #[test]
    fn a_mutated_record_is_an_error_or_a_ruling_never_a_panic(
        seed in any::<u64>(),
        (field, junk, at) in junk_in(&[], vec![
            json!([["1o"]]), json!({"seat": 0, "play": "1o"}), json!([1, 2]),
        ]),
    ) {
        let rec = random_complete_cuatrola_record(seed);
        check_junk(&rec, field, junk, at);
    }
}

// ---- record errors and auction calls in every game ---------------------------------------

/// The complete legal example records of `game`, each with `before` (zeros if absent).
fn complete_examples(game: &str) -> Vec<Value> {
    examples(game.parse().unwrap())
        .into_iter()
        .filter(|e| e["kind"] == "legal" && e["expected"]["complete"] == true)
        .map(|e| {
            let mut v = e["record"].clone();
            if v.get("before").is_none() {
                let sides = check_value(&v, Lang::En).unwrap().points.len();
                v["before"] = json!(vec![0; sides]);
            }
            v
        })
        .collect()
}

/// In every complete example of `game`, a card not held, a play that is not a card, an
/// event that is not an event and a repeated card in the deal each leave `hand_points`
/// and `game_over` null, mid-hand or on the last card.
fn record_errors_leave_no_result(game: &str) {
    let examples = complete_examples(game);
    assert!(!examples.is_empty(), "{game}");
    for v in examples {
        let events = v["events"].as_array().unwrap().clone();
        let plays: Vec<usize> = (0..events.len())
            .filter(|i| events[*i].get("play").is_some())
            .collect();
        for i in [plays[plays.len() / 2], *plays.last().unwrap()] {
            let seat = events[i]["seat"].as_u64().unwrap() as usize;
            let hand: Vec<String> = serde_json::from_value(v["hands"][seat].clone()).unwrap();
            let other = v["hands"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|h| h.as_array().unwrap().iter())
                .find(|c| !hand.contains(&c.as_str().unwrap().to_owned()))
                .unwrap()
                .clone();
            for (ev, rule) in [
                (json!({"seat": seat, "play": other}), RuleId::CardNotInHand),
                (json!({"seat": seat, "play": "zz"}), RuleId::CardNotInHand),
                (json!({"seat": seat}), RuleId::UnknownEvent),
                (json!({"seat": seat, "claim": false}), RuleId::UnknownEvent),
            ] {
                let mut m = v.clone();
                m["events"][i] = ev.clone();
                let r = check_value(&m, Lang::En).unwrap();
                let viol = r.violation.clone().unwrap();
                assert_eq!((viol.rule, viol.event), (rule, Some(i)), "{game} {ev}");
                assert!(!r.complete, "{game} {ev}");
                assert_eq!(
                    (r.hand_points, r.game_over),
                    (None, None),
                    "{game} event {i}: {ev}"
                );
            }
        }
        let mut m = v.clone();
        m["hands"][0][0] = m["hands"][1][0].clone();
        let r = check_value(&m, Lang::En).unwrap();
        assert_eq!(r.violation.unwrap().rule, RuleId::DealInvalid, "{game}");
        assert_eq!((r.hand_points, r.game_over), (None, None), "{game}");
    }
}

#[test]
fn in_cuatrola_a_record_error_leaves_hand_points_and_game_over_null() {
    record_errors_leave_no_result("cuatrola");
}

#[test]
fn in_tute_a_record_error_leaves_hand_points_and_game_over_null() {
    record_errors_leave_no_result("tute");
}

#[test]
fn in_guinote_a_record_error_leaves_hand_points_and_game_over_null() {
    record_errors_leave_no_result("guinote");
}

#[test]
fn in_botifarra_a_record_error_leaves_hand_points_and_game_over_null() {
    record_errors_leave_no_result("botifarra");
}

#[test]
fn in_cinquillo_a_record_error_leaves_hand_points_and_game_over_null() {
    record_errors_leave_no_result("cinquillo");
}

#[test]
fn an_auction_call_in_a_game_without_auctions_is_unknown_event_whatever_its_value() {
    for game in ["tute", "guinote", "cinquillo"] {
        let v = complete_examples(game).remove(0);
        for ev in [
            json!({"seat": 0, "bid": "solo"}),
            json!({"seat": 0, "bid": "alone"}),
            json!({"seat": 0, "trump": "pass"}),
            json!({"seat": 0, "double": "surcontro"}),
        ] {
            let mut m = v.clone();
            m["events"] = json!([ev]);
            let r = check_value(&m, Lang::Es).unwrap();
            let viol = r.violation.unwrap();
            assert_eq!(viol.rule, RuleId::UnknownEvent, "{game} {ev}");
            assert!(viol.message.contains("no existen"), "{}", viol.message);
            assert_eq!((r.hand_points, r.game_over), (None, None), "{game} {ev}");
        }
    }
}

/// Every allowed value of every option, alone at a table, reads into its game's typed
/// options: the structs fit their tables.
#[test]
fn every_value_of_every_option_reads_into_its_game() {
    use crate::domain::games::{botifarra, cinquillo, guinote, tute};
    use crate::domain::options::{OptionKind, OptionValue, TableOptions, specs};
    fn read<T: GameOptions>(t: &TableOptions) {
        assert!(T::try_from_table(t).is_ok(), "{t:?}");
    }
    for game in GameKind::ALL {
        for spec in specs(game) {
            let values: Vec<OptionValue> = match spec.kind {
                OptionKind::Bool => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
                OptionKind::Int(a) => a.iter().map(|i| OptionValue::Int(*i)).collect(),
                OptionKind::Choice(a) => a.iter().map(|c| OptionValue::Choice(c)).collect(),
            };
            for v in values {
                let t = TableOptions::from_values(game, 4, &[(spec.name, v.to_json())]).unwrap();
                match game {
                    GameKind::Cuatrola => read::<CuatrolaOptions>(&t),
                    GameKind::Tute => read::<tute::TuteOptions>(&t),
                    GameKind::Guinote => read::<guinote::GuinoteOptions>(&t),
                    GameKind::Botifarra => read::<botifarra::BotifarraOptions>(&t),
                    GameKind::Cinquillo => read::<cinquillo::CinquilloOptions>(&t),
                    GameKind::Added(_) => unreachable!("the five games only"),
                }
            }
        }
    }
}
