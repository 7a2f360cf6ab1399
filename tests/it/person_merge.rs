//! Merging two records of one person from two clubs, as an administrator: the
//! confirmation lists what moves, the merge moves memberships, championship entrants,
//! licence and rating history to the kept person, and the audit undoes it to the same
//! ratings as before.

use chrono::NaiveDate;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, new_client, post_form_as, texts};
use baza::db::{self, queries, register};

const CLUB_A: &str = "Peña El Tres";
const CLUB_B: &str = "Club Parchís";
const OPEN: &str = "Open de Parchís";
const CIRCUIT: &str = "Circuito comarcal";

/// What [`world`] made: two clubs, the one woman as two people, a championship of
/// club B and a circuit over it.
struct World {
    club_a: i32,
    /// Marta Gil, member of club A.
    keep: i32,
    /// Marta Gil Ruiz, member of club B, with a licence and a year of birth.
    drop: i32,
    event: i32,
    circuit: i32,
}

fn at(day: u32) -> chrono::NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, day)
        .and_then(|d| d.and_hms_opt(18, 0, 0))
        .unwrap()
}

/// A finished two-player tute game of `club` on day `day`, won by seat `winner`.
fn finished_game(conn: &mut db::DbConn, club: i32, seats: [&str; 2], winner: i32, day: u32) {
    let seats = serde_json::to_string(&seats).unwrap();
    let id = db::games::insert_game(
        conn,
        &db::games::NewGame {
            club_id: club,
            game: "tute",
            players: 2,
            options: "{}",
            first_dealer: 0,
            seats: &seats,
            status: "finished",
            pin: "1234",
            created_by: "test",
            created_at: at(day),
            updated_at: at(day),
            series_id: None,
            best_of: 1,
            tail: None,
        },
    )
    .unwrap();
    diesel::RunQueryDsl::execute(
        diesel::update(diesel::QueryDsl::find(db::schema::games::table, id)).set(
            diesel::ExpressionMethods::eq(db::schema::games::winner, Some(winner)),
        ),
        conn,
    )
    .unwrap();
}

fn club(conn: &mut db::DbConn, name: &'static str, members: &[&str]) -> i32 {
    let id = queries::insert_club(
        conn,
        &queries::NewClub {
            name,
            town: "Tarancón",
            created_at: at(1),
        },
    )
    .unwrap();
    for m in members {
        register::add_member(conn, id, m, None, at(1)).unwrap();
    }
    id
}

fn person_of(conn: &mut db::DbConn, club: i32, name: &str) -> register::Person {
    let p = queries::club_players(conn, club)
        .unwrap()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap();
    register::find(conn, p.person_id).unwrap().unwrap()
}

/// A botifarra Swiss of four pairs that all met: the first pair beats everyone, the
/// second the last two, the third the last. The first pair names its people by code.
fn open_file(marta: &str, dora: &str) -> Value {
    let names = ["Marta y Dora", "Eva y Fina", "Gala y Hugo", "Iris y Juan"];
    let mut entrants: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| json!({"id": (i + 1).to_string(), "name": n}))
        .collect();
    entrants[0]["people"] = json!([
        {"name": "Marta Gil Ruiz", "key": marta, "licence": "CV 1234"},
        {"name": "Dora", "key": dora},
    ]);
    let rounds: Vec<Value> = [
        [("1", "2"), ("3", "4")],
        [("1", "3"), ("2", "4")],
        [("1", "4"), ("2", "3")],
    ]
    .iter()
    .enumerate()
    .map(|(r, t)| {
        json!({
            "number": r + 1,
            "pairings": [{"table": 1, "a": t[0].0, "b": t[0].1},
                         {"table": 2, "a": t[1].0, "b": t[1].1}],
            "results": [{"table": 1, "score": [101, 50]}, {"table": 2, "score": [101, 60]}],
        })
    })
    .collect();
    json!({
        "format": "baza-tournament/1",
        "event": {
            "name": OPEN, "game": "botifarra", "options": {"target": 101},
            "system": {"kind": "swiss", "rounds": 3},
            "match_format": {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121},
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "tiebreaks": ["wins", "point_difference", "points_for", "lot"],
            "seed": 7
        },
        "entrants": entrants,
        "rounds": rounds,
    })
}

