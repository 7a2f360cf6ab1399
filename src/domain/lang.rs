//! Plain data: the three languages of Baza's messages. Uses nothing of the domain. Card and rule terms (as, sota, caballo,
//! rey, cante, renuncio, arrastre, contro, solo, cuatrola, quintola) stay Spanish in
//! every language.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Spanish, the default.
    #[default]
    Es,
    /// Catalan.
    Ca,
    /// English.
    En,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Es, Lang::Ca, Lang::En];

    /// `"es"`, `"ca"` or `"en"` (case-insensitive; a region suffix like `es-ES` is accepted).
    pub fn from_code(code: &str) -> Option<Lang> {
        let lower = code.trim().to_ascii_lowercase();
        let main = lower.split(['-', '_']).next().unwrap_or("");
        match main {
            "es" => Some(Lang::Es),
            "ca" => Some(Lang::Ca),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::Ca => "ca",
            Lang::En => "en",
        }
    }

    /// Picks one of three texts.
    pub fn pick<'a>(self, es: &'a str, ca: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Es => es,
            Lang::Ca => ca,
            Lang::En => en,
        }
    }
}

/// One message in three languages: `tr!(lang, "es …", "ca …", "en …", args…)` is the
/// `format!` of the text of `lang`. Each text names the values it shows (`{seat}`), or
/// all three take the same further arguments in the same order.
macro_rules! tr {
    ($lang:expr, $es:literal, $ca:literal, $en:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            $crate::domain::lang::Lang::Es => format!($es $(, $arg)*),
            $crate::domain::lang::Lang::Ca => format!($ca $(, $arg)*),
            $crate::domain::lang::Lang::En => format!($en $(, $arg)*),
        }
    };
}
pub(crate) use tr;

/// `s` with its first letter upper case, as a sentence or a label opens.
pub fn capitalized(s: &str) -> String {
    let mut letters = s.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => String::new(),
    }
}

/// The values one after another, between commas: `1, 2, 3`.
pub fn comma_list<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_known_by_its_code() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("ES-es"), Some(Lang::Es));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::default(), Lang::Es);
    }
}
