//! The contract of quick hand entry (club play): what a scorekeeper types after a
//! hand, per game, and what comes back. The web layer builds these from forms and
//! stores them as JSON (serde), so field names are part of the stored format:
//! extend, never rename.

use serde::{Deserialize, Serialize};

use crate::domain::cards::Suit;
use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::record_error::RecordError;
use crate::domain::ruling::{GameOver, Score};
use crate::domain::words::{OptionNames, record_error_words};

/// A game (partida) as set up at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    pub game: GameKind,
    pub players: u8,
    /// Table options by name (docs/rules.md), validated like a hand record's options.
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The dealer of the first hand.
    pub first_dealer: u8,
}

impl GameSetup {
    /// The names of each side: "Ana y Carmen" in pair games, the player otherwise.
    pub fn side_names(&self, seats: &[String], lang: Lang) -> Vec<String> {
        let seating = self.game.seating_of(self.players, &self.options);
        let and = lang.pick("y", "i", "and");
        (0..seating.sides())
            .map(|side| {
                let names: Vec<&str> = (0..self.players)
                    .filter(|s| seating.side_of(*s) == side)
                    .filter_map(|s| seats.get(usize::from(s)).map(String::as_str))
                    .collect();
                names.join(&format!(" {and} "))
            })
            .collect()
    }
}

/// A marriage sung: who sang it and in which suit (20, or 40 in trumps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CanteEntry {
    pub seat: u8,
    pub suit: Suit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuteKind {
    /// Four reyes.
    Kings,
    /// Four caballos (tute, cuatrola) or four sotas (guiñote).
    Knights,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TuteEntry {
    pub seat: u8,
    pub kind: TuteKind,
}

/// The cuatrola contract (the highest call of the single bidding round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contract {
    Pass,
    Solo,
    Cuatrola,
    Quintola,
}

/// Cuatrola: the contract, then either card points (normal and solo hands) or the
/// soloist's tricks (cuatrola and quintola hands).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CuatrolaHand {
    pub trump: Suit,
    /// The highest bid of the round (`pass` when all passed).
    pub bid: Contract,
    /// Who made it (required unless `bid` is pass).
    pub bidder: Option<u8>,
    /// Card points taken by side 0 (seats 0 and 2), 0..=120, without the last 10
    /// and without cantes; side 1 has the rest. Normal and solo hands.
    pub card_points_side0: Option<u32>,
    /// The side that took the last trick (the 10 de últimas). Normal and solo hands.
    pub last_trick_side: Option<u8>,
    pub cantes: Vec<CanteEntry>,
    /// A tute declared (only with option `cuatrola_tute = wins_hand`).
    pub tute: Option<TuteEntry>,
    /// Tricks the soloist took (cuatrola and quintola hands), 0..=5.
    pub soloist_tricks: Option<u8>,
    /// "¡Renuncio!": the seat that revoked; the game's penalty decides the hand.
    pub revoke_by: Option<u8>,
    /// Card points taken by side 1, without the last 10 and without cantes. Required
    /// in a solo (the sitting-out partner's five cards count for nobody, so side 1 is
    /// not "the rest"); optional in a normal hand, where it must make 120 with side 0
    /// (either one alone is enough there).
    #[serde(default)]
    pub card_points_side1: Option<u32>,
}

/// Tute (2, 3 or 4 players) and guiñote (2 or 4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TuteFamilyHand {
    pub trump: Suit,
    /// Card points per side (2 sides in pairs or for 2 players, 3 for tute for 3),
    /// without the last 10 and without cantes. `None` for a side not typed: with
    /// exactly one side missing it is deduced from the deck's total.
    pub card_points: Vec<Option<u32>>,
    pub last_trick_side: Option<u8>,
    pub cantes: Vec<CanteEntry>,
    /// A tute declared: wins the hand (tute) or the partida (guiñote).
    pub tute: Option<TuteEntry>,
    /// Guiñote, second deal ("de vueltas"): the side that claimed 101, and the trick
    /// (1-based) after which it claimed.
    pub claim: Option<ClaimEntry>,
    pub revoke_by: Option<u8>,
    /// The seat that took the last trick: needed only in guiñote for 4 with option
    /// `next_dealer = last_trick_winner` (that seat deals next); must be on
    /// `last_trick_side`.
    #[serde(default)]
    pub last_trick_seat: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimEntry {
    pub side: u8,
    pub after_trick: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotifarraChoice {
    Suit(Suit),
    /// No trumps: doubles the hand.
    Botifarra,
}

/// Botifarra: who chose and what, the doubling level, and one side's points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotifarraHand {
    /// The seat that finally chose (the dealer, or his partner after a delegation).
    pub chooser: u8,
    pub delegated: bool,
    pub choice: BotifarraChoice,
    /// 0 none, 1 contro, 2 recontro, 3 Sant Vicenç.
    pub doubles: u8,
    /// Points of side 0 (seats 0 and 2) counting cards and one per trick, 0..=72.
    pub points_side0: Option<u32>,
    pub revoke_by: Option<u8>,
}

/// Cinquillo: who went out (normal) and the cards left in every hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CinquilloHand {
    /// The seat that placed its last card (normal cinquillo); `None` in bastardo.
    pub out: Option<u8>,
    /// Cards left per seat.
    pub cards_left: Vec<u32>,
    pub revoke_by: Option<u8>,
    /// Passes each seat made (only with option `scoring = pot`: each loser pays one
    /// chip plus one per pass).
    #[serde(default)]
    pub passes: Vec<u32>,
}

