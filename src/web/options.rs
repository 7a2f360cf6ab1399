//! Table options as people see them: labelled controls (checkbox, select, number)
//! with one line of help in the page's language and the default marked, the reader
//! of those controls back into an options map, and options shown by label and value
//! in words. Built from `domain::options::specs(game)`; labels and help come from
//! locales/*/options.ftl (`opt-NAME`, `opt-NAME-help`, a game's own wording first as
//! `opt-GAME-NAME`; choice values `optv-NAME-VALUE`).
//!
//! Any form shows the controls with `templates/_options.html` (a list of
//! [`OptionGroup`] named `option_groups`) and reads them with [`read_options`].

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::domain::entry::series::set_by_match;
use crate::domain::options::{OptionKind, OptionSpec, OptionValue, specs};
use crate::domain::{GameKind, Lang};
use crate::web::i18n::{tr, tr_args};

/// One option's control.
pub struct OptionControl {
    /// The option's name (internal; never shown).
    pub name: &'static str,
    /// The form field: `opt.NAME`, or `opt.GAME.NAME` when several games share a form.
    pub field: String,
    /// The element id (unique on the page).
    pub id: String,
    pub label: String,
    pub help: String,
    /// "Por defecto: sí" and the like.
    pub default_words: String,
    pub control: Control,
    /// What to fix, when the value typed was refused.
    pub error: Option<String>,
}

pub enum Control {
    Check {
        checked: bool,
    },
    Select {
        choices: Vec<Choice>,
    },
    /// A number from a short list of allowed values (typed, so a refused value is
    /// shown again as typed).
    Number {
        value: String,
        allowed: String,
    },
}

pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
    pub default: bool,
}

/// The options of one game, under the game's name.
pub struct OptionGroup {
    pub game: &'static str,
    pub title: String,
    /// The game chosen on the form (the others are hidden by script, and not read).
    pub chosen: bool,
    pub controls: Vec<OptionControl>,
}

/// A refused option value: the option and what to fix.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionError {
    pub name: &'static str,
    pub message: String,
}

/// An option in force, in words.
pub struct OptionWords {
    pub label: String,
    pub value: String,
    pub default: bool,
    /// The violated rule depends on it (a ruling lists these first).
    pub relevant: bool,
}

/// The first of `keys` that has a translation.
fn first_tr(lang: Lang, keys: &[String]) -> String {
    for k in keys {
        let t = tr(lang, k);
        if &t != k {
            return t;
        }
    }
    // A missing translation: a readable form of the last key rather than the key.
    keys.last()
        .map(|k| k.replace(['_', '-'], " "))
        .unwrap_or_default()
}

/// An option's label in `lang`.
pub fn option_label(lang: Lang, game: GameKind, name: &str) -> String {
    first_tr(
        lang,
        &[format!("opt-{}-{name}", game.slug()), format!("opt-{name}")],
    )
}

/// An option's one line of help in `lang`.
pub fn option_help(lang: Lang, game: GameKind, name: &str) -> String {
    first_tr(
        lang,
        &[
            format!("opt-{}-{name}-help", game.slug()),
            format!("opt-{name}-help"),
        ],
    )
}

/// Options named as the pages name them, for the words of a refused hand record.
pub struct PageOptionNames;

impl crate::domain::words::OptionNames for PageOptionNames {
    fn label(&self, game: GameKind, name: &str, lang: Lang) -> Option<String> {
        // Only an option of some game has a label (anything else is named as written):
        // the game's own wording, the common one, or another game's.
        if !GameKind::ALL
            .iter()
            .any(|g| specs(*g).iter().any(|s| s.name == name))
        {
            return None;
        }
        let mut keys = vec![format!("opt-{}-{name}", game.slug()), format!("opt-{name}")];
        keys.extend(
            GameKind::ALL
                .iter()
                .map(|g| format!("opt-{}-{name}", g.slug())),
        );
        keys.into_iter().find_map(|k| {
            let t = tr(lang, &k);
            (t != k).then_some(t)
        })
    }

    fn allowed(&self, game: GameKind, name: &str, lang: Lang) -> Option<String> {
        specs(game)
            .iter()
            .find(|s| s.name == name)
            .map(|spec| allowed_words(lang, spec))
    }
}

/// A value of an option in words ("sí", "×2, ×4, ×8", "sin tope", "21").
pub fn value_words(lang: Lang, spec: &OptionSpec, v: OptionValue) -> String {
    match v {
        OptionValue::Bool(b) => tr(lang, if b { "optv-yes" } else { "optv-no" }),
        OptionValue::Int(i) => {
            let key = format!("optv-{}-{i}", spec.name);
            let t = tr(lang, &key);
            if t == key { i.to_string() } else { t }
        }
        OptionValue::Choice(c) => first_tr(lang, &[format!("optv-{}-{c}", spec.name)]),
    }
}

