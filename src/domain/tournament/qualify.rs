//! From one phase to the next: the qualifiers of a championship's rounds seeded into a
//! knockout phase, computed from the standings, never typed. The best `n` overall
//! (1 v n, 4 v 5, … by the standard order), or the best `k` of each liguilla crossed
//! (1A–2B, 1B–2A) with the best runners-up or a repesca of the best non-qualified to
//! fill the bracket to a power of two, or the winners of a played repesca: knockouts
//! among the non-qualified who meet the organiser's rule ([`RepescaRule`]).

use serde::{Deserialize, Serialize};

use super::file::{Entrant, System, TournamentFile};
use super::halves::MatchPoints;
use super::standings::{StandingRow, standings};
use crate::domain::bracket::{
    self, Bracket, BracketError, EntrantId, Fill, double_elimination, groups_to_knockout,
    single_elimination,
};
use crate::domain::lang::{Lang, tr};

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
    /// The winners of a played repesca ([`repesca_pods`]), named by the caller
    /// ([`knockout_with_repesca`]); they enter as the lowest seeds.
    Played,
}

/// Who may play a played repesca, beyond not having qualified from its group.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepescaRule {
    /// At least this many match points ("no one with zero points": 1).
    #[serde(default)]
    pub min_points: MatchPoints,
    /// Placed no lower than this in its group (3: the second and third only, when
    /// one per group qualifies); `None`: any place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst_place: Option<u32>,
}

pub use super::file::RepescaEntry;

/// Why a played repesca cannot be formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RepescaError {
    /// It would have no place to fill.
    NoPlaces,
    /// Fewer eligible than two per place: (eligible, places).
    TooFew(usize, usize),
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
            let ids: Vec<String> = if table.iter().all(|r| r.played == 0) {
                // Before any match has a result the standings are level on everything
                // but the lot: the seeds order the qualifiers (the entry order where
                // there are none), as a knockout drawn straight from the entrants.
                super::ledger::Ledger::new(file)
                    .by_seed
                    .into_iter()
                    .map(|i| &file.entrants[i].id)
                    .filter(|id| table.iter().any(|r| &r.id == *id))
                    .take(n)
                    .cloned()
                    .collect()
            } else {
                table.iter().take(n).map(|r| r.id.clone()).collect()
            };
            if ids.len() < n {
                return Err(BracketError::TooFewToQualify {
                    can: ids.len(),
                    takes: n,
                });
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
            if fill == GroupFill::Played {
                return Err(BracketError::Invalid(
                    "the winners of a played repesca are needed".into(),
                ));
            }
            from_groups(
                &table,
                per_group,
                fill,
                (&[], &RepescaEntry::Lowest),
                third_place,
            )
        }
    }
}

/// The knockout of the best `per_group` of each liguilla and the `winners` of a played
/// repesca (ids of the file's entrants), who enter as the lowest seeds.
pub fn knockout_with_repesca(
    file: &TournamentFile,
    per_group: usize,
    winners: &[String],
    third_place: bool,
) -> Result<(Vec<String>, Bracket), BracketError> {
    knockout_with_repesca_at(file, per_group, winners, third_place, &RepescaEntry::Lowest)
}

/// [`knockout_with_repesca`] with the winners entering where `entry` says.
pub fn knockout_with_repesca_at(
    file: &TournamentFile,
    per_group: usize,
    winners: &[String],
    third_place: bool,
    entry: &RepescaEntry,
) -> Result<(Vec<String>, Bracket), BracketError> {
    let table: Vec<_> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    from_groups(
        &table,
        per_group,
        GroupFill::Played,
        (winners, entry),
        third_place,
    )
}

