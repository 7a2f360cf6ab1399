//! A championship played hand by hand at the tables, with one table whose phone died
//! (switched to a typed result after a hand) and one whose played result the
//! director overrode, is exported; the file reads back with `baza standings` and
//! `baza pair` (the real binary) and through the web's import, all to the same
//! standings as the original's page and CSV, and to the same next round.

use reqwest::StatusCode;
use serde_json::Value;

use crate::championship::{game_of, play_game, play_table, post_full_hand, slips};
use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};
use baza::domain::random::random_cuatrola_hand_of_game;

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// How many championships the Baza holds.
pub(crate) async fn championships(app: &TestApp) -> i64 {
    app.with_conn(|conn| {
        use baza::db::schema::championship_documents::dsl::*;
        use diesel::prelude::*;
        championship_documents
            .count()
            .get_result::<i64>(conn)
            .unwrap()
    })
    .await
}

/// The standings page's names, in order, and its CSV.
async fn standings_of(app: &TestApp, id: i32) -> (Vec<String>, String) {
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let names = texts(&html, ".standings tbody tr td.name strong");
    let res = app
        .get(&format!("/campeonatos/{id}/clasificacion.csv"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    (names, res.text().await.unwrap())
}

async fn export_text(app: &TestApp, id: i32) -> String {
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.unwrap()
}

/// Pairs and publishes the next round.
async fn pair_round(app: &TestApp, id: i32, round: u32) {
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round} paired");
    let res = post(
        app,
        &format!("/campeonatos/{id}/rondas/{round}/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// The version a table's page shows.
async fn version_of(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    let html = app.page_as(client, path).await;
    attr(&html, "p.table-status", "data-version")
        .or_else(|| attr(&html, "form.switch-form input[name=version]", "value"))
        .or_else(|| attr(&html, "form.score-form input[name=version]", "value"))
        .expect("the table's version")
}

/// Enters one random legal hand of a cuatrola game from the scorekeeper's phone.
async fn enter_hand(app: &TestApp, keeper: &reqwest::Client, game: i32, seed: u64) {
    let file: Value = app
        .get(&format!("/partidas/{game}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    let dealer = file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8;
    let record = random_cuatrola_hand_of_game(seed, dealer, [0, 0]);
    let res = post_full_hand(app, keeper, game, &record.to_value()).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// Uploads `text` as the file of the web's championship import (multipart, as the
/// form's file field sends it).
pub(crate) async fn upload(app: &TestApp, club: i32, text: &str) -> reqwest::Response {
    let csrf = app.csrf().await;
    let boundary = "----bazaFileReadsBack";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"campeonato.json\"\r\nContent-Type: application/json\r\n\r\n{text}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n\r\n\
         --{boundary}--\r\n"
    );
    app.client
        .post(app.url(&format!("/clubes/{club}/campeonatos/importar")))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

/// Imports `text` on the web into club `club`: the new championship's id.
pub(crate) async fn imported(app: &TestApp, club: i32, text: &str) -> i32 {
    let res = upload(app, club, text).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "imported");
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.contains("hecho=importado"), "{location}");
    location
        .trim_start_matches("/campeonatos/")
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

pub(crate) fn baza_json(args: &[&str]) -> Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "baza {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn pairings(round: &Value) -> Value {
    round["pairings"].clone()
}

#[tokio::test]
async fn a_championship_with_a_typed_and_an_overridden_table_reads_back_to_the_same_standings_everywhere()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Peña La Baza", "Medina de Rioseco")
        .await;
    let res = post(
        &app,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Cuatrola de otoño"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "hands"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
            ("tb2", "point_difference"),
            ("tb3", "points_for"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::id_of(&res);
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ] {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }

    // Round 1. Table 1 plays its partida to the end; before the other pair signs,
    // the director overrides it with a typed score that gives the match to the
    // other pair.
    pair_round(&app, id, 1).await;
    let round1 = slips(&app, id, "ronda=1").await;
    assert_eq!(round1.len(), 2);
    let keeper = new_client();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", round1[0].path),
        &[("pin", &round1[0].pins[0])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = game_of(&app, &keeper, &round1[0].path).await;
    let played = play_game(&app, &keeper, game, 11).await;
    let overridden = if played.winner == 0 {
        ["12", "21"]
    } else {
        ["21", "12"]
    };
    let v = version_of(&app, &app.client, &round1[0].path).await;
    let res = post(
        &app,
        &round1[0].path,
        &[
            ("score_a", overridden[0]),
            ("score_b", overridden[1]),
            ("version", &v),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the override is saved");

    // Table 2 enters one hand, then its phone dies: the director switches it to a
    // typed result, its pair types 21–9 and the other pair signs.
    let keeper2 = new_client();
    let res = post_form_as(
        &app,
        &keeper2,
        &format!("{}/pin", round1[1].path),
        &[("pin", &round1[1].pins[0])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game2 = game_of(&app, &keeper2, &round1[1].path).await;
    enter_hand(&app, &keeper2, game2, 4242).await;
    let v = version_of(&app, &app.client, &round1[1].path).await;
    let res = post(
        &app,
        &format!("{}/escrita", round1[1].path),
        &[("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "switched to typed");
    let v = version_of(&app, &keeper2, &round1[1].path).await;
    let res = post_form_as(
        &app,
        &keeper2,
        &round1[1].path,
        &[("score_a", "21"), ("score_b", "9"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the pair types it");
    let v = version_of(&app, &keeper2, &round1[1].path).await;
    let res = post_form_as(
        &app,
        &keeper2,
        &format!("{}/firma", round1[1].path),
        &[("version", &v), ("pin", &round1[1].pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the other pair signs");

    // Round 2: both tables play hand by hand and sign.
    pair_round(&app, id, 2).await;
    for (k, slip) in slips(&app, id, "ronda=2").await.iter().enumerate() {
        play_table(&app, slip, 20 + k as u64).await;
    }

    // The export: the typed results say so and carry their partidas as a record;
    // the played ones come from their games.
    let text = export_text(&app, id).await;
    let doc: Value = serde_json::from_str(&text).unwrap();
    let r1 = doc["rounds"][0]["results"].as_array().unwrap();
    assert_eq!(r1[0]["typed"], true, "{}", r1[0]);
    assert_eq!(
        r1[0]["score"],
        serde_json::json!([
            overridden[0].parse::<u32>().unwrap(),
            overridden[1].parse::<u32>().unwrap()
        ])
    );
    assert_eq!(r1[0]["games"].as_array().map(Vec::len), Some(1));
    assert_eq!(r1[1]["typed"], true, "{}", r1[1]);
    assert_eq!(r1[1]["score"], serde_json::json!([21, 9]));
    assert_eq!(
        r1[1]["games"][0]["hands"].as_array().map(Vec::len),
        Some(1),
        "the abandoned partida goes with it, its one hand"
    );
    for r in doc["rounds"][1]["results"].as_array().unwrap() {
        assert!(r.get("typed").is_none(), "{r}");
        assert!(!r["games"].as_array().unwrap().is_empty());
    }
    let (names, csv) = standings_of(&app, id).await;
    assert_eq!(names.len(), 4);

    // `baza standings` and `baza pair` read it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cuatrola.json");
    std::fs::write(&path, &text).unwrap();
    let rows = baza_json(&["standings", path.to_str().unwrap(), "--json"]);
    let cli_names: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(cli_names, names, "baza standings");
    let next = baza_json(&["pair", path.to_str().unwrap(), "--json"]);
    assert_eq!(next["number"], 3);

    // The web's import reads it into a new championship with the same standings.
    let copy = imported(&app, club, &text).await;
    assert_ne!(copy, id);
    let (copy_names, copy_csv) = standings_of(&app, copy).await;
    assert_eq!(copy_names, names, "the imported standings page");
    assert_eq!(copy_csv, csv, "the imported standings CSV");
    // And exports again to a file with the same results.
    let again: Value = serde_json::from_str(&export_text(&app, copy).await).unwrap();
    assert_eq!(again["rounds"], doc["rounds"]);

    // `baza tournament import` reads it too, and `baza tournament export` writes
    // the same rounds back.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args([
            "tournament",
            "import",
            path.to_str().unwrap(),
            "--db",
            &app.db.url,
        ])
        .args(["--club", &club.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let by_cli: i32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(
        standings_of(&app, by_cli).await.0,
        names,
        "imported by the command"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args([
            "tournament",
            "export",
            &by_cli.to_string(),
            "--db",
            &app.db.url,
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let exported: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(exported["rounds"], doc["rounds"]);

    // The next round is the same from the file, the original and the copy.
    pair_round(&app, id, 3).await;
    pair_round(&app, copy, 3).await;
    let original: Value = serde_json::from_str(&export_text(&app, id).await).unwrap();
    let copied: Value = serde_json::from_str(&export_text(&app, copy).await).unwrap();
    assert_eq!(pairings(&original["rounds"][2]), pairings(&next));
    assert_eq!(pairings(&copied["rounds"][2]), pairings(&next));
}

#[tokio::test]
async fn a_bad_championship_file_is_refused_on_the_web_with_what_is_wrong_and_nothing_is_created() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña Sur", "Rioseco").await;
    let html = app.page(&format!("/clubes/{club}"), StatusCode::OK).await;
    assert_eq!(
        attr(
            &html,
            &format!("a[href='/clubes/{club}/campeonatos/importar']"),
            "href"
        )
        .as_deref(),
        Some(format!("/clubes/{club}/campeonatos/importar").as_str()),
        "the club's page leads to the import"
    );
    let form = app
        .page(
            &format!("/clubes/{club}/campeonatos/importar"),
            StatusCode::OK,
        )
        .await;
    assert!(attr(&form, "form.tournament-import input[name=csrf]", "value").is_some());
    let count = || championships(&app);
    let before = count().await;
    // Not JSON at all, pasted.
    let res = post(
        &app,
        &format!("/clubes/{club}/campeonatos/importar"),
        &[("text", "{\"format\": \"baza-tournament/1\",")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(alert.contains("línea 1"), "{alert}");
    assert_eq!(
        texts(&html, "textarea[name=text]"),
        vec!["{\"format\": \"baza-tournament/1\","],
        "what was pasted is shown again"
    );
    // A file with a score over the match format's cap; in English.
    let example = crate::tournaments::documented_example();
    let mut doc: Value = serde_json::from_str(&example).unwrap();
    doc["rounds"][0]["results"][0]["score"] = serde_json::json!([200, 64]);
    let res = app
        .client
        .post(app.url(&format!("/clubes/{club}/campeonatos/importar")))
        .header("accept-language", "en")
        .form(&[("csrf", app.csrf().await), ("text", doc.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(
        alert.contains("The championship was not imported") && alert.contains("(round 1, table 1)"),
        "{alert}"
    );
    assert!(!alert.contains("rounds[0]"), "no field names: {alert}");
    // Not a championship at all: an upload of a game file.
    let res = upload(&app, club, "{\"format\": \"baza-game/1\"}").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        texts(&html, ".alert")
            .join(" ")
            .contains("no es un campeonato de Baza"),
        "{:?}",
        texts(&html, ".alert")
    );
    assert_eq!(count().await, before, "nothing was written");
    // A referee of another club may not import here.
    let other = new_client();
    let res = post_form_as(
        &app,
        &other,
        &format!("/clubes/{club}/campeonatos/importar"),
        &[("text", example.as_str())],
    )
    .await;
    assert!(res.status().is_client_error() || res.status().is_redirection());
    assert_eq!(count().await, before);
    // The documented example imports, uploaded as a file larger than other forms
    // take (a championship's games make big files).
    let big = format!("{example}{}", " ".repeat(600 * 1024));
    let res = upload(&app, club, &big).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(count().await, before + 1);
}

#[tokio::test]
async fn every_championship_of_the_demo_exports_to_a_file_that_reads_back_to_its_standings() {
    let app = TestApp::with_demo().await;
    let checked = app
        .with_conn(|conn| {
            use baza::db::schema::championship_documents::dsl::*;
            use diesel::prelude::*;
            let ids: Vec<i32> = championship_documents
                .select(championship_id)
                .load(conn)
                .unwrap();
            for id in &ids {
                let export = baza::db::championship::tables::export(conn, *id)
                    .unwrap()
                    .unwrap();
                let text = serde_json::to_string(&export.file).unwrap();
                let back = baza::domain::tournament::parse(&text)
                    .unwrap_or_else(|e| panic!("championship {id}: {e}"));
                let stored = baza::db::championship::store::load(conn, *id)
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    baza::domain::tournament::standings(&back),
                    baza::domain::tournament::standings(&stored.file),
                    "championship {id}"
                );
            }
            ids.len()
        })
        .await;
    assert!(checked >= 2, "{checked} championships");
}

/// Each table of round 1 in play in an exported file: (table, typed, hands entered).
fn in_play_of(text: &str) -> Vec<(u64, bool, usize)> {
    let doc: Value = serde_json::from_str(text).unwrap();
    let mut v: Vec<(u64, bool, usize)> = doc["rounds"][0]["in_play"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let hands = p["games"]
                .as_array()
                .map(|g| {
                    g.iter()
                        .map(|x| x["hands"].as_array().map_or(0, Vec::len))
                        .sum()
                })
                .unwrap_or(0);
            (
                p["table"].as_u64().unwrap(),
                p["typed"].as_bool().unwrap_or(false),
                hands,
            )
        })
        .collect();
    v.sort();
    v
}

#[tokio::test]
async fn a_table_switched_to_typed_results_without_one_is_exported_as_such_and_imports_the_same() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Tordesillas").await;
    let res = post(
        &app,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Cuatrola de invierno"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "hands"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::id_of(&res);
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    pair_round(&app, id, 1).await;
    let round1 = slips(&app, id, "ronda=1").await;
    // Table 1 enters a hand, then is switched to typed results; table 2 is switched
    // before any hand. Neither has its result yet.
    let keeper = new_client();
    post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", round1[0].path),
        &[("pin", &round1[0].pins[0])],
    )
    .await;
    let game = game_of(&app, &keeper, &round1[0].path).await;
    enter_hand(&app, &keeper, game, 77).await;
    for slip in &round1 {
        let v = version_of(&app, &app.client, &slip.path).await;
        let res = post(&app, &format!("{}/escrita", slip.path), &[("version", &v)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "switched to typed");
    }
    let text = export_text(&app, id).await;
    let tables = in_play_of(&text);
    assert_eq!(tables, vec![(1, true, 1), (2, true, 0)], "{text}");
    // Read back on the web: the tables still wait for a typed result, the hand kept
    // as a record, and the new championship exports the same.
    let res = upload(&app, club, &text).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let copy: i32 = location.split('/').nth(2).unwrap().parse().unwrap();
    let rows = app
        .with_conn(move |conn| baza::db::championship::store::tables(conn, copy).unwrap())
        .await;
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(
            (r.typed, r.status.as_str()),
            (1, "playing"),
            "table {}",
            r.table_no
        );
    }
    assert_eq!(in_play_of(&export_text(&app, copy).await), tables);
    // `baza standings` reads the file too.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typed.json");
    std::fs::write(&path, &text).unwrap();
    let standings = baza_json(&["standings", path.to_str().unwrap(), "--json"]);
    assert!(standings.is_array() || standings.is_object(), "{standings}");
}

#[tokio::test]
async fn a_refused_championship_file_is_explained_in_the_pages_language_not_in_english_on_a_spanish_page()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña Sur", "Rioseco").await;
    let example = crate::tournaments::documented_example();
    let mut doc: Value = serde_json::from_str(&example).unwrap();
    doc["rounds"][0]["number"] = serde_json::json!(5);
    for (lang, said) in [
        ("es", "ronda número 5 donde se esperaba la 1"),
        ("ca", "ronda número 5 on s'esperava la 1"),
        ("en", "round number 5 where 1 was expected"),
    ] {
        let res = app
            .client
            .post(app.url(&format!("/clubes/{club}/campeonatos/importar")))
            .header("accept-language", lang)
            .form(&[("csrf", app.csrf().await), ("text", doc.to_string())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&html, ".alert").join(" ");
        assert!(alert.contains(said), "{lang}: {alert}");
        if lang != "en" {
            assert!(!alert.contains("was expected"), "{lang}: {alert}");
        }
    }
    // The file's readers outside the web keep the English.
    let e = baza::domain::tournament::parse(&doc.to_string()).unwrap_err();
    assert_eq!(e.message, "round number 5 where 1 was expected");
}

/// A championship file whose text does not read (a comma missing) or whose values
/// are not a championship's is refused in the page's language saying what and where,
/// never serde's English, with what was pasted kept; the CLI says it in words too.
#[tokio::test]
async fn a_championship_file_that_does_not_read_is_worded_in_the_pages_language_and_kept() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña Sur", "Rioseco").await;
    let no_comma = "{\n  \"format\": \"baza-tournament/1\"\n  \"rounds\": []\n}";
    let mut doc: Value = serde_json::from_str(&crate::tournaments::documented_example()).unwrap();
    doc["rounds"] = serde_json::json!("ninguna");
    let wrong_type = doc.to_string();
    for (lang, text, words) in [
        (
            "es",
            no_comma,
            "El campeonato no se ha importado: el fichero no se puede leer. Falta una coma en la línea 3, columna 3.",
        ),
        (
            "en",
            no_comma,
            "The championship was not imported: the file cannot be read. A comma is missing at line 3, column 3.",
        ),
        (
            "es",
            wrong_type.as_str(),
            "No es un fichero de campeonato de Baza (en la línea 1, columna",
        ),
        (
            "en",
            wrong_type.as_str(),
            "It is not a Baza championship file (at line 1, column",
        ),
    ] {
        let res = app
            .client
            .post(app.url(&format!("/clubes/{club}/campeonatos/importar")))
            .header("accept-language", lang)
            .form(&[("csrf", app.csrf().await.as_str()), ("text", text)])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&html, ".alert").join(" ");
        assert!(alert.contains(words), "{lang}: {alert}");
        for english in ["expected", "invalid type", "EOF", "line 1 column"] {
            assert!(!alert.contains(english), "{lang}: {alert}");
        }
        assert_eq!(texts(&html, "textarea[name=text]"), vec![text], "{lang}");
    }
    assert_eq!(championships(&app).await, 0, "nothing was written");
    // The command line says it in words as well.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campeonato.json");
    std::fs::write(&path, no_comma).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .args(["standings", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("A comma is missing at line 3, column 3"),
        "{err}"
    );
    assert!(!err.contains("expected"), "{err}");
}
