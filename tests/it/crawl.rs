//! The crawl: every page linked from the demo, followed link by link in a real
//! headless Chromium, once as a visitor and once as an admin, on a 360 × 740 phone.
//! Each page must fit the phone's width; its visible words must hold no internal id
//! (table-option keys, rule ids, field names, seats counted from 0) in es, ca and
//! en, nor raw data (JSON, the audit log's actor keys) nor, on a Spanish or Catalan
//! page, English words; and axe-core must find no serious or critical accessibility
//! violation. The audit pages are visited with real rows in them: before the crawl a
//! signed-in director starts a partida, corrects and deletes hands and records and
//! corrects a championship's results. The wall page (the live page for a projector) must fit 1920 × 1080 and 1280 × 720.
//!
//! axe-core comes from npm (`.ci/run` installs it under target/axe); the path may be
//! given in `BAZA_AXE_JS`. Without it the axe part says why and skips, except under
//! `BAZA_REQUIRE_BROWSER=1`, where it fails.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::time::Instant;

use serde_json::{Value, json};

use crate::audit_words::{CHAMPIONSHIP, make_audit_rows};
use crate::browser::{Browser, log_in};
use crate::helpers::TestApp;

const PHONE: (u32, u32) = (360, 740);
const WALLS: [(u32, u32); 2] = [(1920, 1080), (1280, 720)];
/// Pages whose paths differ only by numbers are one kind of page; the crawl visits
/// at most this many of each kind.
const PER_KIND: usize = 2;

/// Where axe.min.js is: `BAZA_AXE_JS`, else where `.ci/run` installs it.
fn axe_path() -> PathBuf {
    std::env::var_os("BAZA_AXE_JS").map_or_else(
        || {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("target/axe/node_modules/axe-core/axe.min.js")
        },
        PathBuf::from,
    )
}

/// The axe-core source, or why there is none (a failure under BAZA_REQUIRE_BROWSER=1).
pub(crate) fn axe_source() -> Option<String> {
    let path = axe_path();
    match std::fs::read_to_string(&path) {
        Ok(src) => Some(src),
        Err(e) => {
            let why = format!(
                "axe-core not found at {} ({e}): run `npm install --no-save --prefix target/axe axe-core@4` or set BAZA_AXE_JS",
                path.display()
            );
            if std::env::var("BAZA_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
                panic!("{why}, and BAZA_REQUIRE_BROWSER=1");
            }
            eprintln!("crawl: accessibility audit skipped: {why}");
            None
        }
    }
}

/// The words no page may show: (what it is, the word, whether only as a whole word).
fn internal_words(lang: &str) -> Vec<(String, String)> {
    use baza::domain::GameKind;
    use baza::domain::options::specs;
    use baza::domain::ruling::RuleId;
    let mut words: Vec<(String, String)> = Vec::new();
    for game in GameKind::ALL {
        for spec in specs(game) {
            if spec.name.contains('_') {
                words.push(("table-option key".into(), spec.name.to_owned()));
            } else {
                // One-word keys (deck, target…) are also ordinary words: only as a
                // key (`deck=`, `deck:`, `"deck"`) are they the id.
                for form in [
                    format!("{}=", spec.name),
                    format!("{}:", spec.name),
                    format!("\"{}\"", spec.name),
                ] {
                    words.push(("table-option key".into(), form));
                }
            }
        }
    }
    for rule in RuleId::ALL {
        words.push(("rule id".into(), rule.id().to_owned()));
    }
    words.push(("field name".into(), "hand_points".into()));
    if lang == "en" {
        words.push(("field name".into(), "\"points\"".into()));
        words.push(("field name".into(), "points=".into()));
    } else {
        // Not a Spanish or Catalan word: here `points` is the field name.
        words.push(("field name".into(), "points".into()));
    }
    for seat in ["asiento 0", "seient 0", "seat 0"] {
        words.push(("seat counted from 0".into(), seat.into()));
    }
    words.push(("piece of JSON".into(), "{\"".into()));
    words.push(("piece of JSON".into(), "\":".into()));
    for key in [
        "user:",
        "scorekeeper:",
        "(firma pareja",
        "late_entry",
        "seed_by_rating",
    ] {
        words.push(("audit key".into(), key.into()));
    }
    if lang != "en" {
        // Words of an English message or of the audit log's stored actions; none
        // is a Spanish or Catalan word.
        for english in [
            "the",
            "and",
            "with",
            "fewer",
            "than",
            "entrants",
            "entrant",
            "round",
            "table",
            "hand",
            "bracket",
            "score",
            "scores",
            "create",
            "update",
            "delete",
            "restore",
            "confirm",
            "record",
            "propose",
            "withdraw",
            "publish",
            "invalid",
            "must",
            "between",
            "expected",
            "found",
            "tournament",
            "championship",
        ] {
            words.push(("English word".into(), english.into()));
        }
    }
    words.sort();
    words.dedup();
    words
}