/// The seed order of a knockout whose group qualifiers are seeded `seeds` (best
/// first) and the repesca's `winners` enter where `entry` says; entrant numbers are
/// overall ranks (lower is better).
fn place_winners(
    seeds: &[EntrantId],
    winners: &[EntrantId],
    entry: &RepescaEntry,
) -> Result<Vec<EntrantId>, BracketError> {
    let qualifiers: Vec<EntrantId> = seeds
        .iter()
        .copied()
        .filter(|e| !winners.contains(e))
        .collect();
    match entry {
        // The order groups_to_knockout gave: the winners last.
        RepescaEntry::Lowest => Ok(seeds.to_vec()),
        RepescaEntry::Standings => {
            let mut v = qualifiers;
            let mut sorted = winners.to_vec();
            sorted.sort_by_key(|e| e.0);
            for w in sorted {
                let at = v.iter().position(|q| q.0 > w.0).unwrap_or(v.len());
                v.insert(at, w);
            }
            Ok(v)
        }
        RepescaEntry::Seeds { seeds: named } => {
            let n = qualifiers.len() + winners.len();
            let mut distinct = named.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if named.len() != winners.len()
                || distinct.len() != named.len()
                || named.iter().any(|&s| s == 0 || s as usize > n)
            {
                return Err(BracketError::Invalid(format!(
                    "{} seeds named for {} winners of a knockout of {n}",
                    named.len(),
                    winners.len()
                )));
            }
            let mut slots: Vec<Option<EntrantId>> = vec![None; n];
            for (&s, &w) in named.iter().zip(winners) {
                slots[s as usize - 1] = Some(w);
            }
            let mut rest = qualifiers.into_iter();
            Ok(slots
                .into_iter()
                .map(|s| s.or_else(|| rest.next()))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default())
        }
    }
}

/// Each liguilla's entrants in their order of the group, as numbers in `table`.
fn group_orders(table: &[StandingRow]) -> Vec<Vec<EntrantId>> {
    let groups = table.iter().filter_map(|r| r.group).max().unwrap_or(1);
    let mut by_group: Vec<Vec<(u32, EntrantId)>> = vec![Vec::new(); groups as usize];
    for (k, r) in table.iter().enumerate() {
        let g = r.group.unwrap_or(1).max(1) as usize - 1;
        if let Some(slot) = by_group.get_mut(g) {
            slot.push((r.group_rank.unwrap_or(r.rank), EntrantId(k as u32)));
        }
    }
    by_group
        .into_iter()
        .map(|mut g| {
            g.sort_by_key(|(rank, _)| *rank);
            g.into_iter().map(|(_, e)| e).collect()
        })
        .collect()
}

/// The entrants a played repesca admits, best first by the overall standings: not
/// among the best `per_group` of their liguilla, not withdrawn, and meeting `rule`.
pub fn repesca_entrants(file: &TournamentFile, per_group: usize, rule: RepescaRule) -> Vec<String> {
    let table: Vec<_> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    let orders = group_orders(&table);
    let qualified: Vec<EntrantId> = orders
        .iter()
        .flat_map(|g| g.iter().take(per_group).copied())
        .collect();
    table
        .iter()
        .enumerate()
        .filter(|(k, _)| !qualified.contains(&EntrantId(*k as u32)))
        .filter(|(_, r)| r.points >= rule.min_points)
        .filter(|(_, r)| {
            rule.worst_place
                .is_none_or(|w| r.group_rank.unwrap_or(r.rank) <= w)
        })
        .map(|(_, r)| r.id.clone())
        .collect()
}

/// The places a played repesca fills when the organiser names none: as many as take
/// the group qualifiers to the next power of two above them (2 qualifiers: 2 places,
/// for a knockout of 4; 3: 1 place).
pub fn repesca_places_to_fill(file: &TournamentFile, per_group: usize) -> usize {
    let q = group_qualifiers(file, per_group);
    (q + 1).next_power_of_two() - q
}

/// Whether the seeds a played repesca's winners are to take fit its knockout: one
/// named seed per place, each named once, each a seed of the knockout to come (the
/// group qualifiers of `file`, `per_group` each, and the `places`).
pub fn repesca_seeds_fit(
    file: &TournamentFile,
    per_group: usize,
    places: usize,
    seeds: &[u32],
) -> bool {
    let size = group_qualifiers(file, per_group) + places;
    let mut distinct = seeds.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    seeds.len() == places
        && distinct.len() == seeds.len()
        && seeds.iter().all(|&s| s != 0 && s as usize <= size)
}

/// How many go through from the liguillas straight to the knockout: the best
/// `per_group` of each (withdrawn entrants aside).
pub fn group_qualifiers(file: &TournamentFile, per_group: usize) -> usize {
    let table: Vec<_> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    group_orders(&table)
        .iter()
        .map(|g| g.len().min(per_group))
        .sum()
}

