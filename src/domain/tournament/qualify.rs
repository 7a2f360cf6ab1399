//! From one phase to the next: the qualifiers of a championship's rounds seeded into a
//! knockout phase, computed from the standings, never typed. The best `n` overall
//! (1 v n, 4 v 5, … by the standard order), or the best `k` of each liguilla crossed
//! (1A–2B, 1B–2A) with the best runners-up or a repesca of the best non-qualified to
//! fill the bracket to a power of two.

use serde::{Deserialize, Serialize};

use super::file::TournamentFile;
use super::standings::standings;
use crate::domain::bracket::{
    self, Bracket, BracketError, EntrantId, Fill, double_elimination, groups_to_knockout,
    single_elimination,
};

/// Who goes through to the knockout phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Qualify {
    /// The best `n` of the standings, seeded in their order.
    Top { n: usize },
    /// The best `per_group` of each liguilla, crossed so that entrants of one group
    /// meet as late as possible; `fill` completes the bracket.
    PerGroup { per_group: usize, fill: GroupFill },
}

/// How a knockout from groups is filled beyond the group qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupFill {
    /// Nobody: the top seeds get byes.
    None,
    /// The best of the next-placed across groups (mejores segundos / terceros), as
    /// many as reach a power of two.
    BestRunnersUp,
    /// The best non-qualified by the overall standings (repesca), as many as reach a
    /// power of two.
    Repesca,
}

/// The knockout's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KnockoutShape {
    Single { third_place: bool },
    Double { grand_final_reset: bool },
}

/// The knockout phase that follows the file's rounds: the entrant ids in the
/// bracket's numbering (entrant `k` of the bracket is `ids[k]`, the k-th best) and
/// the bracket. Withdrawn entrants do not qualify.
pub fn knockout_from_standings(
    file: &TournamentFile,
    qualify: Qualify,
    shape: KnockoutShape,
) -> Result<(Vec<String>, Bracket), BracketError> {
    let table: Vec<_> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    match qualify {
        Qualify::Top { n } => {
            let ids: Vec<String> = table.iter().take(n).map(|r| r.id.clone()).collect();
            if ids.len() < n {
                return Err(BracketError::Invalid(format!(
                    "{} entrants can qualify, the phase takes {n}",
                    ids.len()
                )));
            }
            let seeds: Vec<EntrantId> = (0..ids.len() as u32).map(EntrantId).collect();
            let b = match shape {
                KnockoutShape::Single { third_place } => single_elimination(&seeds, third_place)?,
                KnockoutShape::Double { grand_final_reset } => {
                    double_elimination(&seeds, grand_final_reset)?
                }
            };
            Ok((ids, b))
        }
        Qualify::PerGroup { per_group, fill } => {
            let KnockoutShape::Single { third_place } = shape else {
                return Err(BracketError::Invalid(
                    "a knockout from groups is single elimination".into(),
                ));
            };
            // Every entrant of the phase gets a bracket number: by overall rank.
            let ids: Vec<String> = table.iter().map(|r| r.id.clone()).collect();
            let number = |id: &str| {
                ids.iter()
                    .position(|x| x == id)
                    .map(|k| EntrantId(k as u32))
            };
            let groups = table.iter().filter_map(|r| r.group).max().unwrap_or(1);
            let mut by_group: Vec<Vec<(u32, EntrantId)>> = vec![Vec::new(); groups as usize];
            for r in &table {
                let g = r.group.unwrap_or(1).max(1) as usize - 1;
                if let (Some(slot), Some(e)) = (by_group.get_mut(g), number(&r.id)) {
                    slot.push((r.group_rank.unwrap_or(r.rank), e));
                }
            }
            let orders: Vec<Vec<EntrantId>> = by_group
                .into_iter()
                .map(|mut g| {
                    g.sort_by_key(|(rank, _)| *rank);
                    g.into_iter().map(|(_, e)| e).collect()
                })
                .collect();
            let qualified: Vec<EntrantId> = orders
                .iter()
                .flat_map(|g| g.iter().take(per_group).copied())
                .collect();
            let rest = |order: &dyn Fn(&EntrantId) -> u32| {
                let mut v: Vec<EntrantId> = (0..ids.len() as u32)
                    .map(EntrantId)
                    .filter(|e| !qualified.contains(e))
                    .collect();
                v.sort_by_key(|e| order(e));
                v
            };
            let fill = match fill {
                GroupFill::None => Fill::None,
                GroupFill::BestRunnersUp => {
                    // Next-placed first (every group's (k+1)-th before any (k+2)-th),
                    // then by overall rank.
                    let place = |e: &EntrantId| {
                        orders
                            .iter()
                            .find_map(|g| g.iter().position(|x| x == e))
                            .unwrap_or(usize::MAX) as u32
                    };
                    let mut v = rest(&|e| e.0);
                    v.sort_by_key(|e| (place(e), e.0));
                    Fill::BestRunnersUp(v)
                }
                GroupFill::Repesca => {
                    let need = qualified.len().next_power_of_two() - qualified.len();
                    Fill::Repesca(rest(&|e| e.0).into_iter().take(need).collect())
                }
            };
            let b = groups_to_knockout(&orders, per_group, fill, third_place)?;
            // Keep only the entrants the bracket uses, renumbered by overall rank.
            let used: Vec<u32> = {
                let mut u: Vec<u32> = b.seeds().iter().map(|e| e.0).collect();
                u.sort_unstable();
                u
            };
            let renumber =
                |e: EntrantId| EntrantId(used.iter().position(|x| *x == e.0).unwrap_or(0) as u32);
            let seeds: Vec<EntrantId> = b.seeds().iter().map(|e| renumber(*e)).collect();
            let b = bracket_in_seed_order(&seeds, third_place)?;
            Ok((used.iter().map(|k| ids[*k as usize].clone()).collect(), b))
        }
    }
}

