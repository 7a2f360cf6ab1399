//! Championship rules as organisers write them: the small things a table, a slip and
//! the director's page say, and the Swiss that avoids same-club pairings.

use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, new_client, post_form_as, texts};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// A one-round Swiss of cuatrola, timed at 30 minutes, made by the club's organiser
/// (signed in on `app.client`): its id.
async fn one_round_swiss(app: &TestApp, entry: &str) -> i32 {
    let club = app
        .club_with_organiser("Peña La Baza", "Medina de Rioseco")
        .await;
    ChampionshipForm::thirty_minutes(entry)
        .create(app, club)
        .await
}

/// Two pairs entered and round 1 published: the championship's one table slip.
async fn first_table(app: &TestApp, id: i32) -> (String, [String; 2]) {
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
    }
    post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    post(app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let path = texts(&html, ".slip .table-path").remove(0);
    let a = texts(&html, ".slip .pin-a strong").remove(0);
    let b = texts(&html, ".slip .pin-b strong").remove(0);
    (path, [a, b])
}

/// Sets when every table of the app's championships started: `secs` seconds ago.
async fn started_ago(app: &TestApp, secs: i64) {
    app.with_conn(move |conn| {
        use baza::db::schema::championship_tables::dsl;
        use diesel::prelude::*;
        let then = baza::web::account::now() - chrono::TimeDelta::seconds(secs);
        diesel::update(dsl::championship_tables)
            .set(dsl::started_at.eq(Some(then)))
            .execute(conn)
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn the_spanish_director_page_of_a_championship_without_entrants_is_all_spanish() {
    let app = TestApp::spawn().await;
    let id = one_round_swiss(&app, "hands").await;
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let body = html.root_element().text().collect::<Vec<_>>().join(" ");
    assert!(
        body.contains(
            "Hacen falta al menos dos inscritos que puedan jugar para emparejar una ronda."
        ),
        "{body}"
    );
    for english in ["entrants", "round", "pair ", "Pair", "cannot", "fewer"] {
        assert!(!body.contains(english), "{english:?} in {body}");
    }
    // One round is "1 ronda", not "1 rondas".
    assert!(body.contains("Suizo a 1 ronda "), "{body}");
    assert!(!body.contains("1 rondas"), "{body}");
}

#[tokio::test]
async fn a_table_with_half_a_minute_left_says_one_minute_left_until_the_server_says_time_up() {
    let app = TestApp::spawn().await;
    let id = one_round_swiss(&app, "hands").await;
    let (path, _) = first_table(&app, id).await;
    // 29 minutes 30 seconds of 30 gone: the server does not end the match yet.
    started_ago(&app, 29 * 60 + 30).await;
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(texts(&html, ".time-left"), vec!["Queda 1 minuto"]);
    started_ago(&app, 25 * 60 + 1).await;
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(texts(&html, ".time-left"), vec!["Quedan 5 minutos"]);
    started_ago(&app, 30 * 60 + 1).await;
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(
        texts(&html, ".time-left"),
        vec!["Tiempo cumplido: la mano en juego es la última"]
    );
}

#[tokio::test]
async fn a_drawn_result_is_signed_by_the_other_pair_not_by_a_losing_one() {
    let app = TestApp::spawn().await;
    let id = one_round_swiss(&app, "result").await;
    let (path, pins) = first_table(&app, id).await;
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let line = texts(&slips, ".slip .sign-line").remove(0);
    assert!(line.contains("si hay empate, de las dos parejas"), "{line}");
    let keeper = new_client();
    post_form_as(&app, &keeper, &format!("{path}/pin"), &[("pin", &pins[0])]).await;
    let version = {
        let res = keeper.get(app.url(&path)).send().await.unwrap();
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        crate::helpers::attr(&html, ".score-form input[name=version]", "value").unwrap()
    };
    let res = post_form_as(
        &app,
        &keeper,
        &path,
        &[("version", &version), ("score_a", "1"), ("score_b", "1")],
    )
    .await;
    assert!(
        res.status().is_redirection() || res.status().is_success(),
        "{}",
        res.status()
    );
    let res = keeper.get(app.url(&path)).send().await.unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let help = texts(&html, ".sign-form p");
    assert_eq!(
        help,
        vec![
            "La pareja contraria firma el resultado anotado, un empate: las dos parejas están de acuerdo con él."
        ]
    );
    assert!(!help[0].contains("perdedora"));
}

#[tokio::test]
async fn table_options_that_contradict_the_match_limits_are_refused_with_a_message() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya La Baza", "Lloret de Mar")
        .await;
    for (option, value, said) in [
        (
            "opt.botifarra.deal_limit",
            "8",
            "«Máximo de manos» 8 y el formato del partido 12 manos",
        ),
        (
            "opt.botifarra.target",
            "51",
            "la partida se juega a 51 y el formato del partido a 101",
        ),
    ] {
        let res = ChampionshipForm::new("Open de botifarra")
            .set("game", "botifarra")
            .set("rounds", "5")
            .set("match_format", "timed")
            .set("target", "101")
            .set("partidas", "3")
            .set("max_hands", "12")
            .set("minutes", "55")
            .set("cap", "121")
            .set(option, value)
            .post(&app, club)
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let body = html.root_element().text().collect::<Vec<_>>().join(" ");
        assert!(body.contains(said), "{body}");
        // The form comes back with what was typed.
        assert!(
            html.select(&scraper::Selector::parse("input[name=name]").unwrap())
                .any(|i| i.value().attr("value") == Some("Open de botifarra"))
        );
    }
}

#[tokio::test]
async fn a_swiss_avoids_same_club_pairings_as_its_form_says_in_three_languages() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya La Baza", "Lloret de Mar")
        .await;
    let form = format!("/clubes/{club}/campeonatos/nuevo");
    for (lang, label, first) in [
        (
            "es",
            "Parejas del mismo club (suizo)",
            "Evitarlas en las primeras rondas",
        ),
        (
            "ca",
            "Parelles del mateix club (suís)",
            "Evitar-les a les primeres rondes",
        ),
        (
            "en",
            "Pairs of the same club (Swiss)",
            "Avoid in the first rounds",
        ),
    ] {
        let res = app.get_with_lang(&form, lang).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let labels = texts(&html, "label");
        assert!(
            labels.iter().any(|l| l.starts_with(label)),
            "{lang}: {labels:?}"
        );
        let options = texts(&html, "select[name=same_club] option");
        assert!(options.iter().any(|o| o == first), "{lang}: {options:?}");
    }
    let form_of = |rounds: &str| {
        ChampionshipForm::new("Open de cuatrola")
            .set("rounds", "3")
            .set("same_club", "first")
            .set("same_club_rounds", rounds)
            .set("target", "21")
            .set("partidas", "3")
            .set("max_hands", "20")
            .set("minutes", "45")
            .set("cap", "25")
            .set("entry", "result")
    };
    // A number of rounds that is not one is refused with the form again.
    let res = form_of("muchas").post(&app, club).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        crate::helpers::attr(&html, "input[name=same_club_rounds]", "value").as_deref(),
        Some("muchas")
    );
    let id = form_of("2").create(&app, club).await;
    // Seeds 1 and 3 of one club, 2 and 4 of another: the usual 1–3 and 2–4 would pair
    // each club with itself.
    for (n, c) in [
        ("Ana – Berta", "Casal"),
        ("Carlos – Dani", "Penya"),
        ("Elena – Fina", "Casal"),
        ("Gil – Hugo", "Penya"),
    ] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n), ("club", c)],
        )
        .await;
    }
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let body = html.root_element().text().collect::<Vec<_>>().join(" ");
    assert!(
        body.contains("sin parejas del mismo club en las rondas 1–2 si se puede"),
        "{body}"
    );
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    let doc: serde_json::Value = res.json().await.unwrap();
    assert_eq!(
        doc["event"]["same_club"],
        serde_json::json!({"avoid_first": 2})
    );
    let club_of = |id: &serde_json::Value| {
        doc["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == *id)
            .unwrap()["club"]
            .clone()
    };
    let pairings = doc["rounds"][0]["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2, "{pairings:?}");
    for p in pairings {
        assert_ne!(club_of(&p["a"]), club_of(&p["b"]), "{p}");
    }
}
