//! The audit log in words: each stored row (actor, action, entity, before and after
//! as JSON) read as one sentence in the reader's language, "Ana corrigió la mano 5:
//! puntos de cartas de Ana y Carmen: 60 → 70", with the people named rather than
//! counted. The stored rows stay as they are; only their reading changes.

use serde_json::Value;

use crate::db::accounts::{AuditEntry, by_pair_of};
use crate::domain::bracket::{RoundName, Stage};
use crate::domain::cards::Suit;
use crate::domain::lang::capitalized;
use crate::domain::tournament::Side;
use crate::domain::{GameKind, Lang};
use crate::web::i18n::{tr, tr_args, tr_count};

pub use super::audit_known::Known;

/// One row of an audit page: when, what happened in a sentence, and where (the
/// championship or the partida it happened in, on a page that holds several).
pub struct Line {
    pub at: String,
    pub text: String,
    pub context: Option<String>,
    /// Where a form posts to undo the change, for the rows that offer it.
    pub undo: Option<String>,
}

/// The rows as lines, in their order; `context` names the championship or partida
/// of each row (for a page that is not about one of them).
pub fn lines(lang: Lang, entries: &[AuditEntry], known: &Known, context: bool) -> Vec<Line> {
    entries
        .iter()
        .map(|e| Line {
            at: e.at.format("%Y-%m-%d %H:%M").to_string(),
            text: sentence(lang, e, known),
            context: context.then(|| where_of(lang, e, known)).flatten(),
            undo: None,
        })
        .collect()
}

/// The championship or partida a row is about, in words.
fn where_of(lang: Lang, e: &AuditEntry, known: &Known) -> Option<String> {
    if let Some(ev) = e
        .championship_id
        .and_then(|id| known.championships.get(&id))
    {
        return Some(tr_args(
            lang,
            "audit-in-championship",
            &[("name", ev.name.clone())],
        ));
    }
    if e.entity == "hand" {
        let (sides, _) = known.sides(e.entity_id, lang)?;
        return Some(tr_args(
            lang,
            "audit-in-game",
            &[(
                "game",
                sides.join(&format!(" {} ", tr(lang, "audit-versus"))),
            )],
        ));
    }
    None
}

fn json(text: Option<&str>) -> Value {
    text.and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or(Value::Null)
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "—".to_owned(),
        other => other.to_string(),
    }
}

/// A score `[a, b]` as "101–64".
fn score_of(v: &Value) -> Option<String> {
    let list = v.as_array()?;
    let parts: Vec<String> = list
        .iter()
        .filter_map(Value::as_u64)
        .map(|n| n.to_string())
        .collect();
    (parts.len() == list.len() && !parts.is_empty()).then(|| parts.join("–"))
}

