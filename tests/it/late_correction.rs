//! A late correction of a Swiss's round 1, once round 2 was paired from it: before
//! the director confirms it, the table's page says who would have met in round 2
//! with the corrected result, or that round 2 would have been paired the same.

use reqwest::StatusCode;

use crate::browser::Browser;
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};

/// A four-pair botifarra Swiss of two rounds ("Pareja 1" to "Pareja 4"), with the
/// forms' defaults, whose round 1 the director typed (each table won by its pair a,
/// 101 to 40) and whose round 2 is paired: the championship.
/// Also the club.
async fn round_2_paired(app: &TestApp) -> (i32, i32) {
    let club = app.club_with_organiser("Penya Les Bases", "Lloret").await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .set("rounds", "2")
        .create_with_pairs(app, club, "Pareja", 4)
        .await;
    draw(app, id, 1).await;
    for t in 1..=2 {
        let res = typed(app, id, t, ("101", "40"), false).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1, table {t}");
    }
    draw(app, id, 2).await;
    (id, club)
}

/// The director pairs round `round` and publishes it.
async fn draw(app: &TestApp, id: i32, round: u32) {
    for (path, fields) in [
        (format!("/campeonatos/{id}/rondas"), vec![("tables", "")]),
        (format!("/campeonatos/{id}/rondas/{round}/publicar"), vec![]),
    ] {
        let res = post_form_as(app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
}

/// The director types `score` at table `table` of round 1 from its page (with the
/// confirm when `confirm`).
async fn typed(
    app: &TestApp,
    id: i32,
    table: u32,
    score: (&str, &str),
    confirm: bool,
) -> reqwest::Response {
    typed_at(app, id, (1, table), score, confirm).await
}

/// The director types `score` at table `table` of round `round` from its page (with
/// the confirm when `confirm`).
async fn typed_at(
    app: &TestApp,
    id: i32,
    (round, table): (u32, u32),
    score: (&str, &str),
    confirm: bool,
) -> reqwest::Response {
    let path = format!("/campeonatos/{id}/rondas/{round}/mesas/{table}");
    typed_on(app, &path, score, confirm).await
}

/// The director types `score` on the table page at `path`, with the version it
/// shows (and the confirm when `confirm`).
pub(crate) async fn typed_on(
    app: &TestApp,
    path: &str,
    (a, b): (&str, &str),
    confirm: bool,
) -> reqwest::Response {
    let html = app.page(path, StatusCode::OK).await;
    let version = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let mut fields = vec![("score_a", a), ("score_b", b), ("version", &version)];
    if confirm {
        fields.push(("confirm", "1"));
    }
    post_form_as(app, &app.client, path, &fields).await
}

#[tokio::test]
async fn correcting_round_1_the_other_way_shows_round_2_as_played_and_as_it_would_have_been_before_the_confirm()
 {
    let app = TestApp::spawn().await;
    let (id, _) = round_2_paired(&app).await;
    let played = app
        .page(
            &format!("/campeonatos/{id}/rondas/2/mesas/1"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(texts(&played, ".pair-name"), ["Pareja 1", "Pareja 2"]);

    // Table 1 of round 1 was won by its pair b: the page asks for the confirm and
    // says, before its button, who would have met in round 2.
    let res = typed(&app, id, 1, ("40", "101"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.hindsight li"),
        [
            "Ronda 2, mesa 1: jugó Pareja 1 contra Pareja 2; con la corrección serían \
             Pareja 2 contra Pareja 3",
            "Ronda 2, mesa 2: jugó Pareja 3 contra Pareja 4; con la corrección serían \
             Pareja 1 contra Pareja 4",
        ]
    );
    let page = res_order(&html);
    assert!(
        page.hindsight < page.button,
        "said before the confirm button"
    );

    // Confirmed, round 2 stays as played.
    let res = typed(&app, id, 1, ("40", "101"), true).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let after = app
        .page(
            &format!("/campeonatos/{id}/rondas/2/mesas/1"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(texts(&after, ".pair-name"), ["Pareja 1", "Pareja 2"]);
}

#[tokio::test]
async fn correcting_a_round_1_score_that_keeps_its_winner_says_round_2_would_have_been_paired_the_same()
 {
    let app = TestApp::spawn().await;
    let (id, _) = round_2_paired(&app).await;
    let res = typed(&app, id, 1, ("101", "60"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.hindsight li"),
        ["Con la corrección, la ronda 2 se habría emparejado igual"]
    );
    assert!(
        !texts(&html, "ul.dependents li").is_empty(),
        "its tables, as before"
    );
}

#[tokio::test]
async fn rounds_drawn_around_a_withdrawal_are_not_said_to_be_changed_by_hand_when_round_1_is_corrected()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Penya Les Bases", "Lloret").await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .set("rounds", "4")
        .create_with_pairs(&app, club, "Pareja", 6)
        .await;
    for round in 1..=3 {
        draw(&app, id, round).await;
        let tables = if round < 3 { 3 } else { 2 };
        for t in 1..=tables {
            let res = typed_at(&app, id, (round, t), ("101", "40"), false).await;
            assert_eq!(
                res.status(),
                StatusCode::SEE_OTHER,
                "round {round}, table {t}"
            );
        }
        if round == 2 {
            // Pareja 6 leaves after round 2; round 3 is drawn without it.
            let path = format!("/campeonatos/{id}/inscritos/6/retirar");
            let res = post_form_as(&app, &app.client, &path, &[]).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "withdrawn");
        }
    }
    draw(&app, id, 4).await;
    let res = typed(&app, id, 1, ("40", "101"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = texts(&html, "ul.hindsight li");
    assert!(!said.is_empty());
    for line in &said {
        assert!(!line.contains("se cambió a mano"), "{said:?}");
    }
    for round in 2..=4 {
        assert!(
            said.iter().any(|l| l.contains(&format!("onda {round}"))),
            "round {round}: {said:?}"
        );
    }
}

#[tokio::test]
async fn a_correction_asked_over_the_api_without_its_confirm_says_who_would_have_met_beside_its_tables()
 {
    let app = TestApp::spawn().await;
    let (id, _) = round_2_paired(&app).await;
    app.add_api_token("directora", "baza_directora_token").await;
    let version = app.table_version(id, 1, 1).await;
    let res = reqwest::Client::new()
        .post(app.url(&format!(
            "/api/v1/campeonatos/{id}/rondas/1/mesas/1/resultado"
        )))
        .bearer_auth("baza_directora_token")
        .header("Accept-Language", "es")
        .json(&serde_json::json!({"score_a": 40, "score_b": 101, "version": version}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let body: serde_json::Value = res.json().await.unwrap();
    // The fields it had, as they were.
    assert_eq!(body["error"], "tournament-correction-confirm");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .starts_with("later pairings depend on this result (round 2 table 1"),
        "{body}"
    );
    assert_eq!(
        body["hindsight"],
        serde_json::json!([
            {
                "round": 2, "table": 1,
                "played": ["Pareja 1", "Pareja 2"], "would": ["Pareja 2", "Pareja 3"],
                "sentence": "Ronda 2, mesa 1: jugó Pareja 1 contra Pareja 2; con la \
                    corrección serían Pareja 2 contra Pareja 3",
            },
            {
                "round": 2, "table": 2,
                "played": ["Pareja 3", "Pareja 4"], "would": ["Pareja 1", "Pareja 4"],
                "sentence": "Ronda 2, mesa 2: jugó Pareja 3 contra Pareja 4; con la \
                    corrección serían Pareja 1 contra Pareja 4",
            },
        ])
    );
}

/// Where the page says who would have met and where its confirm button is, in the
/// order of the document.
struct Order {
    hindsight: usize,
    button: usize,
}

fn res_order(html: &scraper::Html) -> Order {
    let text = html.html();
    let at = |needle: &str| text.find(needle).expect(needle);
    Order {
        hindsight: at("class=\"hindsight\""),
        button: at("confirm-form"),
    }
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_the_director_reads_who_would_have_met_before_confirming_a_late_correction()
 {
    let Some(browser) = Browser::start("late_correction").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let (id, club) = round_2_paired(&app).await;
    browser.as_organiser(&app, "mesa", club).await;
    browser.viewport(360, 800).await;
    let table = format!("/campeonatos/{id}/rondas/1/mesas/1");
    browser.goto(&app.url(&table)).await;
    browser
        .fill("form.score-form input[name=score_a]", "40")
        .await;
    browser
        .fill("form.score-form input[name=score_b]", "101")
        .await;
    browser.submit("form.score-form button[type=submit]").await;
    browser.wait_for("ul.hindsight").await;
    let said = browser.text("ul.hindsight").await;
    assert!(
        said.contains("Ronda 2, mesa 1: jugó Pareja 1 contra Pareja 2; con la corrección serían Pareja 2 contra Pareja 3"),
        "{said}"
    );
    browser.assert_fits(360, "the correction's confirm").await;
    browser
        .submit("form.confirm-form button[type=submit]")
        .await;
    assert_eq!(browser.path().await, table);
    browser.screenshot().await;
}
