//! Plain data: table options (docs/rules.md Part A 1), snake_case names with snake_case
//! string, number or boolean values, and every game's table of them. Uses only `cards`
//! (cinquillo's deck), `kind` and `record_error`.
//!
//! Every option of a game is described by an [`OptionSpec`] (name, allowed values,
//! default, why); an unknown option or value is a [`RecordError`]. A record keeps the
//! options exactly as given ([`TableOptions`]); each game reads them into its typed
//! options struct through [`GameOptions`] (one reader for all: the fields are named as
//! the options), filling in the defaults. The tables are here, below the games, so
//! that a record's options are checked without the games' rules.
//!
//! The tables themselves, and the enums that name their choices, are in `tables`.

use crate::domain::kind::{GameKind, Seating};
use crate::domain::lang::comma_list;
use crate::domain::record_error::RecordError;
use serde::de::value::{Error as ReadError, MapDeserializer};
use serde::de::{DeserializeOwned, IntoDeserializer, Visitor};
use serde::{Deserializer, forward_to_deserialize_any};
use serde_json::{Map, Value};
use std::sync::OnceLock;

mod tables;
pub use tables::*;

/// The allowed values of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    /// One of these integers.
    Int(&'static [i64]),
    /// One of these snake_case strings.
    Choice(&'static [&'static str]),
}

/// A typed option value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Choice(&'static str),
}

impl OptionValue {
    pub fn to_json(self) -> Value {
        match self {
            OptionValue::Bool(b) => Value::Bool(b),
            OptionValue::Int(i) => Value::from(i),
            OptionValue::Choice(s) => Value::String(s.to_string()),
        }
    }
}

/// One named table option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub default: OptionValue,
    /// One line: what it decides and why the default.
    pub doc: &'static str,
}

impl OptionSpec {
    /// Reads a JSON value as this option's value (strings case-insensitively).
    pub fn parse(&self, v: &Value) -> Option<OptionValue> {
        match self.kind {
            OptionKind::Bool => v.as_bool().map(OptionValue::Bool),
            OptionKind::Int(allowed) => v
                .as_i64()
                .filter(|i| allowed.contains(i))
                .map(OptionValue::Int),
            OptionKind::Choice(allowed) => {
                let s = v.as_str()?.trim().to_ascii_lowercase();
                allowed
                    .iter()
                    .find(|a| **a == s)
                    .map(|a| OptionValue::Choice(a))
            }
        }
    }

    pub fn expected(&self) -> String {
        match self.kind {
            OptionKind::Bool => "true or false".into(),
            OptionKind::Int(a) => format!("one of {}", comma_list(a)),
            OptionKind::Choice(a) => format!("one of {}", a.join(", ")),
        }
    }
}

/// The options a record carries, validated for its game, kept as given.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableOptions {
    given: Vec<(&'static OptionSpec, OptionValue)>,
}

impl TableOptions {
    /// The value of `name`: as given, else the default; `None` if the game has no such option.
    pub fn get(&self, specs: &'static [OptionSpec], name: &str) -> Option<OptionValue> {
        self.given(name)
            .or_else(|| specs.iter().find(|s| s.name == name).map(|s| s.default))
    }

    /// The value of `spec`'s option: as given, else its default.
    fn value_of(&self, spec: &OptionSpec) -> OptionValue {
        self.given(spec.name).unwrap_or(spec.default)
    }

    /// The value given for `name`, if any.
    fn given(&self, name: &str) -> Option<OptionValue> {
        self.given
            .iter()
            .find(|(s, _)| s.name == name)
            .map(|(_, v)| *v)
    }

    /// The options exactly as given (no defaults).
    pub fn to_map(&self) -> Map<String, Value> {
        self.given
            .iter()
            .map(|(s, v)| (s.name.to_string(), v.to_json()))
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// Builds options from typed values (for generators and tests).
    pub fn from_values(
        game: GameKind,
        players: u8,
        values: &[(&str, Value)],
    ) -> Result<TableOptions, RecordError> {
        let m: Map<String, Value> = values
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        validate(game, players, &m)
    }
}

/// A game's typed options: a struct whose fields are named as the options of the game's
/// table here and hold their values (a choice as the enum variant of its snake_case name,
/// a number as an integer). Each game reads its options through this one reader, which
/// hands serde the table's (name, value) pairs with no JSON in between.
pub trait GameOptions: DeserializeOwned + Default + Copy + 'static {
    /// The game's table.
    const TABLE: &'static [OptionSpec];

    /// Where the struct with every option by default is kept once it has been read.
    fn defaults_kept() -> &'static OnceLock<Self>;

    /// Reads validated table options, each as given or by the table's default; an error
    /// only if the struct does not fit its table.
    fn try_from_table(t: &TableOptions) -> Result<Self, ReadError> {
        Self::deserialize(TableReader {
            options: t,
            table: Self::TABLE,
        })
    }

    /// [`GameOptions::try_from_table`] for options a record carries. Every struct fits
    /// its table (a test of the domain reads every value of every option into its
    /// game's struct), so the struct's `Default` is never what a game gets.
    fn from_table(t: &TableOptions) -> Self {
        if t.is_empty() {
            return Self::defaults();
        }
        Self::try_from_table(t).unwrap_or_default()
    }

