//! Which card-point totals a deck can make: can the deck's cards be split into groups
//! of given sizes (or any size) with given point sums (or any sum)? The decks are small
//! multisets of values (5 valued ranks of 4 cards, plus cards worth nothing), so a
//! search over how many cards of each value go to each group is instant.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Card values of a deck as (value, how many cards), the valued ones first.
pub type Values = &'static [(u32, u32)];

/// Cuatrola's 20 cards: as 11, 3 10, rey 4, caballo 3, sota 2.
pub const CUATROLA: Values = &[(11, 4), (10, 4), (4, 4), (3, 4), (2, 4)];
/// Tute and guiñote, 40 cards (guiñote swaps the sota and caballo values, same multiset).
pub const FORTY: Values = &[(11, 4), (10, 4), (4, 4), (3, 4), (2, 4), (0, 20)];
/// Tute for three without the 2s.
pub const THIRTY_SIX: Values = &[(11, 4), (10, 4), (4, 4), (3, 4), (2, 4), (0, 16)];
/// Botifarra, 48 cards: manilla 5, as 4, rey 3, caballo 2, sota 1.
pub const BOTIFARRA: Values = &[(5, 4), (4, 4), (3, 4), (2, 4), (1, 4), (0, 28)];

/// A group of cards: how many (if fixed) and their points (if fixed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub count: Option<u32>,
    pub sum: Option<u32>,
}

impl Group {
    pub fn sum(sum: u32) -> Group {
        Group {
            count: None,
            sum: Some(sum),
        }
    }
    pub fn sized(count: u32, sum: u32) -> Group {
        Group {
            count: Some(count),
            sum: Some(sum),
        }
    }
    pub fn count(count: u32) -> Group {
        Group {
            count: Some(count),
            sum: None,
        }
    }
    pub const ANY: Group = Group {
        count: None,
        sum: None,
    };
}

/// Whether every card of `values` can be put in one of `groups` so that each group has
/// its count and sum. Cards no group can take make it impossible, so callers add a
/// [`Group::ANY`] for the cards nobody took when that is allowed.
pub fn can_split(values: Values, groups: &[Group]) -> bool {
    let mut acc = vec![(0u32, 0u32); groups.len()];
    let mut failed = Failed::default();
    search(values, groups, &mut acc, &mut failed)
}

/// States (values left, groups so far) already known to lead nowhere, packed into one
/// number (see [`state`]).
type Failed = HashSet<u128, BuildHasherDefault<Mix>>;

/// A multiply-rotate hasher for the packed states (the default SipHash was most of
/// the time of a quick-entry check).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A search state as one number: how many values are left, then per group what it is
/// held to (its count if fixed, its sum if fixed: a group of free size or free sum in
/// two states that differ only there has the same future). Counts and sums never
/// pass 255 (a deck has at most 48 cards and 130 points), so 16 bits a group; `None`
/// for more than 7 groups, which are then searched without remembering failures.
fn state(values: Values, groups: &[Group], acc: &[(u32, u32)]) -> Option<u128> {
    if groups.len() > 7 || values.len() > 15 {
        return None;
    }
    let mut key = values.len() as u128;
    for (g, (n, s)) in groups.iter().zip(acc) {
        let n = if g.count.is_some() { *n } else { 0 };
        let s = if g.sum.is_some() { *s } else { 0 };
        if n > 255 || s > 255 {
            return None;
        }
        key = (key << 16) | u128::from(n << 8 | s);
    }
    Some(key)
}

fn search(values: Values, groups: &[Group], acc: &mut [(u32, u32)], failed: &mut Failed) -> bool {
    let key = state(values, groups, acc);
    if key.is_some_and(|k| failed.contains(&k)) {
        return false;
    }
    // The points still to come must be able to fill every group held to a sum.
    let to_come: u32 = values.iter().map(|(v, n)| v * n).sum();
    let missing: u32 = groups
        .iter()
        .zip(acc.iter())
        .map(|(g, (_, s))| g.sum.map_or(0, |t| t.saturating_sub(*s)))
        .sum();
    let free_sum = groups.iter().any(|g| g.sum.is_none());
    if missing > to_come || (!free_sum && missing != to_come) {
        failed.extend(key);
        return false;
    }
    let ok = search_new(values, groups, acc, failed);
    if !ok {
        failed.extend(key);
    }
    ok
}

