//! A late correction in a knockout drawn from a Swiss: before the director confirms a
//! semi-final won the other way, its table's page says who would go on and what
//! becomes of the matches it feeds (the final already played is annulled and played
//! again; a match not played yet would be played by the other pair).

use reqwest::StatusCode;

use crate::browser::Browser;
use crate::champion::{path_of, tables};
use crate::director_forms::{round_won_by_the_better_seeds, typed_by_the_director};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};
use baza::db::championship::store::TableRow;
use baza::domain::status::TableStatus;

/// A knockout as a new club draws it: four pairs ("Pareja 1" to "Pareja 4") through
/// a one-round Swiss with the forms' defaults, the director typing its results, and
/// the best four drawn into a single knockout (with a third-place match when
/// `third_place`) whose semi-finals the director types, pair a winning.
/// The championship, its club and the knockout phase.
async fn semis_played(app: &TestApp, third_place: bool) -> (i32, i32, i32) {
    let club = app.club_with_organiser("Penya Les Bases", "Lloret").await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("rounds", "1")
        .set("entry", "result")
        .create_with_pairs(app, club, "Pareja", 4)
        .await;
    round_won_by_the_better_seeds(app, id, 1).await;
    let mut fields = vec![
        ("name", "Fase final"),
        ("qualify", "top"),
        ("n", "4"),
        ("shape", "single"),
    ];
    if third_place {
        fields.push(("third_place", "1"));
    }
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/fases"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the knockout is drawn");
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let phase =
        crate::from_scratch::bracket_id_of(&attr(&page, "a.phase-bracket", "href").unwrap());
    typed_by_the_director(app, &tables(app, id, phase).await).await;
    (id, club, phase)
}

/// The table of the knockout `phase` whose page names it `stage` ("Semifinal 1",
/// "Final", "Tercer puesto").
async fn table_of(app: &TestApp, id: i32, phase: i32, stage: &str) -> TableRow {
    for row in tables(app, id, phase).await {
        let page = app.page(&path_of(&row), StatusCode::OK).await;
        if texts(&page, "p.meta")
            .iter()
            .any(|m| m.contains(&format!("Fase final · {stage}")))
        {
            return row;
        }
    }
    panic!("no table for {stage}");
}

/// Who plays at `row`, as its page names them.
async fn pairs_at(app: &TestApp, row: &TableRow) -> Vec<String> {
    let page = app.page(&path_of(row), StatusCode::OK).await;
    texts(&page, ".pair-name")
}

/// The director types `score` at `row` from its page (with the confirm when
/// `confirm`).
async fn typed(
    app: &TestApp,
    row: &TableRow,
    (a, b): (&str, &str),
    confirm: bool,
) -> reqwest::Response {
    let path = path_of(row);
    let html = app.page(&path, StatusCode::OK).await;
    let version = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let mut fields = vec![("score_a", a), ("score_b", b), ("version", &version)];
    if confirm {
        fields.push(("confirm", "1"));
    }
    post_form_as(app, &app.client, &path, &fields).await
}

