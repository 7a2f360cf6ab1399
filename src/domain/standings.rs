//! League standings from match results: pure, no I/O.
//!
//! A match is a game between two entries (pairs or players) with a final score in the
//! game's own units (cuatrola to 21, botifarra to 101, ...). The foundation order is
//! matches won, then score difference, then score for, then seed. Configurable
//! tie-break lists (head-to-head, Buchholz, ...) build on this in the tournament work.

use std::cmp::Ordering;

/// One finished match between entries `a` and `b` (indices into the entry list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchResult {
    pub a: usize,
    pub b: usize,
    pub score_a: u32,
    pub score_b: u32,
}

/// One line of the table. `entry` is the index into the entry list (its seed order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StandingRow {
    pub entry: usize,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub score_for: u32,
    pub score_against: u32,
}

impl StandingRow {
    pub fn difference(&self) -> i64 {
        i64::from(self.score_for) - i64::from(self.score_against)
    }

    fn order(&self, other: &StandingRow) -> Ordering {
        (other.won, other.drawn)
            .cmp(&(self.won, self.drawn))
            .then_with(|| other.difference().cmp(&self.difference()))
            .then_with(|| other.score_for.cmp(&self.score_for))
            .then_with(|| self.entry.cmp(&other.entry))
    }
}

/// The table for `entries` entries. Results naming an entry outside the list are
/// ignored (the caller validated them; this function never panics).
pub fn standings(entries: usize, results: &[MatchResult]) -> Vec<StandingRow> {
    let mut rows: Vec<StandingRow> = (0..entries)
        .map(|entry| StandingRow {
            entry,
            ..StandingRow::default()
        })
        .collect();
    for r in results {
        if r.a == r.b || r.a >= entries || r.b >= entries {
            continue;
        }
        for (me, mine, theirs) in [(r.a, r.score_a, r.score_b), (r.b, r.score_b, r.score_a)] {
            if let Some(row) = rows.get_mut(me) {
                row.played += 1;
                row.score_for += mine;
                row.score_against += theirs;
                match mine.cmp(&theirs) {
                    Ordering::Greater => row.won += 1,
                    Ordering::Less => row.lost += 1,
                    Ordering::Equal => row.drawn += 1,
                }
            }
        }
    }
    rows.sort_by(StandingRow::order);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn m(a: usize, b: usize, score_a: u32, score_b: u32) -> MatchResult {
        MatchResult {
            a,
            b,
            score_a,
            score_b,
        }
    }

    #[test]
    fn more_wins_rank_higher_whatever_the_score() {
        let table = standings(3, &[m(0, 1, 21, 20), m(0, 2, 21, 19), m(1, 2, 21, 0)]);
        let order: Vec<usize> = table.iter().map(|r| r.entry).collect();
        assert_eq!(order, vec![0, 1, 2]);
        assert_eq!(table[0].won, 2);
        assert_eq!(table[2].lost, 2);
    }

    #[test]
    fn equal_wins_are_split_by_score_difference_then_seed() {
        // 0 beats 1 by 1, 1 beats 2 by 21, 2 beats 0 by 1: one win each.
        let table = standings(3, &[m(0, 1, 21, 20), m(1, 2, 21, 0), m(2, 0, 21, 20)]);
        let order: Vec<usize> = table.iter().map(|r| r.entry).collect();
        assert_eq!(order, vec![1, 0, 2]);
        let table = standings(2, &[]);
        assert_eq!(
            table.iter().map(|r| r.entry).collect::<Vec<_>>(),
            vec![0, 1]
        );
    }

    #[test]
    fn results_naming_unknown_entries_are_ignored() {
        let table = standings(2, &[m(0, 5, 21, 3), m(1, 1, 21, 3)]);
        assert!(table.iter().all(|r| r.played == 0));
    }

    proptest! {
        #[test]
        fn every_entry_appears_once_and_scores_are_preserved(
            n in 2usize..12,
            raw in prop::collection::vec((0usize..12, 0usize..12, 0u32..30, 0u32..30), 0..40)
        ) {
            let results: Vec<MatchResult> = raw
                .into_iter()
                .filter(|(a, b, _, _)| a != b && *a < n && *b < n)
                .map(|(a, b, x, y)| m(a, b, x, y))
                .collect();
            let table = standings(n, &results);
            let mut seen: Vec<usize> = table.iter().map(|r| r.entry).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
            let total_for: u32 = table.iter().map(|r| r.score_for).sum();
            let total_against: u32 = table.iter().map(|r| r.score_against).sum();
            let total: u32 = results.iter().map(|r| r.score_a + r.score_b).sum();
            prop_assert_eq!(total_for, total);
            prop_assert_eq!(total_against, total);
            let wins: u32 = table.iter().map(|r| r.won).sum();
            let losses: u32 = table.iter().map(|r| r.lost).sum();
            prop_assert_eq!(wins, losses);
            let mut reversed = results.clone();
            reversed.reverse();
            prop_assert_eq!(standings(n, &reversed), table);
        }
    }
}
