//! The states a championship, its tables and a game go through, a championship's
//! format and how its tables give results, stored as text (`registration`, `running`,
//! `finished`; `playing`, `proposed`, `final`; `playing`, `finished`; `league`,
//! `swiss`, `ceros`; `hands`, `result`) and typed everywhere else.

use std::fmt;
use std::str::FromStr;

/// The text a status is stored as: `as_str`, `Display`, and `FromStr` and
/// `TryFrom<String>` (the way the store reads it back), from its variants' texts.
macro_rules! stored_as_text {
    ($name:ident, $what:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $name {
            /// As stored, and as the message keys and pages name it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)+
                    other => Err(format!(concat!("unknown ", $what, " {:?}"), other)),
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = String;

            fn try_from(s: String) -> Result<Self, Self::Error> {
                s.parse()
            }
        }
    };
}

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

stored_as_text!(TableStatus, "table status", {
    Playing => "playing",
    Proposed => "proposed",
    Final => "final",
});

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

stored_as_text!(GameStatus, "game status", {
    Playing => "playing",
    Finished => "finished",
});

/// Where a championship stands, as its listing row keeps it beside its document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChampionshipStatus {
    /// No round drawn yet: entrants come and go.
    #[default]
    Registration,
    /// Rounds drawn, and another can follow.
    Running,
    /// No round can follow.
    Finished,
}

stored_as_text!(ChampionshipStatus, "championship status", {
    Registration => "registration",
    Running => "running",
    Finished => "finished",
});

/// How a championship's tables give their results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryMode {
    /// The tables play Baza games hand by hand.
    Hands,
    /// The tables type their final scores.
    TypedResult,
}

stored_as_text!(EntryMode, "entry mode", {
    Hands => "hands",
    TypedResult => "result",
});

impl EntryMode {
    /// Hand by hand when `hands`, else typed results.
    pub const fn of(hands: bool) -> Self {
        if hands {
            EntryMode::Hands
        } else {
            EntryMode::TypedResult
        }
    }
}

/// A championship's system as its listing row names it (`league` for a round robin,
/// as the foundation names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChampionshipFormat {
    League,
    Swiss,
    Ceros,
}

stored_as_text!(ChampionshipFormat, "championship format", {
    League => "league",
    Swiss => "swiss",
    Ceros => "ceros",
});

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
    fn an_unknown_status_is_refused_in_words_that_name_its_kind() {
        assert_eq!(
            "done".parse::<TableStatus>(),
            Err("unknown table status \"done\"".to_string())
        );
        assert_eq!(
            "over".parse::<GameStatus>(),
            Err("unknown game status \"over\"".to_string())
        );
    }

    #[test]
    fn every_championship_status_and_format_reads_back_from_its_text() {
        use ChampionshipStatus::*;
        for s in [Registration, Running, Finished] {
            assert_eq!(s.as_str().parse::<ChampionshipStatus>(), Ok(s));
            assert_eq!(
                serde_json::to_value(s).ok(),
                Some(serde_json::Value::from(s.as_str()))
            );
        }
        for f in [
            ChampionshipFormat::League,
            ChampionshipFormat::Swiss,
            ChampionshipFormat::Ceros,
        ] {
            assert_eq!(f.as_str().parse::<ChampionshipFormat>(), Ok(f));
        }
        assert!("paused".parse::<ChampionshipStatus>().is_err());
        for m in [EntryMode::Hands, EntryMode::TypedResult] {
            assert_eq!(m.as_str().parse::<EntryMode>(), Ok(m));
        }
        assert_eq!(EntryMode::of(false).as_str(), "result");
    }
}
