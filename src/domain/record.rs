//! Plain data: the hand record (docs/hand-record.md), parsed from JSON with precise
//! errors, re-serialised to the spec format, and the deal validation every game shares.
//! Uses `cards`, `kind`, `score`, `options` and `record_error`.
//!
//! What is a [`RecordError`] and what is a ruling: a record that cannot be ruled at all
//! (not JSON, not an object, bad `format`, unknown `game` or a game not supported yet,
//! bad `players`, `dealer` or `before`, an unknown option or option value, `hands` or
//! `stock` that are not lists, `events` not a list or longer than [`MAX_EVENTS`],
//! a malformed `declared`) is an error. Everything about the cards dealt is checked by
//! [`validate_deal`] and becomes a `deal_invalid` ruling; a malformed event is kept as an
//! [`Event::Unknown`] (ruled `unknown_event`), a `play` whose value is not a card as
//! an [`Event::BadCard`] (ruled `out_of_turn` or `card_not_in_hand`) and a `bid`, `trump`
//! or `double` whose value is not a call as an [`Event::BadCall`] (ruled by the game as
//! its auction error: `illegal_bid`, `illegal_trump`, `illegal_double`), each with a
//! message naming the event index and field, e.g.
//! `events[4].play: expected a card like "3c", got "zz"`.

use crate::domain::cards::{Card, CardSet, Suit};
use crate::domain::kind::{GameKind, Seating};
use crate::domain::options::{self, TableOptions};
pub use crate::domain::record_error::{FieldProblem, JsonFault, RecordError, RecordField};
use crate::domain::score::Score;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// The `format` of a hand record.
pub const HAND_FORMAT: &str = "baza-hand/1";
/// The most events a record may carry. Far above any real hand (a botifarra hand has
/// under 70 events); a longer list is refused as a record error.
pub const MAX_EVENTS: usize = 10_000;
/// The marker of an unknown card in `hands` or `stock`.
pub const UNKNOWN: &str = "?";

/// Largest score accepted in `before` and `declared`.
pub const MAX_SCORE: i64 = 1_000_000;

/// A dealt card as written in the record: a card, or whatever else was there (kept
/// verbatim so that the record re-serialises unchanged; it makes the deal invalid).
#[derive(Debug, Clone, PartialEq)]
pub enum CardSlot {
    Card(Card),
    /// `"?"`: a card nobody saw (a partial deal, ruled by `partial`).
    Unknown,
    Invalid(Value),
}

impl CardSlot {
    fn parse(v: &Value) -> CardSlot {
        if v.as_str() == Some(UNKNOWN) {
            return CardSlot::Unknown;
        }
        match v.as_str().map(str::parse::<Card>) {
            Some(Ok(c)) => CardSlot::Card(c),
            _ => CardSlot::Invalid(v.clone()),
        }
    }

    pub fn card(&self) -> Option<Card> {
        match self {
            CardSlot::Card(c) => Some(*c),
            CardSlot::Unknown | CardSlot::Invalid(_) => None,
        }
    }

    fn to_value(&self) -> Value {
        match self {
            CardSlot::Card(c) => Value::String(c.code()),
            CardSlot::Unknown => Value::String(UNKNOWN.into()),
            CardSlot::Invalid(v) => v.clone(),
        }
    }
}

impl From<Card> for CardSlot {
    fn from(c: Card) -> Self {
        CardSlot::Card(c)
    }
}

/// A call in cuatrola's single bidding round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bid {
    Pass,
    Solo,
    Cuatrola,
    Quintola,
}

impl Bid {
    pub const ALL: [Bid; 4] = [Bid::Pass, Bid::Solo, Bid::Cuatrola, Bid::Quintola];