    /// Every option by the table's default (read once, then kept).
    fn defaults() -> Self {
        *Self::defaults_kept()
            .get_or_init(|| Self::try_from_table(&TableOptions::default()).unwrap_or_default())
    }
}

/// A table's options as serde's map of option name to value, for [`GameOptions`].
struct TableReader<'a> {
    options: &'a TableOptions,
    table: &'static [OptionSpec],
}

impl<'de> Deserializer<'de> for TableReader<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        let options = self.options;
        let pairs = self.table.iter().map(|s| (s.name, options.value_of(s)));
        visitor.visit_map(MapDeserializer::new(pairs))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
        enum identifier ignored_any
    }
}

impl IntoDeserializer<'_, ReadError> for OptionValue {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// One option's value for serde: a bool, an integer, or a choice read as the enum
/// variant of its name.
impl<'de> Deserializer<'de> for OptionValue {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self {
            OptionValue::Bool(b) => visitor.visit_bool(b),
            OptionValue::Int(i) => visitor.visit_i64(i),
            OptionValue::Choice(s) => visitor.visit_str(s),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self {
            OptionValue::Choice(s) => {
                visitor.visit_enum(IntoDeserializer::<ReadError>::into_deserializer(s))
            }
            other => other.deserialize_any(visitor),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// The options tables of the games added while the program runs, by slug (filled by
/// `games::register` with each added game's `Rules::options`).
static ADDED_SPECS: std::sync::RwLock<Vec<(&'static str, &'static [OptionSpec])>> =
    std::sync::RwLock::new(Vec::new());

/// Keeps an added game's options table (the first one registered for a slug stays).
pub(crate) fn add_specs(slug: &'static str, specs: &'static [OptionSpec]) {
    if let Ok(mut added) = ADDED_SPECS.write()
        && !added.iter().any(|(s, _)| *s == slug)
    {
        added.push((slug, specs));
    }
}

/// The options of a game, with defaults and documentation.
pub fn specs(game: GameKind) -> &'static [OptionSpec] {
    match game {
        GameKind::Cuatrola => CUATROLA_OPTIONS,
        GameKind::Botifarra => BOTIFARRA_OPTIONS,
        GameKind::Cinquillo => CINQUILLO_OPTIONS,
        GameKind::Tute => TUTE_OPTIONS,
        GameKind::Guinote => GUINOTE_OPTIONS,
        GameKind::Added(g) => ADDED_SPECS
            .read()
            .ok()
            .and_then(|added| added.iter().find(|(s, _)| *s == g.0).map(|(_, t)| *t))
            .unwrap_or(&[]),
    }
}

/// Checks every option of `given` against the game's specs.
pub fn validate(
    game: GameKind,
    _players: u8,
    given: &Map<String, Value>,
) -> Result<TableOptions, RecordError> {
    let all = specs(game);
    let mut out = Vec::new();
    for (name, v) in given {
        let spec = all
            .iter()
            .find(|s| s.name == name.as_str())
            .ok_or_else(|| RecordError::UnknownOption {
                game,
                name: name.clone(),
            })?;
        let val = spec.parse(v).ok_or_else(|| RecordError::BadOptionValue {
            game,
            name: name.clone(),
            expected: spec.expected(),
            got: v.to_string(),
        })?;
        out.push((spec, val));
    }
    Ok(TableOptions { given: out })
}

/// How a table's seats form sides: with the game kind, here because it reads the options.
impl GameKind {
    /// How `players` seats form sides at a table with these options: in pairs where the
    /// game plays in pairs for that many players, unless the table sets
    /// `partnerships = false` (tute for 4: each plays alone). The option means nothing
    /// for games and player counts without pairs.
    pub fn seating(self, players: u8, options: &TableOptions) -> Seating {
        let partnerships = !matches!(
            options.get(specs(self), "partnerships"),
            Some(OptionValue::Bool(false))
        );
        Seating {
            players,
            pairs: partnerships && self.in_pairs(players),
        }
    }

    /// [`GameKind::seating`] for options given as a JSON map (a club game's setup);
    /// options that do not validate count as the defaults (callers check them).
    pub fn seating_of(
        self,
        players: u8,
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> Seating {
        let table = validate(self, players, options).unwrap_or_default();
        self.seating(players, &table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tute_for_four_seats_each_player_alone_when_partnerships_is_false() {
        let alone = serde_json::json!({"partnerships": false});
        let alone = alone.as_object().cloned().unwrap_or_default();
        let s = GameKind::Tute.seating_of(4, &alone);
        assert_eq!((s.pairs, s.sides(), s.side_of(2)), (false, 4, 2));
        let s = GameKind::Tute.seating(4, &TableOptions::default());
        assert_eq!((s.pairs, s.sides(), s.side_of(2)), (true, 2, 0));
        assert_eq!(GameKind::Tute.seating_of(3, &alone).sides(), 3);
        // Games without the option keep their pairs (the option is refused there).
        assert!(GameKind::Guinote.seating_of(4, &alone).pairs);
    }
}
