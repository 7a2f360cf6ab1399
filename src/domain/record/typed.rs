//! The hand record read from text straight into typed fields, with no `Value` tree
//! for its cards and events (the bulk of a record).
//!
//! It takes only records it can read exactly as [`super::parse_record`] reads them:
//! known fields only, each once, cards and calls as strings, every event a
//! well-formed move. Anything else (a malformed or unusual record, and so every
//! record that is an error) is left to the `Value` reading, which gives the exact
//! error: [`parse_record_text`] is [`super::parse_record_str`], faster.

use super::{
    Action, Bid, CardSlot, Declared, DoubleCall, Event, HAND_FORMAT, HandRecord, MAX_EVENTS, Move,
    RecordError, RecordField, TrumpCall, score_list, small_int,
};
use crate::domain::cards::{Card, Suit};
use crate::domain::engine::GameKind;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;

/// Parses a hand record from text: the same record, or the same error, as
/// [`super::parse_record_str`].
pub fn parse_record_text(input: &str) -> Result<HandRecord, RecordError> {
    match parse_record_typed(input) {
        Some(record) => Ok(record),
        None => super::parse_record_str(input),
    }
}

/// The record in `input` read into typed fields, or `None` when this reading does
/// not take it (then [`super::parse_record_str`] gives the record or its error).
/// Whatever it returns is what [`super::parse_record_str`] returns for `input`.
pub fn parse_record_typed(input: &str) -> Option<HandRecord> {
    // A struct would also read a JSON list (its fields in order): only an object is
    // a record.
    if !input
        .trim_start_matches([' ', '\n', '\t', '\r'])
        .starts_with('{')
    {
        return None;
    }
    let raw: RawRecord = serde_json::from_str(input).ok()?;
    raw.check()
}

/// A record as written, before the checks of [`super::parse_record`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord<'a> {
    #[serde(borrow)]
    format: Cow<'a, str>,
    #[serde(borrow)]
    game: Cow<'a, str>,
    players: u64,
    #[serde(default)]
    options: Option<Map<String, Value>>,
    dealer: u64,
    #[serde(default)]
    before: Option<Value>,
    hands: Vec<Vec<Slot>>,
    #[serde(default)]
    stock: Option<Vec<Slot>>,
    #[serde(default)]
    turned: Option<Slot>,
    #[serde(default)]
    events: Vec<RawMove>,
    #[serde(default)]
    declared: Option<Map<String, Value>>,
}

impl RawRecord<'_> {
    /// The checks of [`super::parse_record`], in its order; `None` where it would
    /// refuse the record.
    fn check(self) -> Option<HandRecord> {
        if self.format != HAND_FORMAT {
            return None;
        }
        let game = self.game.parse::<GameKind>().ok()?;
        let players = u8::try_from(self.players).ok()?;
        if !game.valid_players(players) {
            return None;
        }
        let options =
            super::options::validate(game, players, &self.options.unwrap_or_default()).ok()?;
        let dealer = small_int(
            &Value::from(self.dealer),
            RecordField::Dealer,
            u64::from(players) - 1,
        )
        .ok()?;
        let sides = game.seating(players, &options).sides();
        let before = match &self.before {
            None => None,
            Some(b) => Some(score_list(b, RecordField::Before, sides).ok()?),
        };
        if self.events.len() > MAX_EVENTS {
            return None;
        }
        let events = self
            .events
            .into_iter()
            .map(|m| {
                (m.seat < u64::from(players))
                    .then(|| Event::Move(Move::new(m.seat as u8, m.action)))
            })
            .collect::<Option<Vec<Event>>>()?;
        let declared = match self.declared {
            None => None,
            Some(d) => {
                let mut out = Declared::default();
                for (k, val) in &d {
                    match k.as_str() {
                        "points" if !val.is_null() => {
                            out.points =
                                Some(score_list(val, RecordField::DeclaredPoints, sides).ok()?)
                        }
                        "hand_points" if !val.is_null() => {
                            out.hand_points =
                                Some(score_list(val, RecordField::DeclaredHandPoints, sides).ok()?)
                        }
                        "points" | "hand_points" => {}
                        _ => return None,
                    }
                }
                Some(out)
            }
        };
        Some(HandRecord {
            game,
            players,
            options,
            dealer,
            before,
            hands: self
                .hands
                .into_iter()
                .map(|h| h.into_iter().map(|s| s.0).collect())
                .collect(),
            stock: self
                .stock
                .map(|s| s.into_iter().map(|s| s.0).collect())
                .unwrap_or_default(),
            turned: self.turned.map(|s| s.0),
            events,
            declared,
        })
    }
}

/// A dealt card written as a string (any other value is left to the `Value` reading).
struct Slot(CardSlot);

