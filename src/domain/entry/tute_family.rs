//! Quick entry of a tute (2, 3 or 4 players) or guiñote (2 or 4) hand (docs/rules.md Part A
//! 3 and 6, Part B §2 and §4; docs/hand-record.md "Per game").

use crate::domain::engine::{GameKind, Seating};
use crate::domain::games::guinote::{BothOver101, GuinoteOptions, NextDealer};
use crate::domain::games::tute::{MatchMode, Over100Bonus, Tute3Deck, TuteOptions, revoke_voids};
use crate::domain::games::tute_family::GAME_POINTS;
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::ruling::{GameOver, GameOverReason};

use super::msg::{Note, Problem};
use super::setup::{Errors, HandAt, one_for, scores, side_label};
use super::sums::{FORTY, Group, THIRTY_SIX, Values, can_split};
use super::types::{EntryError, HandScore, TuteFamilyHand, TuteKind};

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
        GameKind::Guinote | GameKind::Cuatrola | GameKind::Botifarra | GameKind::Cinquillo => false,
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

pub fn score(at: &HandAt, hand: &TuteFamilyHand) -> Result<HandScore, Vec<EntryError>> {
    let (game, players, table, before, dealer, lang) =
        (at.game, at.players, at.table, at.before, at.dealer, at.lang);
    let tute_opts = TuteOptions::from_table(table);
    let gui_opts = GuinoteOptions::from_table(table);
    let is_tute = is_tute(game);
    let shape = Shape::new(game, players, table, &tute_opts);
    let sides = shape.sides;
    let mut e = Errors::new(lang);
    let vueltas = !is_tute && before.iter().any(|b| *b != 0);
    let before: Vec<i64> = before
        .iter()
        .map(|b| {
            if vueltas && gui_opts.treinta_malas {
                (*b).max(30)
            } else {
                *b
            }
        })
        .collect();
    let before_of = |s: u8| before.get(usize::from(s)).copied().unwrap_or(0);

    // How the hand ended.
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
        } else if e.side("claim", c.side, sides) {
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

    // Cantes.
    let trump = hand.trump;
    let mut seen = [false; 4];
    for (i, c) in hand.cantes.iter().enumerate() {
        let f = format!("cantes[{i}]");
        if !e.seat(&f, c.seat, players) {
            continue;
        }
        e.cante(&f, c, hand.tute.map(|t| t.seat), trump, &mut seen);
    }
    if hand.cantes.len() > 4 {
        e.add(
            "cantes",
            Problem::TooManyCantes {
                count: hand.cantes.len(),
            },
        );
    }

    // Card points.
    let needs_points = hand.revoke_by.is_none()
        && !(is_tute && hand.tute.is_some() && tute_opts.match_mode == MatchMode::RoundsToWin);
    let mut card: Option<Vec<u32>> = None;
    if hand.card_points.len() != usize::from(sides) {
        e.add(
            "card_points",
            Problem::CardPointsLength {
                got: hand.card_points.len(),
                sides,
            },
        );
    } else {
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
        if ok {
            let known: Vec<u32> = vals.iter().flatten().copied().collect();
            let sum: u32 = known.iter().sum();
            let all = known.len() == vals.len();
            if complete && all && !shape.spare && sum != 120 {
                e.add("card_points", Problem::PointsDontAddUp { sum, total: 120 });
                ok = false;
            } else if complete
                && all
                && shape.spare
                && ![0, 2, 3, 4, 10, 11].contains(&(120u32.saturating_sub(sum)))
            {
                e.add("card_points", Problem::SpareTotal { sum });
                ok = false;
            } else if sum > 120 {
                e.add("card_points", Problem::PointsOverDeck { sum, max: 120 });
                ok = false;
            }
        }
        if ok {
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
        }
        if ok {
            let known: Vec<u32> = vals.iter().flatten().copied().collect();
            let mut groups: Vec<Group> = known.iter().map(|v| Group::sum(*v)).collect();
            groups.push(Group::ANY);
            if known.len() > 1 && !can_split(shape.values, &groups) {
                e.add(
                    "card_points",
                    Problem::PointsTogetherImpossible { values: known },
                );
                ok = false;
            }
        }
        if ok && vals.iter().all(|v| v.is_some()) {
            card = Some(vals.iter().map(|v| v.unwrap_or(0)).collect());
        }
    }

    // The last trick.
    let mut last = None;
    if let Some(l) = hand.last_trick_side {
        if !complete && hand.revoke_by.is_none() {
            e.add("last_trick_side", Problem::LastTrickAfterEarlyEnd);
        } else if e.side("last_trick_side", l, sides) && complete {
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
    let last_winner_deals = !is_tute && gui_opts.next_dealer == NextDealer::LastTrickWinner;
    if last_winner_deals && players == 4 && last.is_some() && hand.last_trick_seat.is_none() {
        e.add("last_trick_seat", Problem::MissingLastTrickSeat);
    }
    if !e.is_empty() {
        return Err(e.list);
    }

    // Points per side.
    let mut cante_points = vec![0u32; usize::from(sides)];
    let mut notes = Vec::new();
    if vueltas {
        notes.push(Note::DeVueltas);
    }
    for c in &hand.cantes {
        let v = if c.suit == trump { 40 } else { 20 };
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
    let pt = |s: u8| {
        pts.as_ref()
            .and_then(|p| p.get(usize::from(s)).copied())
            .unwrap_or(0)
    };
    let label = |s: u8| side_label(game, players, table, s);
    let zeros = vec![0i64; usize::from(sides)];
    let next_dealer = if last_winner_deals {
        hand.last_trick_seat
            .or(if players == 2 { last } else { None })
            .unwrap_or((dealer + 1) % players)
    } else {
        (dealer + 1) % players
    };
    let done =
        |points: Option<Vec<i64>>, hp: Vec<i64>, over: Option<GameOver>, notes: Vec<Note>| {
            Ok(HandScore::new(
                points.map(|p| scores(&p)),
                scores(&hp),
                over,
                &notes,
                lang,
                Some(next_dealer),
            ))
        };
    if let Some(t) = tute {
        notes.push(Note::Tute {
            kind: shape.tute_name(t.kind),
            seat: t.seat,
        });
    }
    if let Some(r) = revoke {
        notes.push(Note::Revoke { seat: r });
    }

    if is_tute {
        let o = &tute_opts;
        let points101 = o.match_mode == MatchMode::Points101;
        if let Some(r) = revoke {
            let offender = shape.side_of(r);
            if revoke_voids(o, players, shape.seating.pairs) {
                notes.push(Note::Void);
                return done(None, zeros, None, notes);
            }
            let hp: Vec<i64> = (0..sides)
                .map(|s| {
                    if s == offender {
                        0
                    } else if points101 {
                        130 + i64::from(cante_points.get(usize::from(s)).copied().unwrap_or(0))
                    } else {
                        1
                    }
                })
                .collect();
            let over = if points101 {
                reached_101(&before, &hp, None, GameOverReason::Revoke)
            } else {
                None
            };
            return done(None, hp, over, notes);
        }
        if let Some(t) = tute {
            let side = shape.side_of(t.seat);
            if points101 {
                let over = Some(GameOver {
                    winner: side,
                    reason: GameOverReason::Tute,
                });
                return done(pts.clone(), pts.clone().unwrap_or(zeros), over, notes);
            }
            return done(pts, one_for(side, sides, 1), None, notes);
        }
        let Some(p) = pts.clone() else {
            return Err(vec![Problem::MissingCardPoints.at("card_points", lang)]);
        };
        if points101 {
            let over = reached_101(&before, &p, last, GameOverReason::Target);
            return done(pts, p, over, notes);
        }
        let best = p.iter().copied().max().unwrap_or(0);
        let tied: Vec<u8> = (0..sides).filter(|s| pt(*s) == best).collect();
        let winner = match tied.as_slice() {
            [one] => *one,
            _ => match last.filter(|l| tied.contains(l)) {
                Some(l) => l,
                None => return Err(vec![Problem::TieUndecidable.at("last_trick_side", lang)]),
            },
        };
        let wp = pt(winner);
        let sang = cante_points
            .get(usize::from(winner))
            .is_some_and(|c| *c > 0);
        let v = match o.over100_bonus {
            Over100Bonus::Plus1Game if wp > 100 => 2,
            Over100Bonus::Plus1GameRequire121WithCantes if wp > if sang { 120 } else { 100 } => 2,
            _ => 1,
        };
        notes.push(Note::Winner {
            side: label(winner),
        });
        if v == 2 {
            notes.push(Note::Over100);
        }
        return done(pts, one_for(winner, sides, v), None, notes);
    }

    // Guiñote.
    let total = |s: u8| before_of(s).saturating_add(pt(s));
    if let Some(r) = revoke {
        let winner = 1 - shape.side_of(r).min(1);
        let over = Some(GameOver {
            winner,
            reason: GameOverReason::Revoke,
        });
        return done(None, zeros, over, notes);
    }
    let p = pts.clone().unwrap_or_else(|| zeros.clone());
    if let Some(t) = tute {
        let over = Some(GameOver {
            winner: shape.side_of(t.seat),
            reason: GameOverReason::Tute,
        });
        return done(pts, p, over, notes);
    }
    if let Some(c) = claim {
        let valid = total(c.side) >= GAME_POINTS;
        if valid {
            notes.push(Note::Claim {
                side: label(c.side),
                after: c.after_trick,
            });
            let over = Some(GameOver {
                winner: c.side,
                reason: GameOverReason::Claim,
            });
            return done(pts, p, over, notes);
        }
        notes.push(Note::FalseClaim {
            side: label(c.side),
        });
        let over = Some(GameOver {
            winner: 1 - c.side.min(1),
            reason: GameOverReason::FalseClaim,
        });
        return done(pts, zeros, over, notes);
    }
    let (t0, t1) = (total(0), total(1));
    let winner = match (t0 >= GAME_POINTS, t1 >= GAME_POINTS) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        (false, false) => None,
        (true, true) if vueltas => {
            return Err(vec![
                Problem::BothReached101 { a: t0, b: t1 }.at("claim", lang),
            ]);
        }
        (true, true) => Some(match gui_opts.both_over_101_rule {
            BothOver101::HigherScore if t0 != t1 => u8::from(t1 > t0),
            _ => last.unwrap_or(0),
        }),
    };
    let over = winner.map(|w| {
        notes.push(Note::Reached101 { side: label(w) });
        GameOver {
            winner: w,
            reason: GameOverReason::Target,
        }
    });
    done(pts, p, over, notes)
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
