//! Quick entry of a tute (2, 3 or 4 players) or guiñote (2 or 4) hand (docs/rules.md Part A
//! 3 and 6, Part B §2 and §4; docs/hand-record.md "Per game").

use crate::domain::engine::{GameKind, Seating};
use crate::domain::games::guinote::{BothOver101, GuinoteOptions, NextDealer};
use crate::domain::games::tute::{
    MatchMode, Tute3Deck, TuteOptions, hand_value, one_for, revoke_voids,
};
use crate::domain::games::tute_family::GAME_POINTS;
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::ruling::{GameOver, GameOverReason};

use super::msg::{Note, Problem, Side};
use super::setup::{Errors, HandAt, scores, side_label};
use super::sums::{FORTY, Group, THIRTY_SIX, Values, can_split};
use super::types::{ClaimEntry, EntryError, HandScore, TuteEntry, TuteFamilyHand, TuteKind};
use crate::domain::lang::Lang;

/// What differs between the games and table sizes.
struct Shape {
    game: GameKind,
    seating: Seating,
    sides: u8,
    values: Values,
    /// 3-player tute with 40 cards: one spare card never played.
    spare: bool,
    tricks: u8,
}

/// Whether a hand of the tute family is tute's (else guiñote's).
fn is_tute(game: GameKind) -> bool {
    match game {
        GameKind::Tute => true,
        GameKind::Guinote
        | GameKind::Cuatrola
        | GameKind::Botifarra
        | GameKind::Cinquillo
        | GameKind::Added(_) => false,
    }
}

impl Shape {
    fn new(game: GameKind, players: u8, table: &TableOptions, tute: &TuteOptions) -> Shape {
        let seating = game.seating(players, table);
        let sides = seating.sides();
        let three36 = is_tute(game) && players == 3 && tute.tute3_deck == Tute3Deck::Remove2s36;
        let spare = is_tute(game) && players == 3 && tute.tute3_deck == Tute3Deck::FortyWithSpare;
        let tricks = match players {
            2 => 20,
            3 if spare => 13,
            3 => 12,
            _ => 10,
        };
        Shape {
            game,
            seating,
            sides,
            values: if three36 { THIRTY_SIX } else { FORTY },
            spare,
            tricks,
        }
    }
    fn side_of(&self, seat: u8) -> u8 {
        self.seating.side_of(seat)
    }
    fn tute_name(&self, kind: TuteKind) -> &'static str {
        match (kind, self.game) {
            (TuteKind::Kings, _) => "reyes",
            (TuteKind::Knights, _) if !is_tute(self.game) => "sotas",
            (TuteKind::Knights, _) => "caballos",
        }
    }
}

/// Scores a tute or guiñote hand in steps: how it ended (revoke, tute, claim), the
/// cantes, the card points, the last trick, then the result of tute or of guiñote.
pub fn score(at: &HandAt, hand: &TuteFamilyHand) -> Result<HandScore, Vec<EntryError>> {
    let (game, players, table) = (at.game, at.players, at.table);
    let tute_opts = TuteOptions::from_table(table);
    let gui_opts = GuinoteOptions::from_table(table);
    let is_tute = is_tute(game);
    let shape = Shape::new(game, players, table, &tute_opts);
    let mut e = Errors::new(at.lang);
    let vueltas = !is_tute && at.before.iter().any(|b| *b != 0);
    let before: Vec<i64> = at
        .before
        .iter()
        .map(|b| {
            if vueltas && gui_opts.treinta_malas {
                (*b).max(30)
            } else {
                *b
            }
        })
        .collect();
    let ended = check_end(&mut e, &shape, hand, (&tute_opts, players), vueltas);
    check_cantes(&mut e, hand, players);
    let needs_points = hand.revoke_by.is_none()
        && !(is_tute && hand.tute.is_some() && tute_opts.match_mode == MatchMode::RoundsToWin);
    let card = check_card_points(&mut e, &shape, hand, ended.complete, needs_points);
    let last_winner_deals = !is_tute && gui_opts.next_dealer == NextDealer::LastTrickWinner;
    let last = check_last_trick(&mut e, &shape, hand, (players, ended.complete));
    if last_winner_deals && players == 4 && last.is_some() && hand.last_trick_seat.is_none() {
        e.add("last_trick_seat", Problem::MissingLastTrickSeat);
    }
    if !e.is_empty() {
        return Err(e.list);
    }
    let next_dealer = if last_winner_deals {
        hand.last_trick_seat
            .or(if players == 2 { last } else { None })
            .unwrap_or((at.dealer + 1) % players)
    } else {
        (at.dealer + 1) % players
    };
    let mut tally = Tally::new(at, &shape, hand, (before, vueltas), (card, last));
    tally.next_dealer = next_dealer;
    if let Some(t) = ended.tute {
        tally.notes.push(Note::Tute {
            kind: shape.tute_name(t.kind),
            seat: t.seat,
        });
    }
    if let Some(r) = ended.revoke {
        tally.notes.push(Note::Revoke { seat: r });
    }
    if is_tute {
        tute_result(tally, &tute_opts, &ended)
    } else {
        guinote_result(tally, &gui_opts, &ended)
    }
}

