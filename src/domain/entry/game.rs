//! A game as entered at the table, hand after hand: `baza-game/1`, the exchange
//! format of a partida (its setup, the seats and every hand as the scorekeeper
//! entered it), and the scoring of its hands in order. The format for its readers:
//! `docs/game-file.md`.
//!
//! ```json
//! {"format": "baza-game/1", "game": "cuatrola", "players": 4, "options": {},
//!  "first_dealer": 0, "seats": ["Ana", "Berta", "Carmen", "Dora"],
//!  "hands": [{"dealer": 0, "kind": "quick", "entry": {…}}]}
//! ```
//!
//! A hand is `quick` (what the quick-entry form takes: a [`QuickHand`]) or `full` (a
//! hand record, `docs/hand-record.md`, ruled by the engine). `score` on each
//! hand and `scoreboard` on the game are computed, for readers; they are ignored on
//! reading and computed again.

use serde::{Deserialize, Serialize};

use super::{EntryError, GameSetup, HandScore, QuickHand, Scoreboard, StoredScore, msg::Problem};
use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::ruling::Score;

/// The value of a game document's `format` field.
pub const GAME_FORMAT: &str = "baza-game/1";

/// One hand as entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "entry", rename_all = "snake_case")]
pub enum Entered {
    Quick(QuickHand),
    Full(serde_json::Value),
}

impl Entered {
    /// `quick` or `full`.
    pub fn kind(&self) -> &'static str {
        match self {
            Entered::Quick(_) => "quick",
            Entered::Full(_) => "full",
        }
    }

    /// The entry alone, as stored beside its kind.
    pub fn entry_json(&self) -> String {
        match self {
            Entered::Quick(q) => serde_json::to_string(q).unwrap_or_default(),
            Entered::Full(v) => v.to_string(),
        }
    }

    /// An entry stored as its kind and its JSON.
    pub fn from_parts(kind: &str, entry: &str) -> Result<Entered, serde_json::Error> {
        match kind {
            "full" => Ok(Entered::Full(serde_json::from_str(entry)?)),
            _ => Ok(Entered::Quick(serde_json::from_str(entry)?)),
        }
    }
}

/// A whole game: `baza-game/1`, the one type of that format — a game's export and
/// import, and a championship file's games. Fields left out read as their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameDoc {
    pub format: String,
    pub game: GameKind,
    pub players: u8,
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    pub first_dealer: u8,
    #[serde(default)]
    pub seats: Vec<String>,
    #[serde(default)]
    pub hands: Vec<HandDoc>,
    /// Computed, for readers; ignored when read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoreboard: Option<Scoreboard>,
}

/// One hand of a [`GameDoc`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandDoc {
    pub dealer: u8,
    #[serde(flatten)]
    pub entered: Entered,
    /// Computed, for readers; ignored when read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<HandScore>,
}

impl GameDoc {
    /// The game's setup.
    pub fn setup(&self) -> GameSetup {
        GameSetup {
            game: self.game,
            players: self.players,
            options: self.options.clone(),
            first_dealer: self.first_dealer,
        }
    }

    /// Scores every hand in order; on a problem, the hand's 0-based position and what
    /// is wrong with it.
    pub fn score(
        &self,
        lang: Lang,
    ) -> Result<(Vec<HandScore>, Scoreboard), (usize, Vec<EntryError>)> {
        let hands: Vec<(u8, Entered)> = self
            .hands
            .iter()
            .map(|h| (h.dealer, h.entered.clone()))
            .collect();
        rescore(&self.setup(), &hands, lang)
    }

    /// The document with every hand's score and the scoreboard filled in.
    pub fn with_scores(mut self, lang: Lang) -> Result<GameDoc, (usize, Vec<EntryError>)> {
        let (scores, board) = self.score(lang)?;
        for (h, s) in self.hands.iter_mut().zip(scores) {
            h.score = Some(s);
        }
        self.scoreboard = Some(board);
        Ok(self)
    }