/// Whether `text` holds `word` as a whole word (case-insensitive).
fn holds_word(text: &str, word: &str) -> bool {
    let text = text.to_lowercase();
    let word = word.to_lowercase();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(&word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let edge_ok = |c: Option<char>, w: Option<char>| {
            // A word that starts (ends) with punctuation needs no boundary there.
            w.is_some_and(|w| !is_word(w)) || c.is_none_or(|c| !is_word(c))
        };
        edge_ok(before, word.chars().next()) && edge_ok(after, word.chars().next_back())
    })
}

/// `text` without the names of Baza's file formats (`baza-hand/1`, `baza-tournament/1`).
fn strip_format_names(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            !(w.starts_with("baza-") && w.contains('/'))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A path with its numbers replaced: pages of one kind share it.
fn kind_of(path: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in path.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

/// Links the crawl does not follow: logging out, switching language, downloads,
/// files, the API.
fn skipped(path: &str) -> bool {
    let file = [
        ".csv", ".json", ".xlsx", ".txt", ".svg", ".png", ".pdf", ".css",
    ];
    path.starts_with("/salir")
        || path.starts_with("/idioma/")
        || path.starts_with("/static/")
        || path.starts_with("/api/")
        || path.contains("/exportar")
        || path.contains("/descargar")
        || path.contains("formato=")
        || file
            .iter()
            .any(|ext| path.split('?').next().is_some_and(|p| p.ends_with(ext)))
}

/// A script expression: the same-origin links of the page, as path and query, not
/// downloads.
const LINKS_JS: &str = "[...document.querySelectorAll('a[href]')]
   .filter(a => !a.hasAttribute('download') && a.origin === location.origin)
   .map(a => a.pathname + a.search)";

/// A script expression: how much wider than `width` the page is laid out, with the
/// elements that stick out (null when it fits).
fn overflow_js(width: u32) -> String {
    format!(
        "(() => {{
         const d = document.documentElement;
         const room = Math.min(d.clientWidth, {width});
         if (d.scrollWidth <= room) return null;
         const clipped = e => {{ for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
             if (getComputedStyle(a).overflowX !== 'visible') return true; return false; }};
         const out = [...document.querySelectorAll('body *')]
           .filter(e => e.getBoundingClientRect().right > room + 0.5 && !clipped(e)
             && ![...e.children].some(c => c.getBoundingClientRect().right > room + 0.5))
           .slice(0, 4)
           .map(e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/ +/g, '.') : '')
             + ' ' + Math.round(e.getBoundingClientRect().right) + 'px'
             + (e.children.length ? '' : ' «' + e.textContent.trim().slice(0, 30) + '»'));
         return d.scrollWidth + ' px wide for ' + room + ' px: ' + out.join(', ');
         }})()"
    )
}

/// How much wider than `width` the page is laid out, with the elements that stick out.
async fn overflow(browser: &Browser, width: u32) -> Option<String> {
    let found = browser
        .eval(&format!("return {}", overflow_js(width)))
        .await;
    found.as_str().map(str::to_owned)
}

/// A script expression: the text a person sees, the body's text with `code` elements
/// (the small ids for referees) left out, closed `details` opened.
const VISIBLE_TEXT_JS: &str = "(() => {
     const codes = [...document.querySelectorAll('code')];
     codes.forEach(c => c.style.setProperty('display', 'none', 'important'));
     const closed = [...document.querySelectorAll('details:not([open])')];
     closed.forEach(d => d.open = true);
     const text = document.body.innerText;
     closed.forEach(d => d.open = false);
     codes.forEach(c => c.style.removeProperty('display'));
     return text;
   })()";

/// What the crawl reads of a page: where the browser is, how much wider than the
/// phone the page is, its `<html lang>`, the text a person sees and its links.
struct PageView {
    path: String,
    overflow: Option<String>,
    lang: Value,
    text: String,
    links: Vec<String>,
}