impl<'de> Deserialize<'de> for Slot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(StrVisitor::new("a card", |s| {
            Ok(Slot(if s == crate::domain::partial::UNKNOWN {
                CardSlot::Unknown
            } else {
                match s.parse::<Card>() {
                    Ok(c) => CardSlot::Card(c),
                    Err(_) => CardSlot::Invalid(Value::String(s.to_owned())),
                }
            }))
        }))
    }
}

/// Reads a string into a value with `read`; any other value, or a string `read`
/// refuses (with its message), is an error.
struct StrVisitor<F> {
    expecting: &'static str,
    read: F,
}

impl<T, F: FnOnce(&str) -> Result<T, &'static str>> StrVisitor<F> {
    fn new(expecting: &'static str, read: F) -> Self {
        StrVisitor { expecting, read }
    }
}

impl<T, F: FnOnce(&str) -> Result<T, &'static str>> Visitor<'_> for StrVisitor<F> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        (self.read)(s).map_err(E::custom)
    }
}

/// An event that is a well-formed move, but for its seat, checked against the
/// players once they are known.
struct RawMove {
    seat: u64,
    action: Action,
}

/// The value of an event's action: a string or `true`/`false`.
enum Scalar<'a> {
    Str(Cow<'a, str>),
    Bool(bool),
}

impl<'de> Deserialize<'de> for Scalar<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ScalarVisitor;
        impl<'de> Visitor<'de> for ScalarVisitor {
            type Value = Scalar<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string or a boolean")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Str(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Str(Cow::Owned(s.to_owned())))
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Bool(b))
            }
        }
        d.deserialize_any(ScalarVisitor)
    }
}

/// The keys an event may have here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EventKey {
    Seat,
    Bid,
    Trump,
    Double,
    Play,
    Pass,
    Cante,
    Tute,
    Exchange,
    Claim,
}

impl<'de> Deserialize<'de> for EventKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_identifier(StrVisitor::new("an event key", |s| {
            Ok(match s {
                "seat" => EventKey::Seat,
                "bid" => EventKey::Bid,
                "trump" => EventKey::Trump,
                "double" => EventKey::Double,
                "play" => EventKey::Play,
                "pass" => EventKey::Pass,
                "cante" => EventKey::Cante,
                "tute" => EventKey::Tute,
                "exchange" => EventKey::Exchange,
                "claim" => EventKey::Claim,
                _ => return Err("not taken here"),
            })
        }))
    }
}

/// The action of a well-formed event, as [`super::parse_event`] reads it; `None`
/// for anything it would not take as a move.
fn action(key: EventKey, val: &Scalar) -> Option<Action> {
    let s = match val {
        Scalar::Str(s) => Some(s.as_ref()),
        Scalar::Bool(_) => None,
    };
    let yes = matches!(val, Scalar::Bool(true));
    match key {
        EventKey::Seat => None,
        EventKey::Bid => s.and_then(Bid::parse).map(Action::Bid),
        EventKey::Trump => s.and_then(TrumpCall::parse).map(Action::Trump),
        EventKey::Double => s.and_then(DoubleCall::parse).map(Action::Double),
        EventKey::Play => s.and_then(|x| x.parse::<Card>().ok()).map(Action::Play),
        EventKey::Pass => yes.then_some(Action::Pass),
        EventKey::Cante => s.and_then(|x| x.parse::<Suit>().ok()).map(Action::Cante),
        EventKey::Tute => yes.then_some(Action::Tute),
        EventKey::Exchange => s.and_then(|x| x.parse::<Card>().ok()).map(Action::Exchange),
        EventKey::Claim => yes.then_some(Action::Claim),
    }
}

