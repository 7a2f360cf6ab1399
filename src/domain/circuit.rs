//! A season circuit: championships grouped into one table (beside the rules core, it
//! uses nothing of the domain). Each championship gives points by final place (a configurable
//! table, with a floor for taking part), the best N championships of each player or pair
//! count, and ties are broken by more championships won, then the best single place, then
//! head-to-head (who finished ahead of the other tied ones in the championships they both
//! played), then the key's order.
//!
//! Pure: the championships' final places come in as arguments, computed from each championship's
//! standings every time, so a correction to a championship's result moves the circuit.

use std::collections::BTreeMap;

/// Points by final place (first entry for first place) and the points for taking
/// part beyond the table; `best` championships count (0: all of them).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scoring {
    pub by_place: Vec<u32>,
    pub floor: u32,
    pub best: usize,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            by_place: vec![100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20],
            floor: 10,
            best: 0,
        }
    }
}

impl Scoring {
    /// The points for finishing `place` (1-based).
    pub fn points(&self, place: u32) -> u32 {
        usize::try_from(place.saturating_sub(1))
            .ok()
            .and_then(|i| self.by_place.get(i).copied())
            .map_or(self.floor, |p| p.max(self.floor))
    }

    /// Parses "100, 80, 65, 55" (points by place, highest first).
    pub fn parse_places(text: &str) -> Option<Vec<u32>> {
        let list: Option<Vec<u32>> = text
            .split([',', ' ', ';'])
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().parse::<u32>().ok().filter(|v| *v <= 100_000))
            .collect();
        list.filter(|l| !l.is_empty() && l.len() <= 200 && l.windows(2).all(|w| w[0] >= w[1]))
    }
}

/// One championship's result for one key (a player, or a pair as its sorted players).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    pub championship: usize,
    pub place: u32,
    pub points: u32,
    /// Whether it is one of the best N that count.
    pub counted: bool,
}

/// A row of the circuit standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row<K> {
    /// 1..N, no two rows share a rank.
    pub rank: u32,
    pub key: K,
    pub total: u32,
    pub championships: u32,
    pub won: u32,
    pub best_place: u32,
    /// Every championship the key played, in championship order.
    pub finishes: Vec<Finish>,
}

