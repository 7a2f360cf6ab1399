//! The tournament domain: pairing systems (round robin by the FIDE Berger tables,
//! single or double, in one group or several; Swiss by maximum-weight matching;
//! sistema de ceros), match formats and result checking per game, standings with an
//! ordered list of tie-breaks, and the tournament file that holds it all.
//!
//! Pure: no I/O, no clock, no randomness (the lot takes `event.seed` from the file).
//! Above the rules core: uses `kind`, `options` and `lang`, quick `entry` for a
//! game's result, and `bracket` for knockout stages.
//! The web pages and the CLI (`baza pair FILE`, `baza standings FILE`) call the same
//! functions:
//!
//! * [`file::parse`] / [`file::validate`]: read and check a [`TournamentFile`];
//! * [`next_round`]: the pairings of the next round;
//! * [`standings`]: the ranking 1..N with every tie-break value;
//! * [`dependents_of`]: which later pairings depend on a result (before correcting it);
//! * [`hindsight::hindsight`]: who would have met in them with the corrected result;
//! * [`format::check_result`]: whether a score fits the game and the match format;
//! * [`text::round_table`], [`text::final_ranking_table`]: plain-text tables for a terminal.

pub mod berger;
pub mod ceros;
pub mod criteria;
pub mod draws;
pub mod file;
pub mod format;
pub mod groups;
pub mod halves;
pub mod hindsight;
mod ledger;
pub mod listing;
pub mod matching;
pub mod offer;
pub mod people;
pub mod played;
pub mod qualify;
pub mod ranking;
pub mod rng;
mod round_robin;
pub mod seat;
pub mod standings;
pub mod swiss;
pub mod text;

#[cfg(test)]
mod file_reads_back;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod ties_tests;

pub use draws::Draws;
pub use file::{
    BracketPhase, ByePairing, Championship, Entrant, EntrantPerson, FORMAT, FileError, InPlay,
    MatchResult, Pairing, PhaseTable, RepescaLiguilla, RestPairing, Round, SameClub, System,
    TablePairing, TournamentFile, parse, validate,
};
pub use format::{MatchFormat, Outcome, Points, ResultError, Side, check_outcome, check_result};
pub use halves::MatchPoints;
pub use hindsight::{Hindsight, Meeting, Moved, hindsight};
pub use ranking::{FinalRow, Reached, final_phase, final_ranking};
pub use standings::{HeadToHead, StandingRow, Tiebreak, Ties, standings};

use ledger::Ledger;
use std::collections::BTreeSet;
use std::fmt;

/// Why the next round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// The file breaks one of its rules.
    InvalidFile(FileError),
    /// A round still has tables without a result.
    RoundIncomplete { round: u32, tables: Vec<u32> },
    /// Every round has been played (or, in ceros, one entrant is left).
    Finished,
    /// Fewer than two entrants can play.
    NotEnoughEntrants,
    /// A round robin's schedule is fixed at the start: this entrant joins later.
    LateEntry(String),
    /// Too many entrants or too wide a score spread for exact integer weights.
    TooLarge,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::InvalidFile(e) => write!(f, "invalid tournament file: {e}"),
            PairingError::RoundIncomplete { round, tables } => {
                let t: Vec<String> = tables.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "round {round} is not finished: no result for table {}",
                    t.join(", ")
                )
            }
            PairingError::Finished => write!(f, "the tournament is finished"),
            PairingError::NotEnoughEntrants => write!(f, "fewer than two entrants can play"),
            PairingError::LateEntry(id) => write!(
                f,
                "entrant \"{id}\" joins late, but a round robin's schedule is fixed at the start"
            ),
            PairingError::TooLarge => write!(f, "too many entrants to pair exactly"),
        }
    }
}

impl std::error::Error for PairingError {}

impl From<FileError> for PairingError {
    fn from(e: FileError) -> Self {
        PairingError::InvalidFile(e)
    }
}