/// Where a phase's entrants were cut from the standings through a shared place (ties
/// `shared`): an entrant of the phase level after every criterion with one left out,
/// overall or in their liguilla. The cut then follows the order the standings list
/// level entrants in (seeds first, then the order of entry), which [`shared_cut_words`]
/// says. `entrants`: the phase's entrants by id. Returns the shared place.
pub fn shared_cut(file: &TournamentFile, entrants: &[String]) -> Option<u32> {
    let table: Vec<StandingRow> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    let inside = |r: &StandingRow| entrants.contains(&r.id);
    // Overall: a row level with the one above, one of them in, the other out.
    for w in table.windows(2) {
        let (above, row) = (&w[0], &w[1]);
        if row.ex_aequo && row.place == above.place && inside(above) != inside(row) {
            return Some(row.place);
        }
    }
    // In a liguilla: the same, in the group's order.
    for group in group_orders(&table) {
        for w in group.windows(2) {
            let (above, row) = (&table[w[0].0 as usize], &table[w[1].0 as usize]);
            if row.group_level && inside(above) != inside(row) {
                return above.group_rank;
            }
        }
    }
    None
}

/// The rule that decided a cut through a shared place, in words.
pub fn shared_cut_words(place: u32, lang: Lang) -> String {
    tr!(
        lang,
        "El corte pasó por un puesto compartido ({place}.º ex aequo): lo decidió el orden de la clasificación (cabezas de serie primero, luego orden de inscripción)",
        "El tall va passar per un lloc compartit (lloc {place}, ex aequo): el va decidir l'ordre de la classificació (caps de sèrie primer, després ordre d'inscripció)",
        "The cut went through a shared place (place {place}, ex aequo): the standings' order decided it (seeds first, then order of entry)"
    )
}

/// Before a phase is drawn: the cuts of the standings that would fall inside a shared
/// place (ties `shared`), each said in words as [`shared_cut_words`] says a cut made.
/// Overall: "with 3 qualifiers" when the 3rd and 4th share a place; per liguilla:
/// "with 2 per liguilla" when a group's 2nd and 3rd share theirs. A knockout takes two
/// at least, so a cut after the first is not said.
pub fn shared_cuts_ahead(file: &TournamentFile, lang: Lang) -> Vec<String> {
    let table: Vec<StandingRow> = standings(file)
        .into_iter()
        .filter(|r| !r.withdrawn)
        .collect();
    let rule = lang.pick(
        "lo decide el orden de la clasificación (cabezas de serie primero, luego orden de inscripción)",
        "el decideix l'ordre de la classificació (caps de sèrie primer, després ordre d'inscripció)",
        "the standings' order decides it (seeds first, then order of entry)",
    );
    let mut said = Vec::new();
    // Overall: the qualifiers n that leave out the row below a row of a shared place.
    let mut k = 0;
    while k + 1 < table.len() {
        let place = table[k].place;
        let end = table[k..].iter().take_while(|r| r.place == place).count() + k;
        let (first, last) = ((k + 1).max(2), end - 1);
        if table[k].ex_aequo && first <= last {
            let n = if first == last {
                first.to_string()
            } else {
                tr!(
                    lang,
                    "{first} a {last}",
                    "{first} a {last}",
                    "{first} to {last}"
                )
            };
            said.push(tr!(
                lang,
                "Con {n} clasificados, el corte cae dentro del {place}.º puesto, compartido (ex aequo): {rule}",
                "Amb {n} classificats, el tall cau dins del lloc {place}, compartit (ex aequo): {rule}",
                "With {n} qualifiers, the cut falls inside place {place}, shared (ex aequo): {rule}"
            ));
        }
        k = end;
    }
    // Per liguilla: the counts k whose cut leaves out a row level with the k-th.
    let mut per_group: Vec<u32> = table
        .iter()
        .filter(|r| r.group_level)
        .filter_map(|r| r.group_rank.map(|g| g - 1))
        .filter(|&k| k >= 1)
        .collect();
    per_group.sort_unstable();
    per_group.dedup();
    for k in per_group {
        said.push(tr!(
            lang,
            "Con {k} por liguilla, el corte cae dentro de un puesto compartido (ex aequo) de una liguilla: {rule}",
            "Amb {k} per lligueta, el tall cau dins d'un lloc compartit (ex aequo) d'una lligueta: {rule}",
            "With {k} per group, the cut falls inside a shared place (ex aequo) of a group: {rule}"
        ));
    }
    said
}

