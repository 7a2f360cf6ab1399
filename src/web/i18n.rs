//! Languages: Spanish (default), Catalan and English, from Fluent files embedded in
//! the binary. Negotiation: the switcher's cookie, then `Accept-Language`, then
//! Spanish. Card and rule terms stay Spanish in every language (the .ftl files say
//! "sota", "cante", "renuncio" in Catalan and English too).

use std::borrow::Cow;
use std::collections::HashMap;

use actix_web::HttpRequest;
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

pub use crate::domain::Lang;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "es",
        customise: |bundle| {
            bundle.set_use_isolating(false);
            // `DE(name)`: Catalan's "de" before a name, elided where it must be.
            let _ = bundle.add_function("DE", |args, _| match args.first() {
                Some(FluentValue::String(name)) => FluentValue::from(catalan_de(name)),
                Some(other) => other.clone(),
                None => FluentValue::None,
            });
        },
    };
}

/// Catalan's "de" before a name: "d'Anna", "d'Helena", but "de Berta", "de Iolanda"
/// (an i or u before a vowel is a consonant there, and so is hi- or hu- before one).
pub fn catalan_de(name: &str) -> String {
    let folded: Vec<char> = name
        .chars()
        .take(3)
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' => 'a',
            'è' | 'é' => 'e',
            'ì' | 'í' | 'ï' => 'i',
            'ò' | 'ó' => 'o',
            'ù' | 'ú' | 'ü' => 'u',
            c => c,
        })
        .collect();
    let vowel = |c: Option<&char>| matches!(c, Some('a' | 'e' | 'i' | 'o' | 'u'));
    let rest = match folded.first() {
        Some('h') => &folded[1..],
        _ => &folded[..],
    };
    let semivowel = matches!(rest.first(), Some('i' | 'u')) && vowel(rest.get(1));
    if vowel(rest.first()) && !semivowel {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}

/// The cookie the language switcher sets.
pub const LANG_COOKIE: &str = "baza_lang";

fn langid(lang: Lang) -> LanguageIdentifier {
    match lang {
        Lang::Es => fluent_templates::langid!("es"),
        Lang::Ca => fluent_templates::langid!("ca"),
        Lang::En => fluent_templates::langid!("en"),
    }
}

/// Translates `key` into `lang`; a key the locale files do not have is an added
/// game's message (`Rules::message`) or else shows itself (and the locale tests make
/// sure none of the five games' is missing).
pub fn tr(lang: Lang, key: &str) -> String {
    // A message without arguments always reads the same: each thread keeps the ones it
    // has looked up (a page of 500 tables asks for the same few labels on every row).
    thread_local! {
        static KEPT: std::cell::RefCell<[HashMap<String, String>; 3]> =
            std::cell::RefCell::new(Default::default());
    }
    /// At most this many messages kept per language and thread (the `.ftl` files hold
    /// fewer).
    const MOST: usize = 8192;
    let at = match lang {
        Lang::Es => 0,
        Lang::Ca => 1,
        Lang::En => 2,
    };
    let kept = KEPT.with(|k| k.borrow()[at].get(key).cloned());
    if let Some(text) = kept {
        return text;
    }
    match LOCALES.try_lookup(&langid(lang), key) {
        Some(text) => {
            KEPT.with(|k| {
                let map = &mut k.borrow_mut()[at];
                if map.len() < MOST {
                    map.insert(key.to_owned(), text.clone());
                }
            });
            text
        }
        None => crate::domain::games::added_message(key, lang).unwrap_or_else(|| key.to_owned()),
    }
}

/// Whether the locale files have a message `key` in `lang`.
pub fn has(lang: Lang, key: &str) -> bool {
    LOCALES.try_lookup(&langid(lang), key).is_some()
}

