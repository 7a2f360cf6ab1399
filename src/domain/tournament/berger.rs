//! Round-robin schedules by the FIDE Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! Positions are 1-based. For an even `n`, position `n` is fixed and the others
//! rotate: in round `r` position `p` meets `n`, where `p` starts at 1 and advances by
//! `n/2` (mod `n-1`) each round; the other tables pair `p+k` (first named) with `p-k`.
//! Position `p` is first named against `n` in odd rounds, `n` in even rounds. This
//! reproduces FIDE's published tables exactly, table order and first-named side
//! included. An odd number of entrants plays the table of `n+1`, where meeting
//! position `n+1` means a rest.
//!
//! Double round robin ("segunda vuelta"): the first cycle with its last two rounds
//! swapped (FIDE's advice, so nobody is first-named three times running across the
//! turn), then the whole table again with the sides reversed.

/// One slot of a scheduled round (positions are 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A game; the first position is the first named (home, "mano").
    Game(usize, usize),
    /// This position rests (odd number of entrants).
    Rest(usize),
}

/// Round `round` (1-based, `1..n`) of the Berger table for an even `n ≥ 2`, as
/// `(first named, second)` pairs in FIDE's table order. Empty for impossible input.
pub fn berger_round(n: usize, round: usize) -> Vec<(usize, usize)> {
    if n < 2 || n % 2 == 1 || round == 0 || round >= n {
        return Vec::new();
    }
    let m = n - 1;
    // p_r = 1 + (r-1)·n/2 (mod n-1), kept in 1..=m.
    let p = ((round - 1) * (n / 2)) % m + 1;
    let wrap = |x: usize| (x + m - 1) % m + 1;
    let mut out = Vec::with_capacity(n / 2);
    if round % 2 == 1 {
        out.push((p, n));
    } else {
        out.push((n, p));
    }
    for k in 1..n / 2 {
        out.push((wrap(p + k), wrap(p + m - k)));
    }
    out
}