    pub fn slug(self) -> &'static str {
        match self {
            Bid::Pass => "pass",
            Bid::Solo => "solo",
            Bid::Cuatrola => "cuatrola",
            Bid::Quintola => "quintola",
        }
    }

    /// Scoreboard value: solo 2, cuatrola 4, quintola 5 (pass 0).
    pub fn value(self) -> i64 {
        match self {
            Bid::Pass => 0,
            Bid::Solo => 2,
            Bid::Cuatrola => 4,
            Bid::Quintola => 5,
        }
    }

    fn parse(s: &str) -> Option<Bid> {
        let l = s.trim().to_ascii_lowercase();
        Bid::ALL.into_iter().find(|b| b.slug() == l)
    }
}

/// Botifarra: the trump choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrumpCall {
    Suit(Suit),
    Botifarra,
    Delegate,
}

impl TrumpCall {
    pub fn slug(self) -> String {
        match self {
            TrumpCall::Suit(s) => s.letter().to_string(),
            TrumpCall::Botifarra => "botifarra".into(),
            TrumpCall::Delegate => "delegate".into(),
        }
    }
    fn parse(s: &str) -> Option<TrumpCall> {
        match s.trim().to_ascii_lowercase().as_str() {
            "botifarra" => Some(TrumpCall::Botifarra),
            "delegate" => Some(TrumpCall::Delegate),
            other => other.parse::<Suit>().ok().map(TrumpCall::Suit),
        }
    }
}

/// Botifarra: a doubling call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DoubleCall {
    Contro,
    Recontro,
    SantVicenc,
    Pass,
}

impl DoubleCall {
    /// The call that brings a hand to doubling `level`: 1 contro, 2 recontro, 3 (and
    /// any higher) Sant Vicenç.
    pub fn reaching(level: u8) -> DoubleCall {
        match level {
            1 => DoubleCall::Contro,
            2 => DoubleCall::Recontro,
            _ => DoubleCall::SantVicenc,
        }
    }

    /// The call's name for people, the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            DoubleCall::Contro => "contro",
            DoubleCall::Recontro => "recontro",
            DoubleCall::SantVicenc => "Sant Vicenç",
            DoubleCall::Pass => "pass",
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            DoubleCall::Contro => "contro",
            DoubleCall::Recontro => "recontro",
            DoubleCall::SantVicenc => "sant_vicenc",
            DoubleCall::Pass => "pass",
        }
    }
    fn parse(s: &str) -> Option<DoubleCall> {
        let l = s.trim().to_ascii_lowercase();
        [
            DoubleCall::Contro,
            DoubleCall::Recontro,
            DoubleCall::SantVicenc,
            DoubleCall::Pass,
        ]
        .into_iter()
        .find(|d| d.slug() == l)
    }
}

/// The action of an event (spec "Events" table), for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Bid(Bid),
    Trump(TrumpCall),
    Double(DoubleCall),
    Play(Card),
    /// Cinquillo: no card placed this turn.
    Pass,
    Cante(Suit),
    Tute,
    Exchange(Card),
    Claim,
}

impl Action {
    /// The event key: `bid`, `trump`, `double`, `play`, `pass`, `cante`, `tute`,
    /// `exchange`, `claim`.
    pub fn key(self) -> &'static str {
        match self {
            Action::Bid(_) => "bid",
            Action::Trump(_) => "trump",
            Action::Double(_) => "double",
            Action::Play(_) => "play",
            Action::Pass => "pass",
            Action::Cante(_) => "cante",
            Action::Tute => "tute",
            Action::Exchange(_) => "exchange",
            Action::Claim => "claim",
        }
    }

    fn value(self) -> Value {
        match self {
            Action::Bid(b) => Value::String(b.slug().into()),
            Action::Trump(t) => Value::String(t.slug()),
            Action::Double(d) => Value::String(d.slug().into()),
            Action::Play(c) | Action::Exchange(c) => Value::String(c.code()),
            Action::Pass | Action::Tute | Action::Claim => Value::Bool(true),
            Action::Cante(s) => Value::String(s.letter().to_string()),
        }
    }
}

/// The action keys an event may carry.
pub const ACTION_KEYS: [&str; 9] = [
    "bid", "trump", "double", "play", "pass", "cante", "tute", "exchange", "claim",
];

