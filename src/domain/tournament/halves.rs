//! Match points counted exactly in halves: `2`, `0.5`, `1.5`. Sums and comparisons
//! are on whole numbers of halves, never on floats.
//!
//! In files a value is a JSON number (`1`, `0.5`); a whole value is written without a
//! decimal point, so files holding only integers read and write as before.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number of match points, stored as a count of halves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct MatchPoints(u32);

impl MatchPoints {
    pub const ZERO: MatchPoints = MatchPoints(0);

    /// `n` whole points.
    pub const fn whole(n: u32) -> MatchPoints {
        MatchPoints(n.saturating_mul(2))
    }

    /// `n` halves (`from_halves(3)` is 1½).
    pub const fn from_halves(n: u32) -> MatchPoints {
        MatchPoints(n)
    }

    /// The count of halves.
    pub const fn halves(self) -> u32 {
        self.0
    }

    pub fn saturating_add(self, other: MatchPoints) -> MatchPoints {
        MatchPoints(self.0.saturating_add(other.0))
    }

    pub fn saturating_sub(self, other: MatchPoints) -> MatchPoints {
        MatchPoints(self.0.saturating_sub(other.0))
    }

    pub fn saturating_mul(self, n: u32) -> MatchPoints {
        MatchPoints(self.0.saturating_mul(n))
    }

    /// The value as a number (exact: a half is a power of two).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// As files, CSV and the command line write it: `3`, `0.5`, `1.5`.
    pub fn plain(self) -> String {
        self.to_string()
    }

    /// As the pages write it: `3`, `½`, `1½`.
    pub fn pretty(self) -> String {
        match (self.0 / 2, self.0 % 2) {
            (w, 0) => w.to_string(),
            (0, _) => "½".to_owned(),
            (w, _) => format!("{w}½"),
        }
    }

    /// Reads what a person types: `2`, `0.5`, `0,5`, `½`, `1½`, `1 ½`. `None` for
    /// anything that is not a whole number or a half (`0.3`, `-1`, `abc`).
    pub fn parse(text: &str) -> Option<MatchPoints> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if t.is_empty() {
            return None;
        }
        if let Some(whole) = t.strip_suffix('½') {
            let w = if whole.is_empty() {
                0
            } else {
                whole.parse::<u32>().ok()?
            };
            return Some(MatchPoints(w.checked_mul(2)?.checked_add(1)?));
        }
        let t = t.replace(',', ".");
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w, f),
            None => (t.as_str(), ""),
        };
        if !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let w: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return None,
        };
        if whole.is_empty() && t.ends_with('.') {
            return None;
        }
        Some(MatchPoints(w.checked_mul(2)?.checked_add(half)?))
    }
}

impl From<u32> for MatchPoints {
    fn from(n: u32) -> MatchPoints {
        MatchPoints::whole(n)
    }
}

impl std::iter::Sum for MatchPoints {
    fn sum<I: Iterator<Item = MatchPoints>>(iter: I) -> MatchPoints {
        iter.fold(MatchPoints::ZERO, MatchPoints::saturating_add)
    }
}

impl std::fmt::Display for MatchPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 2 {
            0 => write!(f, "{}", self.0 / 2),
            _ => write!(f, "{}.5", self.0 / 2),
        }
    }
}

impl Serialize for MatchPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(2) {
            s.serialize_u32(self.0 / 2)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

impl<'de> Deserialize<'de> for MatchPoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MatchPoints, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = MatchPoints;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("match points: a whole number or a half (1, 0.5, 1.5)")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<MatchPoints, E> {
                u32::try_from(v)
                    .ok()
                    .and_then(|v| v.checked_mul(2))
                    .map(MatchPoints)
                    .ok_or_else(|| E::custom(format!("{v} match points is too many")))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<MatchPoints, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom(format!("match points cannot be negative ({v})")))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<MatchPoints, E> {
                let h = v * 2.0;
                if !h.is_finite() || h < 0.0 || h.fract() != 0.0 || h > f64::from(u32::MAX) {
                    return Err(E::custom(format!(
                        "match points are whole numbers or halves, not {v}"
                    )));
                }
                // A whole number below u32::MAX: the cast is exact.
                Ok(MatchPoints(h as u32))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn halves_read_from_numbers_and_whole_values_write_as_integers() {
        let read = |v| serde_json::from_value::<MatchPoints>(v);
        assert_eq!(read(json!(1)).unwrap(), MatchPoints::whole(1));
        assert_eq!(read(json!(0.5)).unwrap(), MatchPoints::from_halves(1));
        assert_eq!(read(json!(1.5)).unwrap(), MatchPoints::from_halves(3));
        assert_eq!(read(json!(2.0)).unwrap(), MatchPoints::whole(2));
        assert!(read(json!(0.3)).is_err());
        assert!(read(json!(-1)).is_err());
        assert!(read(json!("1")).is_err());
        assert_eq!(serde_json::to_string(&MatchPoints::whole(2)).unwrap(), "2");
        assert_eq!(
            serde_json::to_string(&MatchPoints::from_halves(1)).unwrap(),
            "0.5"
        );
        assert_eq!(
            serde_json::to_string(&MatchPoints::from_halves(7)).unwrap(),
            "3.5"
        );
    }

    #[test]
    fn a_half_is_written_plain_in_files_and_as_a_fraction_on_pages() {
        let h = MatchPoints::from_halves;
        assert_eq!((h(1).plain(), h(1).pretty()), ("0.5".into(), "½".into()));
        assert_eq!((h(3).plain(), h(3).pretty()), ("1.5".into(), "1½".into()));
        assert_eq!((h(4).plain(), h(4).pretty()), ("2".into(), "2".into()));
        assert_eq!((h(0).plain(), h(0).pretty()), ("0".into(), "0".into()));
    }

    #[test]
    fn typed_points_accept_commas_points_and_the_half_sign_but_no_other_fraction() {
        let h = |n| Some(MatchPoints::from_halves(n));
        for (text, want) in [
            ("2", h(4)),
            ("0.5", h(1)),
            ("0,5", h(1)),
            (",5", h(1)),
            ("½", h(1)),
            ("1½", h(3)),
            ("1 ½", h(3)),
            (" 3 ", h(6)),
            ("1.50", h(3)),
            ("2.0", h(4)),
            ("0.3", None),
            ("0.25", None),
            ("-1", None),
            ("", None),
            (".", None),
            ("1.5.", None),
            ("a", None),
            ("½½", None),
        ] {
            assert_eq!(MatchPoints::parse(text), want, "{text:?}");
        }
    }

    #[test]
    fn every_half_reads_back_from_its_plain_and_pretty_forms() {
        for n in 0..500 {
            let p = MatchPoints::from_halves(n);
            assert_eq!(MatchPoints::parse(&p.plain()), Some(p));
            assert_eq!(MatchPoints::parse(&p.pretty()), Some(p));
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<MatchPoints>(&json).unwrap(), p);
        }
    }
}