/// A single elimination whose seed `i` is `seeds[i]` (the order groups_to_knockout
/// chose), built again over renumbered entrants.
fn bracket_in_seed_order(seeds: &[EntrantId], third_place: bool) -> Result<Bracket, BracketError> {
    bracket::single_elimination(seeds, third_place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::tournament::{Entrant, MatchResult, Pairing, Round, TablePairing};

    /// A single-elimination bracket without a third-place match from the standings.
    fn single_knockout_result(
        f: &TournamentFile,
        qualify: Qualify,
    ) -> Result<(Vec<String>, Bracket), BracketError> {
        knockout_from_standings(f, qualify, KnockoutShape::Single { third_place: false })
    }

    fn single_knockout(f: &TournamentFile, qualify: Qualify) -> (Vec<String>, Bracket) {
        single_knockout_result(f, qualify).expect("bracket")
    }

    /// [`single_knockout`] of the best `per_group` of each liguilla, filled by `fill`.
    fn per_group_knockout(
        f: &TournamentFile,
        per_group: usize,
        fill: GroupFill,
    ) -> (Vec<String>, Bracket) {
        single_knockout(f, Qualify::PerGroup { per_group, fill })
    }

    fn file_with(n: usize) -> TournamentFile {
        let text = format!(
            r#"{{"format":"baza-tournament/1","event":{{"name":"x","game":"cuatrola","system":{{"kind":"swiss","rounds":1}}}},"entrants":[{}]}}"#,
            (1..=n)
                .map(|i| format!(r#"{{"id":"{i}","name":"P{i}"}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        super::super::parse(&text).expect("file")
    }

    #[test]
    fn the_best_eight_are_seeded_one_against_eight_and_four_against_five() {
        let mut f = file_with(12);
        // Round 1: the lower id wins every table 21–10.
        let mut pairings = Vec::new();
        let mut results = Vec::new();
        for t in 0..6u32 {
            let (a, b) = (2 * t + 1, 2 * t + 2);
            pairings.push(Pairing::Table(TablePairing {
                table: t + 1,
                a: a.to_string(),
                b: b.to_string(),
            }));
            results.push(MatchResult::new(t + 1, 21, 10 + t));
        }
        f.rounds.push(Round {
            in_play: Vec::new(),
            number: 1,
            pairings,
            results,
        });
        let table = standings(&f);
        let (ids, b) = single_knockout(&f, Qualify::Top { n: 8 });
        let expected: Vec<String> = table.iter().take(8).map(|r| r.id.clone()).collect();
        assert_eq!(ids, expected);
        let first: Vec<[Option<EntrantId>; 2]> = b
            .matches()
            .iter()
            .filter(|m| m.round == 1)
            .map(|m| m.entrants())
            .collect();
        assert!(first.contains(&[Some(EntrantId(0)), Some(EntrantId(7))]));
        assert!(first.contains(&[Some(EntrantId(3)), Some(EntrantId(4))]));
        let _ = Entrant::new("x", "y");
    }

    /// A round robin in `groups` liguillas of `n` entrants in all, played to the end
    /// with the lower id winning every game 21–10.
    fn liguillas(n: usize, groups: u32) -> TournamentFile {
        let text = format!(
            r#"{{"format":"baza-tournament/1","event":{{"name":"x","game":"cuatrola","system":{{"kind":"round_robin","groups":{groups}}}}},"entrants":[{}]}}"#,
            (1..=n)
                .map(|i| format!(r#"{{"id":"{i}","name":"P{i}","seed":{i}}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let mut f = super::super::parse(&text).expect("file");
        while let Ok(mut r) = super::super::next_round(&f) {
            for p in &r.pairings {
                if let Pairing::Table(t) = p {
                    let a: u32 = t.a.parse().expect("id");
                    let b: u32 = t.b.parse().expect("id");
                    let (sa, sb) = if a < b { (21, 10) } else { (10, 21) };
                    r.results.push(MatchResult::new(t.table, sa, sb));
                }
            }
            f.rounds.push(r);
        }
        f
    }

    fn first_round(ids: &[String], b: &Bracket) -> Vec<[String; 2]> {
        b.matches()
            .iter()
            .filter(|m| m.round == 1 && m.side == crate::domain::bracket::Side::Winners)
            .filter_map(|m| match m.entrants() {
                [Some(x), Some(y)] => Some([ids[x.0 as usize].clone(), ids[y.0 as usize].clone()]),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_best_two_of_two_liguillas_meet_crossed_one_a_against_two_b() {
        let f = liguillas(8, 2);
        let table = standings(&f);
        let group_of = |id: &str| table.iter().find(|r| r.id == id).and_then(|r| r.group);
        let (ids, b) = per_group_knockout(&f, 2, GroupFill::None);
        assert_eq!(ids.len(), 4);
        let semis = first_round(&ids, &b);
        assert_eq!(semis.len(), 2);
        for [x, y] in &semis {
            assert_ne!(group_of(x), group_of(y), "crossed: {semis:?}");
            let rank = |id: &str| table.iter().find(|r| r.id == id).and_then(|r| r.group_rank);
            assert_ne!(
                rank(x),
                rank(y),
                "a group winner meets a runner-up: {semis:?}"
            );
        }
    }

    #[test]
    fn a_repesca_of_the_best_non_qualified_fills_three_group_winners_to_four() {
        let f = liguillas(9, 3);
        let table = standings(&f);
        let (ids, b) = per_group_knockout(&f, 1, GroupFill::Repesca);
        assert_eq!(ids.len(), 4);
        let winners: Vec<&str> = table
            .iter()
            .filter(|r| r.group_rank == Some(1))
            .map(|r| r.id.as_str())
            .collect();
        let best_other = table
            .iter()
            .find(|r| r.group_rank != Some(1))
            .map(|r| r.id.clone())
            .expect("a runner-up");
        for w in winners {
            assert!(ids.iter().any(|x| x == w), "{w} qualifies: {ids:?}");
        }
        assert!(
            ids.contains(&best_other),
            "the repesca: {best_other} in {ids:?}"
        );
        assert_eq!(b.matches().iter().filter(|m| m.round == 1).count(), 2);
    }

    #[test]
    fn too_few_entrants_for_the_cut_is_refused() {
        let f = file_with(5);
        assert!(single_knockout_result(&f, Qualify::Top { n: 8 }).is_err());
    }
}
