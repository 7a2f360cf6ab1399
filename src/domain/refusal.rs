//! Why a change to a championship or a game is refused: one variant per reason, each
//! naming its message key (the locale files' key) and carrying its data typed.

/// A table of a championship that a correction touches: `round` 0 is a knockout
/// phase (its `table` the match's number), `table` 0 a round's bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub round: u32,
    pub table: u32,
}

impl Place {
    pub fn new(round: u32, table: u32) -> Place {
        Place { round, table }
    }
}

/// A change refused in the state things are in now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    // Championship: its tables and their results.
    /// Later tables were played from this result: confirm to annul or redo them.
    CorrectionConfirm(Vec<Place>),
    /// The table's result is final; only the staff corrects it.
    TableConfirmed,
    /// A correction at the table that does not decide the match.
    TableCorrectionUnfinished,
    /// The side that proposed a result cannot confirm it.
    SignOtherSide,
    /// A knockout match needs a winner.
    KnockoutDraw,
    /// The championship's document would be invalid (what is wrong).
    BadFile(String),
    /// A knockout phase cannot be drawn or changed (what is wrong).
    Knockout(String),
    /// Settings change only before the first round or phase.
    EditTooLate,
    /// Seeds change only before the first round (the championship's name).
    SeedingPaired(String),
    // Championship: groups and repesca.
    /// The championship is not played in groups.
    GroupsNone,
    /// Groups change only before the first round.
    GroupsStarted,
    /// No group of that number.
    NoSuchGroup(u32),
    /// A repesca is drawn after the rounds and before any knockout phase.
    RepescaWhen,
    /// No places left for a repesca.
    RepescaNoPlaces,
    /// Too few pairs for a repesca (how many there are).
    RepescaTooFew(usize),
    /// The repesca is not finished.
    RepescaUnfinished,
    /// The named seeds for a repesca's winners are not one distinct seed of the
    /// knockout per place to fill (the places to fill).
    RepescaSeeds(usize),
    // Championship: entrants and their people.
    /// A registration refused by the entrant checks (their key, the name).
    Entrant(&'static str, String),
    /// A line of an imported list refused (its key, the 1-based line).
    EntrantLine(&'static str, usize),
    /// A player's name too long (as typed).
    EntrantName(String),
    /// The entrant has already withdrawn (its name).
    EntrantWithdrawn(String),
    /// The entrant cannot be reinstated now (its name).
    EntrantReinstate(String),
    /// No such person to link (as picked).
    LinkPerson(String),
    /// No such player slot to link (the slot, or the entrant's name).
    LinkSlot(String),
    /// The person is already in the championship (their name).
    LinkTwice(String),
    // A game.
    /// The game is over: no more hands.
    GameOver,
}

impl Refusal {
    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::CorrectionConfirm(_) => "tournament-correction-confirm",
            Refusal::TableConfirmed => "error-table-confirmed",
            Refusal::TableCorrectionUnfinished => "error-table-correction-unfinished",
            Refusal::SignOtherSide => "tournament-sign-other-side",
            Refusal::KnockoutDraw => "error-knockout-draw",
            Refusal::BadFile(_) => "error-tournament-file",
            Refusal::Knockout(_) => "error-knockout",
            Refusal::EditTooLate => "champ-edit-too-late",
            Refusal::SeedingPaired(_) => "seeding-error-paired",
            Refusal::GroupsNone => "error-groups-none",
            Refusal::GroupsStarted => "error-groups-started",
            Refusal::NoSuchGroup(_) => "error-groups-no-such",
            Refusal::RepescaWhen => "error-repesca-when",
            Refusal::RepescaNoPlaces => "error-repesca-no-places",
            Refusal::RepescaTooFew(_) => "error-repesca-too-few",
            Refusal::RepescaUnfinished => "error-repesca-unfinished",
            Refusal::RepescaSeeds(_) => "error-repesca-seeds",
            Refusal::Entrant(key, _) | Refusal::EntrantLine(key, _) => key,
            Refusal::EntrantName(_) => "error-entrant-name",
            Refusal::EntrantWithdrawn(_) => "error-entrant-withdrawn",
            Refusal::EntrantReinstate(_) => "error-entrant-reinstate",
            Refusal::LinkPerson(_) => "error-link-person",
            Refusal::LinkSlot(_) => "error-link-slot",
            Refusal::LinkTwice(_) => "error-link-twice",
            Refusal::GameOver => "error-game-over",
        }
    }

    /// What is shown after the message (empty: nothing). The tables of a correction
    /// read `3.2 4.1` (round 3 table 2, round 4 table 1).
    pub fn detail(&self) -> String {
        match self {
            Refusal::CorrectionConfirm(places) => places
                .iter()
                .map(|p| format!("{}.{}", p.round, p.table))
                .collect::<Vec<_>>()
                .join(" "),
            Refusal::BadFile(s)
            | Refusal::Knockout(s)
            | Refusal::SeedingPaired(s)
            | Refusal::Entrant(_, s)
            | Refusal::EntrantName(s)
            | Refusal::EntrantWithdrawn(s)
            | Refusal::EntrantReinstate(s)
            | Refusal::LinkPerson(s)
            | Refusal::LinkSlot(s)
            | Refusal::LinkTwice(s) => s.clone(),
            Refusal::NoSuchGroup(g) => g.to_string(),
            Refusal::RepescaTooFew(n) | Refusal::RepescaSeeds(n) | Refusal::EntrantLine(_, n) => {
                n.to_string()
            }
            Refusal::TableConfirmed
            | Refusal::TableCorrectionUnfinished
            | Refusal::SignOtherSide
            | Refusal::KnockoutDraw
            | Refusal::EditTooLate
            | Refusal::GroupsNone
            | Refusal::GroupsStarted
            | Refusal::RepescaWhen
            | Refusal::RepescaNoPlaces
            | Refusal::RepescaUnfinished
            | Refusal::GameOver => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_lists_its_tables_as_round_dot_table() {
        let r = Refusal::CorrectionConfirm(vec![Place::new(3, 2), Place::new(4, 0)]);
        assert_eq!(r.key(), "tournament-correction-confirm");
        assert_eq!(r.detail(), "3.2 4.0");
    }

    #[test]
    fn a_refusal_without_data_shows_no_detail() {
        assert_eq!(Refusal::GameOver.detail(), "");
        assert_eq!(Refusal::GameOver.key(), "error-game-over");
    }

    #[test]
    fn an_entrant_line_refusal_keeps_its_key_and_line() {
        let r = Refusal::EntrantLine("error-entrant-name", 7);
        assert_eq!(
            (r.key(), r.detail()),
            ("error-entrant-name", "7".to_owned())
        );
    }
}
