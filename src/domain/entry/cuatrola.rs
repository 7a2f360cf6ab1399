//! Quick entry of a cuatrola hand (docs/rules.md Part A 3 and 5, Part B §3).

use crate::domain::games::cuatrola::{
    BidCapRule, CantesPerTrick, CuatrolaOptions, CuatrolaTute, RevokePenalty,
};
use crate::domain::options::GameOptions;

use super::msg::{Note, Problem, Side};
use super::setup::{Errors, HandAt, scores};
use super::sums::{CUATROLA, Group, can_split};
use super::types::{
    CanteEntry, Contract, CuatrolaHand, EntryError, HandScore, TuteEntry, TuteKind,
};
use crate::domain::ruling::Score;

fn value(c: Contract) -> i64 {
    match c {
        Contract::Pass => 1,
        Contract::Solo => 2,
        Contract::Cuatrola => 4,
        Contract::Quintola => 5,
    }
}

fn side(s: u8) -> Side {
    Side {
        side: s,
        pairs: true,
    }
}

/// Whether side 0 can take `p0` card points in a normal hand, with side `last` taking
/// the last trick: side 0 took k tricks of four cards (every cuatrola card is worth
/// points, so a side without tricks has 0 and the last trick's side has some).
fn normal_possible(p0: u32, last: Option<u8>) -> bool {
    (0..=5u32).any(|k| {
        let last_ok = match last {
            Some(0) => k >= 1,
            Some(1) => k <= 4,
            _ => true,
        };
        last_ok
            && can_split(
                CUATROLA,
                &[Group::sized(4 * k, p0), Group::count(20 - 4 * k)],
            )
    })
}

/// Whether in a solo the soloist (side `s`) can take `a` and the opponents `b` card
/// points: k tricks of three cards for the soloist, 5 − k for them, five dead cards.
fn solo_possible(a: u32, b: u32, s: u8, last: Option<u8>) -> bool {
    (0..=5u32).any(|k| {
        let last_ok = match last {
            Some(l) if l == s => k >= 1,
            Some(_) => k <= 4,
            None => true,
        };
        last_ok
            && can_split(
                CUATROLA,
                &[
                    Group::sized(3 * k, a),
                    Group::sized(15 - 3 * k, b),
                    Group::count(5),
                ],
            )
    })
}

/// The most tricks side `s` can have won before the last one, over every number of
/// tricks its card points allow (`cp` per side; `soloist`: the solo's bidder, whose
/// side plays tricks of three). Only the tricks before the last open a window to sing:
/// the hand is over after the last one. `None` when no split of the tricks fits.
fn most_windows(cp: [u32; 2], s: u8, last: Option<u8>, soloist: Option<u8>) -> Option<u32> {
    let took = |k: u32| match soloist {
        None => can_split(
            CUATROLA,
            &[
                Group::sized(4 * k, cp[usize::from(s % 2)]),
                Group::count(20 - 4 * k),
            ],
        ),
        Some(b) => {
            // `k` tricks for side `s`: the soloist's side has `ks` of them.
            let ks = if b % 2 == s % 2 { k } else { 5 - k };
            let (mine, theirs) = (cp[usize::from(b % 2)], cp[usize::from(1 - b % 2)]);
            can_split(
                CUATROLA,
                &[
                    Group::sized(3 * ks, mine),
                    Group::sized(15 - 3 * ks, theirs),
                    Group::count(5),
                ],
            )
        }
    };
    (0..=5u32)
        .filter(|&k| match last {
            Some(l) if l == s => k >= 1,
            Some(_) => k <= 4,
            None => true,
        })
        .filter(|&k| took(k))
        .map(|k| if last == Some(s) { k - 1 } else { k })
        .max()
}

fn cante_value(c: &CanteEntry, trump: crate::domain::cards::Suit) -> u32 {
    if c.suit == trump { 40 } else { 20 }
}

/// What the checks of a hand leave for its result: the soloist, who revoked or sang
/// tute, the side of the last trick and the card points.
struct Checked {
    soloist: Option<u8>,
    revoke: Option<u8>,
    tute: Option<TuteEntry>,
    last: Option<u8>,
    card_points: Option<[u32; 2]>,
}

