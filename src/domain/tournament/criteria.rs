//! The tie-break criteria a championship ranks by, as plain data: the file names them
//! (`event.tiebreaks`, `event.head_to_head`) and the standings apply them. What each
//! one means is told in `standings.rs`.

use serde::{Deserialize, Serialize};

/// A ranking criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    Wins,
    Points,
    HeadToHead,
    PointDifference,
    PointsFor,
    Buchholz,
    MedianBuchholz,
    SonnebornBerger,
    Lot,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 9] = [
        Tiebreak::Wins,
        Tiebreak::Points,
        Tiebreak::HeadToHead,
        Tiebreak::PointDifference,
        Tiebreak::PointsFor,
        Tiebreak::Buchholz,
        Tiebreak::MedianBuchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::Lot,
    ];

    /// The file name of the criterion (`point_difference`, …).
    pub fn slug(self) -> &'static str {
        match self {
            Tiebreak::Wins => "wins",
            Tiebreak::Points => "points",
            Tiebreak::HeadToHead => "head_to_head",
            Tiebreak::PointDifference => "point_difference",
            Tiebreak::PointsFor => "points_for",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::MedianBuchholz => "median_buchholz",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::Lot => "lot",
        }
    }
}

/// How the `head_to_head` criterion reads the games among the level entrants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadToHead {
    /// Only when every level entrant met every other (FIDE C.07); otherwise the
    /// criterion does not separate them.
    #[default]
    AllMet,
    /// A mini-league over the games that were played among them, however few.
    GamesPlayed,
}

impl HeadToHead {
    pub const ALL: [HeadToHead; 2] = [HeadToHead::AllMet, HeadToHead::GamesPlayed];

    /// The file name of the reading (`all_met`, `games_played`).
    pub fn slug(self) -> &'static str {
        match self {
            HeadToHead::AllMet => "all_met",
            HeadToHead::GamesPlayed => "games_played",
        }
    }

    pub fn is_default(&self) -> bool {
        *self == HeadToHead::default()
    }
}

/// What places the entrants still level after every criterion of the list. Whichever
/// it is, the standings say it: the row names it as the criterion that placed it, or
/// shares its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ties {
    /// By seed, then by order of entry (the order of the file), named as such.
    #[default]
    EntryOrder,
    /// By a lot Baza draws from the championship's recorded `seed` (the `lot` numbers).
    Lot,
    /// Not broken: the level entrants share a place ("3.º ex aequo").
    Shared,
}

impl Ties {
    pub const ALL: [Ties; 3] = [Ties::EntryOrder, Ties::Lot, Ties::Shared];

    /// The file name of the rule (`entry_order`, `lot`, `shared`).
    pub fn slug(self) -> &'static str {
        match self {
            Ties::EntryOrder => "entry_order",
            Ties::Lot => "lot",
            Ties::Shared => "shared",
        }
    }

    pub fn is_default(&self) -> bool {
        *self == Ties::default()
    }
}