/// A seat doing something: one well-formed event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub seat: u8,
    pub action: Action,
}

impl Move {
    pub fn new(seat: u8, action: Action) -> Move {
        Move { seat, action }
    }

    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("seat".into(), Value::from(self.seat));
        m.insert(self.action.key().into(), self.action.value());
        Value::Object(m)
    }
}

/// Why an event is not a well-formed event (`unknown_event`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventProblem {
    NotAnObject,
    SeatMissing,
    SeatInvalid(String),
    NoAction,
    SeveralActions(Vec<String>),
    BadValue { key: String, got: String },
}

/// The auction actions whose value can be wrong while the key is right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    Bid,
    Trump,
    Double,
}

impl CallKind {
    pub fn key(self) -> &'static str {
        match self {
            CallKind::Bid => "bid",
            CallKind::Trump => "trump",
            CallKind::Double => "double",
        }
    }
}

/// One entry of `events`.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Move(Move),
    /// A `play` whose value is not a card (ruled after the turn check).
    BadCard {
        seat: u8,
        given: String,
        raw: Value,
    },
    /// A `bid`, `trump` or `double` whose value is not one of the calls: in a game that
    /// has that action it is the action's own rule (after the turn check for a bid or a
    /// trump choice), elsewhere an action of another game.
    BadCall {
        seat: u8,
        kind: CallKind,
        given: String,
        raw: Value,
    },
    /// Not a well-formed event.
    Unknown {
        seat: Option<u8>,
        problem: EventProblem,
        raw: Value,
    },
}

impl Event {
    pub fn seat(&self) -> Option<u8> {
        match self {
            Event::Move(m) => Some(m.seat),
            Event::BadCard { seat, .. } | Event::BadCall { seat, .. } => Some(*seat),
            Event::Unknown { seat, .. } => *seat,
        }
    }

    pub fn to_value(&self) -> Value {
        match self {
            Event::Move(m) => m.to_value(),
            Event::BadCard { raw, .. }
            | Event::BadCall { raw, .. }
            | Event::Unknown { raw, .. } => raw.clone(),
        }
    }
}

impl From<Move> for Event {
    fn from(m: Move) -> Self {
        Event::Move(m)
    }
}

/// What the table wrote down.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Declared {
    pub points: Option<Vec<Score>>,
    pub hand_points: Option<Vec<Score>>,
}

/// One deal of one game as it happened (docs/hand-record.md).
#[derive(Debug, Clone, PartialEq)]
pub struct HandRecord {
    pub game: GameKind,
    pub players: u8,
    pub options: TableOptions,
    pub dealer: u8,
    /// Each side's game score before this hand.
    pub before: Option<Vec<Score>>,
    pub hands: Vec<Vec<CardSlot>>,
    pub stock: Vec<CardSlot>,
    pub turned: Option<CardSlot>,
    pub events: Vec<Event>,
    pub declared: Option<Declared>,
}

impl HandRecord {
    /// How the seats form sides, given the game, the players and the options.
    pub fn seating(&self) -> Seating {
        self.game.seating(self.players, &self.options)
    }

    /// Number of sides (2 in pair games, else one per seat).
    pub fn sides(&self) -> u8 {
        self.seating().sides()
    }

    pub fn side_of(&self, seat: u8) -> u8 {
        self.seating().side_of(seat)
    }

