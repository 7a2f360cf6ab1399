//! The director's page once the knockout is drawn offers only what still applies: no
//! check-in, no registration (typed or imported), no withdrawal or reinstatement, no
//! other round, knockout, settings, seeds or liguillas. Each of them posted from an
//! old tab is refused with a 409 page that says why in the director's words, and
//! nothing is written. The same holds once the champion is known; a check-in once
//! round 1 is paired, and a late entry once the last Swiss round is, are refused too.

use reqwest::StatusCode;

use crate::director_forms::{round_won_by_the_better_seeds, typed_by_the_director};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};
use crate::knockout_file::bracket_of;
use baza::db::championship::store;

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// What a refused action must leave as it was: the document's version, who is
/// checked in, and how many tables and brackets the championship has.
async fn written(app: &TestApp, id: i32) -> (i32, Vec<String>, usize, usize) {
    app.with_conn(move |conn| {
        let t = store::load(conn, id).unwrap().unwrap();
        let tables = store::tables(conn, id).unwrap().len();
        let brackets = baza::db::brackets::brackets_of_championship(conn, id)
            .unwrap()
            .len();
        (t.version, t.checked_in, tables, brackets)
    })
    .await
}

/// Posts `fields` to `path` of championship `id`, which must be refused with a 409
/// page saying `words`, nothing written: the page.
async fn refused(
    app: &TestApp,
    id: i32,
    path: &str,
    fields: &[(&str, &str)],
    words: &str,
) -> scraper::Html {
    refused_as(app, (id, StatusCode::CONFLICT), path, fields, words).await
}

/// [`refused`] with status `status`.
async fn refused_as(
    app: &TestApp,
    (id, status): (i32, StatusCode),
    path: &str,
    fields: &[(&str, &str)],
    words: &str,
) -> scraper::Html {
    let before = written(app, id).await;
    let res = post(app, path, fields).await;
    assert_eq!(res.status(), status, "{path}");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = texts(&page, "h1, [role=alert]").join(" ");
    assert!(said.contains(words), "{path}: {said}");
    assert_eq!(written(app, id).await, before, "{path}: nothing written");
    page
}

/// The director's page of championship `id`.
async fn director(app: &TestApp, id: i32) -> scraper::Html {
    app.page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await
}

/// The best four drawn into a single knockout.
async fn draw_knockout(app: &TestApp, id: i32) {
    let fields = [("qualify", "top"), ("n", "4"), ("shape", "single")];
    let res = post(app, &format!("/campeonatos/{id}/fases"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the knockout is drawn");
}

/// Six pairs through a one-round Swiss whose results the director typed, pair 6
/// withdrawn after it, and the best four drawn into the knockout: its id.
async fn swiss_then_knockout(app: &TestApp) -> i32 {
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Cuatrola de San Lorenzo")
        .set("entry", "result")
        .create_with_pairs(app, club, "Pareja", 6)
        .await;
    round_won_by_the_better_seeds(app, id, 1).await;
    let res = post(app, &format!("/campeonatos/{id}/inscritos/6/retirar"), &[]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "withdrawn before the draw"
    );
    draw_knockout(app, id).await;
    id
}

/// Eight pairs of `form` and no round: a one-day knockout of the best four by seed.
async fn one_day_knockout(app: &TestApp, form: ChampionshipForm) -> i32 {
    let club = app.club_with_organiser("Peña La Sota", "Alcañiz").await;
    let id = form
        .set("entry", "result")
        .create_with_pairs(app, club, "Pareja", 8)
        .await;
    draw_knockout(app, id).await;
    id
}

const DRAWN: &str = "La fase final ya está sorteada";

#[tokio::test]
async fn the_directors_page_after_the_knockout_draw_offers_no_check_in_no_registration_and_no_withdrawal()
 {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    let page = director(&app, id).await;
    for gone in [
        "form[action$='/presente']",
        "form[action$='/retirar']",
        "form[action$='/readmitir']",
        "#form-inscritos",
        "form.csv-form",
        "a[href$='/inscritos/importar']",
        "a[href$='/sembrar']",
        "#form-rondas",
        "#form-fases",
        "#form-repesca",
    ] {
        assert!(texts(&page, gone).is_empty(), "{gone} is still offered");
    }
    let heads = texts(&page, "#inscritos h3").join(" | ");
    assert!(!heads.contains("Inscripción"), "{heads}");
    // What still applies stays: the knockout's tables, the entrants' list.
    assert_eq!(texts(&page, ".phase table.pairings tbody tr").len(), 2);
    assert_eq!(texts(&page, "table.entrants tbody tr").len(), 6);
}

#[tokio::test]
async fn a_check_in_posted_after_the_knockout_draw_is_refused_in_words_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/1/presente"),
        &[],
        "La fase final ya está sorteada: pasar lista ya no cambia nada.",
    )
    .await;
}