/// Scores a cuatrola hand in steps: the bid, the revoke or tute that ends it early,
/// the cantes, the tricks and last trick, the card points, the cantes against the
/// tricks won, and the result.
pub fn score(at: &HandAt, hand: &CuatrolaHand) -> Result<HandScore, Vec<EntryError>> {
    let opts = CuatrolaOptions::from_table(at.table);
    let mut e = Errors::new(at.lang);
    let soloist = check_bid(&mut e, &opts, hand, at.before);
    let sitting_out = soloist.map(|s| (s + 2) % 4);
    let (revoke, tute) = check_early_end(&mut e, &opts, hand, sitting_out);
    check_cantes(&mut e, hand, sitting_out);
    let mut last = check_tricks(&mut e, hand);
    if hand.tute.is_some() && hand.last_trick_side.is_some() {
        e.add("last_trick_side", Problem::LastTrickAfterEarlyEnd);
        last = None;
    }
    let early = hand.tute.is_some() || hand.revoke_by.is_some();
    let mut card_points = None;
    if !is_trick_contract(hand.bid) && !early {
        if hand.last_trick_side.is_none() {
            e.add("last_trick_side", Problem::MissingLastTrick);
        }
        card_points = check_card_points(&mut e, hand, soloist, last);
        if let Some(cp) = card_points {
            check_cantes_against_tricks(&mut e, &opts, hand, cp, (soloist, last));
        }
    }
    if !e.is_empty() {
        return Err(e.list);
    }
    let checked = Checked {
        soloist,
        revoke,
        tute,
        last,
        card_points,
    };
    let (points, hand_points, notes) = result(&opts, hand, &checked);
    Ok(HandScore::new(
        points,
        scores(&hand_points),
        None,
        &notes,
        at.lang,
        Some((at.dealer + 1) % 4),
    ))
}

/// A cuatrola or quintola: played for tricks, not card points.
fn is_trick_contract(c: Contract) -> bool {
    matches!(c, Contract::Cuatrola | Contract::Quintola)
}

/// The bid: a bidder exactly when someone bid, and a bid the bidder's score allows.
/// The soloist, if the bid stands.
fn check_bid(
    e: &mut Errors,
    opts: &CuatrolaOptions,
    hand: &CuatrolaHand,
    before: &[i64],
) -> Option<u8> {
    let contract = hand.bid;
    let soloist = match (contract, hand.bidder) {
        (Contract::Pass, Some(_)) => {
            e.add("bidder", Problem::BidderWithPass);
            None
        }
        (Contract::Pass, None) => None,
        (_, None) => {
            e.add("bidder", Problem::MissingBidder);
            None
        }
        (_, Some(b)) => e.seat("bidder", b, 4).then_some(b),
    };
    if let Some(s) = soloist {
        let score = before.get(usize::from(s % 2)).copied().unwrap_or(0);
        match opts.bid_cap_rule {
            BidCapRule::CannotExceedTarget
                if score.saturating_add(value(contract)) > opts.target =>
            {
                e.add(
                    "bid",
                    Problem::BidOverCap {
                        contract,
                        score,
                        target: opts.target,
                    },
                )
            }
            BidCapRule::NoBidsFromThreshold if score >= opts.target - 4 => e.add(
                "bid",
                Problem::BidFromThreshold {
                    score,
                    threshold: opts.target - 4,
                },
            ),
            _ => {}
        }
    }
    soloist
}

/// The revoke and the tute that end a hand early: at most one, a tute only where the
/// table allows it, outside a trick contract and by a seat that plays. The revoking
/// seat and the tute that stand.
fn check_early_end(
    e: &mut Errors,
    opts: &CuatrolaOptions,
    hand: &CuatrolaHand,
    sitting_out: Option<u8>,
) -> (Option<u8>, Option<TuteEntry>) {
    let contract = hand.bid;
    let revoke = hand.revoke_by.filter(|r| e.seat("revoke_by", *r, 4));
    let mut tute = None;
    if let Some(t) = hand.tute {
        if opts.cuatrola_tute != CuatrolaTute::WinsHand {
            e.add("tute", Problem::TuteNotAllowed);
        } else if is_trick_contract(contract) {
            e.add("tute", Problem::TuteInContract { contract });
        } else if e.seat("tute", t.seat, 4) {
            if sitting_out == Some(t.seat) {
                e.add("tute", Problem::TuteSittingOut { seat: t.seat });
            } else {
                tute = Some(t);
            }
        }
    }
    if hand.tute.is_some() && hand.revoke_by.is_some() {
        e.add("revoke_by", Problem::EarlyEndConflict);
    }
    (revoke, tute)
}

