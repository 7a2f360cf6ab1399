//! The champion of a championship with a knockout phase: a club's cuatrola
//! championship of eight pairs, a three-round Swiss whose results are typed at the
//! tables and signed by the other pair, the best four to a knockout seeded from the
//! Swiss and played at its tables the same way, and then the champion at the top of
//! the championship's page, the wall, the printed ranking and the standings files,
//! with the final ranking 1..8 across the phases.

use baza::domain::status::TableStatus;
use reqwest::StatusCode;

use crate::helpers::{TestApp, attr, new_client, post_form_as, signed_from_its_own_phone, texts};
use baza::db::championship::store::{self as store, TableRow};

/// A club with its organiser signed in on `app.client`.
pub(crate) async fn club(app: &TestApp) -> i32 {
    app.club_with_organiser("Peña El Triunfo", "Tordesillas")
        .await
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The stored tables of a round (`phase` 0) or of a knockout phase.
pub(crate) async fn tables(app: &TestApp, id: i32, phase: i32) -> Vec<TableRow> {
    app.with_conn(move |conn| store::phase_tables(conn, id, phase).unwrap())
        .await
}

pub(crate) fn path_of(row: &TableRow) -> String {
    baza::web::championship::table_path(row.championship_id, row.phase, row.round_no, row.table_no)
}

/// A table's result typed by pair a's scorekeeper (its PIN on its own phone) and
/// signed by pair b with its PIN on another phone: `a_wins` says who won 21–12.
pub(crate) async fn play_at_table(app: &TestApp, row: &TableRow, a_wins: bool) {
    let path = path_of(row);
    let keeper = new_client();
    let res = post_form_as(app, &keeper, &format!("{path}/pin"), &[("pin", &row.pin)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (a, b) = if a_wins { ("21", "12") } else { ("12", "21") };
    let version = row.version.to_string();
    let res = post_form_as(
        app,
        &keeper,
        &path,
        &[("score_a", a), ("score_b", b), ("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "proposed at {path}");
    let fresh = tables(app, row.championship_id, row.phase)
        .await
        .into_iter()
        .find(|r| r.id == row.id)
        .unwrap();
    assert_eq!(fresh.status, TableStatus::Proposed);
    let res = signed_from_its_own_phone(app, &path, &row.pin_b).await;
    let status = res.status();
    if status != StatusCode::SEE_OTHER {
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        panic!("signed at {path}: {status} {:?}", texts(&html, "main p"));
    }
}

/// A cuatrola championship of eight pairs whose results are typed at the tables,
/// with its three Swiss rounds played (pair a wins at every table). Returns its id.
pub(crate) async fn swiss_played(app: &TestApp, club: i32) -> i32 {
    let res = post(
        app,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Campeonato de cuatrola de Tordesillas"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "result"),
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
    let id: i32 = crate::from_scratch::id_of(&res);
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
        "Inés – Jaime",
        "Laura – Mario",
        "Nuria – Óscar",
        "Pilar – Quique",
    ] {
        let res = post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    for round in 1..=3 {
        let res = post(
            app,
            &format!("/campeonatos/{id}/rondas"),
            &[("tables", "4")],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round} paired");
        let res = post(
            app,
            &format!("/campeonatos/{id}/rondas/{round}/publicar"),
            &[],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let rows: Vec<TableRow> = tables(app, id, 0)
            .await
            .into_iter()
            .filter(|r| r.round_no == round)
            .collect();
        assert_eq!(rows.len(), 4);
        for row in &rows {
            play_at_table(app, row, true).await;
        }
    }
    id
}

/// The names of the Swiss standings, in order, as the championship's page shows them.
async fn swiss_order(app: &TestApp, id: i32) -> Vec<String> {
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    texts(&html, ".standings tbody tr td.name strong")
}

/// The final ranking on a page: (place, pair) per line.
fn final_lines(html: &scraper::Html) -> Vec<(String, String)> {
    let places = texts(html, ".final-ranking tbody td.place");
    let names = texts(html, ".final-ranking tbody td.finalist strong");
    places.into_iter().zip(names).collect()
}

#[tokio::test]
async fn the_knockout_champion_heads_the_page_the_wall_the_print_and_the_files() {
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let id = swiss_played(&app, club).await;
    let swiss = swiss_order(&app, id).await;
    assert_eq!(swiss.len(), 8);

    // The best four to a knockout seeded from the Swiss: 1 v 4, 2 v 3.
    let bracket = crate::from_scratch::best_four_drawn(&app, id).await;
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let html = app
        .page(&format!("/cuadros/{bracket}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, ".seeding"),
        vec!["sembrado de la clasificación del suizo: 1 contra 4, 2 contra 3"]
    );
    let boxes = texts(&html, ".mcode");
    assert_eq!(boxes, ["Semifinal 1", "Semifinal 2", "Final"], "no codes");
    assert!(!html.html().contains("W1.1"));

    // Before the final: the Swiss standings as before, the bracket's state, no
    // champion yet.
    assert!(texts(&page, ".final-ranking").is_empty());
    assert_eq!(texts(&page, ".final-ranking-pending").len(), 1);
    assert_eq!(
        texts(&page, ".phase-standings h2"),
        vec!["Clasificación del suizo"]
    );
    assert_eq!(
        texts(&page, ".phases .stage"),
        ["Semifinal 1", "Semifinal 2"]
    );
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, "#fases td.stage"),
        ["Semifinal 1", "Semifinal 2"]
    );
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?fase={bracket}"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        texts(&slips, ".slip h2 .stage"),
        ["Semifinal 1", "Semifinal 2"]
    );
    let semis = tables(&app, id, bracket).await;
    assert_eq!(semis.len(), 2);
    let table = app.page(&path_of(&semis[0]), StatusCode::OK).await;
    assert!(
        texts(&table, "p.meta")[0].contains("Fase final · Semifinal 1"),
        "{:?}",
        texts(&table, "p.meta")
    );
    // The semi-finals are the Swiss's 1 v 4 and 2 v 3.
    let semi_pairs = texts(&table, ".pair-name");
    assert_eq!(semi_pairs, [swiss[0].clone(), swiss[3].clone()]);

    // The standalone bracket's result form neither offers nor takes a result of a
    // championship's knockout: it points to the table.
    let m = app
        .page(&format!("/cuadros/{bracket}/partidos/0"), StatusCode::OK)
        .await;
    assert!(texts(&m, "form.result-form").is_empty());
    assert_eq!(attr(&m, "a.go-to-table", "href"), Some(path_of(&semis[0])));
    let before = app
        .with_conn(move |conn| baza::db::brackets::find_bracket(conn, bracket).unwrap())
        .await
        .unwrap();
    let res = post(
        &app,
        &format!("/cuadros/{bracket}/partidos/0/resultado"),
        &[("winner", "0"), ("version", &before.version.to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let after = app
        .with_conn(move |conn| baza::db::brackets::find_bracket(conn, bracket).unwrap())
        .await
        .unwrap();
    assert_eq!(after.document, before.document, "nothing recorded");

    // The semi-finals: the Swiss's 4th and 2nd win. The final: its pair b wins.
    for row in &semis {
        let a_wins = row.table_no != 1;
        play_at_table(&app, row, a_wins).await;
    }
    let final_row = tables(&app, id, bracket)
        .await
        .into_iter()
        .find(|r| r.status != TableStatus::Final)
        .expect("the final's table opened");
    let final_page = app.page(&path_of(&final_row), StatusCode::OK).await;
    assert!(texts(&final_page, "p.meta")[0].contains("Fase final · Final"));
    let finalists = texts(&final_page, ".pair-name");
    assert_eq!(finalists, [swiss[3].clone(), swiss[1].clone()]);
    play_at_table(&app, &final_row, false).await;
    let champion = swiss[1].clone();
    let runner_up = swiss[3].clone();

    // The championship's page: the champion on top of the final ranking 1..8, the
    // semi-final losers sharing third, the rest by the Swiss; the Swiss standings
    // still there below.
    let expected: Vec<(String, String)> = [
        ("1", &champion),
        ("2", &runner_up),
        ("3", &swiss[0]),
        ("3", &swiss[2]),
        ("5", &swiss[4]),
        ("6", &swiss[5]),
        ("7", &swiss[6]),
        ("8", &swiss[7]),
    ]
    .iter()
    .map(|(p, n)| (p.to_string(), n.to_string()))
    .collect();
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, ".champion"),
        vec![format!("Campeón: {champion}")]
    );
    assert_eq!(final_lines(&page), expected);
    assert_eq!(texts(&page, ".champion-row td.reached"), ["Campeón"]);
    assert_eq!(
        swiss_order(&app, id).await,
        swiss,
        "the Swiss standings stay"
    );
    assert_eq!(
        texts(&page, ".phases .stage"),
        ["Semifinal 1", "Semifinal 2", "Final"]
    );

    // The wall and the printed ranking.
    let wall = app
        .page(&format!("/campeonatos/{id}/directo"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&wall, ".champion"),
        vec![format!("Campeón: {champion}")]
    );
    assert_eq!(final_lines(&wall), expected);
    let print = app
        .page(
            &format!("/campeonatos/{id}/imprimir/clasificacion"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(final_lines(&print), expected);
    assert_eq!(
        texts(&print, ".standings tbody tr td.name strong"),
        swiss,
        "the Swiss standings printed after it"
    );

    // The standings files: the final ranking first, then the Swiss.
    let csv = app
        .get(&format!("/campeonatos/{id}/clasificacion.csv"))
        .await
        .text()
        .await
        .unwrap();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "Clasificación final");
    assert!(lines[2].starts_with(&format!("1;{champion};")), "{csv}");
    assert!(lines[2].ends_with(";Campeón;2"), "{csv}");
    assert!(lines[3].starts_with(&format!("2;{runner_up};")), "{csv}");
    assert!(lines.contains(&"Clasificación del suizo"), "{csv}");
    let xlsx = app
        .get(&format!("/campeonatos/{id}/clasificacion.xlsx"))
        .await;
    assert_eq!(xlsx.status(), StatusCode::OK);
    let bytes = xlsx.bytes().await.unwrap();
    use calamine::{Data, Reader, Xlsx};
    let mut book = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(
        book.sheet_names(),
        ["Clasificación final", "Clasificación del suizo"]
    );
    let sheet = book.worksheet_range("Clasificación final").unwrap();
    let first = sheet.rows().nth(1).unwrap();
    assert_eq!(first[1], Data::String(champion.clone()));
    assert_eq!(first[3], Data::String("Campeón".into()));
}

#[tokio::test]
async fn a_standalone_bracket_keeps_its_own_result_form() {
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let club = club.to_string();
    let res = post(
        &app,
        "/cuadros/nuevo",
        &[
            ("club", &club),
            ("name", "Relámpago del sábado"),
            ("game", "cuatrola"),
            ("format", "single"),
            ("seeding", "hand"),
            ("paper", "a4"),
            ("names", "Ana\nBea\nCarla\nDolores"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = res.headers()["location"].to_str().unwrap().to_owned();
    let m = app.page(&format!("{id}/partidos/0"), StatusCode::OK).await;
    assert_eq!(texts(&m, "form.result-form").len(), 1);
    assert!(texts(&m, ".played-at-tables").is_empty());
    let version = attr(&m, "form.result-form input[name=version]", "value").unwrap();
    let res = post(
        &app,
        &format!("{id}/partidos/0/resultado"),
        &[("winner", "0"), ("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the result is taken");
}

#[tokio::test]
async fn the_demos_finished_championship_shows_its_champion() {
    let app = TestApp::with_demo().await;
    let id: i32 = app
        .with_conn(|conn| {
            use baza::db::schema::championships;
            use diesel::prelude::*;
            championships::table
                .filter(championships::name.eq("Torneo de cuatrola de las fiestas"))
                .select(championships::id)
                .first(conn)
                .unwrap()
        })
        .await;
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let champion = texts(&page, ".champion");
    assert_eq!(champion.len(), 1);
    assert!(champion[0].starts_with("Campeón: "));
    let lines = final_lines(&page);
    assert_eq!(lines.len(), 8);
    assert_eq!(format!("Campeón: {}", lines[0].1), champion[0]);
}
