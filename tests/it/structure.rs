//! The shape of the crate: no import circle between any two folders of `src/` (a module
//! and its own child files count as one), none among the modules of `src/domain/`, the
//! rules core in layers that import only downward (read from their `use` lines and the
//! `crate::…` and `super::…` paths written in their code), nothing of the web layer
//! used by `src/error.rs`, the demo built below the pages (neither the service nor
//! the CLI takes it from the web layer), no page opening a write transaction or
//! writing an audit row itself (the service does), and no file of the store opening a
//! transaction of its own (its workflows are the service's); and the repository
//! standing on its own: no file under `src/` or
//! `tests/` includes, reads or sends its reader to a path outside the repository.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a source file of the crate at `src`: `domain/games/cuatrola.rs` →
/// `domain::games::cuatrola`, `domain/bracket/mod.rs` → `domain::bracket`.
fn module_in(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Test modules are left out: what tests import is not the structure.
fn is_test_file(path: &Path) -> bool {
    let name = path.file_stem().unwrap().to_string_lossy();
    name == "tests" || name == "proptests" || name.ends_with("_tests")
}

/// The `use` statements of a file (joined over lines), without `pub use` in a
/// `mod.rs` (a folder's front door re-exports its rooms; it does not depend on them),
/// and the `crate::…` and `super::…` paths written in its code outside comments.
fn uses(text: &str, is_mod: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        if let Some(cur) = current.as_mut() {
            cur.push_str(line);
            if line.ends_with(';') {
                out.push(current.take().unwrap());
            }
            continue;
        }
        let body = if let Some(rest) = line.strip_prefix("use ") {
            rest
        } else if let Some(rest) = line
            .strip_prefix("pub use ")
            .or_else(|| line.strip_prefix("pub(crate) use "))
            .or_else(|| line.strip_prefix("pub(super) use "))
        {
            if is_mod {
                continue;
            }
            rest
        } else {
            out.extend(paths_in_code(line));
            continue;
        };
        if body.ends_with(';') {
            out.push(body.to_owned());
        } else {
            current = Some(body.to_owned());
        }
    }
    out
}

/// The `crate::…` and `super::…` paths written in a line of code (not in its comment).
fn paths_in_code(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or("");
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[i..].chars().take_while(|c| is_path_char(*c)).collect();
            out.push(path.trim_end_matches(':').to_owned());
        }
    }
    out
}

/// Expands one `use` tree into its full paths (`a::{b, c::d}` → `a::b`, `a::c::d`).
fn expand(tree: &str) -> Vec<String> {
    let tree = tree
        .trim()
        .trim_end_matches(';')
        .replace(char::is_whitespace, "");
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.len() - 1];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(&format!("{prefix}{p}")))
        .collect()
}

/// The module files of the crate that `path`, used in module `here`, reaches: the
/// longest prefix of it that is a module file.
fn target(path: &str, here: &str, is_mod: bool, modules: &BTreeSet<String>) -> Option<String> {
    let full = full_path(path, here, is_mod, modules)?;
    (1..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// `path`, used in module `here`, written from the crate's root (`super::x` in
/// `service::game` → `service::x`); `None` for a path outside the crate.
fn full_path(
    path: &str,
    here: &str,
    is_mod: bool,
    modules: &BTreeSet<String>,
) -> Option<Vec<String>> {
    let mut segs: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = here.split("::").collect();
    let mut full: Vec<String> = match segs.first() {
        Some(&"crate") => {
            segs.remove(0);
            Vec::new()
        }
        Some(&"super") => {
            while segs.first() == Some(&"super") {
                segs.remove(0);
                base.pop();
            }
            base.iter().map(|s| (*s).to_owned()).collect()
        }
        Some(&"self") => {
            segs.remove(0);
            here.split("::").map(str::to_owned).collect()
        }
        Some(first) if is_mod && modules.contains(&format!("{here}::{first}")) => {
            here.split("::").map(str::to_owned).collect()
        }
        _ => return None,
    };
    full.extend(segs.iter().map(|s| (*s).to_owned()));
    Some(full)
}

/// Every import circle (strongly connected set of two or more modules) of `graph`.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for n in graph.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    todo.push(n.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for m in graph.keys() {
        if out.iter().any(|c| c.contains(m)) || !reaches[m].contains(m) {
            continue;
        }
        let circle: BTreeSet<String> = reaches[m]
            .iter()
            .filter(|n| reaches.get(n).is_some_and(|r| r.contains(m)))
            .cloned()
            .collect();
        out.push(circle);
    }
    out
}

/// The import graph of the modules under `src/<dir>`.
fn graph_of(dir: &str) -> BTreeMap<String, BTreeSet<String>> {
    graph_in(&root(), dir)
}

