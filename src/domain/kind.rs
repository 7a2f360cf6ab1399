//! Plain data: the games ([`GameKind`]) and how a table's seats form sides
//! ([`Seating`]). Uses nothing of the domain. Which sides a table with given options has
//! is [`GameKind::seating`], in `options`, as it reads the table's options.
//!
//! Besides the five games Baza is built with, a game can be added while the program
//! runs ([`GameKind::Added`], registered through `games::register`, before any of its
//! records is read): its plain facts ([`GameFacts`]) are kept here, in a registry that
//! only grows, so that its name, seats and sides read like those of the five.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use std::sync::RwLock;

/// The games Baza referees: the five it is built with, and any added one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameKind {
    Cuatrola,
    Tute,
    Guinote,
    Botifarra,
    Cinquillo,
    /// A game added while the program runs, by its slug (see [`GameFacts`]).
    Added(AddedGame),
}

/// An added game, named by its record/URL name (its slug).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AddedGame(pub &'static str);

/// The plain facts of an added game: what [`GameKind`] answers for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameFacts {
    /// The record/URL name (lowercase ASCII letters).
    pub slug: &'static str,
    /// The proper name (the same in every language).
    pub name: &'static str,
    /// The numbers of players that can sit at its tables.
    pub players: &'static [u8],
    /// The numbers of players at which it plays in pairs (seats 0/2 against 1/3).
    pub pairs_at: &'static [u8],
}

/// The added games' facts, in the order they were added.
static ADDED: RwLock<Vec<GameFacts>> = RwLock::new(Vec::new());

/// Keeps an added game's facts (a second registration of the same slug keeps the
/// first). Called by `games::register` only.
pub(crate) fn add_facts(facts: GameFacts) -> GameKind {
    let game = GameKind::Added(AddedGame(facts.slug));
    if let Ok(mut added) = ADDED.write()
        && !added.iter().any(|f| f.slug == facts.slug)
    {
        added.push(facts);
    }
    game
}

/// The facts of an added game, if it was registered.
fn facts_of(game: AddedGame) -> Option<GameFacts> {
    ADDED
        .read()
        .ok()
        .and_then(|added| added.iter().find(|f| f.slug == game.0).copied())
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Cuatrola,
        GameKind::Tute,
        GameKind::Guinote,
        GameKind::Botifarra,
        GameKind::Cinquillo,
    ];

    /// The games added while the program runs, in the order they were added.
    pub fn added() -> Vec<GameKind> {
        ADDED
            .read()
            .map(|added| {
                added
                    .iter()
                    .map(|f| GameKind::Added(AddedGame(f.slug)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The record/URL name: `cuatrola`, `tute`, `guinote`, `botifarra`, `cinquillo`,
    /// or an added game's own.
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::Cuatrola => "cuatrola",
            GameKind::Tute => "tute",
            GameKind::Guinote => "guinote",
            GameKind::Botifarra => "botifarra",
            GameKind::Cinquillo => "cinquillo",
            GameKind::Added(g) => g.0,
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
            GameKind::Added(g) => facts_of(g).map_or(g.0, |f| f.name),
        }
    }

    /// Valid numbers of players (docs/hand-record.md).
    pub fn valid_players(self, n: u8) -> bool {
        match self {
            GameKind::Cuatrola | GameKind::Botifarra => n == 4,
            GameKind::Tute | GameKind::Cinquillo => (2..=4).contains(&n),
            GameKind::Guinote => n == 2 || n == 4,
            GameKind::Added(g) => facts_of(g).is_some_and(|f| f.players.contains(&n)),
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
            GameKind::Added(g) => facts_of(g).is_some_and(|f| f.pairs_at.contains(&players)),
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
            .chain(GameKind::added())
            .find(|g| g.slug() == l)
            .ok_or_else(|| format!("unknown game {s:?} (expected one of cuatrola, tute, guinote, botifarra, cinquillo)"))
    }
}

/// A game is written as its slug (`"cuatrola"`), in records and stored setups alike.
impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.slug())
    }
}

/// A game is read from its slug: one of the five, or an added game already registered.
impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let slug = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        GameKind::ALL
            .into_iter()
            .chain(GameKind::added())
            .find(|g| g.slug() == slug)
            .ok_or_else(|| {
                serde::de::Error::unknown_variant(
                    &slug,
                    &["cuatrola", "tute", "guinote", "botifarra", "cinquillo"],
                )
            })
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
