//! Round robin in one group or several (liguillas), by the Berger tables.

use super::PairingError;
use super::berger::{Slot, schedule};
use super::file::{Pairing, RestPairing, System, TablePairing};
use super::ledger::Ledger;

/// The entrants of group `group` in seed order, `assignment` being [`groups_of`]'s.
pub(crate) fn members(ledger: &Ledger, assignment: &[u32], group: u32) -> Vec<usize> {
    ledger
        .by_seed
        .iter()
        .copied()
        .filter(|&i| assignment[i] == group)
        .collect()
}

/// Whether entrant `i` is in the schedule at all: present from round 1 and not
/// withdrawn before it.
fn scheduled(ledger: &Ledger, i: usize) -> bool {
    let e = &ledger.file.entrants[i];
    e.first_round <= 1 && e.withdrawn_after_round != Some(0)
}

/// The group (1-based) of each entrant; 0 for one outside the schedule. Entrants name
/// their group, or groups are filled by seed in snake order (1 2 3 3 2 1 1 2 3 …).
pub(crate) fn groups_of(ledger: &Ledger, groups: u32) -> Vec<u32> {
    let n = ledger.len();
    let groups = groups.max(1);
    let mut out = vec![0; n];
    let explicit = ledger.file.entrants.iter().any(|e| e.group.is_some());
    let mut k = 0u32;
    for &i in &ledger.by_seed {
        if !scheduled(ledger, i) {
            continue;
        }
        out[i] = if explicit {
            ledger.file.entrants[i].group.unwrap_or(0)
        } else {
            let row = k / groups;
            let col = k % groups;
            k += 1;
            if row.is_multiple_of(2) {
                col + 1
            } else {
                groups - col
            }
        };
    }
    out
}

/// The rounds (jornadas) of a league's schedule: its largest liguilla's; none for
/// another system.
pub(crate) fn rounds_scheduled(ledger: &Ledger) -> u32 {
    let System::RoundRobin { double, groups } = ledger.file.championship.system else {
        return 0;
    };
    let asg = groups_of(ledger, groups);
    (1..=groups.max(1))
        .map(|g| schedule(members(ledger, &asg, g).len(), double).len())
        .max()
        .map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// The pairings of round `round` (1-based).
pub(crate) fn pair(ledger: &Ledger, round: u32) -> Result<Vec<Pairing>, PairingError> {
    let System::RoundRobin { double, groups } = ledger.file.championship.system else {
        return Err(PairingError::Finished);
    };
    if let Some(e) = ledger.file.entrants.iter().find(|e| e.first_round > 1) {
        return Err(PairingError::LateEntry(e.id.clone()));
    }
    let asg = groups_of(ledger, groups);
    let plays = |i: usize| ledger.file.entrants[i].plays_in(round);
    let id = |i: usize| ledger.file.entrants[i].id.clone();
    let mut games = Vec::new();
    let mut rests = Vec::new();
    let mut any = false;
    let mut table = 1;
    for g in 1..=groups.max(1) {
        let members = members(ledger, &asg, g);
        let sched = schedule(members.len(), double);
        let Some(slots) = sched.get((round as usize).saturating_sub(1)) else {
            continue;
        };
        any = true;
        for slot in slots {
            match *slot {
                Slot::Game(p, q) => {
                    let (Some(&a), Some(&b)) = (members.get(p - 1), members.get(q - 1)) else {
                        continue;
                    };
                    match (plays(a), plays(b)) {
                        (true, true) => {
                            games.push(Pairing::Table(TablePairing {
                                table,
                                a: id(a),
                                b: id(b),
                            }));
                            table += 1;
                        }
                        (true, false) => rests.push(a),
                        (false, true) => rests.push(b),
                        (false, false) => {}
                    }
                }
                Slot::Rest(p) => {
                    if let Some(&a) = members.get(p - 1)
                        && plays(a)
                    {
                        rests.push(a);
                    }
                }
            }
        }
    }
    if !any {
        // No schedule has a first round: fewer than two pairs in every group.
        return Err(if round == 1 {
            PairingError::NotEnoughEntrants
        } else {
            PairingError::Finished
        });
    }
    games.extend(
        rests
            .into_iter()
            .map(|i| Pairing::Rest(RestPairing { rest: id(i) })),
    );
    Ok(games)
}