/// The import graph of the modules under `<src>/<dir>` (`dir` empty: the whole crate).
fn graph_in(src: &Path, dir: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut list = Vec::new();
    files(
        &if dir.is_empty() {
            src.to_path_buf()
        } else {
            src.join(dir)
        },
        &mut list,
    );
    list.retain(|f| !is_test_file(f));
    let module_of = |f: &Path| module_in(src, f);
    let modules: BTreeSet<String> = list.iter().map(|f| module_of(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &list {
        let here = module_of(f);
        let is_mod = f.file_name().is_some_and(|n| n == "mod.rs");
        let text = std::fs::read_to_string(f).unwrap();
        let edges = graph.entry(here.clone()).or_default();
        for u in uses(&text, is_mod) {
            for path in expand(&u) {
                if let Some(t) = target(&path, &here, is_mod, &modules)
                    && t != here
                {
                    edges.insert(t);
                }
            }
        }
    }
    graph
}

/// The rules core bottom up (`src/domain/mod.rs` gives the tour): a module may import
/// modules of its own layer or of a lower one, never of a higher one.
const RULES_CORE_LAYERS: [&[&str]; 6] = [
    // Plain data.
    &[
        "domain::cards",
        "domain::lang",
        "domain::kind",
        "domain::score",
        "domain::rng",
        "domain::record_error",
        "domain::options",
        "domain::options::tables",
        "domain::record",
        "domain::ruling",
        "domain::words",
    ],
    // The trick engine, the messages and the shape every game's state machine has.
    &[
        "domain::trick",
        "domain::messages",
        "domain::messages::botifarra",
        "domain::messages::cinquillo",
        "domain::messages::tute_family",
        "domain::engine",
    ],
    // The trick games' shared hand: laying and taking tricks, cantes, replay, ruling.
    &["domain::games::trick_hand"],
    // The games.
    &[
        "domain::games::botifarra",
        "domain::games::cinquillo",
        "domain::games::cuatrola",
        "domain::games::guinote",
        "domain::games::tute",
        "domain::games::tute_family",
        "domain::games::rules",
    ],
    // The dispatch over the games.
    &["domain::games"],
    // What uses the games: partial deals, random play-outs, the referee's summary and
    // pages, and the domain's entry points.
    &[
        "domain::partial",
        "domain::random",
        "domain::explain",
        "domain::referee",
        "domain",
    ],
];

#[test]
fn no_import_circle_joins_any_modules_of_the_domain() {
    let graph = graph_of("domain");
    assert!(graph.len() > 30, "{} modules read", graph.len());
    // The reader sees real arrows: the tournament's standings use its ledger, and a
    // path written in code counts as an import.
    assert!(
        graph["domain::tournament::standings"].contains("domain::tournament::ledger"),
        "{:?}",
        graph["domain::tournament::standings"]
    );
    assert!(graph["domain::random"].contains("domain::games::tute"));
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles in src/domain: {found:?}");
}

#[test]
fn the_rules_core_imports_only_its_own_layer_or_the_ones_below() {
    let graph = graph_of("domain");
    let layer_of = |m: &str| RULES_CORE_LAYERS.iter().position(|l| l.contains(&m));
    let mut upward = Vec::new();
    for (i, layer) in RULES_CORE_LAYERS.iter().enumerate() {
        for m in *layer {
            let edges = graph
                .get(*m)
                .unwrap_or_else(|| panic!("{m} is no module of src/domain"));
            for t in edges {
                match layer_of(t) {
                    Some(j) if j > i => upward.push(format!("{m} -> {t}")),
                    Some(_) => {}
                    None => upward.push(format!("{m} -> {t} (outside the rules core)")),
                }
            }
        }
    }
    assert!(upward.is_empty(), "imports against the layers: {upward:#?}");
}

/// The folder a module belongs to: a module and its own child files are one (`web::game`
/// for `web::game`, `web::game::pages`), a file at the top of `src/` its own.
fn folder_of(module: &str, folders: &BTreeSet<String>) -> String {
    if folders.contains(module) {
        return module.to_owned();
    }
    match module.rsplit_once("::") {
        Some((parent, _)) => parent.to_owned(),
        None => module.to_owned(),
    }
}

/// The import graph between the folders of the crate at `src`: an arrow from one
/// folder to another that is not its own parent or child (a folder holds its children,
/// and a child leans on its parent's front door).
fn folder_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let graph = graph_in(src, "");
    let mut dirs = Vec::new();
    all_files(src, &mut dirs);
    let folders: BTreeSet<String> = dirs
        .iter()
        .filter_map(|f| f.parent())
        .filter(|d| *d != src)
        .map(|d| {
            d.strip_prefix(src)
                .unwrap()
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("::")
        })
        .collect();
    let nested =
        |a: &str, b: &str| a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"));
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, targets) in &graph {
        let from = folder_of(m, &folders);
        out.entry(from.clone()).or_default();
        for t in targets {
            let to = folder_of(t, &folders);
            if to != from && !nested(&from, &to) {
                out.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    out
}

#[test]
fn no_import_circle_joins_two_folders_of_the_crate() {
    let graph = folder_graph(&root());
    assert!(graph.len() > 10, "{} folders read", graph.len());
    // The reader sees arrows between folders: the pages use the store, and the demo
    // (which no lower layer imports) uses the service.
    assert!(
        graph["web::championship"].contains("db"),
        "{:?}",
        graph["web::championship"]
    );
    assert!(graph["demo"].contains("service"), "{:?}", graph["demo"]);
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles between the folders of src/: {found:?}"
    );
}

/// Whether `folder` is `top` or one of its folders.
fn within(folder: &str, top: &str) -> bool {
    folder == top || folder.starts_with(&format!("{top}::"))
}

#[test]
fn the_service_floor_imports_the_store_and_is_imported_by_the_pages_and_never_the_reverse() {
    let graph = folder_graph(&root());
    // The floor is there: the game's pages and the championship's call it, and it
    // uses the store.
    let into_service = |from: &str| graph[from].iter().any(|t| within(t, "service"));
    assert!(into_service("web::game"), "{:?}", graph["web::game"]);
    assert!(
        into_service("web::championship"),
        "{:?}",
        graph["web::championship"]
    );
    assert!(
        graph
            .iter()
            .any(|(f, t)| within(f, "service") && t.contains("db")),
        "the service uses the store"
    );
    // Nothing below the pages imports them or the service: not the store, not the
    // domain, not the demo's builders; and the domain imports no store.
    for (from, targets) in &graph {
        for to in targets {
            let above = |f: &str| within(f, "service") || within(f, "web") || within(f, "cli");
            let up = (within(from, "db") || within(from, "domain")) && above(to);
            let over = within(from, "service") && (within(to, "web") || within(to, "cli"));
            let domain_down = within(from, "domain") && within(to, "db");
            let demo_up = from == "demo" && (within(to, "web") || within(to, "cli"));
            assert!(
                !up && !over && !domain_down && !demo_up,
                "{from} imports {to}"
            );
        }
    }
}

/// The paths that the files of the crate at `src` which build or start the demo (the
/// service, the CLI, the demo's assembly) write into the web layer and that name a
/// demo (a module or item called `…demo…`), as `module: path`: the demo is built below
/// the pages, and neither the service nor the CLI fetches it from them.
fn demo_taken_from_the_web(src: &Path) -> Vec<String> {
    let mut list = Vec::new();
    files(src, &mut list);
    list.retain(|f| !is_test_file(f));
    let modules: BTreeSet<String> = list.iter().map(|f| module_in(src, f)).collect();
    let mut found = Vec::new();
    for f in &list {
        let here = module_in(src, f);
        if !["service", "cli", "demo"]
            .iter()
            .any(|top| within(&here, top))
        {
            continue;
        }
        let is_mod = f.file_name().is_some_and(|n| n == "mod.rs");
        let text = std::fs::read_to_string(f).unwrap();
        for u in uses(&text, is_mod) {
            for path in expand(&u) {
                let Some(full) = full_path(&path, &here, is_mod, &modules) else {
                    continue;
                };
                let names_demo = full.iter().any(|s| s.to_lowercase().contains("demo"));
                if full.first().is_some_and(|s| s == "web") && names_demo {
                    found.push(format!("{here}: {}", full.join("::")));
                }
            }
        }
    }
    found
}

#[test]
fn the_service_and_the_cli_take_the_demo_from_below_the_pages() {
    let found = demo_taken_from_the_web(&root());
    assert!(
        found.is_empty(),
        "the demo taken from the web layer: {found:?}"
    );
}

#[test]
fn the_demo_guard_finds_the_demo_fetched_from_the_pages_and_lets_other_web_paths_pass() {
    let tree = [
        ("lib.rs", "mod cli;\nmod service;\nmod web;\n"),
        (
            "cli.rs",
            "fn demo() {\n    crate::service::demo_games::create_demo_games(c, 1);\n    crate::web::auth::random_hex(2);\n}\n",
        ),
        ("service/mod.rs", "pub mod demo_games;\n"),
        ("service/demo_games.rs", "use crate::db::DbConn;\n"),
        ("web/mod.rs", "pub mod auth;\npub mod game;\n"),
        ("web/auth.rs", "pub use crate::service::random_hex;\n"),
        ("web/game/mod.rs", "pub mod demo;\n"),
        ("web/game/demo.rs", "pub fn create_demo_games() {}\n"),
    ];
    let clean = fixture("demo-clean", &tree);
    assert!(demo_taken_from_the_web(&clean).is_empty());
    // The CLI calling the pages' demo, and the service importing it.
    let mut fetched = tree.to_vec();
    fetched[1] = (
        "cli.rs",
        "fn demo() {\n    let n = crate::web::game::create_demo_games(c, 1)?;\n}\n",
    );
    fetched[3] = (
        "service/demo_games.rs",
        "use super::super::web::game::{demo, Other};\n",
    );
    let fetched = fixture("demo-fetched", &fetched);
    assert_eq!(
        demo_taken_from_the_web(&fetched)
            .into_iter()
            .collect::<BTreeSet<_>>(),
        BTreeSet::from([
            "cli: web::game::create_demo_games".to_owned(),
            "service::demo_games: web::game::demo".to_owned(),
        ])
    );
    for d in [clean, fetched] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Writes a small crate of `files` (path under `src/`, text) in a fresh folder.
fn fixture(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("baza-structure-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    dir
}

#[test]
fn the_folder_guard_finds_a_circle_between_two_folders_and_none_between_a_folder_and_its_children()
{
    let tree = [
        ("lib.rs", "mod db;\nmod web;\n"),
        ("db/mod.rs", "pub mod store;\npub mod demo;\n"),
        ("db/store.rs", "use super::demo::Row;\n"),
        ("db/demo.rs", "use crate::db::store;\n"),
        (
            "web/mod.rs",
            "pub mod game;\npub mod championship;\nuse crate::db::store;\n",
        ),
        ("web/game/mod.rs", "pub mod pages;\nuse crate::web::Ctx;\n"),
        (
            "web/game/pages.rs",
            "use crate::db::store::Row;\nuse super::super::Ctx;\n",
        ),
        ("web/championship/mod.rs", "use crate::db::store::Row;\n"),
    ];
    // Arrows down and between a folder and its own children: no circle.
    let clean = fixture("clean", &tree);
    assert!(
        circles(&folder_graph(&clean)).is_empty(),
        "{:?}",
        folder_graph(&clean)
    );
    // The pages of a game and of a championship asking each other: one circle.
    let mut round = tree.to_vec();
    round[6] = (
        "web/game/pages.rs",
        "use crate::web::championship::table_path;\n",
    );
    round[7] = (
        "web/championship/mod.rs",
        "fn f() { crate::web::game::pages::load(); }\n",
    );
    let round = fixture("round", &round);
    let found = circles(&folder_graph(&round));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].iter().map(String::as_str).collect::<Vec<_>>(),
        ["web::championship", "web::game"]
    );
    // The store reaching up into the pages: db and web in one circle.
    let mut up = tree.to_vec();
    up[3] = ("db/demo.rs", "use crate::web::championship::demo;\n");
    let up = fixture("up", &up);
    let found = circles(&folder_graph(&up));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("db") && found[0].contains("web::championship"),
        "{found:?}"
    );
    for d in [clean, round, up] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn the_circle_finder_finds_a_circle_of_three_and_none_in_a_line() {
    let g = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry((*a).to_owned())
                .or_default()
                .insert((*b).to_owned());
            g.entry((*b).to_owned()).or_default();
        }
        g
    };
    assert!(circles(&g(&[("a", "b"), ("b", "c"), ("c", "d")])).is_empty());
    let found = circles(&g(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
    assert_eq!(
        expand("crate::domain::{engine::GameKind, record::{Move, Deal}}"),
        [
            "crate::domain::engine::GameKind",
            "crate::domain::record::Move",
            "crate::domain::record::Deal"
        ]
    );
}

#[test]
fn the_reader_takes_the_paths_written_in_code_and_not_those_in_comments() {
    assert_eq!(
        paths_in_code("x(crate::domain::games::tute::f(a), super::b); // crate::c"),
        ["crate::domain::games::tute::f", "super::b"]
    );
    assert!(paths_in_code("pub(crate) fn f(my_crate::x: u8)").is_empty());
}

#[test]
fn the_error_type_uses_nothing_of_the_web_layer() {
    let text = std::fs::read_to_string(root().join("error.rs")).unwrap();
    for needle in ["crate::web", "super::web", "web::"] {
        assert!(!text.contains(needle), "src/error.rs mentions {needle}");
    }
}

// ---- the repository stands on its own ------------------------------------------------------

/// Every file under `dir`, whatever its kind.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// `path` with `.` and `..` resolved by their names alone (the file need not exist).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The string literals of `text` (plain `"…"`, escapes kept as written).
fn literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '"' {
            let mut lit = String::new();
            let mut escaped = false;
            for d in chars.by_ref() {
                if d == '"' && !escaped {
                    break;
                }
                escaped = d == '\\' && !escaped;
                lit.push(d);
            }
            out.push(lit);
        }
    }
    out
}

