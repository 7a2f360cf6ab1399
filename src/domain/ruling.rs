//! Plain data: the ruling (docs/hand-record.md "Ruling"), what the engine says about a
//! hand record, serialised to exactly the spec fields, in spec order. Uses `cards`,
//! `score` and `record`.
//!
//! `discrepancies` (the spec leaves the shape open): one entry per field of `declared`
//! that differs from what was computed, `{"field": "points" | "hand_points",
//! "declared": [..], "computed": [..] | null}`.

use crate::domain::cards::{Card, CardSet, Suit};
use crate::domain::record::{Declared, HandRecord};
pub use crate::domain::score::Score;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The `format` of a ruling.
pub const RULING_FORMAT: &str = "baza-ruling/1";

/// An event that may or may not have been a violation, depending on unknown cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undecided {
    /// Index into `events`.
    pub event: usize,
    pub seat: u8,
    pub side: u8,
    /// The rule broken if the seat held one of `cards`.
    pub rule: RuleId,
    /// Unknown cards that, held by `seat` at that moment, make the event illegal.
    pub cards: Vec<Card>,
    /// What a referee reads out.
    pub message: String,
    /// What the hand would score were this the first violation.
    pub hand_points: Option<Vec<Score>>,
}

/// The completion a partial ruling was computed on (not part of the JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct Filled {
    /// The record with every `"?"` replaced.
    pub record: HandRecord,
    /// The cards put in unknown places without evidence (fillers): nothing about
    /// where they lie may be told as fact.
    pub guessed: CardSet,
}

/// Rule ids (spec "Rule ids").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleId {
    DealInvalid,
    OutOfTurn,
    CardNotInHand,
    MustFollowSuit,
    MustBeat,
    MustTrump,
    MustOvertrump,
    IllegalBid,
    IllegalTrump,
    IllegalDouble,
    IllegalCante,
    IllegalTute,
    IllegalExchange,
    IllegalPass,
    IllegalPlacement,
    FalseClaim,
    UnknownEvent,
}

impl RuleId {
    pub const ALL: [RuleId; 17] = [
        RuleId::DealInvalid,
        RuleId::OutOfTurn,
        RuleId::CardNotInHand,
        RuleId::MustFollowSuit,
        RuleId::MustBeat,
        RuleId::MustTrump,
        RuleId::MustOvertrump,
        RuleId::IllegalBid,
        RuleId::IllegalTrump,
        RuleId::IllegalDouble,
        RuleId::IllegalCante,
        RuleId::IllegalTute,
        RuleId::IllegalExchange,
        RuleId::IllegalPass,
        RuleId::IllegalPlacement,
        RuleId::FalseClaim,
        RuleId::UnknownEvent,
    ];

    pub fn id(self) -> &'static str {
        match self {
            RuleId::DealInvalid => "deal_invalid",
            RuleId::OutOfTurn => "out_of_turn",
            RuleId::CardNotInHand => "card_not_in_hand",
            RuleId::MustFollowSuit => "must_follow_suit",
            RuleId::MustBeat => "must_beat",
            RuleId::MustTrump => "must_trump",
            RuleId::MustOvertrump => "must_overtrump",
            RuleId::IllegalBid => "illegal_bid",
            RuleId::IllegalTrump => "illegal_trump",
            RuleId::IllegalDouble => "illegal_double",
            RuleId::IllegalCante => "illegal_cante",
            RuleId::IllegalTute => "illegal_tute",
            RuleId::IllegalExchange => "illegal_exchange",
            RuleId::IllegalPass => "illegal_pass",
            RuleId::IllegalPlacement => "illegal_placement",
            RuleId::FalseClaim => "false_claim",
            RuleId::UnknownEvent => "unknown_event",
        }
    }

    /// Whether the violation is penalised as the game's revoke. `deal_invalid`,
    /// `card_not_in_hand` and `unknown_event` show that the record itself is wrong.
    pub fn is_penalised(self) -> bool {
        !matches!(
            self,
            RuleId::DealInvalid | RuleId::CardNotInHand | RuleId::UnknownEvent
        )
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The first illegal event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// Index into `events`; `null` for `deal_invalid`.
    pub event: Option<usize>,
    /// Who made it (the dealer for `deal_invalid`); `null` when the event names no valid seat.
    pub seat: Option<u8>,
    pub side: Option<u8>,
    pub rule: RuleId,
    pub message: String,
}

/// A completed trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    pub leader: u8,
    pub cards: Vec<Card>,
    pub winner: u8,
}

/// Which tute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuteKind {
    Kings,
    Caballos,
    /// Guiñote's tute de sotas.
    Sotas,
}

