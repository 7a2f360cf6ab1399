//! Seeding: the standard bracket order, the lot, group qualifiers, and the order in
//! which winners'-bracket losers drop into the losers' bracket.

use super::{EntrantId, MAX_ENTRANTS};
use serde::{Deserialize, Serialize};

/// The first-round slot order of a bracket for `n` entrants: the seeds (1-based) of the
/// `p` slots, `p` the smallest power of two `>= n`; seeds above `n` are byes, so the
/// byes fall to seeds `1..=p-n`. Pairs are read two by two, the better seed first:
/// for 16, `1–16, 8–9, 5–12, 4–13, 3–14, 6–11, 7–10, 2–15`. Every round keeps the
/// rule that the better seeds meet as late as possible (seeds 1 and 2 only in the
/// final, 1–4 in different quarters, ...). Empty for 0 or more than [`MAX_ENTRANTS`].
pub fn standard_order(n: usize) -> Vec<usize> {
    if n == 0 || n > MAX_ENTRANTS {
        return Vec::new();
    }
    let p = n.next_power_of_two();
    // Each seed `s` of the order for `k` slots is replaced by the pair `s, 2k+1-s`,
    // flipped on every other slot so that the halves alternate.
    let mut order = vec![1usize];
    while order.len() < p {
        let k2 = order.len() * 2 + 1;
        let mut next = Vec::with_capacity(order.len() * 2);
        for (i, &s) in order.iter().enumerate() {
            if i % 2 == 0 {
                next.extend([s, k2 - s]);
            } else {
                next.extend([k2 - s, s]);
            }
        }
        order = next;
    }
    for pair in order.chunks_mut(2) {
        if let [a, b] = pair
            && *a > *b
        {
            std::mem::swap(a, b);
        }
    }
    order
}

/// The entrants in a random order drawn from `seed` (SplitMix64 and Fisher–Yates):
/// the same seed always gives the same draw.
pub fn seed_by_lot(entrants: &[EntrantId], seed: u64) -> Vec<EntrantId> {
    let mut out = entrants.to_vec();
    crate::domain::rng::SplitMix64::new(seed).shuffle(&mut out);
    out
}

/// How `groups_to_knockout` fills the bracket beyond the group qualifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// No fill: the top seeds get byes.
    None,
    /// The best of the next-placed entrants across groups ("mejores segundos /
    /// terceros"), ranked by the championship's tie-breaks (the caller ranks them; ties at the
    /// cut are settled there). As many as needed to reach a power of two are taken.
    BestRunnersUp(Vec<EntrantId>),
    /// The winners of a repesca (play-off), all of them, as the lowest seeds.
    Repesca(Vec<EntrantId>),
}

/// The XOR masks that route winners'-bracket losers into the losers' bracket for a
/// template of `2^k` entrants: the losers of winners' round `r`, match `j` (0-based)
/// drop into losers' match `j ^ masks[r]` of losers' round `2(r-1)` (`masks[0]` is
/// unused, `masks[1] = 0`: round-1 losers meet in order).
///
/// Losers' match `i` after the drop of round `r` holds, for every earlier round `s`,
/// the round-`s` losers of one block of `2^r` first-round slots, at offset
/// `masks[s] >> (r - s)` from `i`. Two such entrants can only have met already if
/// they come from the same block, so no rematch is possible while those offsets are
/// distinct. With `L` loss rounds and `2^(k-L)` blocks this is possible only while
/// `L <= 2^(k-L)`: the masks give round `s` the prefix `s - 1` in the top bits, which
/// keeps the offsets distinct for as long as counting allows (rematches cannot be
/// avoided later); beyond that, each mask avoids as many collisions as it can.
pub fn loser_drop_masks(k: u32) -> Vec<usize> {
    let k = k.min(usize::BITS - 2);
    let mut masks = vec![0usize; k as usize + 1];
    if k < 2 {
        return masks;
    }
    let blocks = |level: u32| 1usize << (k - level);
    let mut last = 1;
    for level in 1..=k {
        if (level as usize) <= blocks(level) {
            last = level;
        }
    }
    let pairing_ok = last < k && (last as usize) <= blocks(last + 1);
    let bits = if pairing_ok { k - last - 1 } else { k - last };
    for s in 2..=k {
        let n = blocks(s);
        masks[s as usize] = if s <= last {
            (s as usize - 1) << (k - s - bits)
        } else {
            let taken: Vec<usize> = (1..s).map(|t| masks[t as usize] >> (s - t)).collect();
            (0..n)
                .min_by_key(|v| taken.iter().filter(|&&t| t == *v).count())
                .unwrap_or(0)
        };
    }
    masks
}

/// The meeting round of first-round slots `a` and `b` (1 if they meet at once).
pub(super) fn meeting_round(a: usize, b: usize) -> u32 {
    usize::BITS - (a ^ b).leading_zeros()
}

/// Seeds the qualifiers of `groups` (each `(entrant, group)`, in rank-major order:
/// all group winners, then all runners-up, ...) so that entrants of the same group
/// meet as late as possible: each seed number in turn goes to the entrant (among the
/// next rank's) whose group-mates already placed are farthest from its slot. With two
/// groups of two this gives the crossed 1A–2B, 1B–2A.
pub(super) fn separate_groups(ranks: &[Vec<(EntrantId, usize)>]) -> Vec<EntrantId> {
    let total: usize = ranks.iter().map(Vec::len).sum();
    let order = standard_order(total);
    let mut slot_of_seed = vec![0usize; order.len() + 1];
    for (slot, &seed) in order.iter().enumerate() {
        if let Some(s) = slot_of_seed.get_mut(seed) {
            *s = slot;
        }
    }
    // Slots already taken, per group.
    let groups = ranks
        .iter()
        .flatten()
        .map(|&(_, g)| g + 1)
        .max()
        .unwrap_or(0);
    let mut taken: Vec<Vec<usize>> = vec![Vec::new(); groups];
    let mut seeds = Vec::with_capacity(total);
    for rank in ranks {
        let mut left: Vec<(EntrantId, usize)> = rank.clone();
        while !left.is_empty() {
            let slot = slot_of_seed.get(seeds.len() + 1).copied().unwrap_or(0);
            let distance = |g: usize| {
                taken
                    .get(g)
                    .into_iter()
                    .flatten()
                    .map(|&t| meeting_round(slot, t))
                    .min()
                    .unwrap_or(u32::MAX)
            };
            let mut best = 0;
            for (i, &(_, g)) in left.iter().enumerate() {
                if distance(g) > distance(left[best].1) {
                    best = i;
                }
            }
            let (e, g) = left.remove(best);
            if let Some(t) = taken.get_mut(g) {
                t.push(slot);
            }
            seeds.push(e);
        }
    }
    seeds
}
