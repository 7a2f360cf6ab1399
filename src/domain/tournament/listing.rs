//! What a championship's document says of it at a glance: its format, its status and
//! the rounds it plans (which its listing row keeps beside the document), and its
//! entrants' names and the id of the next one.

use super::{PairingError, System, TournamentFile, next_round};
use crate::domain::refusal::EntrantFault;
use crate::domain::status::{ChampionshipFormat, ChampionshipStatus};

/// The listing row's `format` of a system.
pub fn format_of(system: &System) -> ChampionshipFormat {
    match system {
        System::RoundRobin { .. } => ChampionshipFormat::League,
        System::Swiss { .. } => ChampionshipFormat::Swiss,
        System::Ceros { .. } => ChampionshipFormat::Ceros,
    }
}

/// The listing row's `status` of a championship's document: registration before its
/// first round, finished once no round can follow, else running.
pub fn status_of(file: &TournamentFile) -> ChampionshipStatus {
    if file.rounds.is_empty() {
        ChampionshipStatus::Registration
    } else if matches!(next_round(file), Err(PairingError::Finished)) {
        ChampionshipStatus::Finished
    } else {
        ChampionshipStatus::Running
    }
}

/// Why championship `file` takes no entrant now, if it does not: a round robin once
/// paired, a Swiss once its last round is paired (an entrant would play no round).
pub fn late_entry_refused(file: &TournamentFile) -> Option<EntrantFault> {
    let paired = file.rounds.len() as u32;
    match file.championship.system {
        _ if paired == 0 => None,
        System::RoundRobin { .. } => Some(EntrantFault::LateRoundRobin),
        System::Swiss { rounds } if paired >= rounds => Some(EntrantFault::LateFinished),
        _ => None,
    }
}

/// The listing row's `status` of a championship's document with its knockout phases
/// (`phases`: whether each has its champion): running while one still lacks it,
/// finished once every one has it. No round follows a knockout phase, not even the
/// rounds (of a Swiss or a league) left when its director drew it early.
pub fn status_with_phases(file: &TournamentFile, phases: &[bool]) -> ChampionshipStatus {
    if phases.is_empty() {
        status_of(file)
    } else if phases.iter().all(|decided| *decided) {
        ChampionshipStatus::Finished
    } else {
        ChampionshipStatus::Running
    }
}

/// The name of entrant `id` of a championship's document (the id when it has none).
pub fn entrant_name(file: &TournamentFile, id: &str) -> String {
    file.entrants
        .iter()
        .find(|e| e.id == id)
        .map_or_else(|| id.to_owned(), |e| e.name.clone())
}

/// Rounds planned: Swiss as set; a round robin's from the Berger tables; ceros open.
pub fn rounds_planned(file: &TournamentFile) -> i32 {
    match file.championship.system {
        System::Swiss { rounds } => rounds as i32,
        System::RoundRobin { double, groups } => {
            let n = file.entrants.len().div_ceil(groups.max(1) as usize);
            let per = if n.is_multiple_of(2) {
                n.saturating_sub(1)
            } else {
                n
            } as i32;
            if double { 2 * per } else { per }
        }
        System::Ceros { .. } => 0,
    }
}

/// The next entrant id: one more than the largest numeric id.
pub fn next_entrant_id(file: &TournamentFile) -> String {
    let max = file
        .entrants
        .iter()
        .filter_map(|e| e.id.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    (max + 1).to_string()
}