#[tokio::test]
async fn a_registration_posted_after_the_knockout_draw_is_refused_in_words_with_the_form_as_typed()
{
    let app = TestApp::spawn().await;
    let id = one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await;
    let page = refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos"),
        &[("name", "Pareja tardía"), ("club", "Casino de Alcañiz")],
        "La fase final ya está sorteada: ya no se admiten inscripciones.",
    )
    .await;
    assert_eq!(texts(&page, "h1"), vec!["Cuatrola de un día"]);
    assert_eq!(texts(&page, "table.entrants tbody tr").len(), 8);
}

#[tokio::test]
async fn an_entrant_list_imported_after_the_knockout_draw_is_refused_and_adds_no_one() {
    let app = TestApp::spawn().await;
    let id = one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", "nombre\nPareja tardía\n")],
        "La fase final ya está sorteada: ya no se admiten inscripciones.",
    )
    .await;
}

#[tokio::test]
async fn a_withdrawal_posted_after_the_knockout_draw_is_refused_and_says_to_type_the_no_shows_result()
 {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/1/retirar"),
        &[],
        "La fase final ya está sorteada: retirar a un inscrito no cambia el cuadro. \
         Si no se presenta a su partido, anota el resultado en su mesa.",
    )
    .await;
}

#[tokio::test]
async fn a_reinstatement_posted_after_the_knockout_draw_is_refused_in_words() {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/6/readmitir"),
        &[],
        "La fase final ya está sorteada: readmitir a un inscrito no le da plaza en el cuadro.",
    )
    .await;
}

#[tokio::test]
async fn a_round_posted_after_a_one_day_knockout_is_drawn_is_refused_and_lays_no_table() {
    let app = TestApp::spawn().await;
    let id = one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await;
    assert!(texts(&director(&app, id).await, "#form-rondas").is_empty());
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
        "La fase final ya está sorteada: no se emparejan más rondas.",
    )
    .await;
}

#[tokio::test]
async fn a_second_knockout_posted_from_an_old_tab_is_refused_and_draws_nothing() {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/fases"),
        &[("qualify", "top"), ("n", "4"), ("shape", "single")],
        "La fase final ya está sorteada: no se puede sortear otra.",
    )
    .await;
}

#[tokio::test]
async fn the_settings_posted_after_a_one_day_knockout_is_drawn_are_refused_in_words() {
    let app = TestApp::spawn().await;
    let form = ChampionshipForm::new("Cuatrola de un día");
    let id = one_day_knockout(&app, form).await;
    let before = written(&app, id).await;
    let res = ChampionshipForm::new("Otro nombre")
        .set("entry", "result")
        .post_to(&app, &format!("/campeonatos/{id}/editar"))
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, "h1"),
        vec!["La fase final ya está sorteada: la configuración ya no se puede cambiar."]
    );
    assert_eq!(written(&app, id).await, before);
    let res = app.get(&format!("/campeonatos/{id}/editar")).await;
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "nor is the form offered"
    );
}

#[tokio::test]
async fn the_seeds_by_rating_posted_after_a_one_day_knockout_is_drawn_are_refused_in_words() {
    let app = TestApp::spawn().await;
    let id = one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await;
    let path = format!("/campeonatos/{id}/sembrar");
    let page = app.page(&path, StatusCode::OK).await;
    assert!(texts(&page, "form[action$='/sembrar']").is_empty());
    refused(
        &app,
        id,
        &path,
        &[],
        "La fase final ya está sorteada: los cabezas de serie ya no se pueden cambiar.",
    )
    .await;
}

