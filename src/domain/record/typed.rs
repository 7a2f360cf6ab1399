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
    RecordError, TrumpCall, score_list, small_int,
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
        if !game.is_supported() {
            return None;
        }
        let players = u8::try_from(self.players).ok()?;
        if !game.valid_players(players) {
            return None;
        }
        let options =
            super::options::validate(game, players, &self.options.unwrap_or_default()).ok()?;
        let dealer = small_int(&Value::from(self.dealer), "dealer", u64::from(players) - 1).ok()?;
        let sides = game.seating(players, &options).sides();
        let before = match &self.before {
            None => None,
            Some(b) => Some(score_list(b, "before", sides).ok()?),
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
                            out.points = Some(score_list(val, "declared.points", sides).ok()?)
                        }
                        "hand_points" if !val.is_null() => {
                            out.hand_points =
                                Some(score_list(val, "declared.hand_points", sides).ok()?)
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
        struct SlotVisitor;
        impl Visitor<'_> for SlotVisitor {
            type Value = Slot;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Slot, E> {
                Ok(Slot(if s == crate::domain::partial::UNKNOWN {
                    CardSlot::Unknown
                } else {
                    match s.parse::<Card>() {
                        Ok(c) => CardSlot::Card(c),
                        Err(_) => CardSlot::Invalid(Value::String(s.to_owned())),
                    }
                }))
            }
        }
        d.deserialize_str(SlotVisitor)
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
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = EventKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event key")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<EventKey, E> {
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
                    _ => return Err(E::custom("not taken here")),
                })
            }
        }
        d.deserialize_identifier(KeyVisitor)
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