#[tokio::test]
async fn a_semi_final_corrected_after_the_final_says_who_would_go_on_and_that_the_final_is_played_again()
 {
    let app = TestApp::spawn().await;
    let (id, _, phase) = semis_played(&app, false).await;
    let semi = table_of(&app, id, phase, "Semifinal 1").await;
    let [a, b] = <[String; 2]>::try_from(pairs_at(&app, &semi).await).unwrap();
    let final_row = table_of(&app, id, phase, "Final").await;
    let [went, other] = <[String; 2]>::try_from(pairs_at(&app, &final_row).await).unwrap();
    assert_eq!(went, a, "semi-final 1's pair a went on");
    typed_by_the_director(&app, std::slice::from_ref(&final_row)).await;

    // Semi-final 1 was won by its pair b: before the confirm, who would go on.
    let res = typed(&app, &semi, ("12", "21"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.hindsight li"),
        [format!(
            "Semifinal 1: con la corrección pasaría {b}, no {a}; la final, ya jugada, la \
             jugó {a}; al confirmar se anula y se jugará de nuevo"
        )]
    );
    let text = html.html();
    assert!(
        text.find("class=\"hindsight\"") < text.find("confirm-form"),
        "said before the confirm button"
    );

    // Confirmed: as said, the final is annulled and waits to be played again, by b.
    let res = typed(&app, &semi, ("12", "21"), true).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let again = table_of(&app, id, phase, "Final").await;
    assert_ne!(again.status, TableStatus::Final, "to be played again");
    assert_eq!(pairs_at(&app, &again).await, [b, other]);
}

#[tokio::test]
async fn a_semi_final_corrected_before_the_final_says_who_would_play_it_and_who_the_third_place_match()
 {
    let app = TestApp::spawn().await;
    let (id, _, phase) = semis_played(&app, true).await;
    let semi = table_of(&app, id, phase, "Semifinal 1").await;
    let [a, b] = <[String; 2]>::try_from(pairs_at(&app, &semi).await).unwrap();
    let third = table_of(&app, id, phase, "Tercer puesto").await;
    typed_by_the_director(&app, std::slice::from_ref(&third)).await;

    let res = typed(&app, &semi, ("12", "21"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.hindsight li"),
        [format!(
            "Semifinal 1: con la corrección pasaría {b}, no {a}; la final aún no se ha \
             jugado: la jugaría {b}; el tercer puesto, ya jugado, lo jugó {b}; con la \
             corrección lo jugaría {a}; al confirmar se anula y se jugará de nuevo"
        )]
    );
}

#[tokio::test]
async fn a_semi_finals_score_corrected_with_the_same_winner_says_nobody_else_would_go_on() {
    let app = TestApp::spawn().await;
    let (id, _, phase) = semis_played(&app, false).await;
    let semi = table_of(&app, id, phase, "Semifinal 1").await;
    let a = pairs_at(&app, &semi).await[0].clone();
    let final_row = table_of(&app, id, phase, "Final").await;
    typed_by_the_director(&app, std::slice::from_ref(&final_row)).await;
    let res = typed(&app, &semi, ("21", "15"), false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.hindsight li"),
        [format!(
            "Semifinal 1: con la corrección sigue pasando {a}; no se anula nada"
        )]
    );
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_the_director_reads_who_would_go_on_before_confirming_a_semi_finals_correction()
 {
    let Some(browser) = Browser::start("late_knockout").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let (id, club, phase) = semis_played(&app, false).await;
    let semi = table_of(&app, id, phase, "Semifinal 1").await;
    let [a, b] = <[String; 2]>::try_from(pairs_at(&app, &semi).await).unwrap();
    let final_row = table_of(&app, id, phase, "Final").await;
    typed_by_the_director(&app, std::slice::from_ref(&final_row)).await;
    browser.as_organiser(&app, "mesa", club).await;
    browser.viewport(360, 800).await;
    let path = path_of(&semi);
    browser.goto(&app.url(&path)).await;
    browser
        .fill("form.score-form input[name=score_a]", "12")
        .await;
    browser
        .fill("form.score-form input[name=score_b]", "21")
        .await;
    browser.submit("form.score-form button[type=submit]").await;
    browser.wait_for("ul.hindsight").await;
    let said = browser.text("ul.hindsight").await;
    assert!(
        said.contains(&format!(
            "Semifinal 1: con la corrección pasaría {b}, no {a}; la final, ya jugada, la jugó {a}"
        )),
        "{said}"
    );
    browser
        .assert_fits(360, "the knockout correction's confirm")
        .await;
    browser
        .submit("form.confirm-form button[type=submit]")
        .await;
    assert_eq!(browser.path().await, path);
    browser.screenshot().await;
    let again = table_of(&app, id, phase, "Final").await;
    assert_eq!(pairs_at(&app, &again).await[0], b);
}
