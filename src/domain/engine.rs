//! The game-engine shape shared by the five games (architecture.md §6, after OpenSpiel
//! and shakmaty): the deal is an input, a state offers `legal_actions`, `apply` returns a
//! new state or an [`Illegal`] naming the rule broken (the old state is untouched), and
//! `is_terminal` / `hand_points` give the outcome. Uses `messages`, `record` and
//! `ruling`; every game implements [`GameState`].

pub use crate::domain::kind::{GameKind, Seating};
use crate::domain::messages::Reason;
use crate::domain::record::Move;
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