#[tokio::test]
async fn the_liguillas_drawn_or_moved_after_a_one_day_knockout_is_drawn_are_refused_in_words() {
    let app = TestApp::spawn().await;
    let form = ChampionshipForm::new("Liga de un día")
        .set("system", "round_robin")
        .set("groups", "2");
    let id = one_day_knockout(&app, form).await;
    assert!(texts(&director(&app, id).await, "#liguillas").is_empty());
    let said = "La fase final ya está sorteada: las liguillas ya no pueden cambiar.";
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/liguillas/sorteo"),
        &[],
        said,
    )
    .await;
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/liguillas/mover"),
        &[("entrant", "1"), ("group", "2")],
        said,
    )
    .await;
}

#[tokio::test]
async fn a_check_in_once_round_1_is_paired_is_refused_in_words_and_no_longer_offered() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Cuatrola de San Lorenzo")
        .set("rounds", "3")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    let page = director(&app, id).await;
    assert_eq!(texts(&page, "form[action$='/presente']").len(), 4);
    round_won_by_the_better_seeds(&app, id, 1).await;
    let page = director(&app, id).await;
    assert!(texts(&page, "form[action$='/presente']").is_empty());
    assert_eq!(texts(&page, "form[action$='/retirar']").len(), 4);
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/1/presente"),
        &[],
        "La primera ronda ya está emparejada: pasar lista ya no cambia nada",
    )
    .await;
}

#[tokio::test]
async fn a_late_entry_once_the_last_swiss_round_is_paired_is_refused_in_words_and_no_longer_offered()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Cuatrola de San Lorenzo")
        .set("rounds", "2")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    let page = director(&app, id).await;
    assert_eq!(texts(&page, "#form-inscritos").len(), 1, "round 2 is ahead");
    round_won_by_the_better_seeds(&app, id, 2).await;
    let page = director(&app, id).await;
    assert!(texts(&page, "#form-inscritos").is_empty());
    assert!(texts(&page, "form.csv-form").is_empty());
    // The knockout may still be drawn, and a pair that leaves kept out of it.
    assert_eq!(texts(&page, "#form-fases").len(), 1);
    assert_eq!(texts(&page, "form[action$='/retirar']").len(), 4);
    // Refused by its content, as a round robin's late entry is.
    let page = refused_as(
        &app,
        (id, StatusCode::UNPROCESSABLE_ENTITY),
        &format!("/campeonatos/{id}/inscritos"),
        &[("name", "Pareja tardía")],
        "Ya se han jugado todas las rondas: quien se inscriba ahora no jugaría ninguna.",
    )
    .await;
    assert_eq!(
        attr(&page, "#form-inscritos input[name=name]", "value").as_deref(),
        None,
        "the form is not offered again"
    );
}

#[tokio::test]
async fn a_championship_whose_champion_is_known_offers_none_of_it_and_refuses_a_withdrawal() {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    let bracket = bracket_of(&app, id).await;
    // The semi-finals, then the final.
    for _ in 0..2 {
        let open: Vec<_> = app
            .with_conn(move |conn| store::phase_tables(conn, id, bracket).unwrap())
            .await
            .into_iter()
            .filter(|r| r.status != baza::domain::status::TableStatus::Final)
            .collect();
        assert!(!open.is_empty());
        typed_by_the_director(&app, &open).await;
    }
    let status = app
        .with_conn(move |conn| store::load(conn, id).unwrap().unwrap().championship.status)
        .await;
    assert_eq!(status, baza::domain::status::ChampionshipStatus::Finished);
    let page = director(&app, id).await;
    for gone in [
        "form[action$='/presente']",
        "form[action$='/retirar']",
        "form[action$='/readmitir']",
        "#form-inscritos",
        "form.csv-form",
        "#form-rondas",
        "#form-fases",
    ] {
        assert!(texts(&page, gone).is_empty(), "{gone} is still offered");
    }
    refused(
        &app,
        id,
        &format!("/campeonatos/{id}/inscritos/2/retirar"),
        &[],
        DRAWN,
    )
    .await;
}
