//! The liguillas of a round robin in groups before its first round: as they stand
//! (named in the file, or by seed in snake order), drawn by lot with seeded pots (the
//! best `g` seeds in `g` different groups, then the next `g`, and so on, each pot dealt
//! at random), and one entrant moved from one group to another. The lot's seed is
//! passed in: the same seed always draws the same groups.

use super::file::{System, TournamentFile};
use super::ledger::Ledger;
use super::rng::Rng;
use super::round_robin::groups_of;

/// Why the groups cannot be drawn or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupsError {
    /// The championship is not a round robin in two groups or more.
    NotInGroups,
    /// A round is paired: the groups are fixed.
    Started,
    UnknownEntrant(String),
    /// There is no such group (1..=groups).
    NoSuchGroup(u32),
}

/// How many liguillas `file` plays (0 when it is not a round robin in groups).
pub fn group_count(file: &TournamentFile) -> u32 {
    match file.championship.system {
        System::RoundRobin { groups, .. } if groups > 1 => groups,
        _ => 0,
    }
}

fn changeable(file: &TournamentFile) -> Result<u32, GroupsError> {
    let g = group_count(file);
    if g == 0 {
        return Err(GroupsError::NotInGroups);
    }
    if !file.rounds.is_empty() {
        return Err(GroupsError::Started);
    }
    Ok(g)
}

/// Each liguilla's entrants (ids), by seed: `groups(file)[k]` is group `k + 1`.
/// Entrants outside the schedule (a late entry, one withdrawn before the start, one
/// named in no group) are in none.
pub fn groups(file: &TournamentFile) -> Vec<Vec<String>> {
    let g = group_count(file).max(1);
    let ledger = Ledger::new(file);
    let of = groups_of(&ledger, g);
    let mut out = vec![Vec::new(); g as usize];
    for &i in &ledger.by_seed {
        if let Some(slot) = of[i].checked_sub(1).and_then(|k| out.get_mut(k as usize)) {
            slot.push(file.entrants[i].id.clone());
        }
    }
    out
}

/// Draws the liguillas by lot with seeded pots and writes them into the file (each
/// entrant's `group`): the entrants of the schedule by seed, in pots of as many as
/// there are groups; each pot is dealt to the groups in an order drawn from `seed`, so
/// the top seeds are in different groups and no group has two more than another.
pub fn draw_by_lot(file: &mut TournamentFile, seed: u64) -> Result<(), GroupsError> {
    let g = changeable(file)? as usize;
    // Everyone of the schedule, by seed (whatever group they had before).
    let order: Vec<usize> = {
        let mut plain = file.clone();
        for e in &mut plain.entrants {
            e.group = None;
        }
        let ledger = Ledger::new(&plain);
        let of = groups_of(&ledger, g as u32);
        ledger
            .by_seed
            .iter()
            .copied()
            .filter(|&i| of[i] > 0)
            .collect()
    };
    let mut rng = Rng::new(seed);
    let mut assigned: Vec<(usize, u32)> = Vec::with_capacity(order.len());
    for pot in order.chunks(g) {
        let mut to: Vec<u32> = (1..=g as u32).collect();
        rng.shuffle(&mut to);
        assigned.extend(pot.iter().zip(to).map(|(&i, group)| (i, group)));
    }
    for e in &mut file.entrants {
        e.group = None;
    }
    for (i, group) in assigned {
        file.entrants[i].group = Some(group);
    }
    Ok(())
}

/// Moves entrant `id` to group `to` (1-based), writing every entrant's group into the
/// file first if the file named none (so the others stay where they were).
pub fn move_to_group(file: &mut TournamentFile, id: &str, to: u32) -> Result<(), GroupsError> {
    let g = changeable(file)?;
    if to == 0 || to > g {
        return Err(GroupsError::NoSuchGroup(to));
    }
    let k = file
        .entrants
        .iter()
        .position(|e| e.id == id)
        .ok_or_else(|| GroupsError::UnknownEntrant(id.to_owned()))?;
    let now = groups(file);
    for (n, members) in now.iter().enumerate() {
        for m in members {
            if let Some(e) = file.entrants.iter_mut().find(|e| &e.id == m) {
                e.group = Some(n as u32 + 1);
            }
        }
    }
    file.entrants[k].group = Some(to);
    Ok(())
}