/// An accepted cante (or tute).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CanteRecord {
    pub seat: u8,
    /// `null` for a tute.
    pub suit: Option<Suit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tute: Option<TuteKind>,
    pub value: u32,
    pub event: usize,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOverReason {
    Target,
    Tute,
    Revoke,
    Claim,
    FalseClaim,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOver {
    pub winner: u8,
    pub reason: GameOverReason,
}

/// A declared value that differs from the computed one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Discrepancy {
    /// `points` or `hand_points`.
    pub field: String,
    pub declared: Value,
    pub computed: Value,
}

/// What the engine says about a hand record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ruling {
    pub format: String,
    pub legal: bool,
    pub complete: bool,
    pub violation: Option<Violation>,
    pub tricks: Vec<TrickRecord>,
    pub cantes: Vec<CanteRecord>,
    pub points: Vec<Score>,
    pub hand_points: Option<Vec<Score>>,
    pub game_over: Option<GameOver>,
    pub discrepancies: Vec<Discrepancy>,
    /// Partial deals only (`"?"` cards): what the known cards cannot decide; absent for
    /// a complete deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undecided: Option<Vec<Undecided>>,
    /// Partial deals only: the completion that was ruled (not part of the JSON).
    #[serde(skip)]
    pub filled: Option<Box<Filled>>,
}

impl Ruling {
    /// A ruling for a record whose deal (or record itself) is wrong: no play is judged.
    pub fn invalid(sides: u8, dealer: u8, side: u8, rule: RuleId, message: String) -> Ruling {
        Ruling {
            format: RULING_FORMAT.into(),
            legal: false,
            complete: false,
            violation: Some(Violation {
                event: None,
                seat: Some(dealer),
                side: Some(side),
                rule,
                message,
            }),
            tricks: Vec::new(),
            cantes: Vec::new(),
            points: vec![Score::ZERO; usize::from(sides)],
            hand_points: None,
            game_over: None,
            discrepancies: Vec::new(),
            undecided: None,
            filled: None,
        }
    }

    /// Fills `discrepancies` from what the table declared.
    pub fn compare_declared(&mut self, declared: Option<&Declared>) {
        let Some(d) = declared else { return };
        let list = |v: &[Score]| Value::Array(v.iter().map(|s| s.to_value()).collect());
        if let Some(p) = &d.points
            && p != &self.points
        {
            self.discrepancies.push(Discrepancy {
                field: "points".into(),
                declared: list(p),
                computed: list(&self.points),
            });
        }
        if let Some(h) = &d.hand_points
            && Some(h) != self.hand_points.as_ref()
        {
            self.discrepancies.push(Discrepancy {
                field: "hand_points".into(),
                declared: list(h),
                computed: self.hand_points.as_deref().map_or(Value::Null, list),
            });
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_an_integer_unless_it_is_a_share_of_a_tie() {
        assert_eq!(serde_json::to_string(&Score::points(3)).unwrap(), "3");
        assert_eq!(
            serde_json::to_string(&Score::from_halves(7)).unwrap(),
            "3.5"
        );
        let s: Score = serde_json::from_str("3.5").unwrap();
        assert_eq!(s, Score::from_halves(7));
        assert!(serde_json::from_str::<Score>("3.2").is_err());
        assert!(serde_json::from_str::<Score>("1.6666").is_err());
    }

    #[test]
    fn a_share_among_three_is_the_exact_quotient_never_a_half() {
        assert_eq!(
            serde_json::to_string(&Score::share(7, 3)).unwrap(),
            "2.3333333333333335"
        );
        assert_eq!(
            serde_json::to_string(&Score::share(5, 3)).unwrap(),
            "1.6666666666666667"
        );
        assert_eq!(serde_json::to_string(&Score::share(5, 4)).unwrap(), "1.25");
        let s: Score = serde_json::from_str("2.3333333333333335").unwrap();
        assert_eq!(s, Score::share(7, 3));
        // Three shares add up to the whole total again.
        let three = Score::share(7, 3)
            .saturating_add(Score::share(7, 3))
            .saturating_add(Score::share(7, 3));
        assert_eq!(three, Score::points(7));
    }

    #[test]
    fn rule_ids_serialise_as_the_spec_names() {
        for r in RuleId::ALL {
            assert_eq!(
                serde_json::to_value(r).unwrap(),
                Value::String(r.id().into())
            );
        }
    }

    #[test]
    fn a_ruling_serialises_its_fields_in_spec_order() {
        let r = Ruling::invalid(2, 3, 1, RuleId::DealInvalid, "x".into());
        let s = serde_json::to_string(&r).unwrap();
        let order = [
            "format",
            "legal",
            "complete",
            "violation",
            "tricks",
            "cantes",
            "points",
            "hand_points",
            "game_over",
            "discrepancies",
        ];
        let pos: Vec<usize> = order
            .iter()
            .map(|k| s.find(&format!("\"{k}\"")).unwrap())
            .collect();
        assert!(pos.windows(2).all(|w| w[0] < w[1]), "{s}");
    }
}