/// `baza` on the app's database; its standard output.
fn baza(app: &TestApp, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(args)
        .args(["--db", &app.db.url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `baza ratings recompute --json`.
fn ratings(app: &TestApp) -> Vec<Value> {
    let out = baza(app, &["ratings", "recompute", "--json"]);
    serde_json::from_str::<Value>(&out)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn row_of(rows: &[Value], id: i32) -> Option<&Value> {
    rows.iter()
        .find(|r| r["player_id"].as_i64() == Some(i64::from(id)))
}

/// The games rated of person `id` over every game (a row of each game's list).
fn games_of(rows: &[Value], id: i32) -> u64 {
    rows.iter()
        .filter(|r| r["player_id"].as_i64() == Some(i64::from(id)))
        .filter_map(|r| r["games"].as_u64())
        .sum()
}

/// Two clubs; Marta plays two finished games in each, as a different person in
/// each; as Marta Gil Ruiz she also plays the Open of club B (named by her code),
/// which a circuit counts. An administrator is signed in on `app.client`.
async fn world(app: &TestApp) -> World {
    let (club_a, keep, drop, dora, club_b) = app
        .with_conn(|conn| {
            let a = club(conn, CLUB_A, &["Marta Gil", "Ana Ruiz", "Berta Sanz"]);
            let b = club(
                conn,
                CLUB_B,
                &[
                    "Marta Gil Ruiz",
                    "Dora",
                    "Eva",
                    "Fina",
                    "Gala",
                    "Hugo",
                    "Iris",
                    "Juan",
                ],
            );
            finished_game(conn, a, ["Marta Gil", "Ana Ruiz"], 0, 2);
            finished_game(conn, a, ["Marta Gil", "Berta Sanz"], 1, 3);
            finished_game(conn, a, ["Ana Ruiz", "Berta Sanz"], 0, 3);
            finished_game(conn, b, ["Marta Gil Ruiz", "Dora"], 0, 4);
            finished_game(conn, b, ["Eva", "Marta Gil Ruiz"], 0, 5);
            let keep = person_of(conn, a, "Marta Gil");
            let drop = person_of(conn, b, "Marta Gil Ruiz");
            diesel::RunQueryDsl::execute(
                diesel::update(diesel::QueryDsl::find(db::schema::people::table, drop.id)).set((
                    diesel::ExpressionMethods::eq(db::schema::people::licence, Some("CV1234")),
                    diesel::ExpressionMethods::eq(db::schema::people::birth_year, Some(1990)),
                )),
                conn,
            )
            .unwrap();
            let dora = person_of(conn, b, "Dora");
            (a, keep, drop, dora, b)
        })
        .await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, open_file(&drop.code, &dora.code).to_string()).unwrap();
    let event: i32 = baza(
        app,
        &[
            "tournament",
            "import",
            path.to_str().unwrap(),
            "--club",
            &club_b.to_string(),
            "--starts-on",
            "2026-11-20",
        ],
    )
    .trim()
    .parse()
    .unwrap();
    let circuit = app
        .with_conn(move |conn| {
            db::circuits::insert(
                conn,
                club_b,
                CIRCUIT,
                &baza::domain::circuit::Scoring::default(),
                &[event],
                "test",
                at(21),
            )
            .unwrap()
        })
        .await;
    let pw = app.add_user("admin", "admin", None).await;
    app.login(&app.client, "admin", &pw).await;
    World {
        club_a,
        keep: keep.id,
        drop: drop.id,
        event,
        circuit,
    }
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

async fn merge(app: &TestApp, keep: i32, drop: i32, confirm: bool) -> reqwest::Response {
    let (k, d) = (keep.to_string(), drop.to_string());
    let mut fields = vec![("keep", k.as_str()), ("drop", d.as_str())];
    if confirm {
        fields.push(("confirm", "1"));
    }
    post(app, "/admin/personas/fusionar", &fields).await
}

/// The sentences of the confirmation of merging `drop` into `keep`.
async fn moves_of(app: &TestApp, keep: i32, drop: i32) -> Vec<String> {
    let body = merge(app, keep, drop, false).await.text().await.unwrap();
    texts(&scraper::Html::parse_document(&body), "ul.merge-moves li")
}

fn location(res: &reqwest::Response) -> String {
    res.headers()["location"].to_str().unwrap().to_owned()
}

async fn person(app: &TestApp, id: i32) -> register::Person {
    app.with_conn(move |conn| register::find(conn, id).unwrap().unwrap())
        .await
}

async fn clubs_of(app: &TestApp, id: i32) -> Vec<String> {
    app.with_conn(move |conn| register::memberships(conn, id).unwrap())
        .await
        .into_iter()
        .map(|m| m.club)
        .collect()
}

/// The people of the Open's first entrant: (name, key).
async fn first_entrant(app: &TestApp, event: i32) -> Vec<(String, Option<String>)> {
    app.with_conn(move |conn| db::championship::store::load(conn, event).unwrap().unwrap())
        .await
        .file
        .entrants[0]
        .people
        .iter()
        .map(|p| (p.name.clone(), p.key.clone()))
        .collect()
}

/// The people with a line in the circuit.
async fn circuit_people(app: &TestApp, id: i32) -> Vec<i32> {
    app.with_conn(move |conn| {
        let c = db::circuits::find(conn, id).unwrap().unwrap();
        db::circuits::standings(conn, &c)
            .unwrap()
            .players
            .iter()
            .map(|r| r.key)
            .collect()
    })
    .await
}

/// The addresses the undo forms of an audit page post to.
fn undo_actions(page: &str) -> Vec<String> {
    let html = scraper::Html::parse_document(page);
    let sel = scraper::Selector::parse("ul.audit-lines form").unwrap();
    html.select(&sel)
        .filter_map(|f| f.value().attr("action").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn an_administrator_merges_one_woman_of_two_clubs_and_undoing_it_gives_the_same_ratings() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let before = ratings(&app);
    let (k0, d0) = (games_of(&before, w.keep), games_of(&before, w.drop));
    // Two club games as Marta Gil; two club games and three championship rounds as
    // Marta Gil Ruiz.
    assert_eq!(k0, 2);
    assert_eq!(d0, 5);
    assert!(circuit_people(&app, w.circuit).await.contains(&w.drop));

    // The pickers, reachable from the administration's pages.
    let clubs_page = app.get("/admin/clubes").await.text().await.unwrap();
    assert!(clubs_page.contains("href=\"/admin/personas/fusionar\""));
    let form = app
        .page(
            &format!("/admin/personas/fusionar?keep={}&drop={}", w.keep, w.drop),
            StatusCode::OK,
        )
        .await;
    let selected = texts(&form, "select[name=drop] option[selected]");
    assert_eq!(selected, [format!("Marta Gil Ruiz ({CLUB_B}) · CV1234")]);

    // Without confirm: what moves, in words with counts, and nothing moved yet.
    let res = merge(&app, w.keep, w.drop, false).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.unwrap();
    let html = scraper::Html::parse_document(&body);
    let moves = texts(&html, "ul.merge-moves li").join("\n");
    for line in [
        format!("1 ficha de club pasa a Marta Gil: {CLUB_B}."),
        "No juega en ninguna pareja de club.".to_owned(),
        "2 partidas de club con un asiento suyo.".to_owned(),
        format!("Inscrita en 1 campeonato: {OPEN}."),
        format!(
            "1 campeonato la nombra por su código o su licencia y pasará a nombrar a Marta Gil: {OPEN}."
        ),
        "Historial de puntuación de Tute: 2 partidas puntuadas en 2 periodos se suman a las 2 de Marta Gil".to_owned(),
        format!("Tiene línea en 1 circuito, que pasará a Marta Gil: {CIRCUIT}."),
        "Su licencia (CV1234) pasa a Marta Gil".to_owned(),
        "Su año de nacimiento (1990) pasa a Marta Gil".to_owned(),
    ] {
        assert!(moves.contains(&line), "{line}\n in:\n{moves}");
    }
    assert_eq!(ratings(&app), before, "a confirmation changes nothing");

    // Confirmed: one person with both memberships, her games and her championship.
    let res = merge(&app, w.keep, w.drop, true).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&res), format!("/jugadores/{}", w.keep));
    assert_eq!(clubs_of(&app, w.keep).await, [CLUB_A, CLUB_B]);
    assert!(clubs_of(&app, w.drop).await.is_empty());
    let (kept, dropped) = (person(&app, w.keep).await, person(&app, w.drop).await);
    assert_eq!(dropped.merged_into, Some(w.keep));
    assert_eq!(kept.licence.as_deref(), Some("CV1234"));
    assert_eq!(kept.birth_year, Some(1990));
    assert_eq!((dropped.licence, dropped.birth_year), (None, None));
    assert_eq!(
        first_entrant(&app, w.event).await[0],
        ("Marta Gil".to_owned(), Some(kept.code.clone()))
    );
    let page = app
        .page(&format!("/jugadores/{}", w.keep), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, ".club-spans a"), [CLUB_A, CLUB_B]);
    assert_eq!(
        texts(&page, "ul.cards.games li").len(),
        4,
        "all her club games"
    );
    assert!(texts(&page, "table tbody td a").contains(&OPEN.to_owned()));
    let res = app.get(&format!("/jugadores/{}", w.drop)).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&res), format!("/jugadores/{}", w.keep));
    // Rated once in each game she played (tute, botifarra), with every game of both.
    let after = ratings(&app);
    assert!(row_of(&after, w.drop).is_none());
    assert_eq!(games_of(&after, w.keep), 7);
    let martas: Vec<&Value> = after
        .iter()
        .filter(|r| r["name"].as_str().unwrap().starts_with("Marta"))
        .collect();
    assert!(
        martas.iter().all(|r| r["player_id"] == w.keep),
        "{martas:?}"
    );
    let games: Vec<&str> = martas.iter().map(|r| r["game"].as_str().unwrap()).collect();
    assert_eq!(games, ["tute", "botifarra"]);
    let table = app.page("/puntuaciones", StatusCode::OK).await;
    let names = texts(&table, "table.ratings tbody td:nth-child(2)");
    assert_eq!(names.iter().filter(|n| n.starts_with("Marta")).count(), 1);
    let lines = circuit_people(&app, w.circuit).await;
    assert!(lines.contains(&w.keep) && !lines.contains(&w.drop));

    // The audit has the merge, in words, with its undo.
    let audit = app
        .get("/admin/personas/auditoria")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        audit.contains("fusionó a Marta Gil Ruiz con Marta Gil: son la misma persona"),
        "{audit}"
    );
    let rows = app
        .with_conn(|conn| db::person_merge::audit(conn).unwrap())
        .await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (
            rows[0].action.as_str(),
            rows[0].entity.as_str(),
            rows[0].entity_id
        ),
        ("merge", "person", w.keep)
    );
    let undo = format!("/admin/personas/fusionar/{}/deshacer", rows[0].id);
    assert_eq!(undo_actions(&audit), std::slice::from_ref(&undo));
    for (lang, words) in [
        ("ca", "va fusionar Marta Gil Ruiz amb Marta Gil"),
        ("en", "merged Marta Gil Ruiz into Marta Gil"),
    ] {
        let page = app.get_with_lang("/admin/personas/auditoria", lang).await;
        assert!(page.text().await.unwrap().contains(words), "{lang}");
    }

    // Undone: two people again, with the ratings of before, to the last digit.
    let res = post(&app, &undo, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(ratings(&app), before);
    assert_eq!(clubs_of(&app, w.keep).await, [CLUB_A]);
    assert_eq!(clubs_of(&app, w.drop).await, [CLUB_B]);
    let (kept, dropped) = (person(&app, w.keep).await, person(&app, w.drop).await);
    assert_eq!((kept.licence, kept.birth_year), (None, None));
    assert_eq!(dropped.licence.as_deref(), Some("CV1234"));
    assert_eq!(
        (dropped.birth_year, dropped.merged_into),
        (Some(1990), None)
    );
    assert_eq!(
        first_entrant(&app, w.event).await[0],
        ("Marta Gil Ruiz".to_owned(), Some(dropped.code.clone()))
    );
    assert!(circuit_people(&app, w.circuit).await.contains(&w.drop));
    app.page(&format!("/jugadores/{}", w.drop), StatusCode::OK)
        .await;
    let audit = app
        .get("/admin/personas/auditoria")
        .await
        .text()
        .await
        .unwrap();
    assert!(audit.contains("deshizo la fusión de Marta Gil Ruiz con Marta Gil"));
    assert!(undo_actions(&audit).is_empty(), "undone once");
    let res = post(&app, &undo, &[]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("Esta fusión ya se deshizo.")
    );
}