/// How a hand ended, as checked: the revoking seat, the tute and the claim that stand,
/// and whether every trick was played.
struct Ended {
    revoke: Option<u8>,
    tute: Option<TuteEntry>,
    claim: Option<ClaimEntry>,
    complete: bool,
}

/// How the hand ended: a revoke, a tute the table allows (in tute, not after the same
/// player sang), or a claim in guiñote's vueltas after a trick that exists; at most one
/// of them.
fn check_end(
    e: &mut Errors,
    shape: &Shape,
    hand: &TuteFamilyHand,
    (tute_opts, players): (&TuteOptions, u8),
    vueltas: bool,
) -> Ended {
    let is_tute = is_tute(shape.game);
    let revoke = hand.revoke_by.filter(|r| e.seat("revoke_by", *r, players));
    let mut tute = None;
    if let Some(t) = hand.tute {
        if is_tute && !tute_opts.allow_tute {
            e.add("tute", Problem::TuteNotAllowed);
        } else if e.seat("tute", t.seat, players) {
            if is_tute
                && !tute_opts.tute_after_cante
                && hand.cantes.iter().any(|c| c.seat == t.seat)
            {
                e.add("tute", Problem::TuteAfterCante { seat: t.seat });
            }
            tute = Some(t);
        }
    }
    let mut claim = None;
    if let Some(c) = hand.claim {
        if is_tute {
            e.add("claim", Problem::ClaimNotInGame);
        } else if !vueltas {
            e.add("claim", Problem::ClaimNotVueltas);
        } else if e.side("claim", c.side, shape.sides) {
            if c.after_trick == 0 || c.after_trick > shape.tricks {
                e.add(
                    "claim.after_trick",
                    Problem::ClaimTrickOutOfRange {
                        after: c.after_trick,
                        max: shape.tricks,
                    },
                );
            } else {
                claim = Some(c);
            }
        }
    }
    let enders = [
        hand.tute.is_some(),
        hand.claim.is_some(),
        hand.revoke_by.is_some(),
    ]
    .iter()
    .filter(|x| **x)
    .count();
    if enders > 1 {
        let f = if hand.revoke_by.is_some() {
            "revoke_by"
        } else {
            "claim"
        };
        e.add(f, Problem::EarlyEndConflict);
    }
    let complete = hand.tute.is_none()
        && hand.revoke_by.is_none()
        && hand.claim.is_none_or(|c| c.after_trick == shape.tricks);
    Ended {
        revoke,
        tute,
        claim,
        complete,
    }
}