/// The cantes on their own: by seats that play, outside a trick contract, each suit
/// once, at most two per player and four in all.
fn check_cantes(e: &mut Errors, hand: &CuatrolaHand, sitting_out: Option<u8>) {
    let contract = hand.bid;
    let mut seen = [false; 4];
    let mut per_seat = [0usize; 4];
    for (i, c) in hand.cantes.iter().enumerate() {
        let f = format!("cantes[{i}]");
        if !e.seat(&f, c.seat, 4) {
            continue;
        }
        if is_trick_contract(contract) {
            e.add(&f, Problem::CanteInContract { contract });
            continue;
        }
        if sitting_out == Some(c.seat) {
            e.add(&f, Problem::CanteSittingOut { seat: c.seat });
            continue;
        }
        e.cante(&f, c, hand.tute.map(|t| t.seat), hand.trump, &mut seen);
        if let Some(n) = per_seat.get_mut(usize::from(c.seat)) {
            *n += 1;
        }
    }
    for (seat, n) in per_seat.iter().enumerate() {
        if *n > 2 {
            e.add(
                "cantes",
                Problem::TooManyCantesForPlayer {
                    seat: seat as u8,
                    max: 2,
                },
            );
        }
    }
    if hand.cantes.len() > 4 {
        e.add(
            "cantes",
            Problem::TooManyCantes {
                count: hand.cantes.len(),
            },
        );
    }
}

/// Card points or tricks, whichever the contract plays for, and the last trick's side
/// (which stands if it is a side).
fn check_tricks(e: &mut Errors, hand: &CuatrolaHand) -> Option<u8> {
    let contract = hand.bid;
    let trick_contract = is_trick_contract(contract);
    for (f, p) in [
        ("card_points_side0", hand.card_points_side0),
        ("card_points_side1", hand.card_points_side1),
    ] {
        if let Some(v) = p {
            if trick_contract {
                e.add(f, Problem::CardPointsInTrickContract { contract });
            } else if v > 120 {
                e.add(f, Problem::PointsOutOfRange { value: v, max: 120 });
            }
        }
    }
    let last = hand
        .last_trick_side
        .filter(|l| e.side("last_trick_side", *l, 2));
    if trick_contract {
        if hand.last_trick_side.is_some() {
            e.add(
                "last_trick_side",
                Problem::CardPointsInTrickContract { contract },
            );
        }
        match hand.soloist_tricks {
            Some(t) if t > 5 => e.add(
                "soloist_tricks",
                Problem::SoloistTricksOutOfRange { tricks: t },
            ),
            None if hand.revoke_by.is_none() => {
                e.add("soloist_tricks", Problem::MissingSoloistTricks)
            }
            _ => {}
        }
    } else if hand.soloist_tricks.is_some() {
        e.add("soloist_tricks", Problem::SoloistTricksInNormalHand);
    }
    last
}

/// The card points of a hand played for them: both sides' (one may be left out in a
/// normal hand), adding up to what the cards hold and a split of the tricks fits, with
/// a trick for the side of the last one.
fn check_card_points(
    e: &mut Errors,
    hand: &CuatrolaHand,
    soloist: Option<u8>,
    last: Option<u8>,
) -> Option<[u32; 2]> {
    let (p0, p1) = (
        hand.card_points_side0.filter(|v| *v <= 120),
        hand.card_points_side1.filter(|v| *v <= 120),
    );
    if hand.bid == Contract::Pass {
        let [a, b] = normal_card_points(e, hand, p0, p1)?;
        if !normal_possible(a, None) {
            let (f, v) = if hand.card_points_side0.is_some() {
                ("card_points_side0", a)
            } else {
                ("card_points_side1", b)
            };
            e.add(f, Problem::PointsImpossible { value: v });
        } else if let Some(l) = last
            && !normal_possible(a, Some(l))
        {
            e.add(
                "last_trick_side",
                Problem::LastTrickNoTrick { side: side(l) },
            );
        } else {
            return Some([a, b]);
        }
        return None;
    }
    let s = soloist?;
    // Solo: both sides are needed, the dead cards count for nobody.
    if hand.card_points_side0.is_none() {
        e.add("card_points_side0", Problem::MissingCardPoints);
    }
    if hand.card_points_side1.is_none() {
        e.add("card_points_side1", Problem::MissingCardPoints);
    }
    let (a0, a1) = (p0?, p1?);
    let sum = a0 + a1;
    let (mine, theirs) = if s % 2 == 0 { (a0, a1) } else { (a1, a0) };
    if !(66..=109).contains(&sum) {
        e.add("card_points_side1", Problem::SoloTotal { sum });
    } else if !solo_possible(mine, theirs, s % 2, None) {
        e.add(
            "card_points_side0",
            Problem::PointsPairImpossible { a: a0, b: a1 },
        );
    } else if let Some(l) = last
        && !solo_possible(mine, theirs, s % 2, Some(l))
    {
        e.add(
            "last_trick_side",
            Problem::LastTrickNoTrick { side: side(l) },
        );
    } else {
        return Some([a0, a1]);
    }
    None
}