#[tokio::test]
async fn a_merge_of_a_woman_rated_at_tute_and_at_botifarra_tells_and_records_her_rated_games_per_game()
 {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    // The confirmation: one sentence a game, each with that game's games only (Marta
    // Gil has two at tute and none at botifarra).
    let moves = moves_of(&app, w.keep, w.drop).await;
    let rated: Vec<&String> = moves
        .iter()
        .filter(|m| m.starts_with("Historial de puntuación"))
        .collect();
    assert_eq!(
        rated,
        [
            "Historial de puntuación de Tute: 2 partidas puntuadas en 2 periodos se suman a las 2 \
             de Marta Gil; su puntuación de Tute se vuelve a calcular con toda la historia.",
            "Historial de puntuación de Botifarra: 3 partidas puntuadas en 3 periodos pasan a \
             Marta Gil, que no tenía ninguna; su puntuación de Botifarra se vuelve a calcular \
             con toda la historia.",
        ],
        "{moves:#?}"
    );
    // Merged: the audit row records each game's rated games of each, and its line
    // says them per game, in every language.
    let res = merge(&app, w.keep, w.drop, true).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let rows = app
        .with_conn(|conn| db::person_merge::audit(conn).unwrap())
        .await;
    let record = db::person_merge::record_of(&rows[0]).unwrap();
    let game = |game: &str, kept, merged| db::person_merge::RatedGames {
        game: game.to_owned(),
        kept,
        merged,
    };
    assert_eq!(
        record.rated,
        [
            game("tute", (2, 2), (2, 2)),
            game("botifarra", (0, 0), (3, 3))
        ]
    );
    for (lang, words) in [
        (
            "es",
            "Pasan sus partidas puntuadas: 2 de Tute, 3 de Botifarra.",
        ),
        (
            "ca",
            "Passen les seves partides puntuades: 2 de Tute, 3 de Botifarra.",
        ),
        ("en", "Rated games moved: 2 of Tute, 3 of Botifarra."),
    ] {
        let page = app.get_with_lang("/admin/personas/auditoria", lang).await;
        let body = page.text().await.unwrap();
        assert!(body.contains(words), "{lang}: {body}");
    }
    // Someone never rated: one sentence that says so.
    let (a, b) = app
        .with_conn(|conn| {
            let at = at(22);
            let a = register::create(conn, "Nadia Sanz", None, None, at).unwrap();
            let b = register::create(conn, "Nadia Sanz Gil", None, None, at).unwrap();
            (a, b)
        })
        .await;
    let moves = moves_of(&app, a, b).await;
    assert!(
        moves.contains(&"No tiene ninguna partida puntuada en ningún juego.".to_owned()),
        "{moves:#?}"
    );
}