/// The whole schedule for `entrants` positions: `entrants-1` rounds (or `entrants`
/// when odd), twice that for a double round robin.
pub fn schedule(entrants: usize, double: bool) -> Vec<Vec<Slot>> {
    if entrants < 2 {
        return Vec::new();
    }
    let n = entrants + entrants % 2;
    let to_slots = |round: &[(usize, usize)], reverse: bool| -> Vec<Slot> {
        let mut games = Vec::new();
        let mut rest = Vec::new();
        for &(a, b) in round {
            if a > entrants {
                rest.push(Slot::Rest(b));
            } else if b > entrants {
                rest.push(Slot::Rest(a));
            } else if reverse {
                games.push(Slot::Game(b, a));
            } else {
                games.push(Slot::Game(a, b));
            }
        }
        games.extend(rest);
        games
    };
    let single: Vec<Vec<(usize, usize)>> = (1..n).map(|r| berger_round(n, r)).collect();
    if !double {
        return single.iter().map(|r| to_slots(r, false)).collect();
    }
    let mut first: Vec<&Vec<(usize, usize)>> = single.iter().collect();
    let len = first.len();
    if len >= 3 {
        first.swap(len - 1, len - 2);
    }
    let mut out: Vec<Vec<Slot>> = first.iter().map(|r| to_slots(r, false)).collect();
    out.extend(single.iter().map(|r| to_slots(r, true)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn parse(table: &str) -> Vec<Vec<(usize, usize)>> {
        table
            .split(';')
            .map(|round| {
                round
                    .split_whitespace()
                    .map(|g| {
                        let (a, b) = g.split_once('-').unwrap_or(("0", "0"));
                        (a.parse().unwrap_or(0), b.parse().unwrap_or(0))
                    })
                    .collect()
            })
            .collect()
    }

    fn generated(n: usize) -> Vec<Vec<(usize, usize)>> {
        (1..n).map(|r| berger_round(n, r)).collect()
    }

    // FIDE Handbook C.05 Annex 1, copied table by table.
    const FIDE_4: &str = "1-4 2-3; 4-3 1-2; 2-4 3-1";
    const FIDE_6: &str = "1-6 2-5 3-4; 6-4 5-3 1-2; 2-6 3-1 4-5; 6-5 1-4 2-3; 3-6 4-2 5-1";
    const FIDE_8: &str = "1-8 2-7 3-6 4-5; 8-5 6-4 7-3 1-2; 2-8 3-1 4-7 5-6; \
        8-6 7-5 1-4 2-3; 3-8 4-2 5-1 6-7; 8-7 1-6 2-5 3-4; 4-8 5-3 6-2 7-1";
    const FIDE_10: &str = "1-10 2-9 3-8 4-7 5-6; 10-6 7-5 8-4 9-3 1-2; \
        2-10 3-1 4-9 5-8 6-7; 10-7 8-6 9-5 1-4 2-3; 3-10 4-2 5-1 6-9 7-8; \
        10-8 9-7 1-6 2-5 3-4; 4-10 5-3 6-2 7-1 8-9; 10-9 1-8 2-7 3-6 4-5; \
        5-10 6-4 7-3 8-2 9-1";
    const FIDE_12: &str = "1-12 2-11 3-10 4-9 5-8 6-7; 12-7 8-6 9-5 10-4 11-3 1-2; \
        2-12 3-1 4-11 5-10 6-9 7-8; 12-8 9-7 10-6 11-5 1-4 2-3; \
        3-12 4-2 5-1 6-11 7-10 8-9; 12-9 10-8 11-7 1-6 2-5 3-4; \
        4-12 5-3 6-2 7-1 8-11 9-10; 12-10 11-9 1-8 2-7 3-6 4-5; \
        5-12 6-4 7-3 8-2 9-1 10-11; 12-11 1-10 2-9 3-8 4-7 5-6; \
        6-12 7-5 8-4 9-3 10-2 11-1";

    #[test]
    fn berger_tables_match_fides_published_tables() {
        for (n, table) in [
            (4, FIDE_4),
            (6, FIDE_6),
            (8, FIDE_8),
            (10, FIDE_10),
            (12, FIDE_12),
        ] {
            assert_eq!(generated(n), parse(table), "table for {n}");
        }
    }

    #[test]
    fn every_schedule_from_3_to_16_is_a_complete_round_robin() {
        for entrants in 3..=16usize {
            let s = schedule(entrants, false);
            let n = entrants + entrants % 2;
            assert_eq!(s.len(), n - 1, "{entrants} rounds");
            let mut met = BTreeSet::new();
            for (r, round) in s.iter().enumerate() {
                let mut seen = BTreeSet::new();
                for slot in round {
                    match *slot {
                        Slot::Game(a, b) => {
                            assert!(seen.insert(a) && seen.insert(b), "once per round");
                            assert!(met.insert((a.min(b), a.max(b))), "no pair twice");
                        }
                        Slot::Rest(a) => assert!(seen.insert(a)),
                    }
                }
                assert_eq!(seen.len(), entrants, "everyone plays or rests in round {r}");
                let rests = round.iter().filter(|s| matches!(s, Slot::Rest(_))).count();
                assert_eq!(rests, entrants % 2);
            }
            assert_eq!(met.len(), entrants * (entrants - 1) / 2);
            // Odd: the table of n+1 with position n+1 as the rest.
            if entrants % 2 == 1 {
                for (r, round) in s.iter().enumerate() {
                    let fide = berger_round(n, r + 1);
                    let resting = fide
                        .iter()
                        .find_map(|&(a, b)| (a == n).then_some(b).or_else(|| (b == n).then_some(a)))
                        .unwrap_or(0);
                    assert!(round.contains(&Slot::Rest(resting)));
                }
            }
        }
    }

    #[test]
    fn first_named_sides_alternate_as_evenly_as_possible() {
        for n in (4..=16).step_by(2) {
            for p in 1..=n {
                let home = generated(n)
                    .iter()
                    .flatten()
                    .filter(|&&(a, _)| a == p)
                    .count() as i64;
                let away = (n as i64 - 1) - home;
                assert!((home - away).abs() <= 1, "n={n} p={p} {home}/{away}");
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_the_last_two_rounds_and_reverses_the_return_leg() {
        let s = schedule(6, true);
        assert_eq!(s.len(), 10);
        let single = schedule(6, false);
        assert_eq!(&s[..3], &single[..3]);
        assert_eq!(s[3], single[4], "round 4 is Berger round 5");
        assert_eq!(s[4], single[3], "round 5 is Berger round 4");
        for r in 0..5 {
            let reversed: Vec<Slot> = single[r]
                .iter()
                .map(|s| match *s {
                    Slot::Game(a, b) => Slot::Game(b, a),
                    rest => rest,
                })
                .collect();
            assert_eq!(s[5 + r], reversed, "segunda vuelta round {}", r + 1);
        }
        // Every pair meets exactly twice, once on each side.
        let mut games: Vec<(usize, usize)> = s
            .iter()
            .flatten()
            .filter_map(|s| match *s {
                Slot::Game(a, b) => Some((a, b)),
                Slot::Rest(_) => None,
            })
            .collect();
        games.sort();
        games.dedup();
        assert_eq!(games.len(), 30);
    }

    #[test]
    fn impossible_sizes_give_empty_schedules() {
        assert!(schedule(0, false).is_empty());
        assert!(schedule(1, true).is_empty());
        assert!(berger_round(5, 1).is_empty());
        assert!(berger_round(6, 6).is_empty());
        assert_eq!(schedule(2, true).len(), 2);
    }
}