/// The argument of each call of `name` in `text`, up to its closing parenthesis.
fn arguments<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(name) {
        let rest = &text[at + name.len()..];
        let mut depth = 0usize;
        for (i, c) in rest.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' if depth <= 1 => {
                    out.push(&rest[..i]);
                    break;
                }
                ')' | ']' => depth -= 1,
                _ => {}
            }
        }
    }
    out
}

/// What in the file `file` (with `text`, in the repository at `repo`) names a path outside
/// the repository: an `include_str!`, `include_bytes!` or `#[path]` leading out of it, a
/// path joined to the crate's folder that climbs out of it, the old sibling folders of
/// specifications and examples, or a Markdown file cited that the repository does not
/// hold.
fn paths_outside(repo: &Path, file: &Path, text: &str) -> Vec<String> {
    let here = file.parent().unwrap();
    let mut found = Vec::new();
    let manifest = ["CARGO_", "MANIFEST_DIR"].concat();
    for macro_name in ["include_str!(", "include_bytes!(", "#[path = "] {
        for arg in arguments(text, macro_name) {
            let from = if arg.contains(&manifest) { repo } else { here };
            let written: String = literals(arg).concat();
            let path = lexical(&from.join(written.trim_start_matches('/')));
            if !path.starts_with(repo) {
                found.push(format!("{macro_name}{arg}) leaves the repository"));
            }
        }
    }
    for arg in arguments(text, ".join(") {
        if literals(arg).iter().any(|l| l.starts_with("..")) {
            found.push(format!(".join({arg}) climbs out of its folder"));
        }
    }
    let sibling = ["..", "/shared"].concat();
    let old = [
        ["shared", "/spec"].concat(),
        ["shared", "/examples"].concat(),
    ];
    for needle in std::iter::once(&sibling).chain(&old) {
        if text.contains(needle.as_str()) {
            found.push(format!("names {needle}"));
        }
    }
    let is_word = |c: char| c.is_ascii_alphanumeric() || "_-./".contains(c);
    for word in text.split(|c: char| !is_word(c)) {
        let word = word.trim_end_matches('.').trim_start_matches('/');
        if let Some(stem) = word.strip_suffix(".md")
            && !stem.is_empty()
            && !repo.join(word).is_file()
            && !here.join(word).is_file()
        {
            found.push(format!("cites {word}, which the repository does not hold"));
        }
    }
    found
}