/// The form field of an option.
fn field_name(game: GameKind, name: &str, several: bool) -> String {
    if several {
        format!("opt.{}.{name}", game.slug())
    } else {
        format!("opt.{name}")
    }
}

/// What the form holds for an option of `game` (`opt.GAME.NAME`, then `opt.NAME`).
fn posted<'a>(fields: &'a HashMap<String, String>, game: GameKind, name: &str) -> Option<&'a str> {
    fields
        .get(&format!("opt.{}.{name}", game.slug()))
        .or_else(|| fields.get(&format!("opt.{name}")))
        .map(String::as_str)
}

fn allowed_words(lang: Lang, spec: &OptionSpec) -> String {
    let words: Vec<String> = match spec.kind {
        OptionKind::Bool => vec![tr(lang, "optv-yes"), tr(lang, "optv-no")],
        OptionKind::Int(a) => a
            .iter()
            .map(|i| {
                let w = value_words(lang, spec, OptionValue::Int(*i));
                if w == i.to_string() {
                    w
                } else {
                    format!("{i} ({w})")
                }
            })
            .collect(),
        OptionKind::Choice(a) => a
            .iter()
            .map(|c| value_words(lang, spec, OptionValue::Choice(c)))
            .collect(),
    };
    words.join(", ")
}

/// The controls of one game's options, showing what was typed (else the default);
/// none for an option the match sets (a guiñote coto's partidas are the match's "al
/// mejor de").
pub fn option_controls(
    lang: Lang,
    game: GameKind,
    typed: &HashMap<String, String>,
    errors: &[OptionError],
    several: bool,
) -> Vec<OptionControl> {
    specs(game)
        .iter()
        .filter(|spec| !set_by_match(game, spec.name))
        .map(|spec| {
            let raw = posted(typed, game, spec.name);
            let control = match spec.kind {
                OptionKind::Bool => Control::Check {
                    checked: match raw {
                        Some(r) => matches!(r.trim(), "true" | "on" | "1"),
                        None => spec.default == OptionValue::Bool(true),
                    },
                },
                OptionKind::Int(_) => Control::Number {
                    value: raw
                        .map(str::to_owned)
                        .unwrap_or_else(|| match spec.default {
                            OptionValue::Int(i) => i.to_string(),
                            _ => String::new(),
                        }),
                    allowed: allowed_words(lang, spec),
                },
                OptionKind::Choice(values) => Control::Select {
                    choices: values
                        .iter()
                        .map(|c| {
                            let default = spec.default == OptionValue::Choice(c);
                            Choice {
                                value: (*c).to_owned(),
                                label: value_words(lang, spec, OptionValue::Choice(c)),
                                selected: match raw {
                                    Some(r) => r.trim() == *c,
                                    None => default,
                                },
                                default,
                            }
                        })
                        .collect(),
                },
            };
            OptionControl {
                name: spec.name,
                field: field_name(game, spec.name, several),
                id: format!("opt-{}-{}", game.slug(), spec.name.replace('_', "-")),
                label: option_label(lang, game, spec.name),
                help: option_help(lang, game, spec.name),
                default_words: tr_args(
                    lang,
                    "options-default",
                    &[("value", value_words(lang, spec, spec.default))],
                ),
                control,
                error: errors
                    .iter()
                    .find(|e| e.name == spec.name)
                    .map(|e| e.message.clone()),
            }
        })
        .collect()
}

/// The option groups of a form: one per game in `games` (several: the game is
/// chosen in a select on the same form), the `chosen` one marked.
pub fn option_groups(
    lang: Lang,
    games: &[GameKind],
    chosen: Option<GameKind>,
    typed: &HashMap<String, String>,
    errors: &[OptionError],
) -> Vec<OptionGroup> {
    let several = games.len() > 1;
    games
        .iter()
        .map(|g| OptionGroup {
            game: g.slug(),
            title: tr(lang, &format!("game-{}", g.slug())),
            chosen: chosen == Some(*g) || !several,
            controls: option_controls(
                lang,
                *g,
                typed,
                if chosen == Some(*g) || !several {
                    errors
                } else {
                    &[]
                },
                several,
            ),
        })
        .collect()
}