/// The row as one sentence, starting with who.
pub fn sentence(lang: Lang, e: &AuditEntry, known: &Known) -> String {
    let before = json(e.before_json.as_deref());
    let after = json(e.after_json.as_deref());
    let who = actor_words(lang, &e.actor, e, &after, known);
    let say = |key: &str, mut args: Vec<(&'static str, String)>| {
        args.push(("who", who.clone()));
        capitalized(&tr_args(lang, key, &args))
    };
    let name_in = |v: &Value| text_of(v.get("name").unwrap_or(&Value::Null));
    match (e.entity.as_str(), e.action.as_str()) {
        ("club", "create") => say("audit-club-create", vec![("name", name_in(&after))]),
        ("circuit", a @ ("create" | "update")) => say(
            &format!("audit-circuit-{a}"),
            vec![("name", name_in(&after))],
        ),
        ("circuit", "delete") => say("audit-circuit-delete", vec![("name", name_in(&before))]),
        ("user", "create") => say(
            "audit-user-create",
            vec![("name", text_of(&after["username"]))],
        ),
        ("user", _) => user_change(lang, &before, &after, say),
        ("person", action @ ("merge" | "unmerge")) => {
            let line = say(
                &format!("audit-people-{action}"),
                vec![
                    ("name", text_of(&before["merged"]["name"])),
                    ("into", text_of(&before["kept"]["name"])),
                ],
            );
            match super::person_merge::merged_rated(lang, &before["rated"]) {
                Some(rated) => format!("{line} {rated}"),
                None => line,
            }
        }
        ("player" | "pair", action) => person(e.entity.as_str(), action, &before, &after, say),
        ("person", action @ ("create" | "update")) => say(
            &format!("audit-person-{action}"),
            vec![("name", name_in(&after))],
        ),
        ("person", "import") => say(
            "audit-person-import",
            ["new", "changed", "linked"]
                .map(|k| (k, after[k].as_u64().unwrap_or(0).to_string()))
                .to_vec(),
        ),
        ("game", "create") => {
            let seats: Vec<String> = after["seats"]
                .as_array()
                .map(|l| l.iter().map(text_of).collect())
                .unwrap_or_default();
            let game = after["game"]
                .as_str()
                .and_then(|g| g.parse::<GameKind>().ok())
                .map_or_else(|| "—".to_owned(), |g| g.name().to_owned());
            say(
                "audit-game-create",
                vec![("game", game), ("players", seats.join(", "))],
            )
        }
        ("game", "pin") => {
            let game = after["game"]
                .as_str()
                .and_then(|g| g.parse::<GameKind>().ok())
                .map_or_else(|| "—".to_owned(), |g| g.name().to_owned());
            say("audit-game-pin", vec![("game", game)])
        }
        ("hand", action) => hand(lang, e.entity_id, action, (&before, &after), known, say),
        ("tournament", "create") => say(
            "audit-tournament-create",
            vec![("name", text_of(&after["event"]["name"]))],
        ),
        ("entrant", action) => entrant(lang, action, &after, &who),
        ("groups", "draw") => say(
            "audit-groups-draw",
            vec![("seed", after["seed"].as_u64().unwrap_or(0).to_string())],
        ),
        ("groups", "move") => say(
            "audit-groups-move",
            vec![
                ("name", name_in(&after)),
                ("group", after["group"].as_u64().unwrap_or(0).to_string()),
            ],
        ),
        ("round", "pair") => say("audit-round-pair", vec![("n", e.entity_id.to_string())]),
        ("round", "publish") => say("audit-round-publish", vec![("n", e.entity_id.to_string())]),
        ("result", action) => result(lang, e, action, (&before, &after), known, say),
        ("bracket", action) => {
            // A championship's knockout match is named with its pairs.
            let pairs = known
                .match_pairs(e, &after)
                .filter(|_| e.championship_id.is_some());
            bracket((lang, &who), action, (&before, &after), pairs, say)
        }
        (entity, _) => say("audit-other", vec![("what", entity_words(lang, entity))]),
    }
}

/// A kind of record in words ("una mano"), or "un dato" for one this version does
/// not know.
fn entity_words(lang: Lang, entity: &str) -> String {
    let key = format!("audit-entity-{entity}");
    let words = tr(lang, &key);
    if words == key {
        tr(lang, "audit-entity-other")
    } else {
        words
    }
}

/// Who did it: a user by name; a pair by its names when it used its own PIN; the
/// holder of a table's or a partida's PIN; the demo; the command line.
fn actor_words(lang: Lang, actor: &str, e: &AuditEntry, after: &Value, known: &Known) -> String {
    let (base, notes) = match actor.find(" (") {
        Some(i) => (&actor[..i], &actor[i..]),
        None => (actor, ""),
    };
    let side = ["(firma pareja ", "(pareja "]
        .iter()
        .find_map(|p| notes.find(p).map(|i| &notes[i + p.len()..]))
        .and_then(|rest| rest.chars().next())
        .map(|c| if c == 'b' { Side::B } else { Side::A })
        // A change made with a table's PIN, where its row keeps which pair's.
        .or_else(|| by_pair_of(after).filter(|_| base.starts_with("scorekeeper:")));
    if let Some(side) = side {
        return match known.pair_of(e, after, side) {
            Some(pair) => tr_args(lang, "audit-who-pair-pin", &[("pair", pair)]),
            None => tr(lang, "audit-who-some-pair-pin"),
        };
    }
    let mut who = if let Some(rest) = base.strip_prefix("user:") {
        let name = rest.split_once(':').map_or(rest, |(_, n)| n).to_owned();
        tr_args(lang, "audit-who-user", &[("name", name)])
    } else if base.starts_with("scorekeeper:games") && e.championship_id.is_some() {
        // A championship table's partidas open with its pairs' PINs, never a game's.
        tr(lang, "audit-who-some-pair-pin")
    } else if base.starts_with("scorekeeper:games") {
        tr(lang, "audit-who-game-pin")
    } else if base.starts_with("scorekeeper:tables") {
        tr(lang, "audit-who-table-pin")
    } else if base == "demo" {
        tr(lang, "audit-who-demo")
    } else if base == "cli" {
        tr(lang, "audit-who-cli")
    } else {
        tr(lang, "audit-who-unknown")
    };
    if notes.contains("(token ") {
        who = tr_args(lang, "audit-who-token", &[("who", who)]);
    }
    if notes.contains("(fallo ") {
        who = tr_args(lang, "audit-who-ruling", &[("who", who)]);
    }
    who
}