impl<'de> Deserialize<'de> for RawMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MoveVisitor;
        impl<'de> Visitor<'de> for MoveVisitor {
            type Value = RawMove;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawMove, A::Error> {
                let mut seat: Option<u64> = None;
                let mut act: Option<Action> = None;
                while let Some(key) = map.next_key::<EventKey>()? {
                    if key == EventKey::Seat {
                        if seat.is_some() {
                            return Err(de::Error::custom("seat twice"));
                        }
                        seat = Some(map.next_value()?);
                        continue;
                    }
                    // One action only: a second key, or one given twice, is left to
                    // the `Value` reading.
                    if act.is_some() {
                        return Err(de::Error::custom("several actions"));
                    }
                    let val: Scalar = map.next_value()?;
                    act = Some(action(key, &val).ok_or_else(|| de::Error::custom("not a move"))?);
                }
                match (seat, act) {
                    (Some(seat), Some(action)) => Ok(RawMove { seat, action }),
                    _ => Err(de::Error::custom("not a move")),
                }
            }
        }
        d.deserialize_map(MoveVisitor)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::random::random_complete_record;
    use crate::domain::test_builders::TABLES;

    /// What the `Value` reading gives, and what the typed one gives when it takes the
    /// text: they must be the same record.
    fn agree(text: &str) {
        let slow = super::super::parse_record_str(text);
        if let Some(fast) = parse_record_typed(text) {
            assert_eq!(slow.as_ref(), Ok(&fast), "{text}");
        }
        assert_eq!(parse_record_text(text), slow, "{text}");
    }

    #[test]
    fn the_typed_reading_takes_every_complete_record_as_the_value_reading_does() {
        for (game, players) in TABLES {
            for seed in 0..20 {
                let record = random_complete_record(game, players, seed);
                let text = serde_json::to_string(&record).unwrap();
                assert_eq!(parse_record_typed(&text).as_ref(), Some(&record), "{text}");
                agree(&text);
                let pretty = serde_json::to_string_pretty(&record).unwrap();
                assert_eq!(parse_record_typed(&pretty).as_ref(), Some(&record));
            }
        }
    }

    #[test]
    fn records_the_typed_reading_leaves_get_the_value_readings_answer() {
        let record = random_complete_record(GameKind::Botifarra, 4, 7);
        let text = serde_json::to_string(&record).unwrap();
        // Cut anywhere.
        for (i, _) in text.char_indices().step_by(3) {
            agree(&text[..i]);
        }
        let v: Value = serde_json::from_str(&text).unwrap();
        let mut variants: Vec<Value> = Vec::new();
        let odd_values = [
            Value::Null,
            Value::Bool(true),
            Value::Bool(false),
            serde_json::json!(-1),
            serde_json::json!(0),
            serde_json::json!(1.0),
            serde_json::json!(2.5),
            serde_json::json!(3),
            serde_json::json!(300),
            serde_json::json!(u64::MAX),
            serde_json::json!("zz"),
            serde_json::json!("?"),
            serde_json::json!(" 1O "),
            serde_json::json!("x"),
            serde_json::json!([]),
            serde_json::json!([1, 2]),
            serde_json::json!({}),
            serde_json::json!({"points": [1, 2]}),
            serde_json::json!({"points": null, "hand_points": [0, 1.5]}),
            serde_json::json!({"target": 101}),
            serde_json::json!({"nope": 1}),
        ];
        let obj = v.as_object().unwrap();
        for key in [
            "format", "game", "players", "options", "dealer", "before", "hands", "stock", "turned",
            "events", "declared", "other",
        ] {
            let mut gone = obj.clone();
            gone.remove(key);
            variants.push(Value::Object(gone));
            for odd in &odd_values {
                let mut m = obj.clone();
                m.insert(key.into(), odd.clone());
                variants.push(Value::Object(m));
            }
        }
        for (i, ev) in obj["events"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .take(12)
        {
            let ev = ev.as_object().unwrap();
            let mut changed: Vec<Value> = Vec::new();
            for key in [
                "seat", "play", "bid", "trump", "double", "pass", "cante", "tute", "exchange",
                "claim", "note",
            ] {
                for odd in &odd_values {
                    let mut e = ev.clone();
                    e.insert(key.into(), odd.clone());
                    changed.push(Value::Object(e));
                }
                let mut e = ev.clone();
                e.remove(key);
                changed.push(Value::Object(e));
            }
            changed.push(Value::Null);
            changed.push(serde_json::json!("3c"));
            for c in changed {
                let mut m = obj.clone();
                let mut evs = m["events"].as_array().unwrap().clone();
                evs[i] = c;
                m.insert("events".into(), Value::Array(evs));
                variants.push(Value::Object(m));
            }
        }
        for (h, hand) in obj["hands"].as_array().unwrap().iter().enumerate() {
            for odd in &odd_values {
                let mut m = obj.clone();
                let mut hands = m["hands"].as_array().unwrap().clone();
                let mut cards = hand.as_array().unwrap().clone();
                cards[0] = odd.clone();
                hands[h] = Value::Array(cards);
                m.insert("hands".into(), Value::Array(hands));
                variants.push(Value::Object(m));
            }
        }
        for v in &variants {
            agree(&v.to_string());
        }
        // Texts no `Value` writes: a key twice, a list for the record, escapes, junk.
        let dup = text.replacen("{", "{\"dealer\":3,", 1);
        agree(&dup);
        agree(&text.replacen("{", "{\"players\":2,", 1));
        agree(&text.replacen("\"seat\":", "\"seat\":1,\"seat\":", 1));
        agree(&text.replacen("\"play\":", "\"pass\":true,\"play\":", 1));
        agree(&text.replacen("\"format\"", "\"\\u0066ormat\"", 1));
        agree(&format!("{text} x"));
        agree(&format!("  \n{text}\n "));
        agree("[\"baza-hand/1\", \"botifarra\", 4]");
        agree("");
        agree("null");
        agree("{}");
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        agree(&text.replacen("{", &format!("{{\"options\":{{\"x\":{deep}}},"), 1));
        agree(&text.replacen(
            "\"options\":{}",
            &format!("\"options\":{{\"x\":{deep}}}"),
            1,
        ));
    }
}