    /// The spec JSON form.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("format".into(), Value::String(HAND_FORMAT.into()));
        m.insert("game".into(), Value::String(self.game.slug().into()));
        m.insert("players".into(), Value::from(self.players));
        m.insert("options".into(), Value::Object(self.options.to_map()));
        m.insert("dealer".into(), Value::from(self.dealer));
        if let Some(b) = &self.before {
            m.insert(
                "before".into(),
                Value::Array(b.iter().map(|s| s.to_value()).collect()),
            );
        }
        m.insert(
            "hands".into(),
            Value::Array(
                self.hands
                    .iter()
                    .map(|h| Value::Array(h.iter().map(CardSlot::to_value).collect()))
                    .collect(),
            ),
        );
        m.insert(
            "stock".into(),
            Value::Array(self.stock.iter().map(CardSlot::to_value).collect()),
        );
        if let Some(t) = &self.turned {
            m.insert("turned".into(), t.to_value());
        }
        m.insert(
            "events".into(),
            Value::Array(self.events.iter().map(Event::to_value).collect()),
        );
        if let Some(d) = &self.declared {
            let mut dm = Map::new();
            if let Some(p) = &d.points {
                dm.insert(
                    "points".into(),
                    Value::Array(p.iter().map(|s| s.to_value()).collect()),
                );
            }
            if let Some(p) = &d.hand_points {
                dm.insert(
                    "hand_points".into(),
                    Value::Array(p.iter().map(|s| s.to_value()).collect()),
                );
            }
            m.insert("declared".into(), Value::Object(dm));
        }
        Value::Object(m)
    }
}

impl Serialize for HandRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(s)
    }
}

impl<'de> Deserialize<'de> for HandRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        parse_record(&v).map_err(serde::de::Error::custom)
    }
}

/// Parses a hand record from text.
pub fn parse_record_str(input: &str) -> Result<HandRecord, RecordError> {
    let v: Value =
        serde_json::from_str(input).map_err(|e| RecordError::NotJson(JsonFault::of(&e)))?;
    parse_record(&v)
}

mod typed;
pub use typed::{parse_record_text, parse_record_typed};
#[cfg(test)]
mod words_tests;

fn describe(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(40).collect();
        format!("{cut}…")
    } else {
        s
    }
}

fn small_int(v: &Value, field: RecordField, max: u64) -> Result<u8, RecordError> {
    match v.as_u64() {
        Some(n) if n <= max => {
            u8::try_from(n).map_err(|_| RecordError::field(field, FieldProblem::OutOfRange))
        }
        _ => Err(RecordError::field(
            field,
            FieldProblem::NotSmallInt {
                max,
                got: describe(v),
            },
        )),
    }
}

fn score_list(v: &Value, field: RecordField, len: u8) -> Result<Vec<Score>, RecordError> {
    let wrong = || {
        RecordError::field(
            field.clone(),
            FieldProblem::NotScores {
                len,
                got: describe(v),
            },
        )
    };
    let arr = v.as_array().ok_or_else(wrong)?;
    if arr.len() != usize::from(len) {
        return Err(wrong());
    }
    arr.iter()
        .map(|x| {
            Score::from_json(x)
                .filter(|s| *s >= Score::ZERO && *s <= Score::points(MAX_SCORE))
                .ok_or_else(wrong)
        })
        .collect()
}

fn slot_list(v: &Value, field: RecordField) -> Result<Vec<CardSlot>, RecordError> {
    let arr = v
        .as_array()
        .ok_or_else(|| RecordError::field(field, FieldProblem::NotCards { got: describe(v) }))?;
    Ok(arr.iter().map(CardSlot::parse).collect())
}

/// The value of a field the record must have, under the field's name.
fn required(obj: &Map<String, Value>, field: RecordField) -> Result<&Value, RecordError> {
    obj.get(&field.to_string())
        .ok_or_else(|| RecordError::field(field, FieldProblem::Missing))
}