#[test]
fn no_file_under_src_or_tests_names_a_path_outside_the_repository() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    all_files(&repo.join("src"), &mut all);
    all_files(&repo.join("tests"), &mut all);
    let mut problems = Vec::new();
    for file in &all {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for p in paths_outside(repo, file, &text) {
            problems.push(format!(
                "{}: {p}",
                file.strip_prefix(repo).unwrap().display()
            ));
        }
    }
    assert!(all.len() > 100, "the files were read: {}", all.len());
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_outside_path_finder_catches_each_way_out_and_lets_the_inside_pass() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = repo.join("src/domain/example.rs");
    let bad = |text: &str| paths_outside(repo, &file, text);
    let up = "../../../";
    assert_eq!(bad(&format!("include_str!(\"{up}x/a.jsonl\")")).len(), 1);
    assert_eq!(
        bad(&format!("include_bytes!(concat!(\"{up}\", \"a.bin\"))")).len(),
        1
    );
    let manifest = ["CARGO_", "MANIFEST_DIR"].concat();
    let climbing = format!("include_str!(concat!(env!(\"{manifest}\"), \"/{up}x.txt\"))");
    assert_eq!(bad(&climbing).len(), 1);
    assert_eq!(
        bad(&format!("dir.join(\"{up}elsewhere/a.jsonl\")")).len(),
        1
    );
    assert_eq!(bad(&["// see ", "..", "/shared/notes"].concat()).len(), 1);
    assert_eq!(
        bad(&["//! rules in ", "nowhere", ".md §2"].concat()).len(),
        1
    );
    assert!(bad("include_str!(\"../../docs/hand-record.md\")").is_empty());
    assert!(bad("// docs/rules.md §1.6 and README.md.").is_empty());
    let inside = format!("include_str!(concat!(env!(\"{manifest}\"), \"/tests/data/a\"))");
    assert!(bad(&inside).is_empty());
}

