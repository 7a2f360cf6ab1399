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

#[tokio::test]
async fn a_pair_that_did_not_show_up_for_round_one_is_not_said_to_have_withdrawn_after_round_zero()
{
    let app = TestApp::spawn().await;
    let pasted = "nom\nPuig – Garriga\nRoca – Serra\nVila – Bosch\n";
    let id = open_with(&app, pasted).await;
    let director = format!("/campeonatos/{id}/direccion");
    let html = app.get(&director).await.text().await.unwrap();
    let check_ins: Vec<String> = html
        .split(&format!("/campeonatos/{id}/inscritos/"))
        .skip(1)
        .filter_map(|rest| rest.split_once("/presente").map(|(eid, _)| eid.to_owned()))
        .filter(|eid| !eid.is_empty() && eid.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(check_ins.len(), 3, "{check_ins:?}");
    for eid in &check_ins[..2] {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/inscritos/{eid}/presente"),
            &[],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;

    for (lang, absent) in [
        ("ca", "No es va presentar a la ronda 1"),
        ("es", "No se presentó a la ronda 1"),
        ("en", "Did not show up for round 1"),
    ] {
        let res = app.get_with_lang(&director, lang).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let states = texts(&html, "#inscritos td");
        assert!(states.iter().any(|s| s == absent), "{lang}: {states:?}");
        assert!(
            !states.iter().any(|s| s.contains(" 0")),
            "{lang}: a round 0 is shown: {states:?}"
        );
    }
}