/// A repesca played as a liguilla (todos contra todos) among `eligible` (ids of
/// `file`'s entrants, best first): a round robin of its own in one group, with the
/// championship's game, match format, points and criteria; its entrants keep their
/// ids and names and are seeded in the order given.
pub fn repesca_liguilla(file: &TournamentFile, eligible: &[String]) -> TournamentFile {
    let mut championship = file.championship.clone();
    championship.system = System::RoundRobin {
        double: false,
        groups: 1,
    };
    let entrants = eligible
        .iter()
        .filter_map(|id| file.entrants.iter().find(|e| &e.id == id))
        .zip(1..)
        .map(|(e, seed)| Entrant {
            seed: Some(seed),
            group: None,
            first_round: 1,
            start_points: MatchPoints::ZERO,
            withdrawn_after_round: None,
            ..e.clone()
        })
        .collect();
    TournamentFile::new(championship, entrants)
}

/// The best `places` of a repesca liguilla ([`repesca_liguilla`]) by its standings,
/// once every round is played with its results; `None` before.
pub fn liguilla_best(liguilla: &TournamentFile, places: usize) -> Option<Vec<String>> {
    match super::next_round(liguilla) {
        Err(super::PairingError::Finished) => Some(
            standings(liguilla)
                .into_iter()
                .filter(|r| !r.withdrawn)
                .take(places)
                .map(|r| r.id)
                .collect(),
        ),
        _ => None,
    }
}

/// The knockouts of a played repesca: `eligible` (best first) dealt in snake order
/// into one knockout per place, whose champions go through. Every knockout has two
/// entrants at least.
pub fn repesca_pods(eligible: &[String], places: usize) -> Result<Vec<Vec<String>>, RepescaError> {
    if places == 0 {
        return Err(RepescaError::NoPlaces);
    }
    if eligible.len() < 2 * places {
        return Err(RepescaError::TooFew(eligible.len(), places));
    }
    let mut pods = vec![Vec::new(); places];
    for (k, id) in eligible.iter().enumerate() {
        let (row, col) = (k / places, k % places);
        let pod = if row % 2 == 0 { col } else { places - 1 - col };
        pods[pod].push(id.clone());
    }
    Ok(pods)
}