// ---- a game is named only in its own rules, or by a match over all games --------------------

/// The lines of `text` (1-based) that ask about one game in a way a new game would pass
/// silently: a comparison with a game (`== GameKind::X`, `!= GameKind::X`), a `matches!`
/// or an `if let` / `let … else` on games, or a catch-all arm (`_ =>`, a bare name) in a
/// match whose arms name games. Comments are left out.
fn partial_game_checks(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The indentation of the arms of the matches over games being read, innermost last.
    let mut arms: Vec<usize> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        arms.retain(|a| indent(line) >= *a);
        let compares = line.contains("== GameKind::") || line.contains("!= GameKind::");
        let refutable = [
            "if let GameKind::",
            "let GameKind::",
            "while let GameKind::",
        ]
        .iter()
        .any(|p| t.starts_with(p) || line.contains(&format!(" {p}")));
        let mut in_matches = false;
        if let Some(at) = line.find("matches!(") {
            // The macro's arguments, over as many lines as its parentheses take.
            let mut depth = 0i32;
            let mut args = String::new();
            'read: for l in std::iter::once(&line[at + 8..]).chain(lines[i + 1..].iter().copied()) {
                for c in l.chars() {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    args.push(c);
                    if depth == 0 {
                        break 'read;
                    }
                }
            }
            in_matches = args.contains("GameKind::");
        }
        // A tuple arm names the game first: `(GameKind::Tute, rule) =>`.
        let arm = t.trim_start_matches("| ").trim_start_matches('(');
        let names_a_game =
            arm.starts_with("GameKind::") && (arm.contains("=>") || arm.ends_with('|'));
        if names_a_game && arms.last() != Some(&indent(line)) {
            arms.push(indent(line));
        }
        let catch_all = arms.last() == Some(&indent(line))
            && (t.starts_with("_ =>")
                || t.starts_with("_ if ")
                || t.starts_with("(_")
                || t.split_once("=>").is_some_and(|(pat, _)| {
                    let pat = pat.trim();
                    !pat.is_empty() && pat.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                }));
        if compares || refutable || in_matches || catch_all {
            out.push(i + 1);
        }
    }
    out
}

#[test]
fn outside_the_games_a_game_is_named_only_by_a_match_over_every_game() {
    let games = root().join("domain").join("games");
    let mut all = Vec::new();
    files(&root(), &mut all);
    let mut found = Vec::new();
    let mut read = 0;
    for file in all.iter().filter(|f| !f.starts_with(&games)) {
        let text = std::fs::read_to_string(file).unwrap();
        read += usize::from(text.contains("GameKind::"));
        for line in partial_game_checks(&text) {
            let rel = file.strip_prefix(root()).unwrap().display().to_string();
            found.push(format!("src/{rel}:{line}"));
        }
    }
    assert!(read > 20, "only {read} files name a game");
    assert!(
        found.is_empty(),
        "checks on one game that a new game would pass silently (ask the game's Rules, \
         or match every game): {found:#?}"
    );
}

