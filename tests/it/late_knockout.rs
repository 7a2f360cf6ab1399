//! A late correction in a knockout drawn from a Swiss: before the director confirms a
//! semi-final won the other way, its table's page says who would go on and what
//! becomes of the matches it feeds (the final already played is annulled and played
//! again; a match not played yet would be played by the other pair).

use reqwest::StatusCode;

use crate::browser::Browser;
use crate::champion::{path_of, tables};
use crate::director_forms::{round_won_by_the_better_seeds, typed_by_the_director};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};
use crate::late_correction::typed_on;
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

/// A knockout whose semi-finals are played ([`semis_and`]).
struct Played {
    id: i32,
    club: i32,
    phase: i32,
    /// Semi-final 1's table, and its pairs a (who won it) and b.
    semi: TableRow,
    a: String,
    b: String,
}

/// [`semis_played`], then the match named `then` ("Final", "Tercer puesto") typed
/// by the director, pair a winning.
async fn semis_and(app: &TestApp, third_place: bool, then: &str) -> Played {
    let (id, club, phase) = semis_played(app, third_place).await;
    let semi = table_of(app, id, phase, "Semifinal 1").await;
    let [a, b] = <[String; 2]>::try_from(pairs_at(app, &semi).await).unwrap();
    let next = table_of(app, id, phase, then).await;
    typed_by_the_director(app, std::slice::from_ref(&next)).await;
    Played {
        id,
        club,
        phase,
        semi,
        a,
        b,
    }
}

/// What the page says, before the confirm, of `score` typed at semi-final 1.
async fn said_before_the_confirm(app: &TestApp, p: &Played, score: (&str, &str)) -> Vec<String> {
    let res = typed_on(app, &path_of(&p.semi), score, false).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let text = html.html();
    assert!(
        text.find("class=\"hindsight\"") < text.find("confirm-form"),
        "said before the confirm button"
    );
    texts(&html, "ul.hindsight li")
}

#[tokio::test]
async fn a_semi_final_corrected_after_the_final_says_who_would_go_on_and_that_the_final_is_played_again()
 {
    let app = TestApp::spawn().await;
    let p = semis_and(&app, false, "Final").await;
    let (a, b) = (&p.a, &p.b);
    let other = pairs_at(&app, &table_of(&app, p.id, p.phase, "Final").await).await[1].clone();

    // Semi-final 1 was won by its pair b: before the confirm, who would go on.
    assert_eq!(
        said_before_the_confirm(&app, &p, ("12", "21")).await,
        [format!(
            "Semifinal 1: con la corrección pasaría {b}, no {a}; la final, ya jugada, la \
             jugó {a}; al confirmar se anula y se jugará de nuevo"
        )]
    );

    // Confirmed: as said, the final is annulled and waits to be played again, by b.
    let res = typed_on(&app, &path_of(&p.semi), ("12", "21"), true).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let again = table_of(&app, p.id, p.phase, "Final").await;
    assert_ne!(again.status, TableStatus::Final, "to be played again");
    assert_eq!(pairs_at(&app, &again).await, [b.clone(), other]);
}

#[tokio::test]
async fn a_semi_final_corrected_before_the_final_says_who_would_play_it_and_who_the_third_place_match()
 {
    let app = TestApp::spawn().await;
    let p = semis_and(&app, true, "Tercer puesto").await;
    let (a, b) = (&p.a, &p.b);
    assert_eq!(
        said_before_the_confirm(&app, &p, ("12", "21")).await,
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
    let p = semis_and(&app, false, "Final").await;
    let a = &p.a;
    assert_eq!(
        said_before_the_confirm(&app, &p, ("21", "15")).await,
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
    let p = semis_and(&app, false, "Final").await;
    let (a, b) = (&p.a, &p.b);
    browser.as_organiser(&app, "mesa", p.club).await;
    browser.viewport(360, 800).await;
    let path = path_of(&p.semi);
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
    let again = table_of(&app, p.id, p.phase, "Final").await;
    assert_eq!(&pairs_at(&app, &again).await[0], b);
}