/// Parses and checks a hand record (see the module doc for what is an error).
pub fn parse_record(v: &Value) -> Result<HandRecord, RecordError> {
    let obj = v.as_object().ok_or_else(|| {
        RecordError::field(
            RecordField::Record,
            FieldProblem::NotRecordObject { got: describe(v) },
        )
    })?;
    match obj.get("format") {
        Some(Value::String(f)) if f == HAND_FORMAT => {}
        Some(other) => {
            return Err(RecordError::field(
                RecordField::Format,
                FieldProblem::WrongFormat {
                    expected: HAND_FORMAT,
                    got: describe(other),
                },
            ));
        }
        None => {
            return Err(RecordError::field(
                RecordField::Format,
                FieldProblem::MissingFormat(HAND_FORMAT),
            ));
        }
    }
    let game = match required(obj, RecordField::Game)? {
        Value::String(g) => g
            .parse::<GameKind>()
            .map_err(|_| RecordError::UnknownGame(describe(&Value::String(g.clone()))))?,
        other => return Err(RecordError::UnknownGame(describe(other))),
    };
    let players = {
        let p = required(obj, RecordField::Players)?;
        match p.as_u64().and_then(|n| u8::try_from(n).ok()) {
            Some(n) if game.valid_players(n) => n,
            _ => {
                return Err(RecordError::field(
                    RecordField::Players,
                    FieldProblem::BadPlayers {
                        got: describe(p),
                        game,
                    },
                ));
            }
        }
    };
    let options = match obj.get("options") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(other) => {
            return Err(RecordError::field(
                RecordField::Options,
                FieldProblem::NotObject {
                    got: describe(other),
                },
            ));
        }
    };
    let options = options::validate(game, players, &options)?;
    let dealer = small_int(
        required(obj, RecordField::Dealer)?,
        RecordField::Dealer,
        u64::from(players) - 1,
    )?;
    let sides = game.seating(players, &options).sides();
    let before = match obj.get("before") {
        None | Some(Value::Null) => None,
        Some(b) => Some(score_list(b, RecordField::Before, sides)?),
    };
    let hands = match required(obj, RecordField::Hands)? {
        Value::Array(hs) => hs
            .iter()
            .enumerate()
            .map(|(i, h)| slot_list(h, RecordField::Hand(i)))
            .collect::<Result<Vec<_>, _>>()?,
        other => {
            return Err(RecordError::field(
                RecordField::Hands,
                FieldProblem::NotHands {
                    got: describe(other),
                },
            ));
        }
    };
    let stock = match obj.get("stock") {
        None | Some(Value::Null) => Vec::new(),
        Some(s) => slot_list(s, RecordField::Stock)?,
    };
    let turned = match obj.get("turned") {
        None | Some(Value::Null) => None,
        Some(t) => Some(CardSlot::parse(t)),
    };
    let events = match obj.get("events") {
        None => Vec::new(),
        Some(Value::Array(evs)) => {
            if evs.len() > MAX_EVENTS {
                return Err(RecordError::field(
                    RecordField::Events,
                    FieldProblem::TooManyEvents {
                        count: evs.len(),
                        max: MAX_EVENTS,
                    },
                ));
            }
            evs.iter().map(|e| parse_event(e, players)).collect()
        }
        Some(other) => {
            return Err(RecordError::field(
                RecordField::Events,
                FieldProblem::NotEvents {
                    got: describe(other),
                },
            ));
        }
    };
    let declared = match obj.get("declared") {
        None | Some(Value::Null) => None,
        Some(Value::Object(d)) => {
            let mut out = Declared::default();
            for (k, val) in d {
                match k.as_str() {
                    "points" if !val.is_null() => {
                        out.points = Some(score_list(val, RecordField::DeclaredPoints, sides)?)
                    }
                    "hand_points" if !val.is_null() => {
                        out.hand_points =
                            Some(score_list(val, RecordField::DeclaredHandPoints, sides)?)
                    }
                    "points" | "hand_points" => {}
                    other => {
                        return Err(RecordError::field(
                            RecordField::DeclaredOther(other.to_owned()),
                            FieldProblem::NotDeclared,
                        ));
                    }
                }
            }
            Some(out)
        }
        Some(other) => {
            return Err(RecordError::field(
                RecordField::Declared,
                FieldProblem::NotObject {
                    got: describe(other),
                },
            ));
        }
    };
    Ok(HandRecord {
        game,
        players,
        options,
        dealer,
        before,
        hands,
        stock,
        turned,
        events,
        declared,
    })
}

