//! The key consistency test between the two levels of entry: for random complete hands
//! of every game, the quick entry a scorekeeper would type (card points per side, the
//! last trick's side, the cantes, the bid, the tricks) scores exactly what the engine
//! rules from the card-by-card record.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use crate::domain::cards::{Card, Rank};
use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::random::random_complete_record;
use crate::domain::record::{Action, DoubleCall, Event, HandRecord, Move, TrumpCall};
use crate::domain::ruling::{Ruling, TuteKind as RulingTute};
use crate::domain::test_builders::TABLES;
use crate::domain::{Score, rule};

use super::board::contract_of;
use super::msg::Problem;
use super::*;

fn value(game: GameKind, c: Card) -> u32 {
    match (c.rank(), game) {
        (Rank::As, _) => 11,
        (Rank::Three, _) => 10,
        (Rank::Rey, _) => 4,
        (Rank::Caballo, GameKind::Guinote) | (Rank::Sota, GameKind::Tute | GameKind::Cuatrola) => 2,
        (Rank::Caballo, _) | (Rank::Sota, _) => 3,
        _ => 0,
    }
}

fn setup(record: &HandRecord) -> GameSetup {
    GameSetup {
        game: record.game,
        players: record.players,
        options: record.options.to_map(),
        first_dealer: record.dealer,
    }
}

/// Card points per side of the ruled tricks.
fn card_points(record: &HandRecord, ruling: &Ruling) -> Vec<u32> {
    let mut p = vec![0u32; usize::from(record.sides())];
    for t in &ruling.tricks {
        let s = usize::from(record.side_of(t.winner));
        p[s] += t.cards.iter().map(|c| value(record.game, *c)).sum::<u32>();
    }
    p
}

fn cantes(ruling: &Ruling) -> Vec<CanteEntry> {
    ruling
        .cantes
        .iter()
        .filter_map(|c| c.suit.map(|suit| CanteEntry { seat: c.seat, suit }))
        .collect()
}

fn tute(ruling: &Ruling) -> Option<TuteEntry> {
    ruling.cantes.iter().find_map(|c| {
        c.tute.map(|k| TuteEntry {
            seat: c.seat,
            kind: match k {
                RulingTute::Kings => TuteKind::Kings,
                RulingTute::Caballos | RulingTute::Sotas => TuteKind::Knights,
            },
        })
    })
}

fn trump(record: &HandRecord) -> crate::domain::cards::Suit {
    record
        .turned
        .as_ref()
        .and_then(|t| t.card())
        .unwrap()
        .suit()
}

fn quick_cuatrola(record: &HandRecord, ruling: &Ruling) -> QuickHand {
    let (bid, bidder) = contract_of(record, record.events.len());
    let tricks_game = matches!(bid, Contract::Cuatrola | Contract::Quintola);
    let cp = card_points(record, ruling);
    QuickHand::Cuatrola(CuatrolaHand {
        trump: trump(record),
        bid,
        bidder,
        card_points_side0: (!tricks_game).then(|| cp[0]),
        card_points_side1: (!tricks_game).then(|| cp[1]),
        last_trick_side: if tricks_game {
            None
        } else {
            ruling.tricks.last().map(|t| t.winner % 2)
        },
        cantes: cantes(ruling),
        tute: tute(ruling),
        soloist_tricks: if tricks_game {
            bidder.map(|b| ruling.tricks.iter().filter(|t| t.winner == b).count() as u8)
        } else {
            None
        },
        revoke_by: None,
    })
}

fn quick_family(record: &HandRecord, ruling: &Ruling) -> TuteFamilyHand {
    let tute = tute(ruling);
    TuteFamilyHand {
        trump: trump(record),
        card_points: card_points(record, ruling).into_iter().map(Some).collect(),
        last_trick_side: if tute.is_some() {
            None
        } else {
            ruling.tricks.last().map(|t| record.side_of(t.winner))
        },
        cantes: cantes(ruling),
        tute,
        claim: None,
        revoke_by: None,
        last_trick_seat: ruling.tricks.last().map(|t| t.winner),
    }
}

fn quick_botifarra(record: &HandRecord, ruling: &Ruling) -> QuickHand {
    let mut chooser = record.dealer;
    let mut delegated = false;
    let mut choice = BotifarraChoice::Botifarra;
    let mut doubles = 0;
    for ev in &record.events {
        if let Event::Move(Move { seat, action }) = ev {
            match action {
                Action::Trump(TrumpCall::Delegate) => delegated = true,
                Action::Trump(TrumpCall::Suit(s)) => {
                    chooser = *seat;
                    choice = BotifarraChoice::Suit(*s);
                }
                Action::Trump(TrumpCall::Botifarra) => {
                    chooser = *seat;
                    choice = BotifarraChoice::Botifarra;
                }
                Action::Double(DoubleCall::Pass) => {}
                Action::Double(_) => doubles += 1,
                _ => {}
            }
        }
    }
    QuickHand::Botifarra(BotifarraHand {
        chooser,
        delegated,
        choice,
        doubles,
        points_side0: ruling.points[0].whole().map(|p| p as u32),
        revoke_by: None,
    })
}