/// The cantes: by seats at the table, each suit once, at most four.
fn check_cantes(e: &mut Errors, hand: &TuteFamilyHand, players: u8) {
    let mut seen = [false; 4];
    for (i, c) in hand.cantes.iter().enumerate() {
        let f = format!("cantes[{i}]");
        if !e.seat(&f, c.seat, players) {
            continue;
        }
        e.cante(&f, c, hand.tute.map(|t| t.seat), hand.trump, &mut seen);
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

/// The card points: one per side, each in range; a single one left out of a complete
/// hand is what the others leave of 120; together they fit the deck. Every side's
/// points, when all are known and right.
fn check_card_points(
    e: &mut Errors,
    shape: &Shape,
    hand: &TuteFamilyHand,
    complete: bool,
    needs_points: bool,
) -> Option<Vec<u32>> {
    if hand.card_points.len() != usize::from(shape.sides) {
        e.add(
            "card_points",
            Problem::CardPointsLength {
                got: hand.card_points.len(),
                sides: shape.sides,
            },
        );
        return None;
    }
    let vals = fill_card_points(e, shape, hand, complete, needs_points)?;
    let ok = card_sum_fits(e, shape, &vals, complete)
        && each_card_points_possible(e, shape, hand, &vals)
        && card_points_possible_together(e, shape, &vals);
    if ok && vals.iter().all(|v| v.is_some()) {
        Some(vals.iter().map(|v| v.unwrap_or(0)).collect())
    } else {
        None
    }
}

/// Each side's card points in range, and the one left out of a complete hand filled in
/// as what the others leave of 120 (`None`: a problem was found).
fn fill_card_points(
    e: &mut Errors,
    shape: &Shape,
    hand: &TuteFamilyHand,
    complete: bool,
    needs_points: bool,
) -> Option<Vec<Option<u32>>> {
    let mut ok = true;
    for (i, p) in hand.card_points.iter().enumerate() {
        if let Some(v) = p
            && *v > 120
        {
            e.add(
                format!("card_points[{i}]"),
                Problem::PointsOutOfRange {
                    value: *v,
                    max: 120,
                },
            );
            ok = false;
        }
    }
    let missing: Vec<usize> = (0..hand.card_points.len())
        .filter(|i| hand.card_points.get(*i).is_some_and(|p| p.is_none()))
        .collect();
    let mut vals: Vec<Option<u32>> = hand.card_points.clone();
    if ok && complete && !shape.spare && missing.len() == 1 {
        let known: u32 = vals.iter().flatten().sum();
        if let Some(i) = missing.first() {
            if known > 120 {
                e.add(
                    "card_points",
                    Problem::PointsDontAddUp {
                        sum: known,
                        total: 120,
                    },
                );
                ok = false;
            } else if let Some(slot) = vals.get_mut(*i) {
                *slot = Some(120 - known);
            }
        }
    } else if needs_points {
        for i in &missing {
            e.add(format!("card_points[{i}]"), Problem::MissingCardPoints);
            ok = false;
        }
    }
    ok.then_some(vals)
}

/// The sum of the card points: 120 in a complete hand (less a spare card's value in
/// three-player tute with forty cards), never more.
fn card_sum_fits(e: &mut Errors, shape: &Shape, vals: &[Option<u32>], complete: bool) -> bool {
    let known: Vec<u32> = vals.iter().flatten().copied().collect();
    let sum: u32 = known.iter().sum();
    let all = known.len() == vals.len();
    if complete && all && !shape.spare && sum != 120 {
        e.add("card_points", Problem::PointsDontAddUp { sum, total: 120 });
        false
    } else if complete
        && all
        && shape.spare
        && ![0, 2, 3, 4, 10, 11].contains(&(120u32.saturating_sub(sum)))
    {
        e.add("card_points", Problem::SpareTotal { sum });
        false
    } else if sum > 120 {
        e.add("card_points", Problem::PointsOverDeck { sum, max: 120 });
        false
    } else {
        true
    }
}

/// Each side's typed card points are a sum some of the deck's cards make.
fn each_card_points_possible(
    e: &mut Errors,
    shape: &Shape,
    hand: &TuteFamilyHand,
    vals: &[Option<u32>],
) -> bool {
    let mut ok = true;
    for (i, p) in vals.iter().enumerate() {
        if let Some(v) = p
            && hand.card_points.get(i).is_some_and(|x| x.is_some())
            && !can_split(shape.values, &[Group::sum(*v), Group::ANY])
        {
            e.add(
                format!("card_points[{i}]"),
                Problem::PointsImpossible { value: *v },
            );
            ok = false;
        }
    }
    ok
}

/// The known card points are sums that different cards of the deck make at once.
fn card_points_possible_together(e: &mut Errors, shape: &Shape, vals: &[Option<u32>]) -> bool {
    let known: Vec<u32> = vals.iter().flatten().copied().collect();
    let mut groups: Vec<Group> = known.iter().map(|v| Group::sum(*v)).collect();
    groups.push(Group::ANY);
    if known.len() > 1 && !can_split(shape.values, &groups) {
        e.add(
            "card_points",
            Problem::PointsTogetherImpossible { values: known },
        );
        return false;
    }
    true
}

/// The last trick: its side in a complete hand (none after an early end but a
/// revoke), and its seat on that side. The side that stands.
fn check_last_trick(
    e: &mut Errors,
    shape: &Shape,
    hand: &TuteFamilyHand,
    (players, complete): (u8, bool),
) -> Option<u8> {
    let mut last = None;
    if let Some(l) = hand.last_trick_side {
        if !complete && hand.revoke_by.is_none() {
            e.add("last_trick_side", Problem::LastTrickAfterEarlyEnd);
        } else if e.side("last_trick_side", l, shape.sides) && complete {
            last = Some(l);
        }
    } else if complete {
        e.add("last_trick_side", Problem::MissingLastTrick);
    }
    if let Some(seat) = hand.last_trick_seat
        && e.seat("last_trick_seat", seat, players)
        && let Some(l) = last
        && shape.side_of(seat) != l
    {
        e.add(
            "last_trick_seat",
            Problem::LastTrickSeatWrongSide { seat, side: l },
        );
    }
    last
}

/// A checked hand on its way to its result: each side's points (cards, the last
/// trick's ten, cantes) and the notes so far.
struct Tally<'a> {
    shape: &'a Shape,
    players: u8,
    table: &'a TableOptions,
    lang: Lang,
    before: Vec<i64>,
    vueltas: bool,
    cante_points: Vec<u32>,
    pts: Option<Vec<i64>>,
    last: Option<u8>,
    notes: Vec<Note>,
    next_dealer: u8,
}

impl<'a> Tally<'a> {
    /// The points of a checked hand: cantes to their singer's side, then each side's
    /// card points, the last trick's ten and its cantes.
    fn new(
        at: &HandAt<'a>,
        shape: &'a Shape,
        hand: &TuteFamilyHand,
        (before, vueltas): (Vec<i64>, bool),
        (card, last): (Option<Vec<u32>>, Option<u8>),
    ) -> Tally<'a> {
        let sides = shape.sides;
        let mut cante_points = vec![0u32; usize::from(sides)];
        let mut notes = Vec::new();
        if vueltas {
            notes.push(Note::DeVueltas);
        }
        for c in &hand.cantes {
            let v = if c.suit == hand.trump { 40 } else { 20 };
            if let Some(x) = cante_points.get_mut(usize::from(shape.side_of(c.seat))) {
                *x += v;
            }
            notes.push(Note::Cante {
                value: v,
                suit: c.suit,
                seat: c.seat,
            });
        }
        let pts: Option<Vec<i64>> = card.as_ref().map(|cp| {
            (0..sides)
                .map(|s| {
                    let i = usize::from(s);
                    i64::from(cp.get(i).copied().unwrap_or(0))
                        + if last == Some(s) { 10 } else { 0 }
                        + i64::from(cante_points.get(i).copied().unwrap_or(0))
                })
                .collect()
        });
        Tally {
            shape,
            players: at.players,
            table: at.table,
            lang: at.lang,
            before,
            vueltas,
            cante_points,
            pts,
            last,
            notes,
            next_dealer: (at.dealer + 1) % at.players.max(1),
        }
    }

    /// Side `s`'s points in this hand (0 when unknown).
    fn pt(&self, s: u8) -> i64 {
        self.pts
            .as_ref()
            .and_then(|p| p.get(usize::from(s)).copied())
            .unwrap_or(0)
    }

    fn zeros(&self) -> Vec<i64> {
        vec![0i64; usize::from(self.shape.sides)]
    }

    fn label(&self, s: u8) -> Side {
        side_label(self.shape.game, self.players, self.table, s)
    }

    /// The hand's line: its points, each side's hand points and how the partida ends.
    fn done(
        self,
        points: Option<Vec<i64>>,
        hp: Vec<i64>,
        over: Option<GameOver>,
    ) -> Result<HandScore, Vec<EntryError>> {
        Ok(HandScore::new(
            points.map(|p| scores(&p)),
            scores(&hp),
            over,
            &self.notes,
            self.lang,
            Some(self.next_dealer),
        ))
    }
}

