//! Plain data: Spanish cards, that is suits, ranks, cards, card sets and decks. Uses
//! nothing of the domain.
//!
//! A card is only a suit and a rank. How strong a card is in a trick and how many
//! points it is worth depend on the game, so they live in each game's table
//! (see [`crate::domain::trick::RankTable`]), never here.
//!
//! Notation (docs/hand-record.md): `"<rank><suit>"`, rank `1`..`12`, suit `o` oros,
//! `c` copas, `e` espadas, `b` bastos. Parsing is case-insensitive, output is lower case.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The four Spanish suits, in the conventional order oros, copas, espadas, bastos.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Oros,
    Copas,
    Espadas,
    Bastos,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Oros, Suit::Copas, Suit::Espadas, Suit::Bastos];

    /// The letter used in the notation: `o`, `c`, `e`, `b`.
    pub fn letter(self) -> char {
        match self {
            Suit::Oros => 'o',
            Suit::Copas => 'c',
            Suit::Espadas => 'e',
            Suit::Bastos => 'b',
        }
    }

    /// Parses a suit letter, case-insensitively.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'o' => Some(Suit::Oros),
            'c' => Some(Suit::Copas),
            'e' => Some(Suit::Espadas),
            'b' => Some(Suit::Bastos),
            _ => None,
        }
    }

    /// The Spanish name (a domain term, the same in every language): `oros`, `copas`…
    pub fn name(self) -> &'static str {
        match self {
            Suit::Oros => "oros",
            Suit::Copas => "copas",
            Suit::Espadas => "espadas",
            Suit::Bastos => "bastos",
        }
    }

    /// 0..4, the position in [`Suit::ALL`].
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Option<Suit> {
        Suit::ALL.get(usize::from(i)).copied()
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c)
                .ok_or_else(|| format!("expected a suit o, c, e or b, got {s:?}")),
            _ => Err(format!("expected a suit o, c, e or b, got {s:?}")),
        }
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Rank 1..=12 by its number on the card: 1 as, 2..9, 10 sota, 11 caballo, 12 rey.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    As = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Sota,
    Caballo,
    Rey,
}

impl Rank {
    pub const ALL: [Rank; 12] = [
        Rank::As,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Sota,
        Rank::Caballo,
        Rank::Rey,
    ];

    /// The number printed on the card, 1..=12.
    pub fn number(self) -> u8 {
        self as u8
    }

    pub fn from_number(n: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// Spanish name used in messages (the same in every language): `as`, `2`…`9`,
    /// `sota`, `caballo`, `rey`.
    pub fn name(self) -> &'static str {
        match self {
            Rank::As => "as",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Sota => "sota",
            Rank::Caballo => "caballo",
            Rank::Rey => "rey",
        }
    }
}

/// One card. Stored as a compact index `suit * 12 + (rank - 1)` (0..48), so it is
/// `Copy`, hashes and orders cheaply (by suit, then rank number) and fits a [`CardSet`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit.index() * 12 + rank.number() - 1)
    }

    /// The compact index 0..48.
    pub fn index(self) -> u8 {
        self.0
    }

    pub fn from_index(i: u8) -> Option<Card> {
        (i < 48).then_some(Card(i))
    }

    pub fn suit(self) -> Suit {
        match self.0 / 12 {
            0 => Suit::Oros,
            1 => Suit::Copas,
            2 => Suit::Espadas,
            _ => Suit::Bastos,
        }
    }

    pub fn rank(self) -> Rank {
        Rank::from_number(self.0 % 12 + 1).unwrap_or(Rank::As)
    }

    /// The notation, lower case: `"1o"`, `"12e"`.
    pub fn code(self) -> String {
        format!("{}{}", self.rank().number(), self.suit().letter())
    }

    /// The Spanish name a referee reads out: `"as de copas"`, `"sota de oros"`,
    /// `"3 de espadas"`. Card terms stay Spanish in every language.
    pub fn spanish_name(self) -> String {
        format!("{} de {}", self.rank().name(), self.suit().name())
    }

    /// Every card of the 48-card deck, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..48u8).map(Card)
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().number(), self.suit().letter())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().number(), self.suit().letter())
    }
}