fn user_change(
    lang: Lang,
    before: &Value,
    after: &Value,
    say: impl Fn(&str, Vec<(&'static str, String)>) -> String,
) -> String {
    let name = text_of(&after["username"]);
    if before["disabled"] != after["disabled"] {
        let key = if after["disabled"] == Value::Bool(true) {
            "audit-user-disable"
        } else {
            "audit-user-enable"
        };
        return say(key, vec![("name", name)]);
    }
    let role = after["role"]
        .as_str()
        .map_or_else(String::new, |r| tr(lang, &format!("role-{r}")));
    say("audit-user-role", vec![("name", name), ("role", role)])
}

fn person(
    entity: &str,
    action: &str,
    before: &Value,
    after: &Value,
    say: impl Fn(&str, Vec<(&'static str, String)>) -> String,
) -> String {
    let name = text_of(&after["name"]);
    match action {
        "create" => say(&format!("audit-{entity}-create"), vec![("name", name)]),
        "merge" => say(
            "audit-person-merge",
            vec![
                ("name", text_of(&before["merged"]["name"])),
                ("into", text_of(&before["kept"]["name"])),
            ],
        ),
        "retire" => say("audit-person-retire", vec![("name", name)]),
        "reactivate" => say("audit-person-reactivate", vec![("name", name)]),
        _ if before["name"] != after["name"] && before["name"].is_string() => say(
            "audit-person-rename",
            vec![("name", text_of(&before["name"])), ("into", name)],
        ),
        _ => say(&format!("audit-{entity}-update"), vec![("name", name)]),
    }
}

/// A hand added, corrected, deleted or put back; a correction says what changed.
fn hand(
    lang: Lang,
    game: i32,
    action: &str,
    (before, after): (&Value, &Value),
    known: &Known,
    say: impl Fn(&str, Vec<(&'static str, String)>) -> String,
) -> String {
    let mut n = after["hand"]
        .as_i64()
        .or_else(|| before["hand"].as_i64())
        .unwrap_or(0)
        .to_string();
    // On a trail of several tables, the hand's table.
    if let Some(&(round, table, phase)) = known.games.get(&game).and_then(|g| g.table.as_ref()) {
        let at = table_place(lang, (Some(round), Some(table), phase));
        n = tr_args(lang, "audit-hand-at", &[("n", n), ("table", at)]);
    }
    match action {
        "create" => say("audit-hand-create", vec![("n", n)]),
        "delete" => say("audit-hand-delete", vec![("n", n)]),
        "restore" => say("audit-hand-restore", vec![("n", n)]),
        _ => {
            let mut changes = entry_changes(lang, game, &before["entry"], &after["entry"], known);
            // A hand record put in (a referee's ruling) or taken out: what the hand
            // scores on the scoreboard, before and after.
            let record = |v: &Value| v["entry"].get("events").is_some();
            if (record(before) || record(after))
                && let (Some(was), Some(now)) = (
                    before["hand_points"].as_array(),
                    after["hand_points"].as_array(),
                )
                && was != now
            {
                let dash = |v: &[Value]| v.iter().map(text_of).collect::<Vec<_>>().join(" – ");
                changes.push(change_words(
                    lang,
                    tr(lang, "audit-hand-points"),
                    dash(was),
                    dash(now),
                ));
            }
            if changes.is_empty() {
                say("audit-hand-update", vec![("n", n)])
            } else {
                say(
                    "audit-hand-update-what",
                    vec![("n", n), ("changes", changes.join("; "))],
                )
            }
        }
    }
}

/// What differs between two entries of a hand, field by field, in words.
fn entry_changes(
    lang: Lang,
    game: i32,
    before: &Value,
    after: &Value,
    known: &Known,
) -> Vec<String> {
    let (sides, seats) = known.sides(game, lang).unwrap_or_else(|| (Vec::new(), &[]));
    let side = |i: usize| {
        sides
            .get(i)
            .cloned()
            .unwrap_or_else(|| tr_args(lang, "audit-side-n", &[("n", (i + 1).to_string())]))
    };
    let seat = |v: &Value| -> String {
        match v.as_u64().and_then(|s| usize::try_from(s).ok()) {
            Some(s) => seats
                .get(s)
                .cloned()
                .unwrap_or_else(|| tr_args(lang, "audit-seat-n", &[("n", (s + 1).to_string())])),
            None => "—".to_owned(),
        }
    };
    let value = |key: &str, v: &Value| -> String {
        match key {
            "trump" => v
                .as_str()
                .and_then(|s| s.chars().next())
                .and_then(Suit::from_letter)
                .map_or_else(|| text_of(v), |s| s.name().to_owned()),
            "bid" => v
                .as_str()
                .map_or_else(|| text_of(v), |b| tr(lang, &format!("bid-{b}"))),
            "bidder" | "revoke_by" | "chooser" | "out" | "last_trick_seat" => seat(v),
            "last_trick_side" => v
                .as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .map_or_else(|| "—".to_owned(), side),
            _ => match v {
                Value::Number(_) | Value::Null => text_of(v),
                Value::Bool(true) => tr(lang, "audit-yes"),
                Value::Bool(false) => tr(lang, "audit-no"),
                _ => String::new(),
            },
        }
    };
    let label = |key: &str| -> String {
        match key {
            "card_points_side0" => tr_args(lang, "hand-card-points-of", &[("side", side(0))]),
            "card_points_side1" => tr_args(lang, "hand-card-points-of", &[("side", side(1))]),
            "points_side0" => tr_args(lang, "hand-points-of", &[("side", side(0))]),
            "trump" | "bid" | "bidder" | "cantes" | "tute" | "claim" | "chooser" | "delegated"
            | "choice" | "doubles" | "out" | "passes" | "revoke" | "soloist_tricks"
            | "last_trick" | "last_trick_seat" => {
                tr(lang, &format!("hand-{}", key.replace('_', "-")))
            }
            "revoke_by" => tr(lang, "hand-revoke"),
            "last_trick_side" => tr(lang, "hand-last-trick"),
            _ => tr(lang, "audit-hand-entry"),
        }
    };
    let (Some(b), Some(a)) = (before.as_object(), after.as_object()) else {
        return Vec::new();
    };
    // A quick entry and a full hand record share no fields: the change is the kind.
    let is_record = |e: &serde_json::Map<String, Value>| e.contains_key("events");
    if is_record(b) != is_record(a) {
        let key = if is_record(a) {
            "audit-hand-now-record"
        } else {
            "audit-hand-now-quick"
        };
        return vec![tr(lang, key)];
    }
    let mut out: Vec<String> = Vec::new();
    let mut keys: Vec<&String> = b.keys().chain(a.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let (x, y) = (
            b.get(key.as_str()).unwrap_or(&Value::Null),
            a.get(key.as_str()).unwrap_or(&Value::Null),
        );
        if x == y || key == "game" {
            continue;
        }
        // Lists by side or by seat: one change for each place that differs.
        if let (Some(xs), Some(ys)) = (x.as_array(), y.as_array())
            && matches!(key.as_str(), "card_points" | "cards_left")
        {
            for i in 0..xs.len().max(ys.len()) {
                let (p, q) = (
                    xs.get(i).unwrap_or(&Value::Null),
                    ys.get(i).unwrap_or(&Value::Null),
                );
                if p != q {
                    let what = if key == "card_points" {
                        tr_args(lang, "hand-card-points-of", &[("side", side(i))])
                    } else {
                        let name = seat(&Value::from(i));
                        tr_args(lang, "hand-cards-left-of", &[("name", name)])
                    };
                    out.push(change_words(lang, what, text_of(p), text_of(q)));
                }
            }
            continue;
        }
        let (p, q) = (value(key, x), value(key, y));
        let what = label(key);
        if p.is_empty() || q.is_empty() {
            out.push(tr_args(lang, "audit-changed", &[("what", what)]));
        } else {
            out.push(change_words(lang, what, p, q));
        }
    }
    let mut said: Vec<String> = Vec::new();
    out.retain(|s| {
        let new = !said.contains(s);
        if new {
            said.push(s.clone());
        }
        new
    });
    out
}

fn change_words(lang: Lang, what: String, from: String, to: String) -> String {
    tr_args(
        lang,
        "audit-change",
        &[("what", what), ("from", from), ("to", to)],
    )
}

/// A championship's entrant registered, imported, withdrawn, reinstated, checked in,
/// seeded or linked to a person, or people made for the players without a match.
fn entrant(lang: Lang, action: &str, after: &Value, who: &str) -> String {
    let say = |key: &str, args: &[(&'static str, String)]| {
        let mut all = args.to_vec();
        all.push(("who", who.to_owned()));
        capitalized(&tr_args(lang, key, &all))
    };
    let name = text_of(
        after["entrant"]["name"]
            .as_str()
            .map_or(&after["name"], |_| &after["entrant"]["name"]),
    );
    match action {
        "register" => say("audit-entrant-register", &[("name", name)]),
        "late_entry" => say("audit-entrant-late", &[("name", name)]),
        "import" => {
            let n = after.as_array().map_or(0, Vec::len);
            capitalized(&tr_count(
                lang,
                "audit-entrant-import",
                n,
                &[("who", who.to_owned())],
            ))
        }
        "withdraw" => say("audit-entrant-withdraw", &[("name", name)]),
        "reinstate" => say("audit-entrant-reinstate", &[("name", name)]),
        "check_in" if after["checked_in"].is_array() => {
            let n = after["checked_in"].as_array().map_or(0, Vec::len);
            capitalized(&tr_count(
                lang,
                "audit-entrants-checked-in",
                n,
                &[("who", who.to_owned())],
            ))
        }
        "check_in" if after["checked_in"] == Value::Bool(true) => {
            say("audit-entrant-check-in", &[("name", name)])
        }
        "check_in" => say("audit-entrant-check-out", &[("name", name)]),
        "seed_by_rating" => say("audit-entrant-seed", &[]),
        "link_new" => capitalized(&tr_count(
            lang,
            "audit-entrant-link-new",
            after["made"].as_u64().map_or(0, |n| n as usize),
            &[("who", who.to_owned())],
        )),
        "link" => say(
            "audit-entrant-link",
            &[("name", name), ("person", text_of(&after["person"]))],
        ),
        _ => say("audit-other", &[("what", tr(lang, "audit-entity-entrant"))]),
    }
}

/// A championship's table in words: "la mesa 3 de la ronda 2", "la mesa 1 de la fase
/// final", or "una mesa" when the row does not say which.
fn table_place(lang: Lang, (round, table, phase): (Option<u64>, Option<u64>, u64)) -> String {
    match (round, table) {
        (Some(r), Some(t)) if phase == 0 => tr_args(
            lang,
            "audit-table-of-round",
            &[("table", t.to_string()), ("round", r.to_string())],
        ),
        (_, Some(t)) => tr_args(lang, "audit-table-knockout", &[("table", t.to_string())]),
        _ => tr(lang, "audit-a-table"),
    }
}

/// A table or a match, `place` in words, with its `pairs` (a, b) where known.
fn with_pairs(lang: Lang, place: String, pairs: Option<(String, String)>) -> String {
    match pairs {
        Some((a, b)) => tr_args(
            lang,
            "audit-table-pairs",
            &[("place", place), ("a", a), ("b", b)],
        ),
        None => place,
    }
}

/// A table's result: recorded, corrected, confirmed by the firma, proposed at the
/// table, withdrawn, annulled, or left to the director to type.
fn result(
    lang: Lang,
    e: &AuditEntry,
    action: &str,
    (before, after): (&Value, &Value),
    known: &Known,
    say: impl Fn(&str, Vec<(&'static str, String)>) -> String,
) -> String {
    let round = after["round"].as_u64().or_else(|| before["round"].as_u64());
    let table_no = after["table"]
        .as_u64()
        .or_else(|| after["result"]["table"].as_u64());
    let phase = after["phase"].as_u64().unwrap_or(0);
    let place = table_place(lang, (round, table_no, phase));
    let table = with_pairs(lang, place, known.result_pairs(e, (before, after)));
    let score = score_of(&after["result"]["score"])
        .or_else(|| score_of(&after["score"]))
        .unwrap_or_else(|| "—".to_owned());
    let was = score_of(&before["result"]["score"]);
    if action == "pins" {
        return say("audit-table-pins", vec![("table", table)]);
    }
    if action == "moved" {
        let physical = after["physical"].as_u64().unwrap_or_default().to_string();
        return say(
            "audit-table-moved",
            vec![("table", table), ("physical", physical)],
        );
    }
    let key = match action {
        "record" => "audit-result-record",
        "correct" if was.is_some() => {
            return say(
                "audit-result-correct-from",
                vec![
                    ("table", table),
                    ("from", was.unwrap_or_default()),
                    ("score", score),
                ],
            );
        }
        "correct" => "audit-result-correct",
        "override" => "audit-result-override",
        "confirm" => "audit-result-confirm",
        "propose" if score == "—" => "audit-result-propose-none",
        "propose" => "audit-result-propose",
        "withdraw" => "audit-result-withdraw",
        "void" => "audit-result-void",
        "typed" => "audit-result-typed",
        _ => "audit-result-other",
    };
    say(key, vec![("table", table), ("score", score)])
}

/// A bracket match by its place: "el partido 2 de la ronda 1", "la final", "la
/// semifinal 2" (its `stage`, where the row names one).
fn match_words(lang: Lang, code: &str, stage: Option<Stage>) -> String {
    if let Some(Stage { name, number }) = stage {
        let key = match name {
            RoundName::Final => Some("audit-match-final"),
            RoundName::SemiFinal => Some("audit-match-semi-final"),
            RoundName::QuarterFinal => Some("audit-match-quarter-final"),
            _ => None,
        };
        if let Some(key) = key {
            return tr_args(lang, key, &[("n", number.unwrap_or(1).to_string())]);
        }
    }
    let numbers = |rest: &str| {
        rest.split_once('.')
            .map(|(r, p)| (r.to_owned(), p.to_owned()))
    };
    match code {
        "3P" => tr(lang, "audit-match-third"),
        "GF" => tr(lang, "audit-match-final"),
        "GF2" => tr(lang, "audit-match-final-again"),
        c => match (c.chars().next(), numbers(&c[c.len().min(1)..])) {
            (Some('W'), Some((r, p))) => {
                tr_args(lang, "audit-match-of-round", &[("n", p), ("round", r)])
            }
            (Some('L'), Some((r, p))) => {
                tr_args(lang, "audit-match-of-losers", &[("n", p), ("round", r)])
            }
            _ => tr(lang, "audit-a-match"),
        },
    }
}

/// A bracket's row in words; its match named with its `pairs` (a, b), where given.
fn bracket(
    (lang, who): (Lang, &str),
    action: &str,
    (before, after): (&Value, &Value),
    pairs: Option<(String, String)>,
    say: impl Fn(&str, Vec<(&'static str, String)>) -> String,
) -> String {
    let code = after["match"].as_str().or_else(|| before["match"].as_str());
    let stage = [&after["stage"], &before["stage"]]
        .into_iter()
        .find_map(|s| serde_json::from_value::<Stage>(s.clone()).ok());
    let game = code.map_or_else(
        || tr(lang, "audit-a-match"),
        |c| match_words(lang, c, stage),
    );
    let game = with_pairs(lang, game, pairs);
    let score = score_of(&after["score"]).unwrap_or_else(|| "—".to_owned());
    match action {
        // Drawn with rounds of the Swiss or of the league left unplayed: how many.
        "create" => match after["unplayed_rounds"].as_u64().filter(|n| *n > 0) {
            Some(n) => capitalized(&tr_count(
                lang,
                if after["unplayed_of"] == "league" {
                    "audit-bracket-create-early-league"
                } else {
                    "audit-bracket-create-early"
                },
                usize::try_from(n).unwrap_or(usize::MAX),
                &[("who", who.to_owned())],
            )),
            None => say("audit-bracket-create", vec![]),
        },
        "import" => say("audit-bracket-import", vec![]),
        "paper" => say(
            "audit-bracket-paper",
            vec![("paper", text_of(&after["paper"]).to_uppercase())],
        ),
        "delete" => say("audit-bracket-delete", vec![]),
        "clear" => say("audit-bracket-clear", vec![("match", game)]),
        "confirm" | "record" | "correct" => {
            let key = format!("audit-bracket-{action}");
            let winner = after["winner"].as_str();
            match winner {
                Some(w) => say(
                    &format!("{key}-winner"),
                    vec![("match", game), ("score", score), ("winner", w.to_owned())],
                ),
                None => say(&key, vec![("match", game), ("score", score)]),
            }
        }
        _ => say(
            "audit-other",
            vec![("what", tr(lang, "audit-entity-bracket"))],
        ),
    }
}

#[cfg(test)]
#[path = "audit_words_tests.rs"]
mod tests;
