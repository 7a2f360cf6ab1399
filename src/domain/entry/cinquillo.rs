//! Quick entry of a cinquillo round (docs/rules.md Part A 3 and 8, Part B §6).

use crate::domain::games::cinquillo::{CinquilloOptions, Scoring, round_points};
use crate::domain::lang::Lang;
use crate::domain::options::GameOptions;
use crate::domain::ruling::Score;

use super::msg::{Note, Problem};
use super::setup::{Errors, HandAt};
use super::types::{CinquilloHand, EntryError, HandScore};

/// Scores a cinquillo round in steps: the revoke, who went out, the cards left in
/// each hand, the passes paid into the pot, and the result.
pub fn score(at: &HandAt, hand: &CinquilloHand) -> Result<HandScore, Vec<EntryError>> {
    let (players, lang) = (at.players, at.lang);
    let opts = CinquilloOptions::from_table(at.table);
    let mut e = Errors::new(lang);
    let n = usize::from(players);
    let next_dealer = Some((at.dealer + 1) % players.max(1));
    let revoke = hand.revoke_by.filter(|r| e.seat("revoke_by", *r, players));
    let length_ok = hand.cards_left.len() == n;
    if !(length_ok || hand.revoke_by.is_some() && hand.cards_left.is_empty()) {
        e.add(
            "cards_left",
            Problem::CardsLeftLength {
                got: hand.cards_left.len(),
                players,
            },
        );
    }
    let out = hand.out.filter(|o| e.seat("out", *o, players));
    if hand.revoke_by.is_none() && length_ok {
        check_out(&mut e, &opts, hand, out);
        check_cards_left(&mut e, &opts, hand, players);
        check_passes(&mut e, &opts, hand, players);
    }
    if !e.is_empty() {
        return Err(e.list);
    }
    if let Some(r) = revoke {
        let notes = [Note::Revoke { seat: r }, Note::Void];
        return Ok(HandScore::new(
            None,
            vec![Score::ZERO; n],
            None,
            &notes,
            lang,
            next_dealer,
        ));
    }
    Ok(result(&opts, hand, (players, out), lang, next_dealer))
}

/// Who went out: without bastardo, the one seat with no cards left (named); with it,
/// a seat named as out holds none.
fn check_out(e: &mut Errors, opts: &CinquilloOptions, hand: &CinquilloHand, out: Option<u8>) {
    if opts.bastardo {
        if let Some(o) = out {
            let c = hand.cards_left.get(usize::from(o)).copied().unwrap_or(0);
            if c > 0 {
                e.add("out", Problem::OutNotEmpty { seat: o, cards: c });
            }
        }
        return;
    }
    match out {
        None if hand.out.is_none() => e.add("out", Problem::MissingOut),
        None => {}
        Some(o) => {
            for (i, c) in hand.cards_left.iter().enumerate() {
                if i == usize::from(o) && *c > 0 {
                    e.add(
                        format!("cards_left[{i}]"),
                        Problem::WinnerHoldsCards { seat: o, cards: *c },
                    );
                } else if i != usize::from(o) && *c == 0 {
                    e.add(
                        format!("cards_left[{i}]"),
                        Problem::SecondEmptyHand { seat: i as u8 },
                    );
                }
            }
        }
    }
}

/// The cards left: no hand holds more than it was dealt, and the cards left are fewer
/// than the deck less the cards that must have been laid.
fn check_cards_left(e: &mut Errors, opts: &CinquilloOptions, hand: &CinquilloHand, players: u8) {
    let deck = opts.deck.size() as u32;
    let base = deck / u32::from(players.max(1));
    let max_hand = if players == 2 {
        deck
    } else {
        base + u32::from(!deck.is_multiple_of(u32::from(players.max(1))))
    };
    let min_placed = if opts.bastardo {
        1
    } else if players == 2 {
        10
    } else {
        base
    };
    for (i, c) in hand.cards_left.iter().enumerate() {
        if *c > max_hand {
            e.add(
                format!("cards_left[{i}]"),
                Problem::CardsOverHand {
                    seat: i as u8,
                    cards: *c,
                    max: max_hand,
                },
            );
        }
    }
    let sum: u32 = hand
        .cards_left
        .iter()
        .fold(0u32, |a, c| a.saturating_add(*c));
    let max = deck.saturating_sub(min_placed);
    if sum > max {
        e.add("cards_left", Problem::CardsOverDeck { sum, max });
    }
}

/// The passes, one count per player, where the round is paid into a pot.
fn check_passes(e: &mut Errors, opts: &CinquilloOptions, hand: &CinquilloHand, players: u8) {
    if opts.scoring == Scoring::Pot && hand.passes.len() != usize::from(players) {
        if hand.passes.is_empty() {
            e.add("passes", Problem::MissingPasses { players });
        } else {
            e.add(
                "passes",
                Problem::PassesLength {
                    got: hand.passes.len(),
                    players,
                },
            );
        }
    }
}

/// The result of a checked round: the cards each player holds, the round's points and
/// who went out (or the players with the fewest cards).
fn result(
    opts: &CinquilloOptions,
    hand: &CinquilloHand,
    (players, out): (u8, Option<u8>),
    lang: Lang,
    next_dealer: Option<u8>,
) -> HandScore {
    let held: Vec<i64> = hand.cards_left.iter().map(|c| i64::from(*c)).collect();
    let min = held.iter().copied().min().unwrap_or(0);
    let winners: Vec<u8> = (0..players)
        .filter(|s| held.get(usize::from(*s)) == Some(&min))
        .collect();
    let hand_points = round_points(opts, &held, &hand.passes);
    let note = match (out, winners.as_slice()) {
        (Some(o), _) => Note::Out { seat: o },
        (None, [one]) => Note::Out { seat: *one },
        (None, many) => Note::Winners {
            seats: many.to_vec(),
        },
    };
    let note = if opts.bastardo && winners.len() == 1 && min > 0 {
        Note::Winners {
            seats: winners.clone(),
        }
    } else {
        note
    };
    HandScore::new(
        Some(held.iter().map(|h| Score::points(*h)).collect()),
        hand_points,
        None,
        &[note],
        lang,
        next_dealer,
    )
}