/// Why a string is not a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardParseError(pub String);

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a card like \"3c\", got {:?}", self.0)
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || CardParseError(s.to_string());
        let t = s.trim();
        if t.is_empty() || t.len() > 3 || !t.is_ascii() {
            return Err(err());
        }
        let (num, suit) = t.split_at(t.len() - 1);
        let suit = suit
            .chars()
            .next()
            .and_then(Suit::from_letter)
            .ok_or_else(err)?;
        if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || num.starts_with('0') {
            return Err(err());
        }
        let n: u8 = num.parse().map_err(|_| err())?;
        let rank = Rank::from_number(n).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a 48-bit mask. Iterates in card-index order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in cards {
            s.insert(c);
        }
        s
    }

    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn contains(self, c: Card) -> bool {
        self.0 & (1u64 << c.0) != 0
    }

    /// Inserts; returns false if it was already there.
    pub fn insert(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 |= 1u64 << c.0;
        !had
    }

    /// Removes; returns false if it was not there.
    pub fn remove(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 &= !(1u64 << c.0);
        had
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards of one suit.
    pub fn of_suit(self, s: Suit) -> CardSet {
        CardSet(self.0 & (0xFFFu64 << (u32::from(s.index()) * 12)))
    }

    pub fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    pub fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    pub fn difference(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    pub fn filter(self, mut f: impl FnMut(Card) -> bool) -> CardSet {
        CardSet::from_cards(self.iter().filter(|&c| f(c)))
    }

    pub fn iter(self) -> impl Iterator<Item = Card> {
        let bits = self.0;
        (0..48u8).filter(move |i| bits & (1u64 << i) != 0).map(Card)
    }

    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<T: IntoIterator<Item = Card>>(iter: T) -> Self {
        CardSet::from_cards(iter)
    }
}

/// The decks the five games use (cinquillo's option `deck` names two of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// Cuatrola: 1, 3, 10, 11, 12 of each suit.
    Twenty,
    /// 1–7, 10–12 of each suit (tute, guiñote, cinquillo).
    #[default]
    Forty,
    /// Tute for three (default): the 40-card deck without the 2s.
    ThirtySix,
    /// All 12 ranks (botifarra).
    FortyEight,
}

impl Deck {
    pub fn has_rank(self, r: Rank) -> bool {
        match self {
            Deck::Twenty => matches!(
                r,
                Rank::As | Rank::Three | Rank::Sota | Rank::Caballo | Rank::Rey
            ),
            Deck::Forty => !matches!(r, Rank::Eight | Rank::Nine),
            Deck::ThirtySix => !matches!(r, Rank::Eight | Rank::Nine | Rank::Two),
            Deck::FortyEight => true,
        }
    }

    pub fn contains(self, c: Card) -> bool {
        self.has_rank(c.rank())
    }

    pub fn cards(self) -> CardSet {
        Card::all().filter(|c| self.contains(*c)).collect()
    }

    pub fn size(self) -> usize {
        self.cards().len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_notation() {
        for c in Card::all() {
            assert_eq!(c.code().parse::<Card>().unwrap(), c);
            assert_eq!(Card::from_index(c.index()), Some(c));
        }
    }

    #[test]
    fn parsing_is_case_insensitive_and_output_lower_case() {
        let c: Card = "12E".parse().unwrap();
        assert_eq!(c, Card::new(Rank::Rey, Suit::Espadas));
        assert_eq!(c.to_string(), "12e");
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"12e\"");
        let back: Card = serde_json::from_str("\"1O\"").unwrap();
        assert_eq!(back, Card::new(Rank::As, Suit::Oros));
    }

    #[test]
    fn junk_is_not_a_card() {
        for s in [
            "", "zz", "0o", "13c", "01o", "1x", "1", "o", "1oo", "-1o", "１o", "100o",
        ] {
            assert!(s.parse::<Card>().is_err(), "{s}");
        }
    }

    #[test]
    fn cards_have_spanish_names() {
        assert_eq!(
            "10o".parse::<Card>().unwrap().spanish_name(),
            "sota de oros"
        );
        assert_eq!("1c".parse::<Card>().unwrap().spanish_name(), "as de copas");
        assert_eq!(
            "12e".parse::<Card>().unwrap().spanish_name(),
            "rey de espadas"
        );
        assert_eq!("3e".parse::<Card>().unwrap().spanish_name(), "3 de espadas");
    }

    #[test]
    fn the_decks_have_20_36_40_and_48_cards() {
        assert_eq!(Deck::Twenty.size(), 20);
        assert_eq!(Deck::ThirtySix.size(), 36);
        assert_eq!(Deck::Forty.size(), 40);
        assert_eq!(Deck::FortyEight.size(), 48);
        assert!(!Deck::Twenty.contains("7o".parse().unwrap()));
    }

    #[test]
    fn a_card_set_splits_by_suit() {
        let s: CardSet = ["1o", "3o", "12b"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(s.of_suit(Suit::Oros).len(), 2);
        assert_eq!(
            s.of_suit(Suit::Bastos).to_vec(),
            vec!["12b".parse().unwrap()]
        );
        assert!(s.of_suit(Suit::Copas).is_empty());
    }
}