fn quick_cinquillo(ruling: &Ruling) -> QuickHand {
    let cards: Vec<u32> = ruling
        .points
        .iter()
        .map(|p| p.whole().unwrap() as u32)
        .collect();
    QuickHand::Cinquillo(CinquilloHand {
        out: cards.iter().position(|c| *c == 0).map(|s| s as u8),
        cards_left: cards,
        revoke_by: None,
        passes: Vec::new(),
    })
}

/// The quick entry a scorekeeper would type for a ruled hand of any game.
pub(crate) fn quick_entry(record: &HandRecord, ruling: &Ruling) -> QuickHand {
    match record.game {
        GameKind::Cuatrola => quick_cuatrola(record, ruling),
        GameKind::Tute => QuickHand::Tute(quick_family(record, ruling)),
        GameKind::Guinote => QuickHand::Guinote(quick_family(record, ruling)),
        GameKind::Botifarra => quick_botifarra(record, ruling),
        GameKind::Cinquillo => quick_cinquillo(ruling),
        GameKind::Added(_) => unreachable!("the five games only"),
    }
}

/// Scores the quick entry and compares with the ruling; `Ok(false)` when the quick
/// entry cannot decide (a 3-player tute tie the last trick does not break).
fn agrees(record: &HandRecord, hand: &QuickHand) -> Result<bool, TestCaseError> {
    let ruling = rule(record, Lang::Es);
    prop_assert!(ruling.legal && ruling.complete, "{ruling:?}");
    let expected = ruling.hand_points.clone().unwrap();
    match score_hand(&setup(record), &[], record.dealer, hand, Lang::En) {
        Ok(s) => {
            prop_assert_eq!(&s.hand_points, &expected, "{:?}\n{:?}", hand, ruling);
            let full = hand_score_from_ruling(record, &ruling, Lang::Es).unwrap();
            prop_assert_eq!(&full.hand_points, &expected);
            prop_assert_eq!(s.next_dealer, full.next_dealer);
            Ok(true)
        }
        Err(errs) => {
            let tie = Problem::TieUndecidable.render(Lang::En);
            prop_assert!(
                record.players == 3 && errs.len() == 1 && errs[0].message == tie,
                "{errs:?}\n{hand:?}\n{ruling:?}"
            );
            Ok(false)
        }
    }
}

/// [`agrees`] for the quick entry of a random complete hand of a game.
fn agrees_on(game: GameKind, players: u8, seed: u64) -> Result<bool, TestCaseError> {
    let record = random_complete_record(game, players, seed);
    let ruling = rule(&record, Lang::Es);
    agrees(&record, &quick_entry(&record, &ruling))
}

/// One property test a game: the quick entry of random complete hands of the game, at
/// tables of `players`, scores what the engine rules.
macro_rules! quick_entries_agree {
    ($($name:ident: $game:ident at $players:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]
            $(
                #[test]
                fn $name(seed in any::<u64>(), players in $players) {
                    agrees_on(GameKind::$game, players, seed)?;
                }
            )*
        }
    };
}

quick_entries_agree! {
    a_quick_cuatrola_entry_scores_what_the_engine_rules: Cuatrola at Just(4u8);
    a_quick_tute_entry_scores_what_the_engine_rules: Tute at 2u8..=4;
    a_quick_guinote_entry_scores_what_the_engine_rules: Guinote at prop::sample::select(vec![2u8, 4]);
    a_quick_botifarra_entry_scores_what_the_engine_rules: Botifarra at Just(4u8);
    a_quick_cinquillo_entry_scores_what_the_engine_rules: Cinquillo at 2u8..=4;
}

#[test]
fn every_game_agrees_on_many_fixed_seeds() {
    let mut decided = 0;
    for seed in 0..40u64 {
        // Every table but cinquillo for two and three.
        for (game, players) in TABLES {
            let decides = match game {
                GameKind::Cinquillo => !(2..=3).contains(&players),
                GameKind::Cuatrola
                | GameKind::Tute
                | GameKind::Guinote
                | GameKind::Botifarra
                | GameKind::Added(_) => true,
            };
            if decides {
                decided += usize::from(agrees_on(game, players, seed).unwrap());
            }
        }
    }
    assert!(decided >= 40 * 8 - 4, "{decided}");
    let _ = Score::ZERO;
}