    /// The notes of every hand's score, written in `lang` as the engine writes them
    /// (0-based seats and pairs), as people read them: seats and pairs numbered from 1
    /// and named by their players. The file's own numbers (dealers, the seats of its
    /// entries) stay 0-based. Apply it once, to notes the engine wrote.
    pub fn name_notes(&mut self, lang: Lang) {
        let sides = self.setup().side_names(&self.seats, lang);
        for score in self.hands.iter_mut().filter_map(|h| h.score.as_mut()) {
            for note in &mut score.notes {
                let named = crate::domain::words::name_seats(note, lang, &self.seats);
                *note = crate::domain::words::name_sides(&named, lang, &sides);
            }
        }
    }
}

/// Checks and scores one hand given the scores of the hands before it.
pub fn score_one(
    setup: &GameSetup,
    before: &[HandScore],
    dealer: u8,
    entered: &Entered,
    lang: Lang,
) -> Result<HandScore, Vec<EntryError>> {
    let totals = super::scoreboard(setup, before).totals;
    score_after(setup, &totals, dealer, entered, lang)
}

/// Checks and scores one hand given each side's total before it.
fn score_after(
    setup: &GameSetup,
    totals: &[Score],
    dealer: u8,
    entered: &Entered,
    lang: Lang,
) -> Result<HandScore, Vec<EntryError>> {
    match entered {
        Entered::Quick(q) => super::score_hand(setup, totals, dealer, q, lang),
        Entered::Full(v) => {
            // The game's setup, as a quick hand's is checked (its options named by
            // their labels on a page, see `EntryError::named`).
            super::validate_setup(setup, lang, &crate::domain::words::UnnamedOptions)?;
            let one = |message: String| {
                vec![EntryError {
                    field: "record".to_owned(),
                    message,
                    option: None,
                }]
            };
            let mut v = v.clone();
            // The record carries this game's setup and score so far.
            if let Some(obj) = v.as_object_mut() {
                obj.insert("game".into(), setup.game.slug().into());
                obj.insert("players".into(), setup.players.into());
                obj.insert("dealer".into(), dealer.into());
                obj.insert("options".into(), setup.options.clone().into());
                let before: Vec<serde_json::Value> =
                    totals.iter().map(|s| serde_json::json!(s)).collect();
                obj.insert("before".into(), before.into());
            }
            // Why the record is refused, in words (its seats from 0, as the engine's;
            // its options are the game's, already checked).
            let said = |e: crate::domain::RecordError| {
                use crate::domain::words::{UnnamedOptions, record_error_engine_words};
                one(record_error_engine_words(&e, lang, &UnnamedOptions))
            };
            let record = crate::domain::parse_record(&v).map_err(said)?;
            let ruling = crate::domain::try_rule(&record, lang).map_err(said)?;
            super::hand_score_from_ruling(&record, &ruling, lang).ok_or_else(|| {
                one(match &ruling.violation {
                    Some(v) => v.message.clone(),
                    None => Problem::HandUndecided.render(lang),
                })
            })
        }
    }
}

/// Scores every hand in order. On a problem: the hand's 0-based position and errors.
pub fn rescore(
    setup: &GameSetup,
    hands: &[(u8, Entered)],
    lang: Lang,
) -> Result<(Vec<HandScore>, Scoreboard), (usize, Vec<EntryError>)> {
    rescore_reusing(setup, hands, &[], lang).map(|r| (r.scores, r.board))
}

/// What is known of a hand from before a change: its result as stored, and each
/// side's total before it when that result was computed.
#[derive(Debug, Clone, Copy)]
pub struct Previous<'a> {
    pub stored: &'a StoredScore,
    pub totals_before: &'a [Score],
}

impl<'a> Previous<'a> {
    /// For each hand of a stored game, in order: what its stored result says, or
    /// `None` where the hand or the one before it has no usable stored result.
    pub fn of_stored(stored: &'a [Option<StoredScore>], zero: &'a [Score]) -> Vec<Option<Self>> {
        (0..stored.len())
            .map(|i| {
                let totals_before = match i {
                    0 => zero,
                    _ => stored[i - 1].as_ref()?.totals.as_slice(),
                };
                Some(Previous {
                    stored: stored[i].as_ref()?,
                    totals_before,
                })
            })
            .collect()
    }
}

/// A game's hands scored: every hand's score, the scoreboard, and how many hands
/// were checked afresh (the others kept their stored result).
#[derive(Debug, Clone, PartialEq)]
pub struct Rescored {
    pub scores: Vec<HandScore>,
    pub board: Scoreboard,
    pub fresh: usize,
    /// Whether each hand kept its stored result (its stored form is unchanged).
    pub reused: Vec<bool>,
}