/// Parses one event; never fails (a malformed event is kept as [`Event::Unknown`]).
pub fn parse_event(v: &Value, players: u8) -> Event {
    let unknown = |seat: Option<u8>, problem: EventProblem| Event::Unknown {
        seat,
        problem,
        raw: v.clone(),
    };
    let Some(obj) = v.as_object() else {
        return unknown(None, EventProblem::NotAnObject);
    };
    let seat = match obj.get("seat") {
        None => return unknown(None, EventProblem::SeatMissing),
        Some(s) => match s.as_u64().and_then(|n| u8::try_from(n).ok()) {
            Some(n) if n < players => n,
            _ => return unknown(None, EventProblem::SeatInvalid(describe(s))),
        },
    };
    let keys: Vec<&str> = ACTION_KEYS
        .iter()
        .copied()
        .filter(|k| obj.contains_key(*k))
        .collect();
    let key = match keys.as_slice() {
        [] => return unknown(Some(seat), EventProblem::NoAction),
        [k] => *k,
        many => {
            return unknown(
                Some(seat),
                EventProblem::SeveralActions(many.iter().map(|s| s.to_string()).collect()),
            );
        }
    };
    let Some(val) = obj.get(key) else {
        return unknown(Some(seat), EventProblem::NoAction);
    };
    let bad = || {
        unknown(
            Some(seat),
            EventProblem::BadValue {
                key: key.to_string(),
                got: describe(val),
            },
        )
    };
    let s = val.as_str();
    let bad_call = |kind: CallKind| Event::BadCall {
        seat,
        kind,
        given: describe(val),
        raw: v.clone(),
    };
    let action = match key {
        "bid" => match s.and_then(Bid::parse) {
            Some(b) => Some(Action::Bid(b)),
            None => return bad_call(CallKind::Bid),
        },
        "trump" => match s.and_then(TrumpCall::parse) {
            Some(t) => Some(Action::Trump(t)),
            None => return bad_call(CallKind::Trump),
        },
        "double" => match s.and_then(DoubleCall::parse) {
            Some(d) => Some(Action::Double(d)),
            None => return bad_call(CallKind::Double),
        },
        "play" => match s.map(str::parse::<Card>) {
            Some(Ok(c)) => Some(Action::Play(c)),
            _ => {
                return Event::BadCard {
                    seat,
                    given: describe(val),
                    raw: v.clone(),
                };
            }
        },
        "pass" => (val == &Value::Bool(true)).then_some(Action::Pass),
        "cante" => s.and_then(|x| x.parse::<Suit>().ok()).map(Action::Cante),
        "tute" => (val == &Value::Bool(true)).then_some(Action::Tute),
        "exchange" => s.and_then(|x| x.parse::<Card>().ok()).map(Action::Exchange),
        "claim" => (val == &Value::Bool(true)).then_some(Action::Claim),
        _ => None,
    };
    match action {
        Some(a) => Event::Move(Move::new(seat, a)),
        None => bad(),
    }
}

/// Where the turned trump card must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnedRule {
    /// In the dealer's hand (cuatrola, tute for 4).
    InDealerHand,
    /// The dealer's last card (tute for 3).
    DealerLastCard,
    /// The last card of the stock (guiñote, tute for 2).
    LastOfStock,
    /// No turned card (botifarra, cinquillo).
    Absent,
}

/// What a game requires of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealSpec {
    pub deck: CardSet,
    /// Exact hand sizes in seat order (`None`: the game checks sizes itself).
    pub hand_sizes: Option<Vec<usize>>,
    /// Exact stock size (`None`: the game checks it itself).
    pub stock_size: Option<usize>,
    pub turned: TurnedRule,
}

/// A checked deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<CardSet>,
    pub stock: Vec<Card>,
    pub turned: Option<Card>,
}

/// What is wrong with a deal (`deal_invalid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealProblem {
    HandCount {
        expected: usize,
        got: usize,
    },
    NotACard {
        place: String,
        got: String,
    },
    NotInDeck(Card),
    Duplicate(Card),
    /// The hands' sizes as dealt, and as the game deals them.
    HandSizes {
        got: Vec<usize>,
        expected: Vec<usize>,
    },
    StockSize {
        expected: usize,
        got: usize,
    },
    Missing(Card),
    TurnedMissing,
    TurnedNotACard(String),
    TurnedMisplaced(Card),
    TurnedNotAllowed,
}

