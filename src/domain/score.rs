//! Plain data: a score on a scoreboard ([`Score`]), exact in twelfths of a point.
//! Uses nothing of the domain.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::fmt;

/// A score on a scoreboard. Whole numbers except where a tie is split (cinquillo: the
/// exact quotient among two, three or four winners), so it is kept exactly as a number
/// of twelfths of a point and serialised as an integer when whole (`3`), else as the
/// nearest decimal to the exact value (`3.5`, `2.3333333333333335`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i64);

/// Twelfths in a point: every share of a total among 1 to 4 winners is exact.
const PARTS: i64 = 12;

impl Score {
    pub const ZERO: Score = Score(0);

    /// A whole number of points.
    pub fn points(n: i64) -> Score {
        Score(n.saturating_mul(PARTS))
    }

    /// A number of half points.
    pub fn from_halves(h: i64) -> Score {
        Score(h.saturating_mul(PARTS / 2))
    }

    /// Each one's exact share of `total` points split equally among `k` (1 to 4; a `k`
    /// outside that range counts as 1).
    pub fn share(total: i64, k: i64) -> Score {
        let k = if (1..=4).contains(&k) { k } else { 1 };
        Score(total.saturating_mul(PARTS) / k)
    }

    /// Whole points, fractions rounded down.
    pub fn floor(self) -> i64 {
        self.0.div_euclid(PARTS)
    }

    /// The value if whole.
    pub fn whole(self) -> Option<i64> {
        (self.0 % PARTS == 0).then_some(self.0 / PARTS)
    }

    /// The nearest `f64` to the exact value.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / PARTS as f64
    }

    /// As a scoreboard shows it to people: the whole number, or a split share to one
    /// decimal (`2.3`), as every page of a game reads it.
    pub fn shown(self) -> String {
        match self.whole() {
            Some(n) => n.to_string(),
            None => format!("{:.1}", self.as_f64()),
        }
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub fn saturating_add(self, o: Score) -> Score {
        Score(self.0.saturating_add(o.0))
    }

    /// Reads a JSON number that is a whole number or the decimal of a share (a number
    /// of twelfths: `3.5`, `2.3333333333333335`, `1.25`).
    pub fn from_json(v: &Value) -> Option<Score> {
        if let Some(i) = v.as_i64() {
            return i.checked_mul(PARTS).map(Score);
        }
        let f = v.as_f64()?;
        let n = (f * PARTS as f64).round();
        if !n.is_finite() || n.abs() >= 1e15 {
            return None;
        }
        let s = Score(n as i64);
        (s.as_f64() == f).then_some(s)
    }

    pub fn to_value(self) -> Value {
        match self.whole() {
            Some(w) => Value::from(w),
            None => Value::from(self.as_f64()),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.whole() {
            Some(w) => write!(f, "{w}"),
            None => write!(f, "{}", self.as_f64()),
        }
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.whole() {
            Some(w) => s.serialize_i64(w),
            None => s.serialize_f64(self.as_f64()),
        }
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        Score::from_json(&v)
            .ok_or_else(|| serde::de::Error::custom("expected a whole or half number"))
    }
}
