//! The states a championship's table and a game go through, stored as text
//! (`playing`, `proposed`, `final`; `playing`, `finished`) and typed everywhere else.

use std::fmt;
use std::str::FromStr;

/// Where a championship's table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TableStatus {
    /// Being played; no result yet.
    #[default]
    Playing,
    /// A result entered at the table, waiting for the other pair's firma.
    Proposed,
    /// The result is the championship's.
    Final,
}

impl TableStatus {
    /// As stored, and as the message keys and pages name it.
    pub const fn as_str(self) -> &'static str {
        match self {
            TableStatus::Playing => "playing",
            TableStatus::Proposed => "proposed",
            TableStatus::Final => "final",
        }
    }
}

impl fmt::Display for TableStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TableStatus {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "playing" => Ok(TableStatus::Playing),
            "proposed" => Ok(TableStatus::Proposed),
            "final" => Ok(TableStatus::Final),
            other => Err(format!("unknown table status {other:?}")),
        }
    }
}

impl TryFrom<String> for TableStatus {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Hands are still to come.
    #[default]
    Playing,
    /// Over by its own end or by its match's limits.
    Finished,
}

impl GameStatus {
    /// As stored, and as the message keys name it.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameStatus {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "playing" => Ok(GameStatus::Playing),
            "finished" => Ok(GameStatus::Finished),
            other => Err(format!("unknown game status {other:?}")),
        }
    }
}

impl TryFrom<String> for GameStatus {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_status_reads_back_from_its_text() {
        for s in [
            TableStatus::Playing,
            TableStatus::Proposed,
            TableStatus::Final,
        ] {
            assert_eq!(s.as_str().parse::<TableStatus>(), Ok(s));
            assert_eq!(s.to_string(), s.as_str());
        }
    }

    #[test]
    fn a_game_status_reads_back_from_its_text_and_serializes_as_it() {
        for s in [GameStatus::Playing, GameStatus::Finished] {
            assert_eq!(s.as_str().parse::<GameStatus>(), Ok(s));
            assert_eq!(
                serde_json::to_value(s).ok(),
                Some(serde_json::Value::from(s.as_str()))
            );
        }
    }

    #[test]
    fn an_unknown_table_status_is_refused() {
        assert!("done".parse::<TableStatus>().is_err());
    }
}