/// Checks the cards of a record against a game's [`DealSpec`], in this order: number of
/// hands, entries that are not cards, cards not of the deck, repeated cards, hand sizes,
/// stock size, missing cards, the turned card.
pub fn validate_deal(r: &HandRecord, spec: &DealSpec) -> Result<Deal, DealProblem> {
    if r.hands.len() != usize::from(r.players) {
        return Err(DealProblem::HandCount {
            expected: usize::from(r.players),
            got: r.hands.len(),
        });
    }
    let hand_slots = r
        .hands
        .iter()
        .enumerate()
        .flat_map(|(i, h)| h.iter().enumerate().map(move |(j, s)| (Some(i), j, s)));
    let stock_slots = r.stock.iter().enumerate().map(|(j, s)| (None, j, s));
    let places: Vec<(Option<usize>, usize, &CardSlot)> = hand_slots.chain(stock_slots).collect();
    for (hand, j, slot) in &places {
        if let CardSlot::Invalid(_) | CardSlot::Unknown = slot {
            let v = slot.to_value();
            return Err(DealProblem::NotACard {
                place: match hand {
                    Some(i) => format!("hands[{i}][{j}]"),
                    None => format!("stock[{j}]"),
                },
                got: describe(&v),
            });
        }
    }
    let cards: Vec<Card> = places.iter().filter_map(|(_, _, s)| s.card()).collect();
    if let Some(c) = cards.iter().find(|c| !spec.deck.contains(**c)) {
        return Err(DealProblem::NotInDeck(*c));
    }
    let mut seen = CardSet::EMPTY;
    for c in &cards {
        if !seen.insert(*c) {
            return Err(DealProblem::Duplicate(*c));
        }
    }
    let sizes: Vec<usize> = r.hands.iter().map(Vec::len).collect();
    if let Some(expected) = &spec.hand_sizes
        && &sizes != expected
    {
        return Err(DealProblem::HandSizes {
            got: sizes,
            expected: expected.clone(),
        });
    }
    if let Some(expected) = spec.stock_size
        && r.stock.len() != expected
    {
        return Err(DealProblem::StockSize {
            expected,
            got: r.stock.len(),
        });
    }
    if let Some(c) = spec.deck.difference(seen).iter().next() {
        return Err(DealProblem::Missing(c));
    }
    let hands: Vec<CardSet> = r
        .hands
        .iter()
        .map(|h| h.iter().filter_map(CardSlot::card).collect())
        .collect();
    let stock: Vec<Card> = r.stock.iter().filter_map(CardSlot::card).collect();
    let turned = match (&r.turned, spec.turned) {
        (None, TurnedRule::Absent) => None,
        (Some(_), TurnedRule::Absent) => return Err(DealProblem::TurnedNotAllowed),
        (None, _) => return Err(DealProblem::TurnedMissing),
        (Some(CardSlot::Invalid(v)), _) => return Err(DealProblem::TurnedNotACard(describe(v))),
        (Some(CardSlot::Unknown), _) => {
            return Err(DealProblem::TurnedNotACard(UNKNOWN.into()));
        }
        (Some(CardSlot::Card(t)), rule) => {
            let dealer_hand = r.hands.get(usize::from(r.dealer));
            let ok = match rule {
                TurnedRule::InDealerHand => {
                    dealer_hand.is_some_and(|h| h.contains(&CardSlot::Card(*t)))
                }
                TurnedRule::DealerLastCard => {
                    dealer_hand.and_then(|h| h.last()) == Some(&CardSlot::Card(*t))
                }
                TurnedRule::LastOfStock => stock.last() == Some(t),
                TurnedRule::Absent => false,
            };
            if !ok {
                return Err(DealProblem::TurnedMisplaced(*t));
            }
            Some(*t)
        }
    };
    Ok(Deal {
        hands,
        stock,
        turned,
    })
}