/// A normal hand's card points from one side or both (`p0`, `p1`: those in range):
/// the two add up to 120.
fn normal_card_points(
    e: &mut Errors,
    hand: &CuatrolaHand,
    p0: Option<u32>,
    p1: Option<u32>,
) -> Option<[u32; 2]> {
    match (p0, p1) {
        (Some(a), Some(b)) => {
            if a + b != 120 {
                e.add(
                    "card_points_side1",
                    Problem::PointsDontAddUp {
                        sum: a + b,
                        total: 120,
                    },
                );
                None
            } else {
                Some([a, b])
            }
        }
        (Some(a), None) => Some([a, 120 - a]),
        (None, Some(b)) => Some([120 - b, b]),
        (None, None) => {
            if hand.card_points_side0.is_none() && hand.card_points_side1.is_none() {
                e.add("card_points_side0", Problem::MissingCardPoints);
            }
            None
        }
    }
}

/// The cantes against the tricks: a side sings after a trick it won, once per player
/// (or per side) per trick, and never after the last trick: a side that took no trick,
/// or only the last one, could not sing, and nobody sings more often than his side won
/// a trick before the last.
fn check_cantes_against_tricks(
    e: &mut Errors,
    opts: &CuatrolaOptions,
    hand: &CuatrolaHand,
    cp: [u32; 2],
    (soloist, last): (Option<u8>, Option<u8>),
) {
    let sitting_out = soloist.map(|s| (s + 2) % 4);
    let solo = soloist.filter(|_| hand.bid == Contract::Solo);
    let per_side = opts.cantes_per_trick == CantesPerTrick::OnePerSide;
    let mut sung = [0u32; 4];
    for (i, c) in hand.cantes.iter().enumerate() {
        // Seats out of range and the sitting-out partner are refused above.
        if c.seat >= 4 || sitting_out == Some(c.seat) {
            continue;
        }
        let s = c.seat % 2;
        let f = format!("cantes[{i}]");
        let windows = most_windows(cp, s, last, solo).unwrap_or(0);
        let so_far = if per_side {
            sung[usize::from(s)] + sung[usize::from(s + 2)]
        } else {
            sung[usize::from(c.seat)]
        };
        if cp.get(usize::from(s)).copied() == Some(0) && last != Some(s) {
            e.add(f, Problem::CanteNoTrick { side: side(s) });
        } else if windows == 0 {
            e.add(f, Problem::CanteOnlyLastTrick { side: side(s) });
        } else if so_far >= windows {
            e.add(
                f,
                Problem::CantesOverTricks {
                    seat: c.seat,
                    side: side(s),
                    cantes: so_far + 1,
                    tricks: windows,
                    per_side,
                },
            );
        }
        sung[usize::from(c.seat)] += 1;
    }
}

