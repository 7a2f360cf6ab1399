//! Swiss pairing by maximum-weight matching (not greedy).
//!
//! The entrants who play the round are ordered by match points, then by seed (FIDE's
//! pairing order; the lot tie-break must not shuffle round 1). Every pair of them is an edge of a complete graph, plus a "bye" vertex
//! when their number is odd. Each edge has a cost with five lexicographic levels, from
//! the most important:
//!
//! 1. a bye to an entrant who already had more byes than the fewest among those
//!    playing (so nobody gets a second bye while someone has none);
//! 2. a rematch;
//! 3. a same-club pairing, in the rounds whose championship says to avoid them;
//! 4. the bye's place: 0 for the lowest-placed entrant, 1 for the next, …;
//! 5. the squared difference of match points (so equal scores meet, and a floater
//!    meets the nearest score group);
//! 6. inside a score group, the distance from the usual top-half-meets-bottom-half
//!    pairing (1st meets g/2+1st); across groups, the distance in the order.
//!
//! Each level is weighted above the largest possible sum of the levels below, so a
//! maximum-weight perfect matching of `W - cost` minimises the levels in order. The
//! graph is complete and weights are positive, so the matching is perfect. Nothing is
//! random: the same file gives the same pairings.

use super::PairingError;
use super::file::{ByePairing, Pairing, TablePairing};
use super::ledger::Ledger;
use super::matching::{MAX_WEIGHT, max_weight_matching};
use super::standings::Table;

/// The pairings of round `round` for the entrants who play it.
pub(crate) fn pair(
    ledger: &Ledger,
    table: &Table,
    round: u32,
) -> Result<Vec<Pairing>, PairingError> {
    let entrants = &ledger.file.entrants;
    let mut active: Vec<usize> = ledger
        .by_seed
        .iter()
        .copied()
        .filter(|&i| entrants[i].plays_in(round))
        .collect();
    // Stable: by points, then seed (FIDE's pairing order).
    active.sort_by(|&x, &y| table.points[y].cmp(&table.points[x]));
    let m = active.len();
    if m < 2 {
        return Err(PairingError::NotEnoughEntrants);
    }
    let cost = Costs::new(ledger, table, &active, round)?;
    let odd = m % 2 == 1;
    let nv = m + usize::from(odd);
    let top = cost.top;
    let mates = max_weight_matching(nv, |u, v| top - cost.cost(u, v));

    let id = |k: usize| entrants[active[k]].id.clone();
    let mut out = Vec::with_capacity(nv / 2 + 1);
    let mut bye = None;
    let mut t = 1;
    for (k, mate) in mates.iter().copied().enumerate().take(m) {
        match mate {
            Some(o) if o == m => bye = Some(k),
            Some(o) if o > k => {
                out.push(Pairing::Table(TablePairing {
                    table: t,
                    a: id(k),
                    b: id(o),
                }));
                t += 1;
            }
            Some(_) => {}
            // Cannot happen with a complete graph; still, never lose an entrant.
            None => bye = bye.or(Some(k)),
        }
    }
    if let Some(k) = bye {
        out.push(Pairing::Bye(ByePairing { bye: id(k) }));
    }
    Ok(out)
}

struct Costs {
    m: usize,
    score: Vec<i64>,
    group_pos: Vec<i64>,
    group_len: Vec<i64>,
    met: Vec<bool>,
    /// Each entrant's club as a number, when the round avoids same-club pairings.
    club: Vec<Option<usize>>,
    bye_extra: Vec<i64>,
    l1: i64,
    l2: i64,
    lc: i64,
    l3: i64,
    l4: i64,
    top: i64,
}

