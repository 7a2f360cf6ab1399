//! The states a championship's table and a game go through, stored as text
//! (`playing`, `proposed`, `final`; `playing`, `finished`) and typed everywhere else.

use std::fmt;
use std::str::FromStr;

/// A state stored as text: the enum, its text (`as_str`, and `Display` the same) and
/// its reading back (`FromStr`, `TryFrom<String>`), any other text refused as an
/// unknown `what`.
macro_rules! text_state {
    (
        $(#[$meta:meta])*
        $name:ident, $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// As stored, and as the message keys and pages name it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
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
                    $( $text => Ok($name::$variant), )+
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

text_state! {
    /// Where a championship's table stands.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    TableStatus, "table status" {
        /// Being played; no result yet.
        #[default]
        Playing => "playing",
        /// A result entered at the table, waiting for the other pair's firma.
        Proposed => "proposed",
        /// The result is the championship's.
        Final => "final",
    }
}

text_state! {
    /// Where a game stands.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    GameStatus, "game status" {
        /// Hands are still to come.
        #[default]
        Playing => "playing",
        /// Over by its own end or by its match's limits.
        Finished => "finished",
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
}