/// The result of a checked hand: its card points (a hand played for them), each
/// side's hand points and the notes that explain them.
fn result(
    opts: &CuatrolaOptions,
    hand: &CuatrolaHand,
    checked: &Checked,
) -> (Option<Vec<Score>>, Vec<i64>, Vec<Note>) {
    let contract = hand.bid;
    let mut notes = Vec::new();
    match (contract, checked.soloist) {
        (Contract::Pass, _) | (_, None) => notes.push(Note::NormalHand),
        (contract, Some(seat)) => notes.push(Note::Contract { contract, seat }),
    }
    let cante_points = {
        let mut cp = [0u32; 2];
        for c in &hand.cantes {
            if let Some(x) = cp.get_mut(usize::from(c.seat % 2)) {
                *x += cante_value(c, hand.trump);
            }
            notes.push(Note::Cante {
                value: cante_value(c, hand.trump),
                suit: c.suit,
                seat: c.seat,
            });
        }
        cp
    };
    let (points, hand_points) = if let Some(r) = checked.revoke {
        notes.push(Note::Revoke { seat: r });
        let v = match contract {
            Contract::Pass if opts.revoke_counts_as_over100 => 2,
            c => value(c),
        };
        let hp = match opts.revoke_penalty {
            RevokePenalty::None => vec![0, 0],
            RevokePenalty::ValueAtStake => to(1 - r % 2, v),
        };
        (None, hp)
    } else if let Some(t) = checked.tute {
        notes.push(Note::Tute {
            kind: match t.kind {
                TuteKind::Kings => "reyes",
                TuteKind::Knights => "caballos",
            },
            seat: t.seat,
        });
        let v = if contract == Contract::Solo { 2 } else { 1 };
        (None, to(t.seat % 2, v))
    } else if is_trick_contract(contract) {
        let tricks = hand.soloist_tricks.unwrap_or(0);
        notes.push(Note::SoloistTricks { tricks });
        let need = if contract == Contract::Cuatrola { 4 } else { 5 };
        let s = checked.soloist.map_or(0, |s| s % 2);
        let winner = if tricks >= need { s } else { 1 - s };
        (None, to(winner, value(contract)))
    } else {
        let cp = checked.card_points.unwrap_or([0, 0]);
        let (pts, hp, over100) =
            card_result(opts, contract, cp, cante_points, checked.last.unwrap_or(0));
        if over100 {
            notes.push(Note::Over100);
        }
        (Some(scores(&pts)), hp)
    };
    (points, hand_points, notes)
}

/// `v` hand points to `side`, none to the other.
fn to(side: u8, v: i64) -> Vec<i64> {
    if side == 0 { vec![v, 0] } else { vec![0, v] }
}

/// A hand played for card points: each side's points (cards, the last trick's ten to
/// side `l`, cantes), the hand points to the higher (side `l` on a tie), and whether
/// passing 100 counted double.
fn card_result(
    opts: &CuatrolaOptions,
    contract: Contract,
    cp: [u32; 2],
    cante_points: [u32; 2],
    l: u8,
) -> (Vec<i64>, Vec<i64>, bool) {
    let pts: Vec<i64> = (0..2u8)
        .map(|s| {
            let i = usize::from(s);
            i64::from(
                cp.get(i).copied().unwrap_or(0)
                    + if l == s { 10 } else { 0 }
                    + cante_points.get(i).copied().unwrap_or(0),
            )
        })
        .collect();
    let (a, b) = (
        pts.first().copied().unwrap_or(0),
        pts.get(1).copied().unwrap_or(0),
    );
    let winner = match a.cmp(&b) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => l,
    };
    let over100 = a.max(b) > 100;
    let v = match contract {
        Contract::Solo if over100 && opts.solo_over100_counts_double => 4,
        Contract::Solo => 2,
        _ if over100 && opts.over100_counts_double => 2,
        _ => 1,
    };
    let doubled = v == 2 && contract != Contract::Solo || v == 4;
    (pts, to(winner, v), doubled)
}

#[cfg(test)]
mod step_tests {
    use super::*;
    use crate::domain::cards::Suit;
    use crate::domain::lang::Lang;

    use crate::domain::entry::setup::fields;
    use crate::domain::entry::tests::cuatrola as hand;

    #[test]
    fn the_bid_step_names_the_soloist_and_refuses_a_bidder_without_a_bid() {
        let opts = CuatrolaOptions::defaults();
        let mut e = Errors::new(Lang::Es);
        let solo = CuatrolaHand {
            bid: Contract::Solo,
            bidder: Some(1),
            ..hand()
        };
        assert_eq!(check_bid(&mut e, &opts, &solo, &[0, 0]), Some(1));
        assert!(e.is_empty());
        let pass = CuatrolaHand {
            bidder: Some(1),
            ..hand()
        };
        assert_eq!(check_bid(&mut e, &opts, &pass, &[0, 0]), None);
        assert_eq!(fields(&e), ["bidder"]);
    }

