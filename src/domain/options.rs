//! Table options (rules.md Part A 1): snake_case names with snake_case string, number
//! or boolean values. Every option of a game is described by an [`OptionSpec`] (name,
//! allowed values, default, why); an unknown option or value is a [`RecordError`].
//! A record keeps the options exactly as given ([`TableOptions`]); each game reads them
//! into its typed options struct, filling in the defaults.

use crate::domain::engine::GameKind;
use crate::domain::record::RecordError;
use serde::Deserialize;
use serde::de::IntoDeserializer;
use serde::de::value::StrDeserializer;
use serde_json::{Map, Value};

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
            OptionKind::Int(a) => format!(
                "one of {}",
                a.iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
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
        self.given
            .iter()
            .find(|(s, _)| s.name == name)
            .map(|(_, v)| *v)
            .or_else(|| specs.iter().find(|s| s.name == name).map(|s| s.default))
    }

    /// A yes/no option as given or by default; `default` if the game has no such option.
    pub fn flag(&self, specs: &'static [OptionSpec], name: &str, default: bool) -> bool {
        if let Some(OptionValue::Bool(v)) = self.get(specs, name) {
            v
        } else {
            default
        }
    }

    /// A choice option as given or by default; `""` if the game has no such option.
    pub fn choice(&self, specs: &'static [OptionSpec], name: &str) -> &'static str {
        if let Some(OptionValue::Choice(v)) = self.get(specs, name) {
            v
        } else {
            ""
        }
    }

    /// A choice option as given or by default, read into the enum whose variants are
    /// its values in snake_case (the enum's default for a value it does not name).
    pub fn pick<T: Deserialize<'static> + Default>(
        &self,
        specs: &'static [OptionSpec],
        name: &str,
    ) -> T {
        let value: StrDeserializer<'static, serde::de::value::Error> =
            self.choice(specs, name).into_deserializer();
        T::deserialize(value).unwrap_or_default()
    }

    /// A whole-number option as given or by default; `default` if the game has no such option.
    pub fn int(&self, specs: &'static [OptionSpec], name: &str, default: i64) -> i64 {
        if let Some(OptionValue::Int(v)) = self.get(specs, name) {
            v
        } else {
            default
        }
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

/// The options of a game, with defaults and documentation.
pub fn specs(game: GameKind) -> &'static [OptionSpec] {
    match game {
        GameKind::Cuatrola => crate::domain::games::cuatrola::OPTIONS,
        GameKind::Botifarra => crate::domain::games::botifarra::OPTIONS,
        GameKind::Cinquillo => crate::domain::games::cinquillo::OPTIONS,
        GameKind::Tute => crate::domain::games::tute::OPTIONS,
        GameKind::Guinote => crate::domain::games::guinote::OPTIONS,
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
            name: name.clone(),
            expected: spec.expected(),
            got: v.to_string(),
        })?;
        out.push((spec, val));
    }
    Ok(TableOptions { given: out })
}
