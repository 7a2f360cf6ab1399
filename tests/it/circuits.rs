//! Season circuits over HTTP: three championships with players changing partners,
//! one result corrected afterwards, checked against a table computed here.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, post_form_as, texts};

const PLAYERS: [&str; 8] = ["Ana", "Bea", "Carla", "Dani", "Eva", "Fede", "Gil", "Hugo"];
const POINTS: [u32; 4] = [100, 80, 65, 55];
const BEST: usize = 2;

/// A botifarra championship of four pairs that all met (three rounds): the first pair
/// beats everyone, the second beats the last two, the third the last.
pub(crate) fn championship(name: &str, pairs: [(&str, &str); 4]) -> serde_json::Value {
    let entrants: Vec<_> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| json!({"id": (i + 1).to_string(), "name": format!("{a} y {b}")}))
        .collect();
    let rounds = [
        [("1", "2"), ("3", "4")],
        [("1", "3"), ("2", "4")],
        [("1", "4"), ("2", "3")],
    ];
    let rounds: Vec<_> = rounds
        .iter()
        .enumerate()
        .map(|(r, tables)| {
            json!({
                "number": r + 1,
                "pairings": [{"table": 1, "a": tables[0].0, "b": tables[0].1},
                             {"table": 2, "a": tables[1].0, "b": tables[1].1}],
                "results": [{"table": 1, "score": [101, 50]}, {"table": 2, "score": [101, 60]}],
            })
        })
        .collect();
    json!({
        "format": "baza-tournament/1",
        "event": {
            "name": name, "game": "botifarra", "options": {"target": 101},
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

pub(crate) fn import(app: &TestApp, club: i32, file: &serde_json::Value, date: &str) -> i32 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(["tournament", "import", path.to_str().unwrap()])
        .args([
            "--club",
            &club.to_string(),
            "--starts-on",
            date,
            "--db",
            &app.db.url,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// The circuit as computed here: each player's points per event by final place,
/// the best two summed.
pub(crate) fn expected(events: &[[(&str, &str); 4]]) -> BTreeMap<String, u32> {
    let mut points: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for event in events {
        for (place, (a, b)) in event.iter().enumerate() {
            for p in [a, b] {
                points.entry(p.to_string()).or_default().push(POINTS[place]);
            }
        }
    }
    points
        .into_iter()
        .map(|(p, mut list)| {
            list.sort_unstable_by(|a, b| b.cmp(a));
            (p, list.iter().take(BEST).sum())
        })
        .collect()
}

/// The per-player table of the circuit's page: name → total, in the page's order.
pub(crate) async fn shown(app: &TestApp, id: i32) -> Vec<(String, u32)> {
    let page = app.page(&format!("/circuitos/{id}"), StatusCode::OK).await;
    let table = scraper::Selector::parse("table.circuit-table").unwrap();
    let row = scraper::Selector::parse("tbody tr").unwrap();
    let cell = scraper::Selector::parse("td").unwrap();
    let first = page.select(&table).next().unwrap();
    first
        .select(&row)
        .map(|tr| {
            let cells: Vec<String> = tr
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            (cells[1].clone(), cells.last().unwrap().parse().unwrap())
        })
        .collect()
}

fn check(shown: &[(String, u32)], expected: &BTreeMap<String, u32>) {
    let got: BTreeMap<String, u32> = shown.iter().cloned().collect();
    assert_eq!(&got, expected);
    assert!(
        shown.windows(2).all(|w| w[0].1 >= w[1].1),
        "best total first: {shown:?}"
    );
}

/// A server with the circuit's club, its eight players, and its organiser signed in
/// on `app.client`: the app and the club's id.
pub(crate) async fn circuit_club() -> (TestApp, i32) {
    let app = TestApp::spawn().await;
    let club = app
        .with_conn(|conn| {
            let now = baza::web::account::now();
            let club = baza::db::queries::insert_club(
                conn,
                &baza::db::queries::NewClub {
                    name: "Penya del Circuit",
                    town: "Lleida",
                    created_at: now,
                },
            )
            .unwrap();
            for name in PLAYERS {
                baza::db::register::add_member(conn, club, name, None, now).unwrap();
            }
            club
        })
        .await;
    let pw = app.add_user("orga", "organiser", Some(club)).await;
    app.login(&app.client, "orga", &pw).await;
    (app, club)
}

#[tokio::test]
async fn a_three_event_circuit_follows_players_across_partners_and_moves_with_a_correction() {
    let (app, club) = circuit_club().await;
    let mut events = vec![
        [
            ("Ana", "Bea"),
            ("Carla", "Dani"),
            ("Eva", "Fede"),
            ("Gil", "Hugo"),
        ],
        [
            ("Ana", "Carla"),
            ("Bea", "Eva"),
            ("Dani", "Gil"),
            ("Fede", "Hugo"),
        ],
        [
            ("Bea", "Dani"),
            ("Ana", "Hugo"),
            ("Carla", "Fede"),
            ("Eva", "Gil"),
        ],
    ];
    let ids: Vec<i32> = events
        .iter()
        .enumerate()
        .map(|(i, pairs)| {
            import(
                &app,
                club,
                &championship(&format!("Prova {}", i + 1), *pairs),
                &format!("2026-0{}-10", i + 1),
            )
        })
        .collect();
    let path = format!("/clubes/{club}/circuitos/nuevo");
    // A points table that is not highest first: the form again, as typed, 422.
    let mut fields = vec![
        ("name", "Circuit de botifarra 2026".to_string()),
        ("points", "80, 100".to_string()),
        ("floor", "10".to_string()),
        ("best", BEST.to_string()),
    ];
    fields.extend(ids.iter().map(|id| ("event", id.to_string())));
    let res = post_form(&app, &path, &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("de mayor a menor") && body.contains("value=\"80, 100\""),
        "{body}"
    );
    fields[1].1 = POINTS.map(|p| p.to_string()).join(", ");
    let res = post_form(&app, &path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let circuit: i32 = location.trim_start_matches("/circuitos/").parse().unwrap();
    let table = shown(&app, circuit).await;
    check(&table, &expected(&events));
    // Ana: 100 + 100 (+80 not counted); Bea: 100 + 100 (+80): tied on points, wins
    // (two each), best place and head-to-head (each ahead once): the order they were
    // registered in decides.
    assert_eq!(table[0], ("Ana".to_string(), 200));
    assert_eq!(table[1], ("Bea".to_string(), 200));
    // The pair standings: twelve pairs, each with one event.
    let page = app.page(&location, StatusCode::OK).await;
    assert_eq!(texts(&page, "table.circuit-table").len(), 2);
    let pair_rows = page
        .select(&scraper::Selector::parse("table.circuit-table").unwrap())
        .nth(1)
        .unwrap()
        .select(&scraper::Selector::parse("tbody tr").unwrap())
        .count();
    assert_eq!(pair_rows, 12);
    // The print page has the same table.
    let print = app
        .page(&format!("/circuitos/{circuit}/imprimir"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&print, "table.circuit-table td.total"),
        texts(&page, "table.circuit-table td.total")
    );

    // Event 3, round 1, table 1 corrected: pair 2 (Ana y Hugo) beat pair 1 (Bea y Dani),
    // so Ana and Hugo finish first and Bea and Dani second.
    let token = "circuit_token";
    app.add_api_token("orga", token).await;
    let third = ids[2];
    let version = app.table_version(third, 1, 1).await;
    let res = reqwest::Client::new()
        .post(app.url(&format!(
            "/api/v1/campeonatos/{third}/rondas/1/mesas/1/resultado"
        )))
        .bearer_auth(token)
        .json(&json!({"score_a": 50, "score_b": 101, "version": version, "confirm": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );
    events[2] = [
        ("Ana", "Hugo"),
        ("Bea", "Dani"),
        ("Carla", "Fede"),
        ("Eva", "Gil"),
    ];
    let after = shown(&app, circuit).await;
    check(&after, &expected(&events));
    assert_ne!(after, table, "the correction moved the circuit");
    // Hugo: 55, 55, now 100: best two 155 instead of 135.
    assert!(after.contains(&("Hugo".to_string(), 155)), "{after:?}");

    // The spreadsheet holds the page's players' table, totals as numbers, and the
    // pairs' table on a second tab.
    let page = app.page(&location, StatusCode::OK).await;
    let href = crate::helpers::attr(&page, "a[href$='clasificacion.xlsx']", "href").unwrap();
    let bytes = app
        .client
        .get(app.url(&href))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();
    let book = crate::sheets::worksheets(bytes);
    assert_eq!(book.len(), 2);
    let rows = &book[0].1;
    let from_sheet: Vec<(String, u32)> = rows[1..]
        .iter()
        .map(|r| {
            let total = match r.last().unwrap() {
                calamine::Data::Float(f) => *f as u32,
                calamine::Data::Int(i) => *i as u32,
                other => panic!("the total is a number, not {other:?}"),
            };
            (r[1].to_string(), total)
        })
        .collect();
    assert_eq!(from_sheet, after);
    assert_eq!(book[1].1.len(), 13, "a header and twelve pairs");
}

async fn post_form(
    app: &TestApp,
    path: &str,
    fields: &[(&'static str, String)],
) -> reqwest::Response {
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post_form_as(app, &app.client, path, &refs).await
}

#[tokio::test]
async fn an_administrator_offers_every_clubs_championships_for_a_circuit_and_an_organiser_only_their_own()
 {
    let app = TestApp::with_demo().await;
    // A second club with a championship of its own.
    let other = app.add_club("Casal de Ponent", "Lleida").await;
    let theirs = import(
        &app,
        other,
        &championship(
            "Open de Ponent",
            [
                ("Ana", "Bea"),
                ("Carla", "Dani"),
                ("Eva", "Fede"),
                ("Gil", "Hugo"),
            ],
        ),
        "2026-05-10",
    );
    let offered = |page: &scraper::Html| -> Vec<String> {
        page.select(&scraper::Selector::parse("input[name=event]").unwrap())
            .filter_map(|i| i.value().attr("value").map(str::to_owned))
            .collect()
    };
    let org = crate::helpers::new_client();
    let pw = app.add_user("orga", "organiser", Some(1)).await;
    app.login(&org, "orga", &pw).await;
    let res = org
        .get(app.url("/clubes/1/circuitos/nuevo"))
        .send()
        .await
        .unwrap();
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(!offered(&page).contains(&theirs.to_string()));
    assert!(!offered(&page).is_empty());

    let pw = app.add_user("root", "admin", None).await;
    app.login(&app.client, "root", &pw).await;
    let page = app.page("/clubes/1/circuitos/nuevo", StatusCode::OK).await;
    assert!(offered(&page).contains(&theirs.to_string()));
    assert!(
        texts(&page, "label")
            .iter()
            .any(|l| l.contains("Open de Ponent · Casal de Ponent"))
    );
}

#[tokio::test]
async fn a_championship_ticked_on_a_circuit_form_read_before_it_was_taken_out_and_deleted_is_named_on_the_409_page_in_each_language()
 {
    use crate::from_scratch::{form_values, post_fields, set};
    let (app, club) = circuit_club().await;
    let pairs = [
        ("Ana", "Bea"),
        ("Carla", "Dani"),
        ("Eva", "Fede"),
        ("Gil", "Hugo"),
    ];
    let ids: Vec<String> = (1..=3)
        .map(|k| {
            let file = championship(&format!("Prova {k}"), pairs);
            import(&app, club, &file, &format!("2026-0{k}-10")).to_string()
        })
        .collect();
    let mut fields = vec![
        ("name", "Circuit de botifarra".to_owned()),
        ("points", "100, 80, 65, 55".to_owned()),
        ("floor", "10".to_owned()),
        ("best", String::new()),
    ];
    fields.extend(ids.iter().map(|id| ("event", id.clone())));
    let res = post_form(&app, &format!("/clubes/{club}/circuitos/nuevo"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let circuit = res.headers()["location"].to_str().unwrap().to_owned();
    let edit = format!("{circuit}/editar");
    // The organiser opens the form, the three ticked; meanwhile an administrator
    // takes the third out of the circuit and deletes it.
    let mine = form_values(&app.page(&edit, StatusCode::OK).await, "form.circuit-form");
    let ticked = |f: &[(String, String)]| -> Vec<String> {
        let mut ids: Vec<String> = f
            .iter()
            .filter(|(k, _)| k == "event")
            .map(|(_, v)| v.clone())
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(ticked(&mine), ids);
    let pw = app.add_user("federacio", "admin", None).await;
    let admin = crate::helpers::new_client();
    app.login(&admin, "federacio", &pw).await;
    let mut theirs = form_values(&app.page_as(&admin, &edit).await, "form.circuit-form");
    theirs.retain(|(k, v)| !(k == "event" && *v == ids[2]));
    let res = post_fields(&app, &admin, &edit, &theirs).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let path = format!("/campeonatos/{}/borrar", ids[2]);
    let res = post_form_as(&app, &admin, &path, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "Prova 3 deleted");

    // The organiser's save, read before: refused, as typed, and the deleted
    // championship named as taken out of what was ticked, in each language.
    let mut typed = mine.clone();
    set(&mut typed, "name", "Circuit d'hivern");
    let csrf = app.csrf().await;
    typed.push(("csrf".into(), csrf));
    let mut again = Vec::new();
    for (lang, words) in [
        (
            "es",
            "Ya no se puede elegir Prova 3 (se borró, o no es de este club): se ha quitado de lo que marcaste.",
        ),
        (
            "ca",
            "Ja no es pot triar Prova 3 (s'ha esborrat, o no és d'aquest club): s'ha tret del que vas marcar.",
        ),
        (
            "en",
            "Prova 3 can no longer be chosen (deleted, or not this club's): it was taken out of what you ticked.",
        ),
    ] {
        let res = app
            .client
            .post(app.url(&edit))
            .header("Accept-Language", lang)
            .form(&typed)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT, "{lang}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(
            texts(&page, "p.error").len(),
            1,
            "{lang}: the stale message"
        );
        assert_eq!(texts(&page, "p.circuit-dropped"), [words], "{lang}");
        again = form_values(&page, "form.circuit-form");
        assert!(again.contains(&("name".into(), "Circuit d'hivern".into())));
        assert_eq!(ticked(&again), &ids[..2], "{lang}");
    }
    // Sent again as it came back: saved, over the first two.
    let res = post_fields(&app, &app.client, &edit, &again).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page(&circuit, StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), ["Circuit d'hivern"]);
    assert_eq!(texts(&page, ".circuit-events a"), ["Prova 1", "Prova 2"]);
}

/// A club made at *Primeros pasos* and its cuatrola championship from the form's
/// defaults, two pairs registered through its form and round 1 published: (club,
/// championship).
async fn round_one_published(app: &TestApp) -> (i32, i32) {
    use crate::from_scratch::{
        club_from_first_run, defaults_for, id_of, new_championship, register_and_pair,
    };
    let club = club_from_first_run(app).await;
    let fields = defaults_for(app, club, "cuatrola", "partida").await;
    let id = id_of(&new_championship(app, club, &fields).await);
    register_and_pair(app, id, &["Pérez – Gil", "Vidal – Lasa"]).await;
    (club, id)
}

/// Circuit "Circuito de Otoño" of club `club` over championship `id`, made through
/// its form from the form's defaults: its address.
async fn autumn_circuit(app: &TestApp, club: i32, id: i32) -> String {
    use crate::from_scratch::{form_values, post_fields, set};
    let new = format!("/clubes/{club}/circuitos/nuevo");
    let form = app.page(&new, StatusCode::OK).await;
    let mut fields = form_values(&form, &format!("form[action='{new}']"));
    set(&mut fields, "name", "Circuito de Otoño");
    fields.push(("event".to_owned(), id.to_string()));
    let res = post_fields(app, &app.client, &new, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// The wall screen of a championship a club's circuit counts names that circuit under
/// the championship's name, linked to the circuit's standings, for the public too (a
/// circuit made after the wall was first shown appears at its next refresh); with no
/// circuit it says nothing of circuits.
#[tokio::test]
async fn the_wall_of_a_championship_a_circuit_made_through_its_form_counts_links_the_circuits_standings()
 {
    let app = TestApp::spawn().await;
    let (club, id) = round_one_published(&app).await;
    let wall = format!("/campeonatos/{id}/directo");
    let public = crate::helpers::new_client();
    let html = app.page_as(&public, &wall).await;
    assert!(texts(&html, ".circuits-fed").is_empty(), "no circuit yet");
    assert!(!html.html().contains("/circuitos/"), "no circuit yet");

    let circuit = autumn_circuit(&app, club, id).await;

    for client in [&public, &app.client] {
        let html = app.page_as(client, &wall).await;
        assert_eq!(
            texts(&html, "p.circuits-fed").join(" "),
            "Cuenta para el circuito: Circuito de Otoño"
        );
        assert_eq!(
            crate::helpers::attr(&html, "p.circuits-fed a", "href").as_deref(),
            Some(circuit.as_str())
        );
    }
    let standings = app.page_as(&public, &circuit).await;
    assert_eq!(
        texts(&standings, "h1"),
        ["Circuito de Otoño"],
        "the link opens the circuit's standings"
    );
}

/// On a 360 px phone the wall names the circuit its championship counts in within the
/// screen, and its link opens the circuit's standings.
#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_the_wall_names_the_circuit_its_championship_counts_in_and_follows_it()
 {
    let app = TestApp::spawn().await;
    let (club, id) = round_one_published(&app).await;
    let circuit = autumn_circuit(&app, club, id).await;
    let Some(browser) = crate::browser::Browser::phone_at(
        "in_a_browser_on_a_360_px_phone_the_wall_names_the_circuit_its_championship_counts_in_and_follows_it",
        &app.url(&format!("/campeonatos/{id}/directo")),
    )
    .await
    else {
        return;
    };
    browser
        .assert_fits(360, "the wall of a championship a circuit counts")
        .await;
    assert_eq!(
        browser.text("p.circuits-fed").await,
        "Cuenta para el circuito: Circuito de Otoño"
    );
    browser.submit("p.circuits-fed a").await;
    assert_eq!(browser.path().await, circuit);
    assert_eq!(browser.text("h1").await, "Circuito de Otoño");
}
