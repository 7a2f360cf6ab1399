//! Checking a game's setup, and what every hand entry shares (dealer, `before`, seats).

use serde_json::{Map, Value};

use crate::domain::cards::Suit;
use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::options::{self, TableOptions};
use crate::domain::record_error::RecordError;
use crate::domain::ruling::{GameOver, Score};
use crate::domain::words::{OptionNames, record_error_words};

use super::msg::{Note, Problem, Side, notes_in_every_lang};
use super::types::{CanteEntry, EntryError, GameSetup, HandScore};

/// The table a hand is entered at, as every game's scorer reads it: the game and its
/// players and options, who dealt, each side's game points before the hand, and the
/// language of the errors.
#[derive(Debug, Clone, Copy)]
pub struct HandAt<'a> {
    pub game: GameKind,
    pub players: u8,
    pub table: &'a TableOptions,
    pub before: &'a [i64],
    pub dealer: u8,
    pub lang: Lang,
}

/// Every problem of a setup: players, first dealer, each option. An option is named
/// by its label and its values in words (`options`), as a refused hand record names it.
pub fn validate_setup(
    setup: &GameSetup,
    lang: Lang,
    options: &dyn OptionNames,
) -> Result<(), Vec<EntryError>> {
    let mut errs = Vec::new();
    let game = setup.game;
    if !game.valid_players(setup.players) {
        errs.push(
            Problem::BadPlayers {
                game: game.name(),
                players: setup.players,
            }
            .at("players", lang),
        );
    } else if setup.first_dealer >= setup.players {
        errs.push(
            Problem::BadFirstDealer {
                seat: setup.first_dealer,
                players: setup.players,
            }
            .at("first_dealer", lang),
        );
    }
    let specs = options::specs(game);
    for (name, v) in &setup.options {
        let refused = match specs.iter().find(|s| s.name == name.as_str()) {
            None => RecordError::UnknownOption {
                game,
                name: name.clone(),
            },
            Some(spec) if spec.parse(v).is_none() => RecordError::BadOptionValue {
                game,
                name: name.clone(),
                expected: spec.expected(),
                got: v.to_string(),
            },
            Some(_) => continue,
        };
        errs.push(EntryError {
            field: "options".into(),
            message: record_error_words(&refused, lang, options),
            option: Some(Box::new(refused)),
        });
    }
    if errs.is_empty() { Ok(()) } else { Err(errs) }
}

/// The setup's options, validated (defaults where the setup is wrong: callers check it).
pub fn table_options(game: GameKind, players: u8, given: &Map<String, Value>) -> TableOptions {
    options::validate(game, players, given).unwrap_or_default()
}

/// Whole points of a score (a fraction of a point rounded down).
pub fn whole(s: Score) -> i64 {
    s.floor()
}

/// Before scores per side, whole points (0 where missing).
pub fn before_points(before: &[Score], sides: u8) -> Vec<i64> {
    (0..usize::from(sides))
        .map(|i| before.get(i).copied().map_or(0, whole))
        .collect()
}

/// Scores for `sides` sides from whole points.
pub fn scores(points: &[i64]) -> Vec<Score> {
    points.iter().map(|p| Score::points(*p)).collect()
}

impl HandScore {
    /// A hand's score, its `notes` read out in `lang` and kept in every language.
    pub fn new(
        points: Option<Vec<Score>>,
        hand_points: Vec<Score>,
        ends_game: Option<GameOver>,
        notes: &[Note],
        lang: Lang,
        next_dealer: Option<u8>,
    ) -> HandScore {
        HandScore {
            points,
            hand_points,
            ends_game,
            notes: notes.iter().map(|n| n.render(lang)).collect(),
            notes_in: notes_in_every_lang(notes),
            next_dealer,
        }
    }
}

/// Collects problems with the field each one belongs to.
pub struct Errors {
    pub lang: Lang,
    pub list: Vec<EntryError>,
}

/// The fields of the problems collected so far, in order (for the steps' tests).
#[cfg(test)]
pub fn fields(e: &Errors) -> Vec<&str> {
    e.list.iter().map(|x| x.field.as_str()).collect()
}

impl Errors {
    pub fn new(lang: Lang) -> Errors {
        Errors {
            lang,
            list: Vec::new(),
        }
    }
    pub fn add(&mut self, field: impl Into<String>, p: Problem) {
        self.list.push(p.at(field, self.lang));
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
    /// Checks a seat field; true when the seat exists.
    pub fn seat(&mut self, field: &str, seat: u8, players: u8) -> bool {
        self.check(
            field,
            seat < players,
            Problem::SeatOutOfRange { seat, players },
        )
    }
    /// Checks cante `f` against the hand's tute (only the tute's seat may sing beside
    /// it) and against the cantes before it (each suit once, the forty once); marks its
    /// suit in `seen`.
    pub fn cante(
        &mut self,
        f: &str,
        c: &CanteEntry,
        tute_seat: Option<u8>,
        trump: Suit,
        seen: &mut [bool; 4],
    ) {
        if let Some(tute_seat) = tute_seat
            && tute_seat != c.seat
        {
            self.add(
                f,
                Problem::CanteWithOthersTute {
                    seat: c.seat,
                    tute_seat,
                },
            );
        }
        let ix = usize::from(c.suit.index());
        if seen.get(ix).copied().unwrap_or(false) {
            if c.suit == trump {
                self.add(f, Problem::FortyTwice { suit: c.suit });
            } else {
                self.add(f, Problem::SuitSungTwice { suit: c.suit });
            }
        }
        if let Some(x) = seen.get_mut(ix) {
            *x = true;
        }
    }
    /// Checks a side field; true when the side exists.
    pub fn side(&mut self, field: &str, side: u8, sides: u8) -> bool {
        self.check(field, side < sides, Problem::SideOutOfRange { side, sides })
    }
    /// Adds `p` on `field` unless `ok`; returns `ok`.
    fn check(&mut self, field: &str, ok: bool, p: Problem) -> bool {
        if !ok {
            self.add(field, p);
        }
        ok
    }
}

/// How a side is named in messages.
pub fn side_label(game: GameKind, players: u8, table: &TableOptions, side: u8) -> Side {
    Side {
        side,
        pairs: game.seating(players, table).pairs,
    }
}
