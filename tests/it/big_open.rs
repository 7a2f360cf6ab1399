//! A big botifarra open of the Catalan kind, as its director runs it: pairs pasted
//! from a spreadsheet, tables printed, the tables' phones.

use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, post_form_as, texts};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// A botifarra Swiss of the form's defaults made by the club's organiser (signed in
/// on `app.client`), with the pairs of `pasted` (cells pasted from a spreadsheet):
/// its id.
async fn open_with(app: &TestApp, pasted: &str) -> i32 {
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .set("rounds", "5")
        .create(app, club)
        .await;
    let res = post(
        app,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", pasted)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    id
}

#[tokio::test]
async fn two_players_of_one_surname_at_a_table_are_seated_by_their_whole_names() {
    let app = TestApp::spawn().await;
    let pasted = "nom\tjugador 1\tjugador 2\n\
                  Roca – Garriga\tMarc Roca\tQuim Garriga\n\
                  Roca – Serra\tRoser Roca\tPere Serra\n";
    let id = open_with(&app, pasted).await;
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let slips = app
        .page(&format!("/campeonatos/{id}/imprimir/actas"), StatusCode::OK)
        .await;
    let mut seats = texts(&slips, ".slip-seat");
    assert_eq!(seats.len(), 4, "{seats:?}");
    for name in ["Marc Roca", "Roser Roca", "Quim Garriga", "Pere Serra"] {
        assert!(seats.iter().any(|s| s.ends_with(name)), "{name}: {seats:?}");
    }
    seats.sort();
    seats.dedup();
    assert_eq!(seats.len(), 4, "two seats read the same: {seats:?}");
    let dealer = texts(&slips, ".slip-dealer").remove(0);
    assert!(
        ["Marc Roca", "Roser Roca", "Quim Garriga", "Pere Serra"]
            .iter()
            .any(|n| dealer.ends_with(n)),
        "{dealer}"
    );
}

#[tokio::test]
async fn pairs_whose_surnames_all_differ_keep_their_short_seat_names() {
    let app = TestApp::spawn().await;
    let pasted = "nom\tjugador 1\tjugador 2\n\
                  Puig – Garriga\tMarc Puig\tQuim Garriga\n\
                  Roca – Serra\tRoser Roca\tPere Serra\n";
    let id = open_with(&app, pasted).await;
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let slips = app
        .page(&format!("/campeonatos/{id}/imprimir/actas"), StatusCode::OK)
        .await;
    let mut seats: Vec<String> = texts(&slips, ".slip-seat")
        .into_iter()
        .map(|s| s.rsplit(": ").next().unwrap_or_default().to_owned())
        .collect();
    seats.sort();
    assert_eq!(seats, ["Garriga", "Puig", "Roca", "Serra"]);
}