/// Refuses, naming the first round that lacks a result and its tables, while any
/// round does.
pub fn rounds_complete(file: &TournamentFile) -> Result<(), PairingError> {
    for r in &file.rounds {
        let missing = r.missing_results();
        if !missing.is_empty() {
            return Err(PairingError::RoundIncomplete {
                round: r.number,
                tables: missing,
            });
        }
    }
    Ok(())
}

/// Rounds a championship's system plans that are not drawn yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundsLeft {
    /// Rounds of a Swiss.
    Swiss(u32),
    /// Rounds (jornadas) of a league's schedule (round robin).
    League(u32),
}

impl RoundsLeft {
    /// How many.
    pub fn count(self) -> u32 {
        match self {
            RoundsLeft::Swiss(n) | RoundsLeft::League(n) => n,
        }
    }
}

/// The rounds still to play once the first is drawn: a Swiss's, or a league's
/// (round robin) by its schedule; none before any round (a knockout then takes the
/// place of the rounds), none in ceros, none once every round planned is drawn.
pub fn rounds_left(file: &TournamentFile) -> Option<RoundsLeft> {
    if file.rounds.is_empty() {
        return None;
    }
    let drawn = u32::try_from(file.rounds.len()).unwrap_or(u32::MAX);
    let left = match file.championship.system {
        System::Swiss { rounds } => RoundsLeft::Swiss(rounds.saturating_sub(drawn)),
        System::RoundRobin { .. } => {
            let planned = round_robin::rounds_scheduled(&Ledger::new(file));
            RoundsLeft::League(planned.saturating_sub(drawn))
        }
        System::Ceros { .. } => return None,
    };
    Some(left).filter(|l| l.count() > 0)
}

/// The next round of the tournament: its number and pairings (no results). Every
/// earlier round must be complete.
pub fn next_round(file: &TournamentFile) -> Result<Round, PairingError> {
    validate(file)?;
    rounds_complete(file)?;
    let number = file.rounds.len() as u32 + 1;
    let ledger = Ledger::new(file);
    let pairings = match file.championship.system {
        System::RoundRobin { .. } => round_robin::pair(&ledger, number)?,
        System::Swiss { rounds } => {
            if number > rounds {
                return Err(PairingError::Finished);
            }
            let table = standings::compute(&ledger);
            swiss::pair(&ledger, &table, number)?
        }
        System::Ceros { .. } => ceros::pair(&ledger, number)?,
    };
    Ok(Round {
        number,
        pairings,
        results: Vec::new(),
        in_play: Vec::new(),
    })
}

/// What a correction to the result of `table` in round `round` would touch: the later
/// pairings `(round, table)` that depended on it (table 0 = that round's bye).
///
/// A round robin's schedule depends on no result, so nothing. In Swiss and ceros the
/// two entrants' next pairings depended on their scores; whoever they then met was
/// paired because of it, and so on: the answer is that closure over the later rounds,
/// in round and table order. A correction recomputes the standings in any case (they
/// are always computed from the whole file); these pairings are the ones an organizer
/// must review, or redraw if not yet played.
pub fn dependents_of(file: &TournamentFile, round: u32, table: u32) -> Vec<(u32, u32)> {
    if matches!(file.championship.system, System::RoundRobin { .. }) {
        return Vec::new();
    }
    let Some(r) = file.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let Some(start) = r.pairings.iter().find(|p| p.table() == table && table != 0) else {
        return Vec::new();
    };
    let mut touched: BTreeSet<&str> = start.entrants().into_iter().collect();
    let mut out = Vec::new();
    for later in file.rounds.iter().filter(|x| x.number > round) {
        let mut added = Vec::new();
        for p in &later.pairings {
            let ids = p.entrants();
            if ids.iter().any(|id| touched.contains(id)) {
                out.push((later.number, p.table()));
                added.extend(ids);
            }
        }
        touched.extend(added);
    }
    out.sort_unstable();
    out
}
