//! Sistema de ceros: an entrant is out at its k-th loss; the survivors are redrawn by
//! lot every round. With an odd number of survivors one is "exenta" (a bye, credited as
//! a win), drawn by lot among those with the fewest byes, so nobody is exenta twice
//! until every survivor has been. The draw avoids rematches when a few redraws can
//! (up to 64 draws are tried, the first with the fewest rematches is kept). The lot
//! comes from `event.seed` and the round number: the same file always draws the same.

use super::PairingError;
use super::file::{ByePairing, Pairing, System, TablePairing};
use super::ledger::Ledger;
use super::rng::Rng;

/// Entrants still in for round `round` (plays that round, fewer than k losses).
pub(crate) fn survivors(ledger: &Ledger, round: u32) -> Vec<usize> {
    let System::Ceros { losses } = ledger.file.championship.system else {
        return Vec::new();
    };
    ledger
        .by_seed
        .iter()
        .copied()
        .filter(|&i| {
            ledger.file.entrants[i].plays_in(round) && (ledger.loss_rounds(i).len() as u32) < losses
        })
        .collect()
}

pub(crate) fn pair(ledger: &Ledger, round: u32) -> Result<Vec<Pairing>, PairingError> {
    let alive = survivors(ledger, round);
    if alive.len() < 2 {
        return Err(PairingError::Finished);
    }
    let mut rng = Rng::new(
        ledger.file.championship.seed ^ u64::from(round).wrapping_mul(0xA24B_AED4_963E_E407),
    );
    let mut rest = alive.clone();
    let mut bye = None;
    if alive.len() % 2 == 1 {
        let fewest = alive
            .iter()
            .map(|&i| ledger.byes[i].len())
            .min()
            .unwrap_or(0);
        let candidates: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&i| ledger.byes[i].len() == fewest)
            .collect();
        let pick = candidates.get(rng.below(candidates.len())).copied();
        if let Some(b) = pick {
            rest.retain(|&i| i != b);
            bye = Some(b);
        }
    }
    let rematches = |v: &[usize]| {
        v.chunks(2)
            .filter(|c| c.len() == 2 && ledger.opponents[c[0]].contains(&c[1]))
            .count()
    };
    let mut best: Option<(usize, Vec<usize>)> = None;
    for _ in 0..64 {
        let mut draw = rest.clone();
        rng.shuffle(&mut draw);
        let r = rematches(&draw);
        if best.as_ref().is_none_or(|(b, _)| r < *b) {
            best = Some((r, draw));
        }
        if r == 0 {
            break;
        }
    }
    let draw = best.map(|(_, d)| d).unwrap_or(rest);
    let id = |i: usize| ledger.file.entrants[i].id.clone();
    let mut out: Vec<Pairing> = draw
        .chunks(2)
        .enumerate()
        .filter(|(_, c)| c.len() == 2)
        .map(|(t, c)| {
            Pairing::Table(TablePairing {
                table: t as u32 + 1,
                a: id(c[0]),
                b: id(c[1]),
            })
        })
        .collect();
    if let Some(b) = bye {
        out.push(Pairing::Bye(ByePairing { bye: id(b) }));
    }
    Ok(out)
}
