//! The three locales have the same keys, and every key the code uses exists.

use std::collections::BTreeSet;
use std::path::Path;

const LANGS: [&str; 3] = ["es", "ca", "en"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Message ids of a Fluent file: lines that start with an identifier and ` =`.
fn ftl_keys(lang: &str) -> BTreeSet<String> {
    // Every .ftl file of the language, as the loader reads them.
    let mut text = String::new();
    for entry in std::fs::read_dir(root().join("locales").join(lang)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ftl") {
            text.push_str(&std::fs::read_to_string(path).unwrap());
            text.push('\n');
        }
    }
    text.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_owned()))
        .collect()
}

/// Every string literal passed as the first argument of `t(`, `t1(`, `tr(lang,` …
fn keys_used_in(text: &str, rust: bool, out: &mut BTreeSet<String>) {
    for marker in ["t(\"", "t1(\"", "tr(lang, \"", "tr(self.lang, \""] {
        let mut rest = text;
        while let Some(i) = rest.find(marker) {
            // `t(` must be a call of its own, not the end of `expect(` or `split(`.
            let own_call = i == 0
                || !rest[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
            rest = &rest[i + marker.len()..];
            if !own_call {
                continue;
            }
            if let Some(end) = rest.find('"') {
                let key = &rest[..end];
                if key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
                    && key.contains('-')
                {
                    out.insert(key.to_owned());
                }
            }
        }
    }
    if !rust {
        return;
    }
    // Error keys are returned from Rust code as `"error-…"` literals.
    let mut rest = text;
    while let Some(i) = rest.find("\"error-") {
        rest = &rest[i + 1..];
        if let Some(end) = rest.find('"').filter(|e| *e > "error-".len()) {
            out.insert(rest[..end].to_owned());
        }
    }
}

fn walk(dir: &Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

#[test]
fn the_three_locales_have_the_same_keys() {
    let es = ftl_keys("es");
    assert!(es.len() > 40, "only {} keys in es", es.len());
    for lang in ["ca", "en"] {
        let other = ftl_keys(lang);
        let missing: Vec<_> = es.difference(&other).collect();
        let extra: Vec<_> = other.difference(&es).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn every_key_used_by_templates_and_code_exists_in_every_locale() {
    let mut files = Vec::new();
    walk(&root().join("templates"), "html", &mut files);
    walk(&root().join("src"), "rs", &mut files);
    let mut used = BTreeSet::new();
    for f in &files {
        let rust = f.extension().is_some_and(|e| e == "rs");
        keys_used_in(&std::fs::read_to_string(f).unwrap(), rust, &mut used);
    }
    // Keys built at run time from stored values.
    for game in ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"] {
        used.insert(format!("game-{game}"));
    }
    for v in ["league", "swiss", "knockout"] {
        used.insert(format!("format-{v}"));
    }
    for v in ["registration", "running", "finished"] {
        used.insert(format!("status-{v}"));
    }
    for v in ["playing", "finished"] {
        used.insert(format!("game-status-{v}"));
    }
    for v in ["pass", "solo", "cuatrola", "quintola"] {
        used.insert(format!("bid-{v}"));
    }
    for v in ["admin", "organiser", "referee"] {
        used.insert(format!("role-{v}"));
    }
    assert!(used.len() > 40, "the scan found only {used:?}");
    for lang in LANGS {
        let keys = ftl_keys(lang);
        let missing: Vec<_> = used.difference(&keys).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}