/// Reads the page in one script (each round trip to the browser cost more than most
/// checks did); none when it is no HTML page.
async fn view_page(browser: &Browser, width: u32) -> Option<PageView> {
    let found = browser
        .eval(&format!(
            "if (!(document.contentType === 'text/html' && !!document.body)) return null;
             const overflow = {};
             return {{path: document.location.pathname, overflow, lang: document.documentElement.lang,
                      text: {VISIBLE_TEXT_JS}, links: {LINKS_JS}}}",
            overflow_js(width)
        ))
        .await;
    if found.is_null() {
        return None;
    }
    let links = found["links"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Some(PageView {
        path: found["path"].as_str().unwrap_or("").to_owned(),
        overflow: found["overflow"].as_str().map(str::to_owned),
        lang: found["lang"].clone(),
        text: found["text"].as_str().unwrap_or("").to_owned(),
        links,
    })
}

/// Has Chromium run axe-core's source in every page it loads from now on, until
/// [`forget_on_every_page`]: sent to the browser once, not once a page.
pub(crate) async fn on_every_page(browser: &Browser, source: &str) -> Value {
    let added = browser
        .cmd(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source": source}})),
        )
        .await;
    added["identifier"].clone()
}

/// Stops running the script [`on_every_page`] registered as `identifier`.
async fn forget_on_every_page(browser: &Browser, identifier: Value) {
    browser
        .cmd(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({"cmd": "Page.removeScriptToEvaluateOnNewDocument", "params": {"identifier": identifier}})),
        )
        .await;
}

