//! The game-engine shape shared by the five games (after OpenSpiel and shakmaty): the
//! deal is an input, a state offers `legal_actions`, `apply` returns a new state or an
//! [`Illegal`] naming the rule broken (the old state is untouched), and `is_terminal` /
//! `hand_points` give the outcome. Every game implements [`GameState`], and
//! [`TakesEvents`]: how a replayed record's events reach its state (a move is applied,
//! any other event breaks the rule named here). Uses `messages`, `record` and `ruling`.

pub use crate::domain::kind::{GameKind, Seating};
use crate::domain::messages::Reason;
use crate::domain::record::{CallKind, Event, Move};
use crate::domain::ruling::{RuleId, Score};

/// Why an action was refused: the spec rule id and a message (rendered per language).
#[derive(Debug, Clone, PartialEq)]
pub struct Illegal {
    pub rule: RuleId,
    pub reason: Reason,
}

impl Illegal {
    pub fn new(rule: RuleId, reason: Reason) -> Illegal {
        Illegal { rule, reason }
    }
}

/// An action of another game (`unknown_event`).
pub fn foreign_action(key: &'static str, game: &'static str) -> Illegal {
    Illegal::new(RuleId::UnknownEvent, Reason::ForeignAction { key, game })
}

/// The seat of a move, or `unknown_event` for a seat beyond the table.
pub fn check_seat(seat: u8, players: u8) -> Result<u8, Illegal> {
    if seat < players {
        return Ok(seat);
    }
    Err(Illegal::new(
        RuleId::UnknownEvent,
        Reason::Record(format!("seat {seat} does not exist")),
    ))
}

/// Whether it is `seat`'s turn (`out_of_turn` if `turn` is someone else's).
pub fn check_turn(seat: u8, turn: u8) -> Result<(), Illegal> {
    if seat == turn {
        return Ok(());
    }
    Err(Illegal::new(
        RuleId::OutOfTurn,
        Reason::NotYourTurn {
            expected: turn,
            got: seat,
        },
    ))
}

/// A game's state as a record's events reach it when it is replayed: an event that is a
/// move is the game's to apply; any other event breaks a rule, named here.
pub trait TakesEvents {
    /// The game's name in messages.
    fn game_name(&self) -> &'static str;
    /// Whose card it is now, or why `seat` may play none: the hand is over, the calls
    /// are not done, the seat sits out.
    fn card_turn(&self, seat: u8) -> Result<u8, Reason>;
    /// The turn check of a card play (also for a `play` whose value is not a card).
    fn check_play_turn(&self, seat: u8) -> Result<(), Illegal> {
        let turn = self
            .card_turn(seat)
            .map_err(|r| Illegal::new(RuleId::OutOfTurn, r))?;
        check_turn(seat, turn)
    }
    /// The rule a `bid`, `trump` or `double` whose value is not a call breaks: by
    /// default, an action of another game.
    fn bad_call(&self, seat: u8, kind: CallKind, given: &str) -> Illegal {
        let _ = (seat, given);
        foreign_action(kind.key(), self.game_name())
    }
    /// The move of event `index` of a record, or the rule the event breaks when it is
    /// none: a `play` whose value is no card (after the turn check), a call whose value
    /// is no call, an event of no known type.
    fn event_move<'a>(&self, index: usize, ev: &'a Event) -> Result<&'a Move, Illegal> {
        match ev {
            Event::Move(m) => Ok(m),
            Event::BadCard { seat, given, .. } => {
                self.check_play_turn(*seat)?;
                Err(Illegal::new(
                    RuleId::CardNotInHand,
                    Reason::NotACard {
                        index,
                        given: given.clone(),
                    },
                ))
            }
            Event::BadCall {
                seat, kind, given, ..
            } => Err(self.bad_call(*seat, *kind, given)),
            Event::Unknown { problem, .. } => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::BadEvent {
                    index,
                    problem: problem.clone(),
                },
            )),
        }
    }
}

/// One game's state machine (OpenSpiel `State` / shakmaty `Position`).
pub trait GameState: Clone + Sized {
    /// The seat whose turn it is (bid or card), `None` when the hand is over.
    fn current_player(&self) -> Option<u8>;
    /// Every action that is legal now, by any seat (cantes may be made by a seat other
    /// than the current player). Empty iff the hand is over.
    fn legal_actions(&self) -> Vec<Move>;
    /// The state after `mv`, or why it is illegal; `self` is never changed.
    fn apply(&self, mv: &Move) -> Result<Self, Illegal>;
    /// The hand has ended.
    fn is_terminal(&self) -> bool;
    /// What each side scores on the scoreboard for this hand, once decided.
    fn hand_points(&self) -> Option<Vec<Score>>;
}