/// The standings of a circuit from each championship's final places, `championships[i]` listing
/// (key, place) for championship i.
pub fn standings<K: Ord + Clone>(
    scoring: &Scoring,
    championships: &[Vec<(K, u32)>],
) -> Vec<Row<K>> {
    let mut by_key: BTreeMap<K, Vec<Finish>> = BTreeMap::new();
    for (championship, places) in championships.iter().enumerate() {
        for (key, place) in places {
            let list = by_key.entry(key.clone()).or_default();
            // A key listed twice in one championship keeps its better place.
            if let Some(f) = list.iter_mut().find(|f| f.championship == championship) {
                f.place = f.place.min(*place);
                f.points = scoring.points(f.place);
                continue;
            }
            list.push(Finish {
                championship,
                place: *place,
                points: scoring.points(*place),
                counted: false,
            });
        }
    }
    let mut rows: Vec<Row<K>> = by_key
        .into_iter()
        .map(|(key, mut finishes)| {
            let mut order: Vec<usize> = (0..finishes.len()).collect();
            order.sort_by(|a, b| {
                finishes[*b]
                    .points
                    .cmp(&finishes[*a].points)
                    .then(finishes[*a].championship.cmp(&finishes[*b].championship))
            });
            let best = if scoring.best == 0 {
                finishes.len()
            } else {
                scoring.best
            };
            for i in order.into_iter().take(best) {
                finishes[i].counted = true;
            }
            Row {
                rank: 0,
                total: finishes
                    .iter()
                    .filter(|f| f.counted)
                    .map(|f| f.points)
                    .sum(),
                championships: u32::try_from(finishes.len()).unwrap_or(u32::MAX),
                won: u32::try_from(finishes.iter().filter(|f| f.place == 1).count())
                    .unwrap_or(u32::MAX),
                best_place: finishes.iter().map(|f| f.place).min().unwrap_or(u32::MAX),
                finishes,
                key,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.total
            .cmp(&a.total)
            .then(b.won.cmp(&a.won))
            .then(a.best_place.cmp(&b.best_place))
    });
    // Head-to-head inside each group still tied: championships finished ahead of the others.
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        let same = |a: &Row<K>, b: &Row<K>| {
            (a.total, a.won, a.best_place) == (b.total, b.won, b.best_place)
        };
        while end < rows.len() && same(&rows[start], &rows[end]) {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<Row<K>> = rows[start..end].to_vec();
            let ahead = |r: &Row<K>| -> u32 {
                let mut n = 0;
                for other in group.iter().filter(|o| o.key != r.key) {
                    for f in &r.finishes {
                        if let Some(g) = other
                            .finishes
                            .iter()
                            .find(|g| g.championship == f.championship)
                            && f.place < g.place
                        {
                            n += 1;
                        }
                    }
                }
                n
            };
            rows[start..end].sort_by(|a, b| ahead(b).cmp(&ahead(a)).then(a.key.cmp(&b.key)));
        }
        start = end;
    }
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoring(best: usize) -> Scoring {
        Scoring {
            by_place: vec![100, 80, 65, 55],
            floor: 20,
            best,
        }
    }

    #[test]
    fn points_follow_the_table_and_the_floor_beyond_it() {
        let s = scoring(0);
        assert_eq!(
            (1..=6).map(|p| s.points(p)).collect::<Vec<_>>(),
            vec![100, 80, 65, 55, 20, 20]
        );
        assert_eq!(
            Scoring::parse_places("100, 80 65;55"),
            Some(vec![100, 80, 65, 55])
        );
        assert_eq!(Scoring::parse_places("80, 100"), None, "highest first");
        assert_eq!(Scoring::parse_places("cien"), None);
    }

    #[test]
    fn only_the_best_n_championships_count() {
        let championships = vec![
            vec![("ana", 1), ("bea", 2)],
            vec![("ana", 4), ("bea", 1)],
            vec![("ana", 2), ("bea", 3)],
        ];
        let rows = standings(&scoring(2), &championships);
        assert_eq!(rows[0].key, "ana");
        assert_eq!(rows[0].total, 180);
        assert_eq!(rows[1].total, 180);
        // Equal totals, equal wins (1 each), equal best place: Ana finished ahead of
        // Bea in two of the three championships.
        assert_eq!(rows[1].key, "bea");
        assert_eq!(
            rows[0]
                .finishes
                .iter()
                .map(|f| f.counted)
                .collect::<Vec<_>>(),
            vec![true, false, true]
        );
        let all = standings(&scoring(0), &championships);
        assert_eq!((all[0].key, all[0].total), ("bea", 245));
        assert_eq!((all[1].key, all[1].total), ("ana", 235));
    }

    #[test]
    fn ties_go_to_more_championships_won_then_the_best_single_place() {
        // Carla 100+20 = 120 with one win; Dani 65+55 = 120 without.
        let championships = vec![
            vec![("carla", 1), ("dani", 3)],
            vec![("dani", 4), ("x", 1), ("y", 2), ("z", 3), ("carla", 5)],
        ];
        let rows = standings(&scoring(0), &championships);
        let order: Vec<_> = rows.iter().map(|r| r.key).collect();
        assert_eq!(order[..3], ["carla", "dani", "x"]);
        assert_eq!(rows[0].total, rows[1].total);
        // Same totals and no wins: the better single place first (Gema 80+20+20,
        // Hugo 65+55).
        let championships = vec![
            vec![("hugo", 3), ("gema", 2)],
            vec![("hugo", 4), ("gema", 5)],
            vec![("gema", 6)],
        ];
        let rows = standings(&scoring(0), &championships);
        assert_eq!((rows[0].key, rows[0].total), ("gema", 120));
        assert_eq!((rows[1].key, rows[1].total), ("hugo", 120));
    }
}
