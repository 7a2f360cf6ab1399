//! The file read into indices: who met whom, every finished game, byes and rests.
//! Lines that name unknown entrants or tables are skipped here ([`super::file::validate`]
//! reports them), so everything built on the ledger works on any input.

use super::file::{Pairing, TournamentFile};
use super::format::{Outcome, Side};
use std::collections::HashMap;

/// A finished game between entrant indices `a` and `b`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Game {
    pub round: u32,
    pub a: usize,
    pub b: usize,
    pub score: [u32; 2],
    pub outcome: Outcome,
}

pub(crate) struct Ledger<'a> {
    pub file: &'a TournamentFile,
    pub index: HashMap<&'a str, usize>,
    /// Entrant indices by seed (seeded first, by seed; then the others in file order).
    pub by_seed: Vec<usize>,
    pub games: Vec<Game>,
    /// Indices into `games`, per entrant.
    pub games_of: Vec<Vec<usize>>,
    /// Rounds with a bye, per entrant.
    pub byes: Vec<Vec<u32>>,
    /// Every opponent an entrant was paired with, result or not, per entrant.
    pub opponents: Vec<Vec<usize>>,
}

impl<'a> Ledger<'a> {
    pub fn new(file: &'a TournamentFile) -> Ledger<'a> {
        let n = file.entrants.len();
        let mut index = HashMap::with_capacity(n);
        for (i, e) in file.entrants.iter().enumerate() {
            index.entry(e.id.as_str()).or_insert(i);
        }
        let mut by_seed: Vec<usize> = (0..n).collect();
        by_seed.sort_by_key(|&i| (file.entrants[i].seed.unwrap_or(u32::MAX), i));
        let mut ledger = Ledger {
            file,
            index,
            by_seed,
            games: Vec::new(),
            games_of: vec![Vec::new(); n],
            byes: vec![Vec::new(); n],
            opponents: vec![Vec::new(); n],
        };
        for round in &file.rounds {
            let results = round.results_by_table();
            for p in &round.pairings {
                match p {
                    Pairing::Table(t) => {
                        let (Some(&a), Some(&b)) = (
                            ledger.index.get(t.a.as_str()),
                            ledger.index.get(t.b.as_str()),
                        ) else {
                            continue;
                        };
                        if a == b {
                            continue;
                        }
                        ledger.opponents[a].push(b);
                        ledger.opponents[b].push(a);
                        let Some(r) = results.get(&t.table) else {
                            continue;
                        };
                        let by_score = Outcome::by_score(r.score);
                        let outcome = match (r.forfeit, r.winner) {
                            (Some(Side::A), _) => Outcome::B,
                            (Some(Side::B), _) => Outcome::A,
                            (None, Some(Side::A)) => Outcome::A,
                            (None, Some(Side::B)) => Outcome::B,
                            (None, None) => by_score,
                        };
                        let gi = ledger.games.len();
                        ledger.games.push(Game {
                            round: round.number,
                            a,
                            b,
                            score: r.score,
                            outcome,
                        });
                        ledger.games_of[a].push(gi);
                        ledger.games_of[b].push(gi);
                    }
                    Pairing::Bye(b) => {
                        if let Some(&i) = ledger.index.get(b.bye.as_str()) {
                            ledger.byes[i].push(round.number);
                        }
                    }
                    Pairing::Rest(_) => {}
                }
            }
        }
        ledger
    }

    pub fn len(&self) -> usize {
        self.file.entrants.len()
    }

    /// The rounds in which entrant `i` lost a game, in order.
    pub fn loss_rounds(&self, i: usize) -> Vec<u32> {
        let mut out: Vec<u32> = self.games_of[i]
            .iter()
            .map(|&gi| self.games[gi])
            .filter(|g| match g.outcome {
                Outcome::A => g.b == i,
                Outcome::B => g.a == i,
                Outcome::Draw => false,
            })
            .map(|g| g.round)
            .collect();
        out.sort_unstable();
        out
    }
}