fn search_new(
    values: Values,
    groups: &[Group],
    acc: &mut [(u32, u32)],
    failed: &mut Failed,
) -> bool {
    let Some((&(value, many), rest)) = values.split_first() else {
        return groups
            .iter()
            .zip(acc.iter())
            .all(|(g, (n, s))| g.count.is_none_or(|c| c == *n) && g.sum.is_none_or(|t| t == *s));
    };
    if value == 0 {
        return zeros_fit(many, rest, groups, acc, failed);
    }
    spread(value, many, 0, rest, groups, acc, failed)
}

/// Cards worth nothing change only counts: they fit when the groups of fixed size need
/// exactly the cards there are (or fewer, if a group of any size takes the rest).
fn zeros_fit(
    many: u32,
    rest: Values,
    groups: &[Group],
    acc: &mut [(u32, u32)],
    failed: &mut Failed,
) -> bool {
    let mut need = 0u32;
    let mut open = false;
    for (g, (n, _)) in groups.iter().zip(acc.iter()) {
        match g.count {
            Some(c) if c < *n => return false,
            Some(c) => need += c - n,
            None => open = true,
        }
    }
    let counts_ok = if open { need <= many } else { need == many };
    if !counts_ok {
        return false;
    }
    // Fill the fixed groups, then any group of free size takes the rest.
    let mut filled: Vec<(u32, u32)> = groups
        .iter()
        .zip(acc.iter())
        .map(|(g, (n, s))| (g.count.unwrap_or(*n), *s))
        .collect();
    if let Some(i) = groups.iter().position(|g| g.count.is_none())
        && let Some(slot) = filled.get_mut(i)
    {
        slot.0 += many - need;
    }
    search(rest, groups, &mut filled, failed)
}

/// Puts `left` cards of `value` into groups `from..`, then goes on with the next value.
fn spread(
    value: u32,
    left: u32,
    from: usize,
    rest: Values,
    groups: &[Group],
    acc: &mut [(u32, u32)],
    failed: &mut Failed,
) -> bool {
    let Some(g) = groups.get(from) else {
        return left == 0 && search(rest, groups, acc, failed);
    };
    let Some(&(n0, s0)) = acc.get(from) else {
        return false;
    };
    let last = from + 1 == groups.len();
    let lo = if last { left } else { 0 };
    for k in lo..=left {
        let n = n0 + k;
        let s = s0 + k * value;
        if g.count.is_some_and(|c| n > c) || g.sum.is_some_and(|t| s > t) {
            break;
        }
        if let Some(slot) = acc.get_mut(from) {
            *slot = (n, s);
        }
        let ok = spread(value, left - k, from + 1, rest, groups, acc, failed);
        if let Some(slot) = acc.get_mut(from) {
            *slot = (n0, s0);
        }
        if ok {
            return true;
        }
    }
    false
}

/// Total points of a deck.
pub fn total(values: Values) -> u32 {
    values.iter().map(|(v, n)| v * n).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuatrola_cannot_make_one_point_or_one_hundred_and_nineteen() {
        let one = |p| can_split(CUATROLA, &[Group::sum(p), Group::ANY]);
        assert!(!one(1));
        assert!(!one(119));
        assert!(one(0));
        assert!(one(2));
        assert!(one(120));
        assert!(!one(121));
    }

    #[test]
    fn a_cuatrola_trick_of_four_cards_makes_at_least_eight_points() {
        assert!(!can_split(
            CUATROLA,
            &[Group::sized(4, 7), Group::count(16)]
        ));
        assert!(can_split(CUATROLA, &[Group::sized(4, 8), Group::count(16)]));
        assert!(can_split(
            CUATROLA,
            &[Group::sized(4, 44), Group::count(16)]
        ));
        assert!(!can_split(
            CUATROLA,
            &[Group::sized(4, 45), Group::count(16)]
        ));
    }

    #[test]
    fn three_sides_of_tute_split_the_deck_only_in_possible_ways() {
        assert!(can_split(
            THIRTY_SIX,
            &[Group::sum(40), Group::sum(40), Group::sum(40)]
        ));
        assert!(!can_split(
            THIRTY_SIX,
            &[Group::sum(1), Group::sum(59), Group::sum(60)]
        ));
    }

    #[test]
    fn botifarra_points_with_tricks_are_all_possible() {
        for p in 0..=72u32 {
            let ok = (0..=12u32).any(|t| {
                p >= t
                    && can_split(
                        BOTIFARRA,
                        &[Group::sized(4 * t, p - t), Group::count(48 - 4 * t)],
                    )
            });
            assert!(ok, "{p}");
        }
        assert_eq!(total(BOTIFARRA), 60);
        assert_eq!(total(FORTY), 120);
    }
}
