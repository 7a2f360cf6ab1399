//! Safe and talkative pages: the public standings and the live wall page agree on
//! what is published; a bracket correction follows the typed score.

use reqwest::StatusCode;

use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};
use baza::domain::bracket::{Bracket, MatchId};

/// The `h2`/`h3` headings and the "no round" notes of a page as an anonymous
/// visitor sees them.
async fn headings(app: &TestApp, path: &str) -> Vec<String> {
    let res = new_client().get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    texts(&html, "h2, h3, p.no-round")
}

/// A club with its organiser signed in on `app.client`.
async fn club_with_organiser(app: &TestApp) -> i32 {
    let club = app
        .with_conn(|conn| {
            baza::db::queries::insert_club(
                conn,
                &baza::db::queries::NewClub {
                    name: "Peña El Arrastre",
                    town: "Tordesillas",
                    created_at: baza::web::account::now(),
                },
            )
            .unwrap()
        })
        .await;
    let pw = app.add_user("organizadora", "organiser", Some(club)).await;
    app.login(&app.client, "organizadora", &pw).await;
    club
}

#[tokio::test]
async fn the_public_standings_and_the_live_page_show_the_same_published_round() {
    let app = TestApp::spawn().await;
    let club = club_with_organiser(&app).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Cuatrola de San Martín"),
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
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id: i32 = res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .parse()
        .unwrap();
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ] {
        post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    let standings = format!("/campeonatos/{id}");
    let live = format!("/campeonatos/{id}/directo");
    let none = "Aún no hay ronda publicada".to_owned();

    // Round 1 paired, not published: neither page shows it, both say so.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for path in [&standings, &live] {
        let h = headings(&app, path).await;
        assert!(h.contains(&none), "{path}: {h:?}");
        assert!(!h.contains(&"Ronda 1".to_owned()), "{path}: {h:?}");
    }

    // Published: both show round 1 at once (the anonymous pages were cached before).
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for path in [&standings, &live] {
        let h = headings(&app, path).await;
        assert!(h.contains(&"Ronda 1".to_owned()), "{path}: {h:?}");
        assert!(!h.contains(&none), "{path}: {h:?}");
    }
}

#[tokio::test]
async fn in_the_demo_every_live_page_shows_what_its_standings_page_shows() {
    let app = TestApp::with_demo().await;
    let mut seen = 0;
    for id in 1..=10 {
        let path = format!("/campeonatos/{id}");
        if app.get(&path).await.status() != StatusCode::OK {
            continue;
        }
        seen += 1;
        let standings = headings(&app, &path).await;
        let live = headings(&app, &format!("{path}/directo")).await;
        // The live page's first heading is the round or phase on the wall.
        assert!(
            standings.contains(&live[0]),
            "{path}: live {live:?}, standings {standings:?}"
        );
    }
    assert!(seen >= 2, "the demo has championships");
}

/// The stored bracket and its version.
async fn bracket(app: &TestApp, id: i32) -> (Bracket, i32) {
    app.with_conn(move |conn| {
        let row = baza::db::brackets::find_bracket(conn, id).unwrap().unwrap();
        (serde_json::from_str(&row.document).unwrap(), row.version)
    })
    .await
}

#[tokio::test]
async fn a_bracket_correction_with_a_new_score_that_changes_the_winner_is_accepted() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
    let res = post_form_as(
        &app,
        &app.client,
        "/cuadros/nuevo",
        &[
            ("club", "1"),
            ("name", "Copa"),
            ("game", "botifarra"),
            ("format", "single"),
            ("seeding", "hand"),
            ("paper", "a4"),
            ("names", "Uno\nDos\nTres\nCuatro"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id: i32 = res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/cuadros/")
        .parse()
        .unwrap();
    let (_, version) = bracket(&app, id).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/cuadros/{id}/partidos/0/resultado"),
        &[
            ("score_0", "101"),
            ("score_1", "60"),
            ("version", &version.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (b, _) = bracket(&app, id).await;
    let m = b.get(MatchId(0)).unwrap();
    assert_eq!(m.result.unwrap().winner, m.entrants()[0].unwrap());

    // The correction form opens with the old winner checked; the organiser types the
    // score the other way round and sends it as it is.
    let body = app
        .get(&format!("/cuadros/{id}/partidos/0"))
        .await
        .text()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&body);
    let checked = attr(
        &html,
        "form.result-form input[name=winner][checked]",
        "value",
    )
    .unwrap();
    assert_eq!(checked, "0");
    let version = attr(&html, "form.result-form input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/cuadros/{id}/partidos/0/corregir"),
        &[
            ("winner", &checked),
            ("score_0", "60"),
            ("score_1", "101"),
            ("version", &version),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the score decides");
    let (b, _) = bracket(&app, id).await;
    let m = b.get(MatchId(0)).unwrap();
    let r = m.result.unwrap();
    assert_eq!(r.winner, m.entrants()[1].unwrap());
    assert_eq!(r.score, Some([60, 101]));
}