#[test]
fn the_game_check_finder_catches_each_partial_check_and_lets_a_full_match_pass() {
    let bad = |text: &str| partial_game_checks(text);
    assert_eq!(bad("if game == GameKind::Tute {"), vec![1]);
    assert_eq!(bad("let x = g != GameKind::Cinquillo;"), vec![1]);
    assert_eq!(
        bad("if matches!(\n    game,\n    GameKind::Tute | GameKind::Guinote\n) {"),
        vec![1]
    );
    assert_eq!(bad("    if let GameKind::Guinote = game {"), vec![1]);
    let wild = "match game {\n    GameKind::Tute => 1,\n    _ => 2,\n}";
    assert_eq!(bad(wild), vec![3]);
    let named = "match game {\n    GameKind::Tute => 1,\n    other => f(other),\n}";
    assert_eq!(bad(named), vec![3]);
    let full = "match game {\n    GameKind::Tute => match x {\n        1 => 2,\n        _ => 3,\n    },\n    GameKind::Guinote\n    | GameKind::Cuatrola => 4,\n}";
    assert!(bad(full).is_empty(), "{:?}", bad(full));
    let pairs = "match (game, rule) {\n    (GameKind::Tute, A) => 1,\n    (_, B) => 2,\n}";
    assert_eq!(bad(pairs), vec![3]);
    assert!(bad("// if game == GameKind::Tute").is_empty());
    assert!(bad("if matches!(x, Some(_)) { GameKind::Tute }").is_empty());
}

// ---- quick entry reads in steps ---------------------------------------------------------------