/// Runs axe-core (loaded by [`on_every_page`]) on the page: its serious and critical
/// violations, one line each.
pub(crate) async fn audit(browser: &Browser) -> Vec<String> {
    let found: Value = browser
        .cmd(
            reqwest::Method::POST,
            "/execute/async",
            Some(
                json!({"script": "const done = arguments[arguments.length - 1];
                if (typeof axe !== 'object') { done({loaded: typeof axe}); return; }
                axe.run(document, {resultTypes: ['violations']}).then(r => done({loaded: 'object', violations:
                  r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => v.impact + ' ' + v.id + ' (' + v.help + ') at '
                      + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')
                      + (v.nodes.length > 4 ? ' and ' + (v.nodes.length - 4) + ' more' : ''))}),
                  e => done({loaded: 'object', violations: ['axe failed: ' + e]}))",
                "args": []}),
            ),
        )
        .await;
    assert_eq!(found["loaded"], "object", "axe-core loads in the page");
    found["violations"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Sets the language cookie the switcher sets (the browser is on the app's origin).
async fn set_language(browser: &Browser, lang: &str) {
    browser
        .cmd(
            reqwest::Method::POST,
            "/cookie",
            Some(json!({"cookie": {"name": "baza_lang", "value": lang, "path": "/"}})),
        )
        .await;
}

/// What one crawl found.
#[derive(Default)]
struct Findings {
    problems: Vec<String>,
    pages: Vec<String>,
}

/// Crawls from `/` (and from `also`) in the current language and session, checking
/// every page.
async fn crawl(
    browser: &Browser,
    app: &TestApp,
    (who, lang): (&str, &str),
    also: &[String],
    axe: Option<&str>,
    found: &mut Findings,
) {
    let words = internal_words(lang);
    let mut seen: HashSet<String> = HashSet::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut queue: VecDeque<String> = VecDeque::from(["/".to_owned()]);
    seen.insert("/".to_owned());
    for path in also {
        seen.insert(path.clone());
        *kinds.entry(kind_of(path)).or_default() += 1;
        queue.push_back(path.clone());
    }
    let axe_loader = match axe {
        Some(source) => Some(on_every_page(browser, source).await),
        None => None,
    };
    while let Some(path) = queue.pop_front() {
        browser.goto(&app.url(&path)).await;
        let page = format!("{path} ({who}, {lang})");
        let Some(view) = view_page(browser, PHONE.0).await else {
            continue;
        };
        if view.path == "/entrar" && !path.starts_with("/entrar") {
            // A link the visitor may not follow leads to the login page: nothing new.
            continue;
        }
        found.pages.push(page.clone());
        if let Some(wide) = view.overflow {
            found
                .problems
                .push(format!("{page}: wider than the phone: {wide}"));
        }
        if view.lang != lang {
            found
                .problems
                .push(format!("{page}: <html lang> is {}, not {lang}", view.lang));
        }
        // A file format's name ("baza-hand/1") is a name, not English words.
        let text = strip_format_names(&view.text);
        for (what, word) in &words {
            if holds_word(&text, word) {
                let at = text
                    .to_lowercase()
                    .find(&word.to_lowercase())
                    .unwrap_or_default();
                let around: String = text
                    .chars()
                    .skip(text[..at].chars().count().saturating_sub(40))
                    .take(100)
                    .collect::<String>()
                    .replace('\n', " ⏎ ");
                found
                    .problems
                    .push(format!("{page}: shows the {what} `{word}`: …{around}…"));
            }
        }
        if axe_loader.is_some() {
            for v in audit(browser).await {
                found.problems.push(format!("{page}: axe: {v}"));
            }
        }
        let mut next = view.links;
        // The hand form is a button's target, not a link: it is a page of the game.
        if kind_of(&path) == "/partidas/N" {
            next.push(format!("{path}/mano"));
        }
        for link in next {
            if skipped(&link) || seen.contains(&link) {
                continue;
            }
            seen.insert(link.clone());
            let kind = kind_of(&link);
            // Finished games answer the hand form with an error: try more of them.
            let most = if kind == "/partidas/N/mano" {
                4 * PER_KIND
            } else {
                PER_KIND
            };
            let n = kinds.entry(kind).or_default();
            if *n < most {
                *n += 1;
                queue.push_back(link);
            }
        }
    }
    if let Some(identifier) = axe_loader {
        forget_on_every_page(browser, identifier).await;
    }
}

/// Checks the wall page at a projector's size: it fits both ways, and every table
/// and every team takes one line.
async fn check_wall(browser: &Browser, app: &TestApp, path: &str, found: &mut Findings) {
    for (w, h) in WALLS {
        // The window's own bars take some height: the page gets the whole screen.
        browser.viewport(w, h).await;
        let inner = browser.eval("return window.innerHeight").await;
        let bars = h.saturating_sub(
            inner
                .as_u64()
                .and_then(|i| u32::try_from(i).ok())
                .unwrap_or(h),
        );
        browser.viewport(w, h + bars).await;
        browser.goto(&app.url(path)).await;
        let page = format!("{path} at {w}×{h}");
        found.pages.push(page.clone());
        if let Some(wide) = overflow(browser, w).await {
            found
                .problems
                .push(format!("{page}: wider than the screen: {wide}"));
        }
        let tall = browser
            .eval("return [document.documentElement.scrollHeight, window.innerHeight]")
            .await;
        if tall[0].as_u64() > tall[1].as_u64() {
            browser.screenshot().await;
            found.problems.push(format!(
                "{page}: taller than the screen ({} px for {} px): rows are cut off",
                tall[0], tall[1]
            ));
        }
        let cut = browser
            .eval(
                "return [...document.querySelectorAll('main .table-wrap')]
                   .filter(w => w.scrollWidth > w.clientWidth + 1)
                   .map(w => w.scrollWidth + ' px in ' + w.clientWidth + ' px')",
            )
            .await;
        if cut.as_array().is_some_and(|a| !a.is_empty()) {
            browser.screenshot().await;
            found
                .problems
                .push(format!("{page}: columns cut off in their box: {cut}"));
        }
        let wrapped = browser
            .eval(
                "return [...document.querySelectorAll('main tbody tr')]
                   .filter(tr => { const td = tr.querySelector('td');
                     return td && tr.getBoundingClientRect().height
                       > 2 * parseFloat(getComputedStyle(td).lineHeight); })
                   .map(tr => tr.innerText.replace(/\\s+/g, ' ').slice(0, 60))",
            )
            .await;
        if wrapped.as_array().is_some_and(|a| !a.is_empty()) {
            found
                .problems
                .push(format!("{page}: rows on two lines: {wrapped}"));
        }
        let shown = browser
            .eval("return document.querySelectorAll('main tbody tr').length")
            .await;
        assert!(
            shown.as_u64().unwrap_or(0) > 0,
            "{page} shows its tables and standings"
        );
    }
    browser.viewport(PHONE.0, PHONE.1).await;
}

/// At 200 % of the system font size (the root font doubled), the page still fits.
async fn check_large_text(browser: &Browser, app: &TestApp, path: &str, found: &mut Findings) {
    browser.goto(&app.url(path)).await;
    browser
        .eval(
            "document.documentElement.style.fontSize =
               (2 * parseFloat(getComputedStyle(document.documentElement).fontSize)) + 'px';
             return 1",
        )
        .await;
    found.pages.push(format!("{path} at 200 % text"));
    if let Some(wide) = overflow(browser, PHONE.0).await {
        found.problems.push(format!(
            "{path} at 200 % text: wider than the phone: {wide}"
        ));
    }
}

#[tokio::test]
async fn in_a_browser_every_demo_page_fits_a_phone_speaks_plainly_and_passes_axe() {
    let Some(browser) = Browser::start("crawl").await else {
        return;
    };
    let axe = axe_source();
    let app = TestApp::with_demo().await;
    let password = app.add_user("crawl-admin", "admin", None).await;
    // Real audit rows: a director signs in and changes scores.
    let director = app.add_user("Ana García", "organiser", Some(1)).await;
    let client = crate::helpers::new_client();
    app.login(&client, "Ana García", &director).await;
    let changed = make_audit_rows(&app, &client).await;
    let audits = vec![
        "/clubes/1/auditoria".to_owned(),
        format!("/campeonatos/{CHAMPIONSHIP}/auditoria"),
        format!("/partidas/{}/auditoria", changed.game),
    ];
    let started = Instant::now();
    let mut found = Findings::default();
    browser.viewport(PHONE.0, PHONE.1).await;
    browser.goto(&app.url("/")).await;
    for who in ["visitor", "admin"] {
        if who == "admin" {
            set_language(&browser, "es").await;
            log_in(&browser, &app, "crawl-admin", &password).await;
        }
        for lang in ["es", "ca", "en"] {
            set_language(&browser, lang).await;
            // All three checks in Spanish; width and words in the other two.
            let axe = axe.as_deref().filter(|_| lang == "es");
            crawl(&browser, &app, (who, lang), &audits, axe, &mut found).await;
        }
    }
    for (lang, path) in ["es", "ca", "en"]
        .iter()
        .flat_map(|l| audits.iter().map(move |p| (l, p)))
    {
        let page = format!("{path} (admin, {lang})");
        assert!(found.pages.contains(&page), "the crawl read {page}");
    }
    set_language(&browser, "es").await;
    let walls: Vec<String> = {
        let mut ids: Vec<String> = found
            .pages
            .iter()
            .filter_map(|p| {
                let rest = p.strip_prefix("/campeonatos/")?;
                let id = rest.split(['/', ' ', '?']).next()?;
                id.parse::<u32>().ok().map(|_| id.to_owned())
            })
            .collect();
        ids.sort();
        ids.dedup();
        ids.into_iter()
            .map(|id| format!("/campeonatos/{id}/directo"))
            .collect()
    };
    assert!(!walls.is_empty(), "the demo links a championship");
    for wall in &walls {
        check_wall(&browser, &app, wall, &mut found).await;
    }
    // Still signed in as the admin: a page of each main kind at 200 % text.
    let mut large: Vec<String> = vec!["/".into(), "/campeonatos".into(), "/arbitro".into()];
    let championship = walls[0].replace("/directo", "");
    large.push(format!("{championship}/direccion"));
    large.push(championship);
    large.extend(
        found
            .pages
            .iter()
            .filter_map(|p| p.split(' ').next())
            .find(|p| kind_of(p) == "/partidas/N")
            .map(str::to_owned),
    );
    for path in &large {
        check_large_text(&browser, &app, path, &mut found).await;
    }
    let mut kinds: Vec<String> = found
        .pages
        .iter()
        .map(|p| kind_of(p.split(' ').next().unwrap_or("")))
        .collect();
    kinds.sort();
    kinds.dedup();
    eprintln!("crawl: kinds of page: {}", kinds.join(" "));
    eprintln!(
        "crawl: {} pages checked ({} kinds of page) in {:.0} s; axe-core {}",
        found.pages.len(),
        found
            .pages
            .iter()
            .map(|p| kind_of(p.split(' ').next().unwrap_or("")))
            .collect::<HashSet<_>>()
            .len(),
        started.elapsed().as_secs_f64(),
        if axe.is_some() { "run" } else { "skipped" }
    );
    assert!(
        found.problems.is_empty(),
        "{} problems:\n{}",
        found.problems.len(),
        found.problems.join("\n")
    );
}

#[test]
fn a_word_is_found_whole_and_not_inside_another() {
    assert!(holds_word(
        "renuncio (must_follow_suit)",
        "must_follow_suit"
    ));
    assert!(!holds_word("pointsy", "points"));
    assert!(holds_word("Asiento 0 juega", "asiento 0"));
    assert!(!holds_word("asiento 01", "asiento 0"));
    assert!(holds_word("deck=40", "deck="));
    assert!(holds_word("Antes {\"card_points_side0\": 60}", "{\""));
    assert!(holds_word("confirm bracket #1", "confirm"));
    assert!(!holds_word("confirmó el resultado", "confirm"));
    assert_eq!(
        strip_format_names("Registro (JSON, formato baza-hand/1) de la mano"),
        "Registro (JSON, formato de la mano"
    );
    assert_eq!(kind_of("/partidas/12/manos/3"), "/partidas/N/manos/N");
}