impl Costs {
    fn new(
        ledger: &Ledger,
        table: &Table,
        active: &[usize],
        round: u32,
    ) -> Result<Costs, PairingError> {
        let m = active.len();
        let n = ledger.len();
        let mut pos_of = vec![usize::MAX; n];
        for (k, &i) in active.iter().enumerate() {
            pos_of[i] = k;
        }
        let mut met = vec![false; m * m];
        for (k, &i) in active.iter().enumerate() {
            for &o in &ledger.opponents[i] {
                let j = pos_of[o];
                if j != usize::MAX {
                    met[k * m + j] = true;
                    met[j * m + k] = true;
                }
            }
        }
        let mut clubs: Vec<String> = Vec::new();
        let club: Vec<Option<usize>> = if ledger.file.championship.same_club.avoids_in(round) {
            active
                .iter()
                .map(|&i| {
                    let name = ledger.file.entrants[i]
                        .club
                        .as_deref()?
                        .trim()
                        .to_lowercase();
                    if name.is_empty() {
                        return None;
                    }
                    Some(clubs.iter().position(|c| *c == name).unwrap_or_else(|| {
                        clubs.push(name);
                        clubs.len() - 1
                    }))
                })
                .collect()
        } else {
            vec![None; m]
        };
        let score: Vec<i64> = active.iter().map(|&i| i64::from(table.points[i])).collect();
        let mut group_pos = vec![0; m];
        let mut group_len = vec![0; m];
        let mut start = 0;
        while start < m {
            let mut end = start;
            while end < m && score[end] == score[start] {
                end += 1;
            }
            for k in start..end {
                group_pos[k] = (k - start) as i64;
                group_len[k] = (end - start) as i64;
            }
            start = end;
        }
        let byes: Vec<i64> = active
            .iter()
            .map(|&i| ledger.byes[i].len() as i64)
            .collect();
        let min_byes = byes.iter().copied().min().unwrap_or(0);
        let bye_extra: Vec<i64> = byes.iter().map(|b| b - min_byes).collect();

        let spread = score.iter().max().unwrap_or(&0) - score.iter().min().unwrap_or(&0);
        let mi = m as i64;
        let half = mi / 2 + 1;
        let overflow = || PairingError::TooLarge;
        let mul = |a: i64, b: i64| a.checked_mul(b).ok_or_else(overflow);
        let add = |a: i64, b: i64| a.checked_add(b).ok_or_else(overflow);
        let s0 = mul(half, mi + 1)?;
        let l1 = add(s0, 1)?;
        let s1 = mul(half, mul(spread, spread)?)?;
        let l2 = mul(l1, add(s1, 1)?)?;
        let lc = mul(l2, mi + 1)?;
        // The same-club level is only there in the rounds that avoid it (so a very
        // large Swiss without it still fits the weights).
        let l3 = if club.iter().any(Option::is_some) {
            mul(lc, add(half, 1)?)?
        } else {
            lc
        };
        let l4 = mul(l3, add(half, 1)?)?;
        let max_extra = bye_extra.iter().copied().max().unwrap_or(0);
        let top = add(mul(l4, max_extra + 1)?, 1)?;
        if top > MAX_WEIGHT {
            return Err(PairingError::TooLarge);
        }
        Ok(Costs {
            m,
            score,
            group_pos,
            group_len,
            met,
            club,
            bye_extra,
            l1,
            l2,
            lc,
            l3,
            l4,
            top,
        })
    }

    /// The cost of pairing vertex `u` with `v` (vertex `m` is the bye).
    fn cost(&self, u: usize, v: usize) -> i64 {
        let m = self.m;
        if u == v {
            return self.top;
        }
        if u == m || v == m {
            let k = if u == m { v } else { u };
            let from_bottom = (m - 1 - k) as i64;
            return self.bye_extra[k] * self.l4 + from_bottom * self.l2;
        }
        let (i, j) = (u.min(v), u.max(v));
        let rematch = if self.met[i * m + j] { self.l3 } else { 0 };
        let same_club = match (self.club[i], self.club[j]) {
            (Some(x), Some(y)) if x == y => self.lc,
            _ => 0,
        };
        let d = self.score[i] - self.score[j];
        let fold = if d == 0 {
            let gap = self.group_pos[j] - self.group_pos[i];
            (gap - self.group_len[i] / 2).abs()
        } else {
            (j - i) as i64 - 1
        };
        rematch + same_club + d * d * self.l1 + fold
    }
}