impl Rescored {
    /// Each hand's result in its stored form (see [`StoredScore`]).
    pub fn stored(&self) -> Vec<Option<StoredScore>> {
        self.scores
            .iter()
            .zip(&self.board.running)
            .map(|(s, totals)| StoredScore::new(s, totals))
            .collect()
    }
}

/// Scores every hand in order, keeping the stored result of a hand whose entry and
/// dealer did not change (`previous[i]` is `Some`) when the totals before it are the
/// same as when it was scored: a hand's result depends only on the game's setup, its
/// dealer, its entry and those totals. So after a hand is added only that hand is
/// checked, and after a correction or a removal only the hands from it onward whose
/// totals changed. On a problem: the hand's 0-based position and errors.
pub fn rescore_reusing(
    setup: &GameSetup,
    hands: &[(u8, Entered)],
    previous: &[Option<Previous>],
    lang: Lang,
) -> Result<Rescored, (usize, Vec<EntryError>)> {
    let mut totals = super::scoreboard(setup, &[]).totals;
    let mut scores: Vec<HandScore> = Vec::with_capacity(hands.len());
    let mut fresh = 0;
    let mut reused = Vec::with_capacity(hands.len());
    for (i, (dealer, entered)) in hands.iter().enumerate() {
        let kept = previous
            .get(i)
            .copied()
            .flatten()
            .filter(|p| p.totals_before == totals.as_slice());
        reused.push(kept.is_some());
        let s = match kept {
            Some(p) => p.stored.in_lang(lang),
            None => {
                fresh += 1;
                score_after(setup, &totals, *dealer, entered, lang).map_err(|e| (i, e))?
            }
        };
        super::board::add_points(&mut totals, &s.hand_points);
        scores.push(s);
    }
    let board = super::scoreboard(setup, &scores);
    Ok(Rescored {
        scores,
        board,
        fresh,
        reused,
    })
}

/// Where a game stands after its hands, kept with the game so that a new hand is
/// scored without reading the others: how many hands it has, the last one's number,
/// each side's totals, and who deals next in the dealing chain (`None`: the game is
/// over).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tail {
    pub hands: usize,
    pub last_no: i32,
    pub totals: Vec<Score>,
    pub next_dealer: Option<u8>,
}

/// A hand added after a game's [`Tail`]: its score, how it ends the game, and the
/// tail after it (which holds the totals after it).
#[derive(Debug, Clone, PartialEq)]
pub struct Added {
    pub score: HandScore,
    pub game_over: Option<crate::domain::ruling::GameOver>,
    pub tail: Tail,
}

impl Tail {
    /// The tail of a game scored as `board`, whose last hand is number `last_no`
    /// (0 when it has none).
    pub fn of(board: &Scoreboard, last_no: i32) -> Tail {
        Tail {
            hands: board.running.len(),
            last_no,
            totals: board.totals.clone(),
            next_dealer: board.next_dealer,
        }
    }

    /// The text kept with the game.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Option<Tail> {
        serde_json::from_str(text).ok()
    }

    /// Hand number `last_no + 1`, dealt by `dealer`, added after this tail: exactly
    /// what scoring the whole game again gives it, from this tail alone. `None` once
    /// the game is over; on a problem, the hand's errors.
    pub fn add(
        &self,
        setup: &GameSetup,
        dealer: u8,
        entered: &Entered,
        lang: Lang,
    ) -> Option<Result<Added, Vec<EntryError>>> {
        let chain = self.next_dealer?;
        let score = match score_after(setup, &self.totals, dealer, entered, lang) {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        let mut totals = self.totals.clone();
        super::board::add_points(&mut totals, &score.hand_points);
        let table = super::board::table_of(setup);
        let (game_over, next) =
            super::board::step(setup, &table, (self.hands, &totals), chain, &score);
        let tail = Tail {
            hands: self.hands + 1,
            last_no: self.last_no + 1,
            totals,
            next_dealer: game_over.is_none().then_some(next),
        };
        Some(Ok(Added {
            score,
            game_over,
            tail,
        }))
    }
}