/// Translates `key` with named arguments.
pub fn tr_args(lang: Lang, key: &str, args: &[(&'static str, String)]) -> String {
    let map: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(k, v)| (Cow::Borrowed(*k), FluentValue::from(v.clone())))
        .collect();
    LOCALES
        .try_lookup_with_args(&langid(lang), key, &map)
        .unwrap_or_else(|| key.to_owned())
}

/// Translates `key` with the count `n` as a number (so `[one]` and `*[other]` pick
/// the plural) and other named arguments.
pub fn tr_count(lang: Lang, key: &str, n: usize, args: &[(&'static str, String)]) -> String {
    tr_counts(lang, key, &[("n", n)], args)
}

/// Translates `key` with several counts, each as a number (so each picks its own
/// plural), and other named arguments.
pub fn tr_counts(
    lang: Lang,
    key: &str,
    counts: &[(&'static str, usize)],
    args: &[(&'static str, String)],
) -> String {
    let mut map: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(k, v)| (Cow::Borrowed(*k), FluentValue::from(v.clone())))
        .collect();
    for (k, n) in counts {
        map.insert(Cow::Borrowed(*k), FluentValue::from(*n));
    }
    LOCALES
        .try_lookup_with_args(&langid(lang), key, &map)
        .unwrap_or_else(|| key.to_owned())
}

/// Picks the first supported language of an `Accept-Language` header, by q-value.
pub fn from_accept_language(header: &str) -> Option<Lang> {
    let mut best: Option<(f32, usize, Lang)> = None;
    for (pos, part) in header.split(',').enumerate() {
        let mut pieces = part.trim().split(';');
        let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = pieces
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("");
        let Some(lang) = Lang::from_code(primary) else {
            continue;
        };
        if q <= 0.0 {
            continue;
        }
        let better = match best {
            None => true,
            Some((bq, bpos, _)) => q > bq || (q == bq && pos < bpos),
        };
        if better {
            best = Some((q, pos, lang));
        }
    }
    best.map(|(_, _, lang)| lang)
}

/// The request's language: cookie, then `Accept-Language`, then Spanish.
pub fn negotiate(req: &HttpRequest) -> Lang {
    if let Some(lang) = req
        .cookie(LANG_COOKIE)
        .and_then(|c| Lang::from_code(c.value()))
    {
        return lang;
    }
    let accept = actix_web::http::header::ACCEPT_LANGUAGE;
    super::requests::header_text(req.headers(), accept)
        .and_then(from_accept_language)
        .unwrap_or(Lang::Es)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalan_elides_de_before_a_name_that_starts_with_a_vowel_sound() {
        assert_eq!(catalan_de("Anna i Berta"), "d'Anna i Berta");
        assert_eq!(catalan_de("Èric"), "d'Èric");
        assert_eq!(catalan_de("Helena"), "d'Helena");
        assert_eq!(catalan_de("Berta i Anna"), "de Berta i Anna");
        assert_eq!(catalan_de("Iolanda"), "de Iolanda");
        assert_eq!(catalan_de("Huelva"), "de Huelva");
        assert_eq!(catalan_de(""), "de ");
        assert_eq!(
            tr_args(
                Lang::Ca,
                "hand-points-of",
                &[("side", "Anna i Berta".into())]
            ),
            "Punts d'Anna i Berta (cartes i bases)"
        );
        assert_eq!(
            tr_args(
                Lang::Ca,
                "hand-points-of",
                &[("side", "Berta i Anna".into())]
            ),
            "Punts de Berta i Anna (cartes i bases)"
        );
    }

    #[test]
    fn accept_language_picks_the_best_supported_tag() {
        assert_eq!(from_accept_language("ca"), Some(Lang::Ca));
        assert_eq!(
            from_accept_language("fr-FR, en-GB;q=0.8, es;q=0.9"),
            Some(Lang::Es)
        );
        assert_eq!(from_accept_language("de, en;q=0.5"), Some(Lang::En));
        assert_eq!(from_accept_language("ca-ES;q=0, en;q=0.1"), Some(Lang::En));
        assert_eq!(from_accept_language("fr, de"), None);
        assert_eq!(from_accept_language(""), None);
    }

    #[test]
    fn translations_fall_back_to_the_key_only_when_missing() {
        assert_eq!(tr(Lang::Es, "no-such-key-anywhere"), "no-such-key-anywhere");
        assert_ne!(tr(Lang::Ca, "nav-home"), "nav-home");
    }

    /// The keys a source file's `fn key` bodies name (the one match of each error
    /// type that says which message it shows).
    fn keys_named_in(path: &str) -> Vec<String> {
        let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_default();
        let mut keys = Vec::new();
        for body in text.split("fn key(").skip(1) {
            let body = body.split("\n    }\n").next().unwrap_or_default();
            let mut quoted = body.split('"').skip(1).step_by(2);
            keys.extend(quoted.by_ref().map(str::to_owned));
        }
        keys
    }

    #[test]
    fn every_refusal_and_bad_input_names_a_message_in_each_language() {
        let keys: Vec<String> = [
            "src/error.rs",
            "src/domain/refusal.rs",
            "src/domain/register.rs",
            "src/web/championship/create.rs",
            "src/domain/account.rs",
            "src/web/circuits.rs",
            "src/service/bracket.rs",
            "src/web/person_merge.rs",
            "src/service/throttle.rs",
            "src/web/done.rs",
            "src/web/game/mod.rs",
        ]
        .iter()
        .flat_map(|p| keys_named_in(p))
        .collect();
        // Refusal, EntrantFault, PeopleFault, MergeFault, Malformed, Unacceptable;
        // RegisterFault, ListFault, ClubFault; a championship form's FormField;
        // UserFault, CircuitFault, BracketFault, MergeRefused, PinRefused, Done;
        // a game form's HandFault.
        assert!(keys.len() >= 169, "{} keys found", keys.len());
        for key in &keys {
            for lang in [Lang::Es, Lang::Ca, Lang::En] {
                // In that language's file itself (no fallback); a message that
                // wants its arguments is there all the same.
                let found = LOCALES.lookup_single_language::<&str>(&langid(lang), key, None);
                assert!(
                    found.is_ok() || format!("{found:?}").starts_with("Err(FluentError"),
                    "{key} is missing in {lang:?}"
                );
            }
        }
    }
}
