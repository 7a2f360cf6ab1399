use std::process::Command;

fn baza() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_baza"));
    c.env_remove("BAZA_DATABASE_URL").env("RUST_LOG", "warn");
    c
}

#[test]
fn the_help_reads_in_spanish_and_english() {
    let out = baza().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("Sirve Baza por HTTP / Serve Baza over HTTP"),
        "{help}"
    );
    assert!(help.contains("árbitro") && help.contains("referee"));
    let out = baza().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--bind") && help.contains("127.0.0.1:8080"));
    assert!(help.contains("BAZA_DATABASE_URL"));
}

#[test]
fn migrate_and_demo_fill_a_new_sqlite_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    let out = baza().args(["migrate", "--db", &url]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // As many as there are folders (other branches add theirs).
    let migrations = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
        .unwrap()
        .count();
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("{migrations} migraciones aplicadas"))
    );
    let out = baza().args(["demo", "--db", &url]).output().unwrap();
    assert!(out.status.success());
    // Players, pairs, a league, a championship and seven games of all five games,
    // every hand of them checked by the rules on the way in.
    assert!(String::from_utf8_lossy(&out.stderr).contains("16 jugadores, 8 parejas"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("7 partidas"));
    // A second run never adds to real data.
    let out = baza()
        .args(["demo"])
        .env("BAZA_DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ya tiene datos"));
}

#[test]
fn a_database_path_that_does_not_exist_is_refused_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.sqlite3");
    let out = baza()
        .args(["migrate", "--db", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not exist"));
    assert!(!path.exists());
}

/// A database that cannot be used is said in Spanish and English, as the commands
/// say everything: what is wrong and what to do, never the driver's own text, which
/// goes to the log only (here, logging nothing, it is nowhere).
#[test]
fn a_database_that_cannot_be_used_is_said_in_spanish_and_english_its_drivers_text_only_in_the_log()
{
    let dir = tempfile::tempdir().unwrap();
    let said = |args: &[&str], log: &str| {
        let out = baza().args(args).env("RUST_LOG", log).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    // A folder is no database file: SQLite cannot open it.
    let folder = format!("sqlite://{}", dir.path().display());
    let err = said(&["migrate", "--db", &folder], "off");
    assert_eq!(
        err.trim(),
        "baza: no se puede abrir la base de datos: revisa su dirección y que esté en marcha \
         (el motivo está en el registro) / the database cannot be opened: check its address and \
         that it is running (the reason is in the log)"
    );
    // The log has the reason.
    let err = said(&["migrate", "--db", &folder], "error");
    assert!(
        err.contains("ERROR") && err.contains("cannot open the database: "),
        "{err}"
    );
    // A file that is not there, and a copy over a file that is.
    let typo = dir.path().join("typo.sqlite3");
    let err = said(&["migrate", "--db", typo.to_str().unwrap()], "off");
    assert!(
        err.starts_with(&format!(
            "baza: no existe el fichero de base de datos {}: escribe sqlite://",
            typo.display()
        )),
        "{err}"
    );
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    assert!(
        baza()
            .args(["migrate", "--db", &url])
            .status()
            .unwrap()
            .success()
    );
    let taken = dir.path().join("copia.sqlite3");
    std::fs::write(&taken, "").unwrap();
    let err = said(&["backup", taken.to_str().unwrap(), "--db", &url], "off");
    assert!(
        err.starts_with(&format!(
            "baza: {} ya existe: elige un fichero nuevo para la copia",
            taken.display()
        )),
        "{err}"
    );
}

/// Here, in the integration binary, so that the run on PostgreSQL (which builds only
/// this binary) checks the other branch.
#[test]
fn a_postgres_url_selects_postgres_or_says_it_is_not_built() {
    use baza::db::{DbError, DbTarget};
    let parsed = DbTarget::parse("postgres://u@h/db", false);
    if cfg!(feature = "postgres") {
        assert_eq!(
            parsed.unwrap(),
            DbTarget::Postgres("postgres://u@h/db".into())
        );
    } else {
        assert!(matches!(parsed, Err(DbError::BackendNotBuilt("postgres"))));
    }
}

#[test]
fn the_default_database_is_created_in_the_working_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = baza()
        .arg("migrate")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("baza.sqlite3").exists());
}