/// The knockout from groups over the non-withdrawn rows of the standings.
fn from_groups(
    table: &[StandingRow],
    per_group: usize,
    fill: GroupFill,
    (played, entry): (&[String], &RepescaEntry),
    third_place: bool,
) -> Result<(Vec<String>, Bracket), BracketError> {
    // Every entrant of the phase gets a bracket number: by overall rank.
    let ids: Vec<String> = table.iter().map(|r| r.id.clone()).collect();
    let number = |id: &str| {
        ids.iter()
            .position(|x| x == id)
            .map(|k| EntrantId(k as u32))
    };
    let orders = group_orders(table);
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
    let mut winners = Vec::new();
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
        GroupFill::Played => {
            let mut list = Vec::new();
            for id in played {
                let e = number(id)
                    .ok_or_else(|| BracketError::Invalid(format!("{id} is not an entrant")))?;
                if qualified.contains(&e) || list.contains(&e) {
                    return Err(BracketError::Invalid(format!("{id} qualified twice")));
                }
                list.push(e);
            }
            winners.clone_from(&list);
            Fill::Repesca(list)
        }
    };
    let b = groups_to_knockout(&orders, per_group, fill, third_place)?;
    let order = place_winners(b.seeds(), &winners, entry)?;
    // Keep only the entrants the bracket uses, renumbered by overall rank.
    let used: Vec<u32> = {
        let mut u: Vec<u32> = b.seeds().iter().map(|e| e.0).collect();
        u.sort_unstable();
        u
    };
    let renumber =
        |e: EntrantId| EntrantId(used.iter().position(|x| *x == e.0).unwrap_or(0) as u32);
    let seeds: Vec<EntrantId> = order.iter().map(|e| renumber(*e)).collect();
    let b = bracket_in_seed_order(&seeds, third_place)?;
    Ok((used.iter().map(|k| ids[*k as usize].clone()).collect(), b))
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
    fn a_knockout_drawn_before_any_result_takes_its_entrants_by_their_seeds_not_by_lot() {
        let mut f = file_with(4);
        for (e, seed) in f.entrants.iter_mut().zip([3, 1, 4, 2]) {
            e.seed = Some(seed);
        }
        f.entrants[2].withdrawn_after_round = Some(0);
        for lot_seed in 0..20 {
            f.championship.seed = lot_seed;
            let (ids, _) = single_knockout(&f, Qualify::Top { n: 3 });
            assert_eq!(ids, ["2", "4", "1"], "lot seed {lot_seed}");
        }
        // Unseeded, they go in the order they were entered.
        for e in &mut f.entrants {
            e.seed = None;
        }
        let (ids, _) = single_knockout(&f, Qualify::Top { n: 3 });
        assert_eq!(ids, ["1", "2", "4"]);
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
        let mut f = crate::domain::test_builders::round_robin_file("cuatrola", n, groups);
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
    fn a_repesca_names_one_seed_of_the_knockout_per_place_each_once() {
        // Three group winners and one place: a knockout of four.
        let f = liguillas(12, 3);
        assert!(repesca_seeds_fit(&f, 1, 1, &[4]));
        assert!(repesca_seeds_fit(&f, 1, 1, &[1]));
        assert!(!repesca_seeds_fit(&f, 1, 1, &[5]), "no fifth seed");
        assert!(!repesca_seeds_fit(&f, 1, 1, &[0]), "seeds count from 1");
        assert!(!repesca_seeds_fit(&f, 1, 1, &[3, 4]), "one seed per place");
        assert!(!repesca_seeds_fit(&f, 1, 2, &[4, 4]), "each seed once");
        assert!(repesca_seeds_fit(&f, 1, 2, &[4, 5]));
    }

    #[test]
    fn too_few_entrants_for_the_cut_is_refused() {
        let f = file_with(5);
        assert!(single_knockout_result(&f, Qualify::Top { n: 8 }).is_err());
    }

    #[test]
    fn a_played_repesca_admits_only_the_non_qualified_who_meet_the_rule() {
        // Three liguillas of four: the lower id wins every game, so each group's
        // last has zero points.
        let f = liguillas(12, 3);
        let table = standings(&f);
        let eligible = repesca_entrants(
            &f,
            1,
            RepescaRule {
                min_points: MatchPoints::whole(1),
                worst_place: None,
            },
        );
        assert_eq!(eligible.len(), 6, "{eligible:?}");
        for id in &eligible {
            let r = table.iter().find(|r| &r.id == id).expect("row");
            assert!(
                r.points >= MatchPoints::whole(1) && r.group_rank != Some(1),
                "{r:?}"
            );
        }
        let seconds = repesca_entrants(
            &f,
            1,
            RepescaRule {
                min_points: MatchPoints::ZERO,
                worst_place: Some(2),
            },
        );
        assert_eq!(seconds.len(), 3);
        assert!(
            seconds
                .iter()
                .all(|id| { table.iter().any(|r| &r.id == id && r.group_rank == Some(2)) })
        );
        assert_eq!(repesca_places_to_fill(&f, 1), 1);
        assert_eq!(repesca_places_to_fill(&f, 2), 2);
        // Qualifiers already a power of two: the repesca fills the next knockout size.
        let two = liguillas(8, 2);
        assert_eq!(repesca_places_to_fill(&two, 1), 2);
        assert_eq!(repesca_places_to_fill(&two, 2), 4);
    }

    #[test]
    fn a_repesca_liguilla_plays_every_eligible_pair_once_and_its_best_go_through() {
        let groups = liguillas(12, 3);
        let rule = RepescaRule {
            min_points: MatchPoints::whole(1),
            worst_place: None,
        };
        let eligible = repesca_entrants(&groups, 1, rule);
        let mut f = repesca_liguilla(&groups, &eligible);
        let ids: Vec<&str> = f.entrants.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, eligible, "the rule's entrants, best first");
        assert!(f.entrants.iter().all(|e| e.group.is_none()));
        assert_eq!(liguilla_best(&f, 1), None, "nothing played yet");
        let mut met = std::collections::BTreeSet::new();
        while let Ok(mut r) = super::super::next_round(&f) {
            for p in &r.pairings {
                if let Pairing::Table(t) = p {
                    let a: u32 = t.a.parse().expect("id");
                    let b: u32 = t.b.parse().expect("id");
                    assert!(met.insert((a.min(b), a.max(b))), "{a} met {b} twice");
                    let (sa, sb) = if a < b { (21, 10) } else { (10, 21) };
                    r.results.push(MatchResult::new(t.table, sa, sb));
                }
            }
            f.rounds.push(r);
        }
        let n = eligible.len();
        assert_eq!(met.len(), n * (n - 1) / 2, "todos contra todos");
        let mut by_id: Vec<u32> = eligible.iter().map(|e| e.parse().expect("id")).collect();
        by_id.sort_unstable();
        let best: Vec<String> = by_id.iter().take(2).map(u32::to_string).collect();
        assert_eq!(liguilla_best(&f, 2), Some(best));
    }

    #[test]
    fn repesca_knockouts_are_dealt_in_snake_order_and_need_two_per_place() {
        let ids: Vec<String> = (1..=7).map(|i| i.to_string()).collect();
        let pods = repesca_pods(&ids, 3).expect("pods");
        assert_eq!(pods, [vec!["1", "6", "7"], vec!["2", "5"], vec!["3", "4"]]);
        assert_eq!(repesca_pods(&ids, 4), Err(RepescaError::TooFew(7, 4)));
        assert_eq!(repesca_pods(&ids, 0), Err(RepescaError::NoPlaces));
    }

    #[test]
    fn the_repesca_winner_joins_three_group_winners_as_the_lowest_seed() {
        let f = liguillas(12, 3);
        let table = standings(&f);
        let winner = table
            .iter()
            .rev()
            .find(|r| r.group_rank == Some(3))
            .map(|r| r.id.clone())
            .expect("a third");
        let (ids, b) =
            knockout_with_repesca(&f, 1, std::slice::from_ref(&winner), false).expect("bracket");
        assert_eq!(ids.len(), 4);
        assert!(ids.contains(&winner));
        // The lowest seed: it meets the first seed, a group winner.
        assert_eq!(b.seeds().last(), Some(&EntrantId(3)), "{ids:?}");
        assert_eq!(ids[3], winner);
        let semis = first_round(&ids, &b);
        let winners: Vec<&str> = table
            .iter()
            .filter(|r| r.group_rank == Some(1))
            .map(|r| r.id.as_str())
            .collect();
        let best = winners[0].to_owned();
        let semi = semis.iter().find(|m| m.contains(&winner)).expect("plays");
        assert!(
            semi.iter().any(|x| winners.contains(&x.as_str())),
            "{semis:?}"
        );
        let again = knockout_with_repesca(&f, 1, std::slice::from_ref(&best), false);
        assert!(
            again.is_err(),
            "a group winner cannot come from the repesca"
        );
        assert!(
            knockout_from_standings(
                &f,
                Qualify::PerGroup {
                    per_group: 1,
                    fill: GroupFill::Played
                },
                KnockoutShape::Single { third_place: false }
            )
            .is_err()
        );
    }

    #[test]
    fn the_repesca_winners_enter_as_the_lowest_seeds_by_the_standings_or_at_the_named_seeds() {
        let q = [EntrantId(0), EntrantId(1), EntrantId(2)];
        let seeds = [q[0], q[1], q[2], EntrantId(5)];
        let w = [EntrantId(5)];
        assert_eq!(
            place_winners(&seeds, &w, &RepescaEntry::Lowest),
            Ok(seeds.to_vec())
        );
        // Fifth overall, behind the three qualifiers (0, 1, 2): still last.
        assert_eq!(
            place_winners(&seeds, &w, &RepescaEntry::Standings),
            Ok(seeds.to_vec())
        );
        // Second overall (a group's runner-up better than a group's winner).
        let seeds = [q[0], EntrantId(3), q[2], EntrantId(1)];
        let w = [EntrantId(1)];
        assert_eq!(
            place_winners(&seeds, &w, &RepescaEntry::Standings),
            Ok(vec![q[0], EntrantId(1), EntrantId(3), q[2]])
        );
        let named = RepescaEntry::Seeds { seeds: vec![2] };
        assert_eq!(
            place_winners(&seeds, &w, &named),
            Ok(vec![q[0], EntrantId(1), EntrantId(3), q[2]])
        );
        for bad in [vec![], vec![0], vec![5], vec![2, 2]] {
            assert!(place_winners(&seeds, &w, &RepescaEntry::Seeds { seeds: bad }).is_err());
        }
    }
}