/// Tute's result: a revoke voids the hand or pays the others, a tute wins it (or the
/// partida to 101), else the most points win the hand, counting double over 100.
fn tute_result(mut t: Tally, o: &TuteOptions, ended: &Ended) -> Result<HandScore, Vec<EntryError>> {
    let sides = t.shape.sides;
    let points101 = o.match_mode == MatchMode::Points101;
    if let Some(r) = ended.revoke {
        let offender = t.shape.side_of(r);
        if revoke_voids(o, t.players, t.shape.seating.pairs) {
            t.notes.push(Note::Void);
            let zeros = t.zeros();
            return t.done(None, zeros, None);
        }
        let hp: Vec<i64> = (0..sides)
            .map(|s| {
                if s == offender {
                    0
                } else if points101 {
                    130 + i64::from(t.cante_points.get(usize::from(s)).copied().unwrap_or(0))
                } else {
                    1
                }
            })
            .collect();
        let over = if points101 {
            reached_101(&t.before, &hp, None, GameOverReason::Revoke)
        } else {
            None
        };
        return t.done(None, hp, over);
    }
    let pts = t.pts.clone();
    if let Some(tute) = ended.tute {
        let side = t.shape.side_of(tute.seat);
        if points101 {
            let over = Some(GameOver {
                winner: side,
                reason: GameOverReason::Tute,
            });
            let hp = pts.clone().unwrap_or_else(|| t.zeros());
            return t.done(pts, hp, over);
        }
        return t.done(pts, one_for(side, sides, 1), None);
    }
    let Some(p) = pts.clone() else {
        return Err(vec![Problem::MissingCardPoints.at("card_points", t.lang)]);
    };
    if points101 {
        let over = reached_101(&t.before, &p, t.last, GameOverReason::Target);
        return t.done(pts, p, over);
    }
    let best = p.iter().copied().max().unwrap_or(0);
    let tied: Vec<u8> = (0..sides).filter(|s| t.pt(*s) == best).collect();
    let winner = match tied.as_slice() {
        [one] => *one,
        _ => match t.last.filter(|l| tied.contains(l)) {
            Some(l) => l,
            None => return Err(vec![Problem::TieUndecidable.at("last_trick_side", t.lang)]),
        },
    };
    let wp = t.pt(winner);
    let sang = t
        .cante_points
        .get(usize::from(winner))
        .is_some_and(|c| *c > 0);
    let v = hand_value(o.over100_bonus, wp, sang);
    let side = t.label(winner);
    t.notes.push(Note::Winner { side });
    if v == 2 {
        t.notes.push(Note::Over100);
    }
    t.done(pts, one_for(winner, sides, v), None)
}