    #[test]
    fn the_early_end_step_refuses_a_tute_and_a_revoke_in_one_hand() {
        let opts = CuatrolaOptions::defaults();
        let mut e = Errors::new(Lang::Es);
        let both = CuatrolaHand {
            tute: Some(TuteEntry {
                seat: 0,
                kind: TuteKind::Kings,
            }),
            revoke_by: Some(1),
            ..hand()
        };
        let (revoke, _) = check_early_end(&mut e, &opts, &both, None);
        assert_eq!(revoke, Some(1));
        assert!(fields(&e).contains(&"revoke_by"), "{:?}", fields(&e));
    }

    #[test]
    fn the_cantes_step_allows_two_cantes_a_player_and_not_three() {
        let c = |suit| CanteEntry { seat: 2, suit };
        let mut e = Errors::new(Lang::Es);
        let two = CuatrolaHand {
            cantes: vec![c(Suit::Copas), c(Suit::Espadas)],
            ..hand()
        };
        check_cantes(&mut e, &two, None);
        assert!(e.is_empty(), "{:?}", fields(&e));
        let three = CuatrolaHand {
            cantes: vec![c(Suit::Copas), c(Suit::Espadas), c(Suit::Bastos)],
            ..hand()
        };
        check_cantes(&mut e, &three, None);
        assert_eq!(fields(&e), ["cantes"]);
    }

    #[test]
    fn the_tricks_step_asks_a_cuatrola_for_its_tricks_and_keeps_the_last_trick_of_a_normal_hand() {
        let mut e = Errors::new(Lang::Es);
        assert_eq!(check_tricks(&mut e, &hand()), Some(0));
        assert!(e.is_empty());
        let cuatrola = CuatrolaHand {
            bid: Contract::Cuatrola,
            bidder: Some(0),
            card_points_side0: None,
            last_trick_side: None,
            ..hand()
        };
        check_tricks(&mut e, &cuatrola);
        assert_eq!(fields(&e), ["soloist_tricks"]);
    }

    #[test]
    fn the_card_points_step_completes_one_side_to_120_and_refuses_a_wrong_sum() {
        let mut e = Errors::new(Lang::Es);
        assert_eq!(
            check_card_points(&mut e, &hand(), None, Some(0)),
            Some([70, 50])
        );
        let wrong = CuatrolaHand {
            card_points_side1: Some(60),
            ..hand()
        };
        assert_eq!(check_card_points(&mut e, &wrong, None, Some(0)), None);
        assert_eq!(fields(&e), ["card_points_side1"]);
    }

    #[test]
    fn the_cantes_against_tricks_step_refuses_a_cante_of_a_side_without_a_trick() {
        let opts = CuatrolaOptions::defaults();
        let mut e = Errors::new(Lang::Es);
        let sang = CuatrolaHand {
            card_points_side0: Some(120),
            cantes: vec![CanteEntry {
                seat: 1,
                suit: Suit::Copas,
            }],
            ..hand()
        };
        check_cantes_against_tricks(&mut e, &opts, &sang, [120, 0], (None, Some(0)));
        assert_eq!(fields(&e), ["cantes[0]"]);
    }

    #[test]
    fn the_result_step_adds_the_last_trick_and_cantes_and_gives_the_hand_to_the_higher() {
        let opts = CuatrolaOptions::defaults();
        let h = CuatrolaHand {
            cantes: vec![CanteEntry {
                seat: 1,
                suit: Suit::Oros,
            }],
            ..hand()
        };
        let checked = Checked {
            soloist: None,
            revoke: None,
            tute: None,
            last: Some(0),
            card_points: Some([55, 65]),
        };
        let (points, hand_points, notes) = result(&opts, &h, &checked);
        // 55 + 10 against 65 + 40 (a cante in trumps).
        assert_eq!(points, Some(vec![Score::points(65), Score::points(105)]));
        assert_eq!(hand_points, vec![0, 2], "over 100 counts double");
        assert!(notes.contains(&Note::Over100), "{notes:?}");
    }
}