#[test]
fn user_add_creates_an_account_that_can_list_and_reset() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    let out = baza()
        .args(["user", "add", "marta", "--role", "admin", "--db", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let generated = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        generated.trim().len(),
        16,
        "a generated password is printed once"
    );
    // On an empty database the first administrator is told how to make a club.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("/admin/clubes") && said.contains("baza club add"),
        "{said}"
    );
    let out = baza()
        .args(["user", "list", "--db", &url])
        .output()
        .unwrap();
    let list = String::from_utf8(out.stdout).unwrap();
    assert!(list.contains("marta\tadmin"), "{list}");
    // Bad role, duplicate name: clear errors, exit 1.
    let out = baza()
        .args(["user", "add", "pep", "--role", "king", "--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = baza()
        .args(["user", "add", "marta", "--role", "referee", "--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists already"));
    let out = baza()
        .args(["user", "add", "pere", "--role", "organiser", "--club", "9"])
        .args(["--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no club 9"));
    // The account made on the command line is in the audit log, as one made on
    // the web is; the refused ones wrote nothing.
    {
        use baza::db::schema::audit_log;
        use diesel::prelude::*;
        let target = baza::db::DbTarget::parse(&url, false).unwrap();
        let pool = baza::db::connect_and_migrate(&target).unwrap();
        let mut conn = pool.get().unwrap();
        let rows: Vec<(String, String, String)> = audit_log::table
            .filter(audit_log::entity.eq("user"))
            .select((
                audit_log::actor,
                audit_log::action,
                audit_log::after_json.assume_not_null(),
            ))
            .load(&mut *conn)
            .unwrap();
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!((rows[0].0.as_str(), rows[0].1.as_str()), ("cli", "create"));
        assert!(rows[0].2.contains("\"marta\""), "{rows:?}");
    }
    let out = baza()
        .args(["user", "reset-password", "marta", "--db", &url])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_ne!(String::from_utf8(out.stdout).unwrap(), generated);
}

/// The example tournament file documented in src/domain/tournament/file.rs.
fn tournament_example() -> String {
    let src = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain/tournament/file.rs"),
    )
    .unwrap();
    src.split("//! ```json\n")
        .nth(1)
        .unwrap()
        .split("//! ```")
        .next()
        .unwrap()
        .lines()
        .map(|l| l.trim_start_matches("//!").trim_start())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn pair_and_standings_work_offline_on_a_tournament_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("torneo.json");
    std::fs::write(&file, tournament_example()).unwrap();
    let out = baza()
        .args(["standings", file.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 4);
    assert_eq!(
        rows[0]["name"], "Pujol – Vidal",
        "the winner of round 1 leads"
    );
    // Without a knockout the lines keep their fields and say what ranks them.
    assert_eq!(
        (rows[0]["rank"].clone(), rows[0]["played"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(rows[0]["ranking"], "swiss");
    let out = baza()
        .args(["standings", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("Pujol – Vidal")
    );
    let out = baza()
        .args(["pair", file.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let round: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(round["number"], 2);
    // As a table, in Spanish unless asked otherwise.
    for (lang, head) in [
        (None, "Mesa  Ronda 2"),
        (Some("ca"), "Taula  Ronda 2"),
        (Some("en"), "Table  Round 2"),
    ] {
        let mut cmd = baza();
        cmd.args(["pair", file.to_str().unwrap()]);
        if let Some(lang) = lang {
            cmd.args(["--lang", lang]);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(head), "{lang:?}: {text}");
    }
    // A file with a typo is refused with the place of the problem, exit 2.
    std::fs::write(
        &file,
        tournament_example().replace("\"points\"", "\"puntos\""),
    )
    .unwrap();
    let out = baza()
        .args(["standings", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("puntos"));
}

/// A championship file `pair` and `standings` cannot use is refused saying what is
/// wrong in Spanish and English, at the round and table as the director knows them,
/// never the file's path.
#[test]
fn pair_standings_and_import_name_the_round_and_table_of_a_file_they_cannot_use_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("torneo.json");
    std::fs::write(
        &file,
        tournament_example().replace("[101, 64]", "[130, 64]"),
    )
    .unwrap();
    for cmd in ["pair", "standings", "tournament import"] {
        let out = baza()
            .args(cmd.split(' '))
            .arg(&file)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("baza {cmd}: ronda 1, mesa 1: ")),
            "{err}"
        );
        assert!(err.contains(" / round 1, table 1: "), "{err}");
        assert!(!err.contains("rounds["), "{err}");
        assert!(!err.contains("results"), "{err}");
    }
}

/// A championship file that reads but whose next round cannot be paired is refused
/// in Spanish first, then English, as the other commands say it: the tables still
/// without a result by round and number, or every round played.
#[test]
fn pair_says_why_a_round_cannot_be_paired_in_spanish_and_english() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("torneo.json");
    let unfinished = tournament_example().replace(
        r#""results": [{"table": 1, "score": [101, 64]}]"#,
        r#""results": []"#,
    );
    let finished = tournament_example().replace(r#""rounds": 5"#, r#""rounds": 1"#);
    assert_ne!(unfinished, tournament_example());
    assert_ne!(finished, tournament_example());
    for (text, said) in [
        (
            unfinished,
            "baza pair: Faltan resultados de la ronda 1, mesas: 1 / Results missing in round 1, tables: 1\n",
        ),
        (
            finished,
            "baza pair: Se han jugado todas las rondas. / Every round has been played.\n",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = baza().arg("pair").arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&out.stderr), said);
    }
}

#[test]
fn bracket_prints_a_knockout_bracket_file() {
    use baza::domain::bracket::{EntrantId, single_elimination};
    let seeds: Vec<EntrantId> = (1..=6).map(EntrantId).collect();
    let bracket = single_elimination(&seeds, true).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cuadro.json");
    std::fs::write(&file, serde_json::to_string(&bracket).unwrap()).unwrap();
    let out = baza()
        .args(["bracket", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, bracket.layout().to_text());
    assert!(!text.is_empty());
    let out = baza().args(["bracket", "-"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A bracket file that is not JSON, or has a field too many, is refused saying what
/// is wrong and where, in Spanish and English as the other commands say it, never
/// with the parser's own text.
#[test]
fn baza_bracket_on_a_broken_file_says_what_is_wrong_and_where_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("parejas.txt");
    std::fs::write(&list, "Ana y Berta\nCarlos y Dora\nEva y Fermín\n").unwrap();
    let out = baza()
        .args(["bracket", "create", list.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut named: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bracket = named["bracket"].to_string();
    named["ronda"] = serde_json::json!(1);
    let file = dir.path().join("cuadro.json");
    for (text, words) in [
        (
            bracket.replacen(',', "", 1),
            [
                "Falta una coma en la línea 1, columna ",
                "A comma is missing at line 1, column ",
            ],
        ),
        (
            named.to_string(),
            [
                "No es un fichero de cuadro de Baza (en la línea 1, columna ",
                "«ronda» no es uno de sus campos. / It is not a Baza bracket file (at line 1",
            ],
        ),
    ] {
        std::fs::write(&file, &text).unwrap();
        let out = baza()
            .args(["bracket", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("baza bracket: "), "{err}");
        for w in words {
            assert!(err.contains(w), "{w}: {err}");
        }
        for serde in ["expected", "unknown field", " at line 1 column"] {
            assert!(!err.contains(serde), "{serde}: {err}");
        }
    }
}

#[test]
fn a_tournament_file_carries_its_knockout_phase_and_baza_bracket_prints_it_with_names() {
    let (mut file, _) = crate::helpers::open_with_a_final("Open", ["e0", "e1", "e2", "e3"]);
    let names = crate::helpers::FOUR_PAIRS;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = baza()
        .args(["bracket", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Fase final"), "{text}");
    for n in names {
        assert!(text.contains(n), "{n} in {text}");
    }
    // The same file still pairs and ranks; a phase naming a stranger is refused.
    let out = baza()
        .args(["standings", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    file["brackets"][0]["entrants"][3] = serde_json::json!("nobody");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = baza()
        .args(["bracket", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nobody"));
}

#[test]
fn a_backup_is_a_working_copy_of_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    assert!(
        baza()
            .args(["demo", "--db", &url])
            .output()
            .unwrap()
            .status
            .success()
    );
    let copy = dir.path().join("copia.sqlite3");
    let out = baza()
        .args(["backup", copy.to_str().unwrap(), "--db", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Restoring is opening the copy: it holds the demo club.
    let out = baza()
        .args(["demo", "--db", copy.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("ya tiene datos"));
    // Never over an existing file.
    let out = baza()
        .args(["backup", copy.to_str().unwrap(), "--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists already"));
}

#[test]
fn baza_bracket_create_draws_a_1024_entrant_double_elimination_that_baza_bracket_prints_back() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("parejas.txt");
    let names: String = (1..=1024).map(|i| format!("Pareja {i}\n")).collect();
    std::fs::write(&list, format!("\u{feff}{names}\n\n")).unwrap();
    let out = baza()
        .args(["bracket", "create", list.to_str().unwrap()])
        .args(["--double", "--reset", "--lot", "2026", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["entrants"].as_array().unwrap().len(), 1024);
    assert_eq!(doc["bracket"]["seeds"].as_array().unwrap().len(), 1024);
    // Drawn by lot: seed 1 is not simply the first of the list, and the same seed
    // gives the same draw.
    let again = baza()
        .args(["bracket", "create", list.to_str().unwrap()])
        .args(["--double", "--reset", "--lot", "2026", "--json"])
        .output()
        .unwrap();
    assert_eq!(again.stdout, out.stdout);
    assert_ne!(doc["bracket"]["seeds"][0], 0);
    let file = dir.path().join("cuadro.json");
    std::fs::write(&file, &out.stdout).unwrap();
    let shown = baza()
        .args(["bracket", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(shown.status.success());
    let text = String::from_utf8(shown.stdout).unwrap();
    for n in ["Pareja 1\n", "Pareja 517", "Pareja 1024"] {
        assert!(text.contains(n.trim_end()), "{n}");
    }

    // A single elimination in seed order with a third-place match, from standard input.
    let mut child = baza()
        .args(["bracket", "create", "-", "--third-place"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"Ana y Berta\nCarlos y Dora\nEva y Fermin\n")
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Ana y Berta") && text.contains("Eva y Fermin"),
        "{text}"
    );

    // Too many, or a name twice: refused in words, nothing printed.
    let over: String = (1..=1025).map(|i| format!("P{i}\n")).collect();
    std::fs::write(&list, over).unwrap();
    let out = baza()
        .args(["bracket", "create", list.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("1024"));
    std::fs::write(&list, "Ana\nBeto\nana\n").unwrap();
    let out = baza()
        .args(["bracket", "create", list.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("repetido"));
}

/// The championship file of [`crate::helpers::open_with_a_final`] (four pairs, no
/// round played: the standings of the rounds are drawn by lot, Mas – Puig first) with
/// its knockout played to the end: Soler – Roca wins its semi-final and the final
/// against Pujol – Vidal.
fn open_won_by_soler_roca() -> serde_json::Value {
    use baza::domain::bracket::EntrantId;
    let (mut file, mut bracket) =
        crate::helpers::open_with_a_final("Open", ["e0", "e1", "e2", "e3"]);
    while let Some(&m) = bracket.playable().first() {
        bracket.record_result(m, EntrantId(1)).unwrap();
    }
    assert_eq!(bracket.champion(), Some(EntrantId(1)));
    file["brackets"][0]["bracket"] = serde_json::to_value(&bracket).unwrap();
    file
}

/// What `baza standings FILE ARGS…` writes: exit code, standard output and error.
fn standings_of(file: &serde_json::Value, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = baza()
        .arg("standings")
        .arg(&path)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn baza_standings_of_a_championship_with_a_knockout_names_the_knockout_winner_first() {
    let file = open_won_by_soler_roca();
    let (code, out, err) = standings_of(&file, &["--json"]);
    assert_eq!(code, Some(0), "{err}");
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Soler – Roca",
            "Pujol – Vidal",
            "Mas – Puig",
            "Roig – Ferrer"
        ],
        "the champion, the finalist, then the semi-finals' losers in the earlier order"
    );
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[0]["place"], 1);
    assert_eq!(rows[0]["reached"]["kind"], "champion");
    assert_eq!(rows[0]["ranking"], "final");
    assert_eq!(rows[0]["phase"], "Fase final");
    assert_eq!(rows[0]["phase_rank"], 3);
    assert_eq!(rows[1]["reached"]["kind"], "runner_up");
    // The semi-finals' losers share third place, each with its own rank.
    assert_eq!(
        (rows[2]["place"].clone(), rows[3]["place"].clone()),
        (3.into(), 3.into())
    );
    assert_eq!(
        (rows[2]["rank"].clone(), rows[3]["rank"].clone()),
        (3.into(), 4.into())
    );

    // The text says the final ranking first, named, then the earlier phase's.
    let (code, out, _) = standings_of(&file, &[]);
    assert_eq!(code, Some(0));
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("Clasificación final: Fase final / Final ranking: Fase final")
    );
    let first = lines.nth(1).unwrap();
    assert!(
        first.contains("Soler – Roca") && first.contains("Campeón"),
        "{out}"
    );
    assert!(
        out.contains("\nInscritos por cabeza de serie / Entrants by seed\n"),
        "{out}"
    );

    // `--rounds`: the standings of the rounds alone, as before the knockout.
    let (code, out, _) = standings_of(&file, &["--rounds", "--json"]);
    assert_eq!(code, Some(0));
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rows[0]["name"], "Mas – Puig");
    assert_eq!(rows[0]["ranking"], "swiss");
    assert!(rows[0].get("reached").is_none(), "{rows}");
}

/// `baza standings` heads and words the final ranking as the championship's ranking
/// page does: in Spanish by default, in English with `--lang en` (its titles too);
/// the JSON is the same in any language.
#[test]
fn baza_standings_words_the_final_ranking_as_its_page_in_spanish_by_default_and_in_english_with_lang_en()
 {
    let file = open_won_by_soler_roca();
    let spanish = [
        "Puesto",
        "Pareja",
        "Hasta dónde llegó",
        "Puesto en la fase previa",
        "Campeón",
        "Finalista",
        "Semifinales",
    ];
    let english = [
        "Place",
        "Pair",
        "Went as far as",
        "Place in the earlier phase",
        "Champion",
        "Runner-up",
        "Semi-finals",
    ];
    let mut said = Vec::new();
    for (args, words) in [(&[][..], spanish), (&["--lang", "en"][..], english)] {
        let (code, out, err) = standings_of(&file, args);
        assert_eq!(code, Some(0), "{err}");
        let lines: Vec<&str> = out.lines().collect();
        let (heads, reached) = words.split_at(4);
        assert!(heads.iter().all(|h| lines[1].contains(h)), "{out}");
        assert!(lines[2].contains("Soler – Roca"), "{out}");
        for (line, word) in lines[2..5].iter().zip(reached) {
            assert!(line.contains(word), "{out}");
        }
        said.push(out);
    }
    assert!(
        !said[0].contains("Reached") && !said[0].contains("champion"),
        "{}",
        said[0]
    );
    assert!(
        said[1].starts_with("Final ranking: Fase final\n"),
        "{}",
        said[1]
    );
    assert!(said[1].contains("\nEntrants by seed\n"), "{}", said[1]);

    let json = |args: &[&str]| standings_of(&file, args).1;
    assert_eq!(json(&["--json"]), json(&["--json", "--lang", "en"]));
}

#[test]
fn baza_standings_before_the_final_gives_the_standings_of_the_rounds_and_says_the_ranking_comes_with_the_final()
 {
    let (file, _) = crate::helpers::open_with_a_final("Open", ["e0", "e1", "e2", "e3"]);
    let (code, out, err) = standings_of(&file, &["--json"]);
    assert_eq!(code, Some(0), "{err}");
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rows[0]["name"], "Mas – Puig");
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[0]["ranking"], "swiss", "not a final ranking yet");
    let (code, out, err) = standings_of(&file, &[]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("Puesto"), "{out}");
    assert!(
        err.contains("La clasificación final saldrá cuando se confirme la final")
            && err.contains("The final ranking comes once the final is confirmed"),
        "{err}"
    );
}

/// The rounds' standings, as a terminal prints them, speak as the standings sheet:
/// Spanish by default, the language of `--lang` when asked.
#[test]
fn baza_standings_words_the_standings_of_the_rounds_as_the_standings_sheet_in_the_language_asked() {
    let (file, _) = crate::helpers::open_with_a_final("Open", ["e0", "e1", "e2", "e3"]);
    for (args, heads) in [
        (
            &[][..],
            ["Pareja", "Partidas jugadas", "Ganadas", "Perdidas"],
        ),
        (
            &["--lang", "en"][..],
            ["Pair", "Games played", "Won", "Lost"],
        ),
    ] {
        let (code, out, err) = standings_of(&file, args);
        assert_eq!(code, Some(0), "{err}");
        let head = out.lines().next().unwrap_or_default();
        for h in heads {
            assert!(head.contains(h), "{h}: {out}");
        }
        assert!(
            !head.contains("Entrant") && !head.contains("W-D-L"),
            "{out}"
        );
        assert!(out.contains("Mas – Puig"), "{out}");
    }
}

/// `baza check` on a record it cannot rule says why in the language of `--lang`
/// (Spanish by default), as its rulings and the referee's desk do, not in the
/// parser's English.
#[test]
fn baza_check_says_why_a_text_is_not_a_hand_record_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mano.json");
    std::fs::write(&file, "{oops").unwrap();
    for (lang, said) in [
        (None, "Un nombre va sin comillas en la línea 1, columna 2."),
        (
            Some("ca"),
            "Un nom va sense cometes a la línia 1, columna 2.",
        ),
        (
            Some("en"),
            "A name is not in double quotes at line 1, column 2.",
        ),
    ] {
        let mut cmd = baza();
        cmd.arg("check").arg(&file);
        if let Some(lang) = lang {
            cmd.args(["--lang", lang]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{lang:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("baza check: {said}\n"),
            "{lang:?}"
        );
    }
}

#[test]
fn baza_ratings_recompute_of_a_game_baza_has_not_says_so_in_spanish_and_english() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    let out = baza()
        .args(["ratings", "recompute", "--game", "mus", "--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "baza: --game «mus»: Elige uno de los cinco juegos. / Choose one of the five games.\n"
    );
}

/// `baza restore` of a file that is no copy of a Baza database says why and what to
/// do in Spanish by default and in the language of `--lang`, in its own words (SQLite's
/// go to the log), and writes nothing.
#[test]
fn baza_restore_of_a_file_that_is_no_copy_says_why_in_spanish_by_default_and_in_the_language_asked()
{
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notas.txt");
    std::fs::write(&notes, "esto no es una copia\n".repeat(200)).unwrap();
    let missing = dir.path().join("no-esta.sqlite3");
    let target = dir.path().join("club.sqlite3");
    let url = format!("sqlite://{}", target.display());
    let (notes, missing) = (notes.display(), missing.display());
    let said = |copy: &str, lang: Option<&str>| {
        let mut cmd = baza();
        cmd.args(["restore", copy, "--db", &url]);
        if let Some(lang) = lang {
            cmd.args(["--lang", lang]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{lang:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        err.lines()
            .find(|l| l.starts_with("baza restore: "))
            .unwrap_or_else(|| panic!("{lang:?}: {err}"))
            .to_owned()
    };
    for (lang, words) in [
        (
            None,
            format!(
                "no se restaura: {notes} no se abre como base de datos SQLite: elige una copia hecha por `baza backup` o por --backup-every (el motivo está en el registro)"
            ),
        ),
        (
            Some("ca"),
            format!(
                "no es restaura: {notes} no s'obre com a base de dades SQLite: tria una còpia feta per `baza backup` o per --backup-every (el motiu és al registre)"
            ),
        ),
        (
            Some("en"),
            format!(
                "not restored: {notes} does not open as a SQLite database: choose a copy made by `baza backup` or --backup-every (the reason is in the log)"
            ),
        ),
    ] {
        assert_eq!(
            said(&notes.to_string(), lang),
            format!("baza restore: {words}")
        );
    }
    for (lang, words) in [
        (
            None,
            format!("no se restaura: no existe la copia {missing}: revisa la ruta"),
        ),
        (
            Some("ca"),
            format!("no es restaura: no existeix la còpia {missing}: revisa el camí"),
        ),
        (
            Some("en"),
            format!("not restored: the copy {missing} does not exist: check the path"),
        ),
    ] {
        assert_eq!(
            said(&missing.to_string(), lang),
            format!("baza restore: {words}")
        );
    }
    assert!(!target.exists(), "nothing written");
}