/// Guiñote's result: a revoke or a tute ends the partida, a claim wins it or loses it,
/// else the side that reaches 101 wins it (both: the rule of the table).
fn guinote_result(
    mut t: Tally,
    gui_opts: &GuinoteOptions,
    ended: &Ended,
) -> Result<HandScore, Vec<EntryError>> {
    let before_of = |t: &Tally, s: u8| t.before.get(usize::from(s)).copied().unwrap_or(0);
    let total = |t: &Tally, s: u8| before_of(t, s).saturating_add(t.pt(s));
    let zeros = t.zeros();
    if let Some(r) = ended.revoke {
        let winner = 1 - t.shape.side_of(r).min(1);
        let over = Some(GameOver {
            winner,
            reason: GameOverReason::Revoke,
        });
        return t.done(None, zeros, over);
    }
    let pts = t.pts.clone();
    let p = pts.clone().unwrap_or_else(|| zeros.clone());
    if let Some(tute) = ended.tute {
        let over = Some(GameOver {
            winner: t.shape.side_of(tute.seat),
            reason: GameOverReason::Tute,
        });
        return t.done(pts, p, over);
    }
    if let Some(c) = ended.claim {
        let side = t.label(c.side);
        if total(&t, c.side) >= GAME_POINTS {
            t.notes.push(Note::Claim {
                side,
                after: c.after_trick,
            });
            let over = Some(GameOver {
                winner: c.side,
                reason: GameOverReason::Claim,
            });
            return t.done(pts, p, over);
        }
        t.notes.push(Note::FalseClaim { side });
        let over = Some(GameOver {
            winner: 1 - c.side.min(1),
            reason: GameOverReason::FalseClaim,
        });
        return t.done(pts, zeros, over);
    }
    let (t0, t1) = (total(&t, 0), total(&t, 1));
    let reached = |t: &Tally, w: u8| Note::Reached101 { side: t.label(w) };
    let winner = match (t0 >= GAME_POINTS, t1 >= GAME_POINTS) {
        (true, false) => Some((0, reached(&t, 0))),
        (false, true) => Some((1, reached(&t, 1))),
        (false, false) => None,
        (true, true) if t.vueltas => {
            return Err(vec![
                Problem::BothReached101 { a: t0, b: t1 }.at("claim", t.lang),
            ]);
        }
        (true, true) => {
            let (w, last_trick) = match gui_opts.both_over_101_rule {
                BothOver101::HigherScore if t0 != t1 => (u8::from(t1 > t0), false),
                _ => (t.last.unwrap_or(0), true),
            };
            let side = t.label(w);
            Some((w, Note::BothOver101 { side, last_trick }))
        }
    };
    let over = winner.map(|(w, note)| {
        t.notes.push(note);
        GameOver {
            winner: w,
            reason: GameOverReason::Target,
        }
    });
    t.done(pts, p, over)
}