fn suit_of(i: u8) -> crate::domain::cards::Suit {
    crate::domain::cards::Suit::ALL[usize::from(i % 4)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Whatever is typed, quick entry answers (a score or problems) and never panics.
    #[test]
    fn any_entry_gets_an_answer_without_panicking(
        game in 0usize..5,
        players in 0u8..6,
        dealer in any::<u8>(),
        before in proptest::collection::vec(any::<i64>(), 0..5),
        small in proptest::collection::vec(0u8..8, 8),
        nums in proptest::collection::vec(prop_oneof![0u32..130, any::<u32>()], 5),
        flags in proptest::collection::vec(any::<bool>(), 6),
    ) {
        let kind = GameKind::ALL[game];
        let s = GameSetup { game: kind, players, options: serde_json::Map::new(), first_dealer: small[0] };
        let opt = |i: usize, v: u32| flags[i % flags.len()].then_some(v);
        let cantes: Vec<CanteEntry> = small.iter().take(usize::from(small[1] % 6)).map(|x| CanteEntry { seat: *x, suit: suit_of(*x) }).collect();
        let hand = match kind {
            GameKind::Cuatrola => QuickHand::Cuatrola(CuatrolaHand {
                trump: suit_of(small[2]),
                bid: [Contract::Pass, Contract::Solo, Contract::Cuatrola, Contract::Quintola][usize::from(small[3] % 4)],
                bidder: opt(0, u32::from(small[4])).map(|x| x as u8),
                card_points_side0: opt(1, nums[0]),
                card_points_side1: opt(2, nums[1]),
                last_trick_side: opt(3, u32::from(small[5] % 3)).map(|x| x as u8),
                cantes,
                tute: flags[4].then_some(TuteEntry { seat: small[6], kind: TuteKind::Kings }),
                soloist_tricks: opt(5, u32::from(small[7])).map(|x| x as u8),
                revoke_by: flags[0].then_some(small[2]),
            }),
            GameKind::Tute | GameKind::Guinote => {
                let h = TuteFamilyHand {
                    trump: suit_of(small[2]),
                    card_points: nums.iter().take(usize::from(small[3] % 4)).enumerate().map(|(i, n)| opt(i, *n)).collect(),
                    last_trick_side: opt(3, u32::from(small[5] % 4)).map(|x| x as u8),
                    cantes,
                    tute: flags[4].then_some(TuteEntry { seat: small[6], kind: TuteKind::Knights }),
                    claim: flags[5].then_some(ClaimEntry { side: small[7] % 3, after_trick: small[4] * 3 }),
                    revoke_by: (flags[0] && flags[1]).then_some(small[2]),
                    last_trick_seat: opt(2, u32::from(small[6])).map(|x| x as u8),
                };
                match kind {
                    GameKind::Tute => QuickHand::Tute(h),
                    GameKind::Guinote | GameKind::Cuatrola | GameKind::Botifarra | GameKind::Cinquillo | GameKind::Added(_) => QuickHand::Guinote(h),
                }
            }
            GameKind::Botifarra => QuickHand::Botifarra(BotifarraHand {
                chooser: small[2],
                delegated: flags[1],
                choice: if flags[2] { BotifarraChoice::Botifarra } else { BotifarraChoice::Suit(suit_of(small[3])) },
                doubles: small[4] % 5,
                points_side0: opt(3, nums[0] % 80),
                revoke_by: (flags[0] && flags[4]).then_some(small[5]),
            }),
            GameKind::Cinquillo => QuickHand::Cinquillo(CinquilloHand {
                out: opt(0, u32::from(small[2])).map(|x| x as u8),
                cards_left: nums.iter().take(usize::from(small[3] % 5)).map(|n| n % 20).collect(),
                revoke_by: (flags[1] && flags[2]).then_some(small[4]),
                passes: vec![],
            }),
            GameKind::Added(_) => unreachable!("the five games only"),
        };
        let before: Vec<Score> = before.iter().map(|b| Score::from_halves(*b)).collect();
        for lang in Lang::ALL {
            match score_hand(&s, &before, dealer, &hand, lang) {
                Ok(line) => {
                    let b = scoreboard(&s, &[line.clone(), line]);
                    prop_assert_eq!(b.running.len(), 2);
                }
                Err(errs) => prop_assert!(errs.iter().all(|e| !e.field.is_empty() && !e.message.is_empty())),
            }
        }
    }
}