#[tokio::test]
async fn merging_people_is_for_administrators_and_an_organiser_gets_403() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let pw = app.add_user("org", "organiser", Some(w.club_a)).await;
    let org = new_client();
    app.login(&org, "org", &pw).await;
    let res = org
        .get(app.url("/admin/personas/fusionar"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let (k, d) = (w.keep.to_string(), w.drop.to_string());
    let fields = [("keep", k.as_str()), ("drop", d.as_str()), ("confirm", "1")];
    let res = post_form_as(&app, &org, "/admin/personas/fusionar", &fields).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = org
        .get(app.url("/admin/personas/auditoria"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        person(&app, w.drop).await.merged_into,
        None,
        "nothing merged"
    );
    // Without the form's CSRF token even an administrator's post is refused.
    let res = app
        .client
        .post(app.url("/admin/personas/fusionar"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_person_is_not_merged_into_herself_and_a_stale_form_says_she_was_merged_already() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let res = merge(&app, w.keep, w.keep, true).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("no se fusiona consigo misma")
    );
    let res = post(
        &app,
        "/admin/personas/fusionar",
        &[("keep", "abc"), ("drop", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("Elige la ficha que se queda")
    );
    let res = merge(&app, w.keep, 999_999, false).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // The confirmation is read, then someone merges her first: the form is stale.
    assert_eq!(
        merge(&app, w.keep, w.drop, false).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        merge(&app, w.keep, w.drop, true).await.status(),
        StatusCode::SEE_OTHER
    );
    let res = merge(&app, w.keep, w.drop, true).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("La ficha que se quita ya se fusionó con otra (Marta Gil Ruiz → Marta Gil)"),
        "{body}"
    );
    // And the other way round: the one that went cannot stay.
    let res = merge(&app, w.drop, w.keep, false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let rows = app
        .with_conn(|conn| db::person_merge::audit(conn).unwrap())
        .await;
    assert_eq!(rows.len(), 1, "one merge");
}

#[tokio::test]
async fn two_memberships_of_one_club_become_one_and_that_merge_says_it_cannot_be_undone() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    // Club A also registered her as "M. Gil", another person, with a game of hers.
    let other = app
        .with_conn(move |conn| {
            register::add_member(conn, w.club_a, "M. Gil", None, at(6)).unwrap();
            finished_game(conn, w.club_a, ["M. Gil", "Ana Ruiz"], 0, 6);
            person_of(conn, w.club_a, "M. Gil").id
        })
        .await;
    let res = merge(&app, w.keep, other, false).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("En Peña El Tres las dos tienen ficha («Marta Gil» y «M. Gil»)"),
        "{body}"
    );
    assert!(body.contains("Esta fusión no se podrá deshacer"), "{body}");
    assert_eq!(
        merge(&app, w.keep, other, true).await.status(),
        StatusCode::SEE_OTHER
    );
    let names: Vec<String> = app
        .with_conn(move |conn| queries::club_players(conn, w.club_a).unwrap())
        .await
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ana Ruiz", "Berta Sanz", "Marta Gil"]);
    assert_eq!(games_of(&ratings(&app), w.keep), 3);
    let rows = app
        .with_conn(|conn| db::person_merge::audit(conn).unwrap())
        .await;
    let audit = app
        .get("/admin/personas/auditoria")
        .await
        .text()
        .await
        .unwrap();
    assert!(undo_actions(&audit).is_empty(), "no undo offered");
    let res = post(
        &app,
        &format!("/admin/personas/fusionar/{}/deshacer", rows[0].id),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("Esta fusión no se puede deshacer: en Peña El Tres las dos fichas del club se fusionaron en una"),
        "{body}"
    );
    assert_eq!(person(&app, other).await.merged_into, Some(w.keep));
}

#[tokio::test]
async fn an_undo_is_refused_and_changes_nothing_when_the_championship_changed_since() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    assert_eq!(
        merge(&app, w.keep, w.drop, true).await.status(),
        StatusCode::SEE_OTHER
    );
    // The director unlinks her from the Open afterwards.
    let event = w.event;
    app.with_conn(move |conn| {
        let mut t = db::championship::store::load(conn, event).unwrap().unwrap();
        t.file.entrants[0].people[0].key = None;
        let doc = serde_json::to_string(&t.file).unwrap();
        diesel::RunQueryDsl::execute(
            diesel::update(diesel::QueryDsl::find(
                db::schema::championship_documents::table,
                event,
            ))
            .set(diesel::ExpressionMethods::eq(
                db::schema::championship_documents::document,
                doc,
            )),
            conn,
        )
        .unwrap();
    })
    .await;
    let rows = app
        .with_conn(|conn| db::person_merge::audit(conn).unwrap())
        .await;
    let res = post(
        &app,
        &format!("/admin/personas/fusionar/{}/deshacer", rows[0].id),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("Los inscritos del campeonato Open de Parchís cambiaron desde la fusión. No se ha tocado nada."),
        "{body}"
    );
    assert_eq!(person(&app, w.drop).await.merged_into, Some(w.keep));
    assert_eq!(clubs_of(&app, w.keep).await, [CLUB_A, CLUB_B]);
    assert_eq!(
        person(&app, w.keep).await.licence.as_deref(),
        Some("CV1234")
    );
}
