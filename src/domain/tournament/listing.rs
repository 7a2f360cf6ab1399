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
/// Swiss rounds left when its director drew it early.
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
            let planned = super::round_robin::rounds_scheduled(&super::Ledger::new(file));
            RoundsLeft::League(planned.saturating_sub(drawn))
        }
        System::Ceros { .. } => return None,
    };
    Some(left).filter(|l| l.count() > 0)
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::test_builders::round_robin_file;

    #[test]
    fn a_league_has_the_rounds_of_its_largest_liguilla_left_once_its_first_is_drawn() {
        // Nine pairs in two liguillas, of five (five jornadas, one resting in each)
        // and of four (three).
        let mut file = round_robin_file("cuatrola", 9, 2);
        assert_eq!(rounds_left(&file), None, "nothing drawn: nothing left");
        file.rounds.push(next_round(&file).unwrap());
        assert_eq!(rounds_left(&file), Some(RoundsLeft::League(4)));
        // A Swiss of three rounds, one drawn.
        file.championship.system = System::Swiss { rounds: 3 };
        assert_eq!(rounds_left(&file), Some(RoundsLeft::Swiss(2)));
        file.championship.system = System::Swiss { rounds: 1 };
        assert_eq!(rounds_left(&file), None, "every round drawn");
        file.championship.system = System::Ceros { losses: 2 };
        assert_eq!(rounds_left(&file), None);
    }
}