/// A new entrant of a file whose entrants name their group (drawn or moved) goes to
/// the smallest group (the first of equal ones), so every entrant keeps naming one.
pub fn place_newcomer(file: &TournamentFile, newcomer: &mut super::file::Entrant) {
    let g = group_count(file);
    if g == 0 || newcomer.group.is_some() || !file.entrants.iter().any(|e| e.group.is_some()) {
        return;
    }
    let size = |k: u32| file.entrants.iter().filter(|e| e.group == Some(k)).count();
    newcomer.group = (1..=g).min_by_key(|&k| (size(k), k));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::tournament::parse;
    use proptest::prelude::*;

    fn file(n: usize, groups: u32) -> TournamentFile {
        let text = format!(
            r#"{{"format":"baza-tournament/1","event":{{"name":"x","game":"botifarra","system":{{"kind":"round_robin","groups":{groups}}}}},"entrants":[{}]}}"#,
            (1..=n)
                .map(|i| format!(r#"{{"id":"{i}","name":"P{i}","seed":{i}}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        parse(&text).expect("file")
    }

    proptest! {
        #[test]
        fn a_draw_by_lot_puts_each_pot_in_different_groups_and_keeps_them_even(
            n in 2usize..40, g in 2u32..8, seed in any::<u64>()
        ) {
            prop_assume!(n >= g as usize);
            let mut f = file(n, g);
            draw_by_lot(&mut f, seed).unwrap();
            let drawn = groups(&f);
            prop_assert_eq!(drawn.len(), g as usize);
            let sizes: Vec<usize> = drawn.iter().map(Vec::len).collect();
            prop_assert_eq!(sizes.iter().sum::<usize>(), n);
            prop_assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
            // Pot k (seeds k·g+1 ..= (k+1)·g): one in each group at most.
            for members in &drawn {
                let mut pots: Vec<usize> = members
                    .iter()
                    .map(|id| (id.parse::<usize>().unwrap() - 1) / g as usize)
                    .collect();
                pots.sort_unstable();
                pots.dedup();
                prop_assert_eq!(pots.len(), members.len(), "{:?}", drawn);
            }
            // The same seed draws the same groups; the pairing reads them.
            let mut again = file(n, g);
            draw_by_lot(&mut again, seed).unwrap();
            prop_assert_eq!(groups(&again), drawn);
        }
    }

    #[test]
    fn different_seeds_draw_different_groups() {
        let draws: std::collections::BTreeSet<Vec<Vec<String>>> = (0..20u64)
            .map(|s| {
                let mut f = file(16, 4);
                draw_by_lot(&mut f, s).unwrap();
                groups(&f)
            })
            .collect();
        assert!(draws.len() > 10, "{}", draws.len());
    }

    #[test]
    fn a_moved_entrant_changes_group_and_the_others_stay() {
        let mut f = file(8, 2);
        let before = groups(&f);
        let who = before[0][1].clone();
        move_to_group(&mut f, &who, 2).unwrap();
        let after = groups(&f);
        assert!(after[1].contains(&who) && !after[0].contains(&who));
        for (b, a) in before.iter().zip(&after) {
            for id in b.iter().filter(|x| **x != who) {
                assert!(a.contains(id), "{id} stayed");
            }
        }
        assert_eq!(
            move_to_group(&mut f, &who, 3),
            Err(GroupsError::NoSuchGroup(3))
        );
        assert_eq!(
            move_to_group(&mut f, "99", 1),
            Err(GroupsError::UnknownEntrant("99".into()))
        );
        let mut started = f.clone();
        started
            .rounds
            .push(crate::domain::tournament::next_round(&f).unwrap());
        assert_eq!(draw_by_lot(&mut started, 1), Err(GroupsError::Started));
        assert_eq!(
            move_to_group(&mut file(4, 1), "1", 1),
            Err(GroupsError::NotInGroups)
        );
    }

    #[test]
    fn a_pair_entered_after_the_draw_joins_the_smallest_group() {
        let mut f = file(7, 2);
        let mut late = crate::domain::tournament::Entrant::new("8", "P8");
        place_newcomer(&f, &mut late);
        assert_eq!(late.group, None, "groups by seed: nothing to name");
        draw_by_lot(&mut f, 5).unwrap();
        let small = if groups(&f)[0].len() < groups(&f)[1].len() {
            1
        } else {
            2
        };
        place_newcomer(&f, &mut late);
        assert_eq!(late.group, Some(small));
        f.entrants.push(late);
        assert!(crate::domain::tournament::validate(&f).is_ok());
        assert_eq!(groups(&f)[0].len(), 4);
    }
}
