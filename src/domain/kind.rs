//! Plain data: the five games ([`GameKind`]) and how a table's seats form sides
//! ([`Seating`]). Uses nothing of the domain. Which sides a table with given options has
//! is [`GameKind::seating`], in `options`, as it reads the table's options.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The five games Baza referees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Cuatrola,
    Tute,
    Guinote,
    Botifarra,
    Cinquillo,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Cuatrola,
        GameKind::Tute,
        GameKind::Guinote,
        GameKind::Botifarra,
        GameKind::Cinquillo,
    ];

    /// The record/URL name: `cuatrola`, `tute`, `guinote`, `botifarra`, `cinquillo`.
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::Cuatrola => "cuatrola",
            GameKind::Tute => "tute",
            GameKind::Guinote => "guinote",
            GameKind::Botifarra => "botifarra",
            GameKind::Cinquillo => "cinquillo",
        }
    }

    /// The game's proper name (the same in every language).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Cuatrola => "cuatrola",
            GameKind::Tute => "tute",
            GameKind::Guinote => "guiñote",
            GameKind::Botifarra => "botifarra",
            GameKind::Cinquillo => "cinquillo",
        }
    }

    /// Valid numbers of players (docs/hand-record.md).
    pub fn valid_players(self, n: u8) -> bool {
        match self {
            GameKind::Cuatrola | GameKind::Botifarra => n == 4,
            GameKind::Tute | GameKind::Cinquillo => (2..=4).contains(&n),
            GameKind::Guinote => n == 2 || n == 4,
        }
    }

    /// Whether `players` seats play in pairs (seats 0/2 against 1/3) with the game's
    /// default options. A table's options can change it (tute for 4 with
    /// `partnerships = false`): use [`GameKind::seating`] where the options are known.
    pub fn in_pairs(self, players: u8) -> bool {
        match self {
            GameKind::Cuatrola | GameKind::Botifarra => true,
            GameKind::Tute | GameKind::Guinote => players == 4,
            GameKind::Cinquillo => false,
        }
    }

    /// Number of sides: 2 in pair games, else one per seat.
    pub fn sides(self, players: u8) -> u8 {
        if self.in_pairs(players) { 2 } else { players }
    }

    /// The side of a seat.
    pub fn side_of(self, players: u8, seat: u8) -> u8 {
        if self.in_pairs(players) {
            seat % 2
        } else {
            seat
        }
    }
}

/// The sides of a table: seats 0/2 against 1/3 in pairs, else one side per seat
/// (docs/hand-record.md "Seats and sides").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    pub players: u8,
    pub pairs: bool,
}

impl Seating {
    /// Number of sides: 2 in pairs, else one per seat.
    pub fn sides(self) -> u8 {
        if self.pairs { 2 } else { self.players }
    }

    /// The side of a seat.
    pub fn side_of(self, seat: u8) -> u8 {
        if self.pairs { seat % 2 } else { seat }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let l = s.trim().to_lowercase();
        let l = if l == "guiñote" {
            "guinote".to_string()
        } else {
            l
        };
        GameKind::ALL
            .into_iter()
            .find(|g| g.slug() == l)
            .ok_or_else(|| format!("unknown game {s:?} (expected one of cuatrola, tute, guinote, botifarra, cinquillo)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_kind_is_found_by_its_slug() {
        for g in GameKind::ALL {
            assert_eq!(g.slug().parse::<GameKind>(), Ok(g));
        }
        assert_eq!("Guiñote".parse::<GameKind>(), Ok(GameKind::Guinote));
        assert!("mus".parse::<GameKind>().is_err());
    }

    #[test]
    fn pair_games_have_two_sides_and_individual_games_one_per_seat() {
        assert_eq!(GameKind::Cuatrola.sides(4), 2);
        assert_eq!(GameKind::Tute.sides(3), 3);
        assert_eq!(GameKind::Tute.side_of(4, 3), 1);
        assert_eq!(GameKind::Cinquillo.side_of(4, 3), 3);
    }
}