/// `text` with its comments, strings and character literals blanked (their line breaks
/// kept), so that the braces left are the code's.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
            continue;
        }
        if c == '\'' {
            // A character literal ('x', '\n', '{'); a lifetime has no closing quote.
            let end = if next == Some('\\') { i + 3 } else { i + 2 };
            let close = (end..end + 6).find(|j| chars.get(*j) == Some(&'\''));
            if let Some(j) = close.filter(|j| next == Some('\\') || *j == i + 2) {
                out.push_str("' '");
                i = j + 1;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Each function of `text` (its name) and how many lines it spans, from its `fn` line
/// to its closing brace.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(at) = t.find("fn ") else { continue };
        let before = &t[..at];
        let is_item = before.split_whitespace().all(|w| {
            [
                "pub",
                "pub(crate)",
                "pub(super)",
                "const",
                "async",
                "unsafe",
            ]
            .contains(&w)
        });
        if !is_item {
            continue;
        }
        let name: String = t[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 0i32;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened && depth == 0 => break,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((name.clone(), j - i + 1));
                break;
            }
            if !opened && l.contains(';') {
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_of_quick_entry_is_ninety_lines_long() {
    let mut all = Vec::new();
    files(&root().join("domain").join("entry"), &mut all);
    let mut long = Vec::new();
    let mut read = 0;
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        for (name, n) in function_lengths(&text) {
            read += 1;
            if n >= 90 {
                let rel = file.strip_prefix(root()).unwrap().display().to_string();
                long.push(format!("src/{rel}: {name} ({n} lines)"));
            }
        }
    }
    assert!(read > 100, "only {read} functions read");
    assert!(long.is_empty(), "functions of 90 lines or more: {long:#?}");
}

#[test]
fn the_function_measurer_counts_to_the_closing_brace_and_not_the_braces_in_strings() {
    let text = "fn a() {\n    let s = \"{ {\";\n    let c = '{';\n    // }\n}\n\npub(super) fn b<'x>(\n    v: &'x str,\n) -> usize {\n    v.len()\n}\nfn c();\n";
    assert_eq!(
        function_lengths(text),
        vec![("a".to_string(), 5), ("b".to_string(), 5)]
    );
}

/// The modules of the hand record (paths under `src/`, a folder ending in `/`): the only
/// places where `event`/`events` names something, a hand record's event (a bid, a
/// trump, a double, a card played, a cante). A championship is a championship everywhere.
const HAND_RECORD_MODULES: [&str; 21] = [
    "domain/record.rs",
    "domain/record/",
    "domain/record_error.rs",
    "domain/partial.rs",
    "domain/partial_tests.rs",
    "domain/games/",
    "domain/entry/",
    "domain/messages/",
    "domain/options/",
    "domain/engine.rs",
    "domain/explain.rs",
    "domain/referee.rs",
    "domain/ruling.rs",
    "domain/random.rs",
    "domain/words.rs",
    "domain/mod.rs",
    "domain/tests.rs",
    "domain/test_builders.rs",
    "domain/mutation_tests.rs",
    "domain/people_text_tests.rs",
    "web/referee/",
];

/// Names that are not ours and are written as they are: diesel's instrumentation hook
/// and a migration's directory name.
const NAMES_NOT_OURS: [&str; 3] = [
    "InstrumentationEvent",
    "on_connection_event",
    "_fold_events",
];

/// `line` without the public names written in quotes or backticks: the field `event` of
/// a `baza-tournament/1` file (`"event"`, `"event.options"`, `` `event.name` ``), the
/// form field `event`, a bracket's stored seeding `"event:ID"`, the key `"event_id"` of
/// stored audit rows.
fn without_public_names(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find(['"', '`']) {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let word = if rest.starts_with("events") {
            "events"
        } else if rest.starts_with("event") {
            "event"
        } else {
            continue;
        };
        let after = &rest[word.len()..];
        let public = after.starts_with(['"', '`', ':', '[', '_'])
            || (after.starts_with('.') && !after.starts_with(".html"));
        if public {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Whether `line` names something `event` or `events`: as a word, or as a part of an
/// identifier (`event_id`, `by_event`, `EventLine`, a locale key `event-audit`).
fn names_an_event(line: &str) -> bool {
    let mut line = without_public_names(line);
    for name in NAMES_NOT_OURS {
        line = line.replace(name, " ");
    }
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .flat_map(|word| {
            // CamelCase parts: a new part starts at each capital after a small letter.
            let mut parts = vec![String::new()];
            let mut small = false;
            for c in word.chars() {
                if c.is_ascii_uppercase() && small {
                    parts.push(String::new());
                }
                small = c.is_ascii_lowercase() || c.is_ascii_digit();
                parts.last_mut().unwrap().push(c.to_ascii_lowercase());
            }
            parts
        })
        .any(|part| part == "event" || part == "events")
}

#[test]
fn event_names_only_a_hand_records_event_in_src() {
    let mut all = Vec::new();
    all_files(&root(), &mut all);
    let mut outside = Vec::new();
    let mut read = 0;
    for file in all
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        let rel = file
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if HAND_RECORD_MODULES.iter().any(|m| rel.starts_with(m)) {
            continue;
        }
        read += 1;
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if names_an_event(line) {
                outside.push(format!("src/{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(read > 100, "only {read} files read");
    for module in HAND_RECORD_MODULES {
        assert!(
            root().join(module.trim_end_matches('/')).exists(),
            "{module} is listed as a hand-record module and does not exist"
        );
    }
    assert!(
        outside.is_empty(),
        "`event` outside the hand record (a championship is a championship): {outside:#?}"
    );
}

#[test]
fn the_event_finder_takes_words_and_identifier_parts_and_lets_public_names_and_other_words_pass() {
    for named in [
        "let event = store::load(conn, id)?;",
        "/// The audit trail of an event, newest first.",
        "struct EventLine {",
        "let mut by_event = BTreeMap::new();",
        "ctx.t(\"event-audit\")",
        "Seeding::Event(id) => {}",
        "pub events: Vec<i32>,",
        "#[template(path = \"events.html\")]",
        "let n = MAX_EVENTS;",
    ] {
        assert!(names_an_event(named), "{named}");
    }
    for passes in [
        "#[serde(rename = \"event\")]",
        "x[\"event\"][\"name\"] = json!(1);",
        "return Err(FileError::new(\"event.options\", e));",
        "//! * `event.name`: the championship's name.",
        "seeding.starts_with(\"event:\")",
        "\"event_id\": row.championship_id,",
        "fn on_connection_event(&mut self, e: InstrumentationEvent<'_>) {",
        "web::resource(\"/eventos/{id}\")",
        "/// Whatever prevents a championship: its eventual row.",
        "let championship = store::load(conn, id)?;",
    ] {
        assert!(!names_an_event(passes), "{passes}");
    }
}

// ---- the pages leave transactions and audit rows to the service ------------------------------

/// The names of `text`'s code (comments and strings left out) that open a write
/// transaction or write an audit row: `write_tx` or diesel's `transaction`, and
/// `insert_audit` or a name that begins with it (`insert_audited`), or a bracket's
/// `brackets::audit`, as `line: name` (lines from 1).
fn store_writes_named(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, line) in code_only(text).lines().enumerate() {
        for name in line.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if name == "write_tx" || name == "transaction" || name.starts_with("insert_audit") {
                found.push(format!("{}: {name}", i + 1));
            }
        }
        if line.contains("brackets::audit(") {
            found.push(format!("{}: brackets::audit", i + 1));
        }
    }
    found
}

/// Each file under `web/` of the crate at `src` whose code names a write transaction
/// or an audit row, as `file:line: name`: a page reads its form, calls the service
/// and renders, and the service's workflows open the transactions and write the
/// audit.
fn store_writes_in_pages(src: &Path) -> Vec<String> {
    store_writes_under(src, "web", &[])
}

/// Each place in the files under folder `dir` of the crate at `src` (test files and
/// the files `skip` names left out) whose code names a write transaction or an audit
/// row, as `file:line: name`.
fn store_writes_under(src: &Path, dir: &str, skip: &[&str]) -> Vec<String> {
    let mut list = Vec::new();
    files(&src.join(dir), &mut list);
    list.retain(|f| !is_test_file(f));
    list.sort();
    let mut found = Vec::new();
    for f in &list {
        let rel = f.strip_prefix(src).unwrap().display().to_string();
        if skip.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        found.extend(
            store_writes_named(&text)
                .into_iter()
                .map(|at| format!("{rel}:{at}")),
        );
    }
    found
}

#[test]
fn no_page_opens_a_write_transaction_or_writes_an_audit_row_itself() {
    // Each is `file:line: name`: that work belongs in a workflow of `src/service/`.
    assert_eq!(store_writes_in_pages(&root()), Vec::<String>::new());
}

#[test]
fn the_page_write_finder_catches_a_transaction_and_an_audit_row_and_lets_comments_pass() {
    let tree = [
        ("lib.rs", "mod service;\nmod web;\n"),
        (
            "service/club.rs",
            "pub fn create(c: &mut DbConn) {\n    crate::db::write_tx(c, |c| accounts::insert_audit(c, &a))\n}\n",
        ),
        (
            "web/mod.rs",
            "/// Runs `f`, which writes in one [`crate::db::write_tx`].\npub async fn db() {}\n",
        ),
        (
            "web/club.rs",
            "fn page() {\n    let s = \"write_tx\";\n    service::club::create(conn)?;\n    rewrite_txt(s);\n}\n",
        ),
    ];
    let clean = fixture("page-writes-clean", &tree);
    assert!(store_writes_in_pages(&clean).is_empty());
    // The same page writing itself, and another importing the writes.
    let writes = [
        (
            "web/club.rs",
            "fn page() {\n    crate::db::write_tx(conn, |conn| {\n        accounts::insert_audit(conn, &a)?;\n        brackets::insert_audited(conn, &b)\n    })\n}\n",
        ),
        (
            "web/game/pages.rs",
            "use crate::db::{write_tx, accounts::insert_audit};\n",
        ),
        (
            "web/brackets/manage.rs",
            "fn paper() {\n    conn.transaction(|conn| brackets::audit(conn, a, by, b, c))\n}\n",
        ),
    ];
    let writing = [&tree[..3], &writes[..]].concat();
    let writing = fixture("page-writes-writing", &writing);
    assert_eq!(
        store_writes_in_pages(&writing),
        [
            "web/brackets/manage.rs:2: transaction",
            "web/brackets/manage.rs:2: brackets::audit",
            "web/club.rs:2: write_tx",
            "web/club.rs:3: insert_audit",
            "web/club.rs:4: insert_audited",
            "web/game/pages.rs:1: write_tx",
            "web/game/pages.rs:1: insert_audit",
        ]
    );
    for d in [clean, writing] {
        let _ = std::fs::remove_dir_all(d);
    }
}

// ---- the store only stores --------------------------------------------------------------------

/// The files of `src/db/` that may open a transaction: the store's own `write_tx` and
/// the group of writes run under one.
const TRANSACTIONS_OF_THE_STORE: [&str; 2] = ["db/mod.rs", "db/group.rs"];

/// Each place in a file under `db/` of the crate at `src`, but the store's own
/// transaction, its group and the known ones, whose code names a write transaction,
/// as `file:line: write_tx`: a workflow that opens one belongs in `src/service/`; the
/// store only reads and writes rows.
fn transactions_in_the_store(src: &Path) -> Vec<String> {
    let mut found = store_writes_under(src, "db", &TRANSACTIONS_OF_THE_STORE);
    found.retain(|at| at.ends_with(": write_tx"));
    found
}

#[test]
fn no_file_of_the_store_but_its_own_transaction_and_group_opens_a_transaction() {
    assert_eq!(transactions_in_the_store(&root()), Vec::<String>::new());
}

#[test]
fn the_store_transaction_finder_catches_a_workflow_in_the_store_and_lets_its_own_pass() {
    let tree = [
        ("lib.rs", "mod db;\nmod service;\n"),
        (
            "db/mod.rs",
            "pub fn write_tx<T>(c: &mut DbConn, f: F) -> T {\n    f(c)\n}\n",
        ),
        (
            "db/group.rs",
            "use super::write_tx;\n/// Each job writes in one [`write_tx`].\npub fn run() {}\n",
        ),
        (
            "db/people.rs",
            "/// Renamed by the service, in one `write_tx`.\npub fn set_name(c: &mut DbConn) {\n    accounts::insert_audit(c, &a);\n}\n",
        ),
        (
            "service/people.rs",
            "pub fn rename(c: &mut DbConn) {\n    crate::db::write_tx(c, |c| db::people::set_name(c))\n}\n",
        ),
    ];
    let clean = fixture("store-transactions-clean", &tree);
    assert!(transactions_in_the_store(&clean).is_empty());
    // A workflow back in the store, and one in a folder of it.
    let workflows = [
        (
            "db/people.rs",
            "pub fn rename(c: &mut DbConn) {\n    super::write_tx(c, |c| set_name(c))\n}\n",
        ),
        ("db/championship/store.rs", "use crate::db::write_tx;\n"),
    ];
    let back = [&tree[..3], &tree[4..], &workflows[..]].concat();
    let back = fixture("store-transactions-back", &back);
    assert_eq!(
        transactions_in_the_store(&back),
        [
            "db/championship/store.rs:1: write_tx",
            "db/people.rs:2: write_tx",
        ]
    );
    for d in [clean, back] {
        let _ = std::fs::remove_dir_all(d);
    }
}