/// What a scorekeeper typed for one hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum QuickHand {
    Cuatrola(CuatrolaHand),
    Tute(TuteFamilyHand),
    Guinote(TuteFamilyHand),
    Botifarra(BotifarraHand),
    Cinquillo(CinquilloHand),
}

/// One problem with an entry: which field (the form field name, e.g.
/// `card_points_side0`, `cantes[1]`, `bidder`), and a message a scorekeeper
/// understands, in the requested language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryError {
    pub field: String,
    pub message: String,
    /// A table option of the game refused, for a page to name it by its label
    /// ([`EntryError::named`]): `message` names it without, the domain having no labels.
    #[serde(skip)]
    pub option: Option<Box<RecordError>>,
}

impl EntryError {
    /// The error with its refused option, if it has one, named as `options` names it
    /// (its label and values in words, never its key).
    pub fn named(self, lang: Lang, options: &dyn OptionNames) -> EntryError {
        match self.option {
            Some(refused) => EntryError {
                message: record_error_words(&refused, lang, options),
                option: Some(refused),
                ..self
            },
            None => self,
        }
    }
}

/// A checked hand: what goes on the scoreboard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandScore {
    /// Per side: card points + last 10 + cantes (or the game's own count); `None`
    /// when the hand is decided by tricks only (cuatrola/quintola) or by a penalty.
    pub points: Option<Vec<Score>>,
    /// What each side scores on the game's scoreboard for this hand.
    pub hand_points: Vec<Score>,
    /// Ends the partida by itself (a tute in guiñote, a valid claim, a revoke in
    /// guiñote), whatever the totals.
    pub ends_game: Option<GameOver>,
    /// Short notes for the scoreboard line ("solo", "cuatrola", "40 en oros",
    /// "renuncio del asiento 2", "contro ×4"), in the requested language.
    pub notes: Vec<String>,
    /// The dealer of the next hand as this hand fixes it (the next seat, or in guiñote
    /// with `next_dealer = last_trick_winner` the seat of the last trick). `None` in
    /// older stored hands: [`crate::domain::entry::scoreboard`] then rotates.
    #[serde(default)]
    pub next_dealer: Option<u8>,
    /// The notes in every language, for storing the score (see [`StoredScore`]).
    #[serde(skip)]
    pub notes_in: NotesInEveryLang,
}

/// A hand's notes in each language Baza speaks (Spanish, Catalan, English), kept so
/// that a stored score reads in any language without scoring the hand again. Not part
/// of the public JSON and left out of comparisons: two scores are equal when what they
/// say in their own language is.
#[derive(Debug, Clone, Default)]
pub struct NotesInEveryLang(pub Option<[Vec<String>; 3]>);

impl PartialEq for NotesInEveryLang {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl NotesInEveryLang {
    /// The notes in one language, if they were kept.
    pub fn get(&self, lang: Lang) -> Option<&Vec<String>> {
        let i = Lang::ALL.iter().position(|l| *l == lang)?;
        self.0.as_ref().and_then(|all| all.get(i))
    }
}

/// A hand's computed result as stored beside its entry: its score (points, scoreboard
/// points, how it ends the game, who deals next), its notes in every language and the
/// totals after it. A stored game is shown and extended from these without running
/// the card-point search again; [`crate::domain::entry::rescore_reusing`] recomputes
/// only from a changed hand onward.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredScore {
    #[serde(flatten)]
    pub score: HandScore,
    /// The notes in Spanish, Catalan and English.
    pub notes_in: [Vec<String>; 3],
    /// Each side's total after this hand.
    pub totals: Vec<Score>,
}

impl StoredScore {
    /// The stored form of a freshly computed score with the totals after it; `None`
    /// for a score that did not keep its notes in every language.
    pub fn new(score: &HandScore, totals: &[Score]) -> Option<StoredScore> {
        let notes_in = score.notes_in.0.clone()?;
        let mut score = score.clone();
        // Stored in Spanish whoever saved it, so that the same result is the same text.
        score.notes = notes_in[0].clone();
        Some(StoredScore {
            score,
            notes_in,
            totals: totals.to_vec(),
        })
    }

    /// The text kept in a hand's `score` column for `score` with the totals after
    /// it: its stored form, or the score alone where it did not keep its notes in
    /// every language.
    pub fn text_of(score: &HandScore, totals: &[Score]) -> serde_json::Result<String> {
        match StoredScore::new(score, totals) {
            Some(kept) => Ok(kept.to_json()),
            None => serde_json::to_string(score),
        }
    }

    /// The stored text, as kept in a hand's `score` column.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored text read back, or `None` for a score stored in an older form (only
    /// its requester's language): that hand is scored again.
    pub fn from_json(text: &str) -> Option<StoredScore> {
        serde_json::from_str(text).ok()
    }

    /// The score with its notes in `lang`.
    pub fn in_lang(&self, lang: Lang) -> HandScore {
        let mut score = self.score.clone();
        score.notes_in = NotesInEveryLang(Some(self.notes_in.clone()));
        if let Some(notes) = score.notes_in.get(lang) {
            score.notes = notes.clone();
        }
        score
    }
}

/// The running state of a partida after its hands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// Running totals per side after each hand (same length as the hands).
    pub running: Vec<Vec<Score>>,
    /// Current totals per side.
    pub totals: Vec<Score>,
    pub game_over: Option<GameOver>,
    /// The dealer of the next hand (None once the game is over).
    pub next_dealer: Option<u8>,
    /// Guiñote: 1 for the first deal, 2 once the game goes "de vueltas".
    pub deal: u8,
}