/// Tute `points101`: the side whose `before` + this hand reaches 101; tied sides go to
/// the last trick's side when it is one of them.
fn reached_101(
    before: &[i64],
    hand: &[i64],
    last: Option<u8>,
    reason: GameOverReason,
) -> Option<GameOver> {
    let totals: Vec<i64> = (0..hand.len())
        .map(|i| {
            let b = before.get(i).copied().unwrap_or(0);
            b.saturating_add(hand.get(i).copied().unwrap_or(0))
        })
        .collect();
    let best = totals.iter().copied().max()?;
    if best < GAME_POINTS {
        return None;
    }
    let tied: Vec<u8> = (0..totals.len())
        .filter(|i| totals.get(*i) == Some(&best))
        .map(|i| i as u8)
        .collect();
    let winner = match tied.as_slice() {
        [one] => *one,
        _ => last.filter(|l| tied.contains(l))?,
    };
    Some(GameOver { winner, reason })
}

#[cfg(test)]
mod step_tests {
    use super::*;
    use crate::domain::cards::Suit;
    use crate::domain::entry::types::CanteEntry;
    use crate::domain::ruling::Score;

    use crate::domain::entry::setup::fields;

    fn hand(card_points: Vec<Option<u32>>) -> TuteFamilyHand {
        crate::domain::entry::tests::family(&card_points, Some(0))
    }

    fn shape(game: GameKind, players: u8) -> Shape {
        let table = TableOptions::default();
        Shape::new(game, players, &table, &TuteOptions::defaults())
    }

