//! Quick entry of a botifarra hand (docs/rules.md Part A 3 and 7, Part B §5).

use crate::domain::games::botifarra::{BotifarraOptions, RevokePenalty, hand_score};
use crate::domain::options::GameOptions;

use super::msg::{Note, Problem};
use super::setup::{Errors, HandAt, scores};
use super::sums::{BOTIFARRA, Group, can_split};
use super::types::{BotifarraChoice, BotifarraHand, EntryError, HandScore};

/// Whether a side can have `p` points: card points of its tricks plus one a trick.
/// The 73 answers are worked out once (each is a search over the deck's splits).
fn possible(p: u32) -> bool {
    static POSSIBLE: std::sync::OnceLock<[bool; 73]> = std::sync::OnceLock::new();
    let table = POSSIBLE.get_or_init(|| std::array::from_fn(|p| search_possible(p as u32)));
    table.get(p as usize).copied().unwrap_or(false)
}

fn search_possible(p: u32) -> bool {
    (0..=12u32).any(|t| {
        p >= t
            && can_split(
                BOTIFARRA,
                &[Group::sized(4 * t, p - t), Group::count(48 - 4 * t)],
            )
    })
}

/// The trump's chooser: the dealer, or the dealer's partner once delegated.
fn check_chooser(e: &mut Errors, hand: &BotifarraHand, dealer: u8) {
    let partner = (dealer + 2) % 4;
    if !e.seat("chooser", hand.chooser, 4) {
        return;
    }
    if hand.delegated && hand.chooser != partner {
        e.add(
            "chooser",
            Problem::ChooserNotPartner {
                chooser: hand.chooser,
                partner,
            },
        );
    } else if !hand.delegated && hand.chooser != dealer {
        e.add(
            "chooser",
            Problem::ChooserNotDealer {
                chooser: hand.chooser,
                dealer,
            },
        );
    }
}

/// The contros: at most Sant Vicenç, never Sant Vicenç at botifarra, and each only
/// where the table's options allow it.
fn check_doubles(e: &mut Errors, hand: &BotifarraHand, opts: &BotifarraOptions) {
    let botifarra = hand.choice == BotifarraChoice::Botifarra;
    if hand.doubles > 3 {
        e.add(
            "doubles",
            Problem::DoublesOutOfRange {
                doubles: hand.doubles,
            },
        );
    } else if botifarra && hand.doubles == 3 {
        e.add("doubles", Problem::SantVicencOnBotifarra);
    } else if botifarra && hand.doubles > 0 && !opts.allow_contro_on_botifarra {
        e.add("doubles", Problem::ControOnBotifarraNotAllowed);
    } else if hand.doubles == 3 && !opts.allow_sant_vicenc {
        e.add("doubles", Problem::SantVicencNotAllowed);
    }
}

/// The first side's points (cards and tricks): ones a hand can give, and given unless
/// a renuncio decides the hand.
fn check_points(e: &mut Errors, hand: &BotifarraHand) {
    match hand.points_side0 {
        Some(p) if p > 72 => e.add(
            "points_side0",
            Problem::PointsOutOfRange { value: p, max: 72 },
        ),
        Some(p) if !possible(p) => e.add("points_side0", Problem::PointsImpossible { value: p }),
        None if hand.revoke_by.is_none() => e.add("points_side0", Problem::MissingPoints),
        _ => {}
    }
}

pub fn score(at: &HandAt, hand: &BotifarraHand) -> Result<HandScore, Vec<EntryError>> {
    let (table, dealer, lang) = (at.table, at.dealer, at.lang);
    let opts = BotifarraOptions::from_table(table);
    let mut e = Errors::new(lang);
    check_chooser(&mut e, hand, dealer);
    check_doubles(&mut e, hand, &opts);
    let revoke = hand.revoke_by.filter(|r| e.seat("revoke_by", *r, 4));
    check_points(&mut e, hand);
    if !e.is_empty() {
        return Err(e.list);
    }

    let botifarra = hand.choice == BotifarraChoice::Botifarra;
    let multiplier = opts.multiplier(botifarra, hand.doubles);
    let mut notes = vec![match hand.choice {
        BotifarraChoice::Suit(suit) => Note::Trumps { suit },
        BotifarraChoice::Botifarra => Note::Botifarra,
    }];
    if hand.delegated {
        notes.push(Note::Delegated);
    }
    if hand.doubles > 0 {
        notes.push(Note::Double {
            level: hand.doubles,
            multiplier,
        });
    }
    let (points, hp) = if let Some(r) = revoke {
        notes.push(Note::Revoke { seat: r });
        let hp = match opts.revoke_penalty {
            RevokePenalty::None => vec![0, 0],
            RevokePenalty::AllPointsInPlay => {
                let v = 36 * multiplier;
                if r % 2 == 0 { vec![0, v] } else { vec![v, 0] }
            }
        };
        (None, hp)
    } else {
        let p0 = hand.points_side0.unwrap_or(36);
        let p = [p0, 72 - p0];
        (
            Some(vec![i64::from(p0), i64::from(72 - p0)]),
            hand_score(p, multiplier).to_vec(),
        )
    };
    Ok(HandScore::new(
        points.map(|p| scores(&p)),
        scores(&hp),
        None,
        &notes,
        lang,
        Some((dealer + 1) % 4),
    ))
}