/// Reads the option controls of `game` from a posted form into an options map
/// (only values that differ from the defaults), checked with
/// `domain::options::validate`; or what to fix, option by option.
pub fn read_options(
    lang: Lang,
    game: GameKind,
    players: u8,
    fields: &HashMap<String, String>,
) -> Result<Map<String, Value>, Vec<OptionError>> {
    let mut map = Map::new();
    let mut errors = Vec::new();
    for spec in specs(game) {
        let Some(raw) = posted(fields, game, spec.name) else {
            continue;
        };
        let raw = raw.trim();
        let value = match spec.kind {
            OptionKind::Bool => match raw {
                "true" | "on" | "1" => Some(Value::Bool(true)),
                "false" | "off" | "0" | "" => Some(Value::Bool(false)),
                _ => None,
            },
            OptionKind::Int(_) => raw.parse::<i64>().ok().map(Value::from),
            OptionKind::Choice(_) => Some(Value::String(raw.to_owned())),
        };
        match value.as_ref().and_then(|v| spec.parse(v)) {
            Some(v) if v == spec.default => {}
            Some(v) => {
                map.insert(spec.name.to_owned(), v.to_json());
            }
            None => errors.push(OptionError {
                name: spec.name,
                message: tr_args(
                    lang,
                    "options-bad-value",
                    &[
                        ("label", option_label(lang, game, spec.name)),
                        ("typed", raw.to_owned()),
                        ("allowed", allowed_words(lang, spec)),
                    ],
                ),
            }),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    crate::domain::options::validate(game, players, &map).map_err(|e| {
        vec![OptionError {
            name: "",
            message: tr_args(
                lang,
                "options-refused",
                &[(
                    "detail",
                    crate::domain::words::record_error_words(&e, lang, &PageOptionNames),
                )],
            ),
        }]
    })?;
    Ok(map)
}

/// The options of `game` a match sets ([`set_by_match`]) as a form posted them, each
/// whole number as sent (its default too), to hold against the match.
pub fn posted_match_options(
    game: GameKind,
    fields: &HashMap<String, String>,
) -> Map<String, Value> {
    specs(game)
        .iter()
        .filter(|spec| set_by_match(game, spec.name))
        .filter_map(|spec| {
            let n = posted(fields, game, spec.name)?
                .trim()
                .parse::<i64>()
                .ok()?;
            Some((spec.name.to_owned(), Value::from(n)))
        })
        .collect()
}

/// Every option of `game` in force under `given`, by label and value in words,
/// those in `relevant` first.
pub fn option_words(
    lang: Lang,
    game: GameKind,
    given: &Map<String, Value>,
    relevant: &[&str],
) -> Vec<OptionWords> {
    let mut lines: Vec<OptionWords> = specs(game)
        .iter()
        .map(|spec| {
            let (v, default) = match given.get(spec.name).and_then(|v| spec.parse(v)) {
                Some(v) => (v, v == spec.default),
                None => (spec.default, true),
            };
            OptionWords {
                label: option_label(lang, game, spec.name),
                value: value_words(lang, spec, v),
                default,
                relevant: relevant.contains(&spec.name),
            }
        })
        .collect();
    lines.sort_by_key(|l| !l.relevant);
    lines
}

/// Only the options that differ from the defaults, in words (for a game's or a
/// championship's page).
pub fn changed_option_words(
    lang: Lang,
    game: GameKind,
    given: &Map<String, Value>,
) -> Vec<OptionWords> {
    option_words(lang, game, given, &[])
        .into_iter()
        .filter(|w| !w.default)
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn the_controls_read_back_into_the_options_that_differ_from_the_defaults() {
        let f = form(&[
            ("opt.target", "11"),
            ("opt.over100_counts_double", "false"),
            ("opt.cuatrola_tute", "wins_hand"),
            ("opt.bidder_leads", "false"),
        ]);
        let m = read_options(Lang::Es, GameKind::Cuatrola, 4, &f).unwrap();
        assert_eq!(m.get("target"), Some(&Value::from(11)));
        assert_eq!(m.get("over100_counts_double"), Some(&Value::Bool(false)));
        assert_eq!(m.get("cuatrola_tute"), Some(&Value::from("wins_hand")));
        assert!(!m.contains_key("bidder_leads"), "a default is not stored");
    }

    #[test]
    fn a_refused_value_says_what_to_fix_in_the_readers_words() {
        let f = form(&[("opt.cuatrola.target", "17")]);
        let e = read_options(Lang::Es, GameKind::Cuatrola, 4, &f).unwrap_err();
        assert_eq!(e[0].name, "target");
        assert!(e[0].message.contains("17"), "{}", e[0].message);
        assert!(e[0].message.contains("21"), "{}", e[0].message);
        assert!(!e[0].message.contains("target"), "{}", e[0].message);
    }

    #[test]
    fn every_option_and_value_has_words_in_every_language() {
        for lang in Lang::ALL {
            for game in GameKind::ALL {
                for spec in specs(game) {
                    let l = option_label(lang, game, spec.name);
                    let h = option_help(lang, game, spec.name);
                    assert!(!l.contains('_') && l != spec.name, "{lang} {l}");
                    assert!(
                        h.len() > 10 && !h.starts_with("opt "),
                        "{lang} {game:?} {}: {h}",
                        spec.name
                    );
                    if let OptionKind::Choice(vs) = spec.kind {
                        for v in vs {
                            let key = format!("optv-{}-{v}", spec.name);
                            assert_ne!(tr(lang, &key), key, "{lang} {key}");
                        }
                    }
                }
            }
        }
    }
}