    #[test]
    fn the_end_step_refuses_a_claim_in_tute_and_finds_a_hand_played_out() {
        let mut e = Errors::new(Lang::Es);
        let tute = TuteOptions::defaults();
        let claim = TuteFamilyHand {
            claim: Some(ClaimEntry {
                side: 0,
                after_trick: 10,
            }),
            ..hand(vec![Some(60), Some(60)])
        };
        let ended = check_end(&mut e, &shape(GameKind::Tute, 4), &claim, (&tute, 4), false);
        assert!(ended.claim.is_none());
        assert_eq!(fields(&e), ["claim"]);
        let mut e = Errors::new(Lang::Es);
        let plain = hand(vec![Some(60), Some(60)]);
        let ended = check_end(&mut e, &shape(GameKind::Tute, 4), &plain, (&tute, 4), false);
        assert!(ended.complete && e.is_empty());
    }

    #[test]
    fn the_cantes_step_refuses_a_cante_by_a_seat_not_at_the_table() {
        let mut e = Errors::new(Lang::Es);
        let h = TuteFamilyHand {
            cantes: vec![CanteEntry {
                seat: 3,
                suit: Suit::Copas,
            }],
            ..hand(vec![Some(60), Some(60)])
        };
        check_cantes(&mut e, &h, 2);
        assert_eq!(fields(&e), ["cantes[0]"]);
    }

    #[test]
    fn the_card_points_step_fills_the_one_side_left_out_and_refuses_more_than_the_deck() {
        let s = shape(GameKind::Guinote, 2);
        let mut e = Errors::new(Lang::Es);
        let one = hand(vec![Some(70), None]);
        assert_eq!(
            check_card_points(&mut e, &s, &one, true, true),
            Some(vec![70, 50])
        );
        let over = hand(vec![Some(70), Some(70)]);
        assert_eq!(check_card_points(&mut e, &s, &over, true, true), None);
        assert_eq!(fields(&e), ["card_points"]);
    }

    #[test]
    fn the_last_trick_step_asks_for_it_in_a_hand_played_out() {
        let s = shape(GameKind::Guinote, 2);
        let mut e = Errors::new(Lang::Es);
        assert_eq!(
            check_last_trick(&mut e, &s, &hand(vec![None, None]), (2, true)),
            Some(0)
        );
        let none = TuteFamilyHand {
            last_trick_side: None,
            ..hand(vec![None, None])
        };
        assert_eq!(check_last_trick(&mut e, &s, &none, (2, true)), None);
        assert_eq!(fields(&e), ["last_trick_side"]);
    }

    #[test]
    fn the_result_steps_give_a_tute_hand_to_the_most_points_and_a_guinote_partida_at_101() {
        let table = TableOptions::default();
        let at = |game, before| HandAt {
            game,
            players: 2,
            table: &table,
            before,
            dealer: 0,
            lang: Lang::Es,
        };
        let h = hand(vec![Some(70), Some(50)]);
        let ended = Ended {
            revoke: None,
            tute: None,
            claim: None,
            complete: true,
        };
        let s = shape(GameKind::Tute, 2);
        let t = Tally::new(
            &at(GameKind::Tute, &[0, 0]),
            &s,
            &h,
            (vec![0, 0], false),
            (Some(vec![70, 50]), Some(0)),
        );
        let line = tute_result(t, &TuteOptions::defaults(), &ended).expect("a tute hand");
        assert_eq!(line.hand_points, vec![Score::points(1), Score::ZERO]);
        let s = shape(GameKind::Guinote, 2);
        let before = [60, 40];
        let t = Tally::new(
            &at(GameKind::Guinote, &before),
            &s,
            &h,
            (before.to_vec(), true),
            (Some(vec![70, 50]), Some(0)),
        );
        let line = guinote_result(t, &GuinoteOptions::defaults(), &ended).expect("a guiñote hand");
        // De vueltas, 60 + 80 passes 101 and 40 + 50 does not.
        assert_eq!(line.hand_points, vec![Score::points(80), Score::points(50)]);
        assert_eq!(
            line.ends_game,
            Some(GameOver {
                winner: 0,
                reason: GameOverReason::Target
            })
        );
    }
}
