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

/// Posts `fields` to `action` (its address after `/campeonatos/{id}`) of
/// championship `id`: refused with status `status` and a page saying `words`,
/// nothing written. The page.
async fn refused(
    app: &TestApp,
    (id, status): (i32, StatusCode),
    action: &str,
    fields: &[(&str, &str)],
    words: &str,
) -> scraper::Html {
    let path = format!("/campeonatos/{id}{action}");
    let before = written(app, id).await;
    let res = post(app, &path, fields).await;
    assert_eq!(res.status(), status, "{path}");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = texts(&page, "h1, [role=alert]").join(" ");
    assert!(said.contains(words), "{path}: {said}");
    assert_eq!(written(app, id).await, before, "{path}: nothing written");
    page
}

/// The director types the semi-finals of championship `id`'s four-pair knockout,
/// then its final.
async fn knockout_played(app: &TestApp, id: i32) {
    let bracket = bracket_of(app, id).await;
    for _ in 0..2 {
        let open: Vec<_> = app
            .with_conn(move |conn| store::phase_tables(conn, id, bracket).unwrap())
            .await
            .into_iter()
            .filter(|r| r.status != baza::domain::status::TableStatus::Final)
            .collect();
        assert!(!open.is_empty());
        typed_by_the_director(app, &open).await;
    }
}

/// Where the knockout is drawn.
#[derive(Clone, Copy)]
enum Drawn {
    /// After the Swiss: [`swiss_then_knockout`].
    AfterSwiss,
    /// With no round: [`one_day_knockout`] of a Swiss.
    OneDay,
}

/// A championship whose knockout is drawn as `drawn` says, then `action` posted with
/// `fields`: refused with a 409 page saying `words` ([`refused`]). The app, the
/// championship and the page.
async fn refused_once_drawn(
    drawn: Drawn,
    action: &str,
    fields: &[(&str, &str)],
    words: &str,
) -> (TestApp, i32, scraper::Html) {
    let app = TestApp::spawn().await;
    let id = match drawn {
        Drawn::AfterSwiss => swiss_then_knockout(&app).await,
        Drawn::OneDay => one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await,
    };
    let status = StatusCode::CONFLICT;
    let page = refused(&app, (id, status), action, fields, words).await;
    (app, id, page)
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

/// A cuatrola Swiss of `rounds` rounds among `pairs` pairs whose results the
/// director types: its id.
async fn swiss(app: &TestApp, rounds: &str, pairs: u32) -> i32 {
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    ChampionshipForm::new("Cuatrola de San Lorenzo")
        .set("rounds", rounds)
        .set("entry", "result")
        .create_with_pairs(app, club, "Pareja", pairs)
        .await
}

/// Six pairs through a one-round Swiss, pair 6 withdrawn after it, and the best four
/// drawn into the knockout: its id.
async fn swiss_then_knockout(app: &TestApp) -> i32 {
    let id = swiss(app, "1", 6).await;
    round_won_by_the_better_seeds(app, id, 1).await;
    let res = post(app, &format!("/campeonatos/{id}/inscritos/6/retirar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "withdrawn before");
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

/// What the director's page no longer offers once the knockout is drawn.
const GONE: [&str; 7] = [
    "form[action$='/presente']",
    "form[action$='/retirar']",
    "form[action$='/readmitir']",
    "#form-inscritos",
    "form.csv-form",
    "#form-rondas",
    "#form-fases",
];

#[tokio::test]
async fn the_directors_page_after_the_knockout_draw_offers_no_check_in_no_registration_and_no_withdrawal()
 {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    let page = director(&app, id).await;
    let more = [
        "a[href$='/inscritos/importar']",
        "a[href$='/sembrar']",
        "#form-repesca",
    ];
    for gone in GONE.iter().chain(&more) {
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
    let said = "La fase final ya está sorteada: pasar lista ya no cambia nada.";
    refused_once_drawn(Drawn::AfterSwiss, "/inscritos/1/presente", &[], said).await;
}

#[tokio::test]
async fn a_registration_posted_after_the_knockout_draw_is_refused_in_words_with_the_form_as_typed()
{
    let said = "La fase final ya está sorteada: ya no se admiten inscripciones.";
    let typed = [("name", "Pareja tardía"), ("club", "Casino de Alcañiz")];
    let (_, _, page) = refused_once_drawn(Drawn::OneDay, "/inscritos", &typed, said).await;
    assert_eq!(texts(&page, "h1"), vec!["Cuatrola de un día"]);
    assert_eq!(texts(&page, "table.entrants tbody tr").len(), 8);
}

#[tokio::test]
async fn an_entrant_list_imported_after_the_knockout_draw_is_refused_and_adds_no_one() {
    let said = "La fase final ya está sorteada: ya no se admiten inscripciones.";
    let csv = [("csv", "nombre\nPareja tardía\n")];
    refused_once_drawn(Drawn::OneDay, "/inscritos/importar", &csv, said).await;
}

#[tokio::test]
async fn a_withdrawal_posted_after_the_knockout_draw_is_refused_and_says_to_type_the_no_shows_result()
 {
    let said = "La fase final ya está sorteada: retirar a un inscrito no cambia el cuadro. \
                Si no se presenta a su partido, anota el resultado en su mesa.";
    refused_once_drawn(Drawn::AfterSwiss, "/inscritos/1/retirar", &[], said).await;
}

#[tokio::test]
async fn a_reinstatement_posted_after_the_knockout_draw_is_refused_in_words() {
    let said =
        "La fase final ya está sorteada: readmitir a un inscrito no le da plaza en el cuadro.";
    refused_once_drawn(Drawn::AfterSwiss, "/inscritos/6/readmitir", &[], said).await;
}

#[tokio::test]
async fn a_round_posted_after_a_one_day_knockout_is_drawn_is_refused_and_lays_no_table() {
    let said = "La fase final ya está sorteada: no se emparejan más rondas.";
    let tables = [("tables", "")];
    let (app, id, _) = refused_once_drawn(Drawn::OneDay, "/rondas", &tables, said).await;
    assert!(texts(&director(&app, id).await, "#form-rondas").is_empty());
}

#[tokio::test]
async fn a_second_knockout_posted_from_an_old_tab_is_refused_and_draws_nothing() {
    let said = "La fase final ya está sorteada: no se puede sortear otra.";
    let phase = [("qualify", "top"), ("n", "4"), ("shape", "single")];
    refused_once_drawn(Drawn::AfterSwiss, "/fases", &phase, said).await;
}

#[tokio::test]
async fn the_settings_posted_after_a_one_day_knockout_is_drawn_are_refused_in_words() {
    let said = "La fase final ya está sorteada: la configuración ya no se puede cambiar.";
    let form = ChampionshipForm::new("Otro nombre").set("entry", "result");
    let (app, id, _) = refused_once_drawn(Drawn::OneDay, "/editar", &form.fields(), said).await;
    let res = app.get(&format!("/campeonatos/{id}/editar")).await;
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "nor is the form offered"
    );
}

#[tokio::test]
async fn the_seeds_by_rating_posted_after_a_one_day_knockout_is_drawn_are_refused_in_words() {
    let said = "La fase final ya está sorteada: los cabezas de serie ya no se pueden cambiar.";
    let (app, id, _) = refused_once_drawn(Drawn::OneDay, "/sembrar", &[], said).await;
    let page = app
        .page(&format!("/campeonatos/{id}/sembrar"), StatusCode::OK)
        .await;
    assert!(texts(&page, "form[action$='/sembrar']").is_empty());
    assert_eq!(texts(&page, "p.empty"), vec![said]);
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
    let conflict = (id, StatusCode::CONFLICT);
    refused(&app, conflict, "/liguillas/sorteo", &[], said).await;
    let moved = [("entrant", "1"), ("group", "2")];
    refused(&app, conflict, "/liguillas/mover", &moved, said).await;
}

#[tokio::test]
async fn a_check_in_once_round_1_is_paired_is_refused_in_words_and_no_longer_offered() {
    let app = TestApp::spawn().await;
    let id = swiss(&app, "3", 4).await;
    let page = director(&app, id).await;
    assert_eq!(texts(&page, "form[action$='/presente']").len(), 4);
    round_won_by_the_better_seeds(&app, id, 1).await;
    let page = director(&app, id).await;
    assert!(texts(&page, "form[action$='/presente']").is_empty());
    assert_eq!(texts(&page, "form[action$='/retirar']").len(), 4);
    let said = "La primera ronda ya está emparejada: pasar lista ya no cambia nada";
    let conflict = (id, StatusCode::CONFLICT);
    refused(&app, conflict, "/inscritos/1/presente", &[], said).await;
}

#[tokio::test]
async fn a_late_entry_once_the_last_swiss_round_is_paired_is_refused_in_words_and_no_longer_offered()
 {
    let app = TestApp::spawn().await;
    let id = swiss(&app, "2", 4).await;
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
    let said = "Ya se han jugado todas las rondas: quien se inscriba ahora no jugaría ninguna.";
    let late = (id, StatusCode::UNPROCESSABLE_ENTITY);
    let page = refused(&app, late, "/inscritos", &[("name", "Pareja tardía")], said).await;
    assert!(
        attr(&page, "#form-inscritos input[name=name]", "value").is_none(),
        "the form is not offered again"
    );
}

#[tokio::test]
async fn a_championship_whose_champion_is_known_offers_none_of_it_and_refuses_a_withdrawal() {
    let app = TestApp::spawn().await;
    let id = swiss_then_knockout(&app).await;
    knockout_played(&app, id).await;
    let status = app
        .with_conn(move |conn| store::load(conn, id).unwrap().unwrap().championship.status)
        .await;
    assert_eq!(status, baza::domain::status::ChampionshipStatus::Finished);
    let page = director(&app, id).await;
    for gone in GONE {
        assert!(texts(&page, gone).is_empty(), "{gone} is still offered");
    }
    let conflict = (id, StatusCode::CONFLICT);
    let said = "La fase final ya está sorteada: retirar";
    refused(&app, conflict, "/inscritos/2/retirar", &[], said).await;
}

#[tokio::test]
async fn the_import_page_opened_after_the_knockout_draw_answers_the_409_of_its_import_in_the_readers_language()
 {
    let app = TestApp::spawn().await;
    let id = one_day_knockout(&app, ChampionshipForm::new("Cuatrola de un día")).await;
    let path = format!("/campeonatos/{id}/inscritos/importar");
    let said = [
        (
            "es",
            "La fase final ya está sorteada: ya no se admiten inscripciones.",
        ),
        (
            "ca",
            "La fase final ja està sortejada: ja no s'admeten inscripcions.",
        ),
        ("en", "The final phase is drawn: no more entries are taken."),
    ];
    for (lang, words) in said {
        let opened = app.get_with_lang(&path, lang).await;
        assert_eq!(opened.status(), StatusCode::CONFLICT, "{lang}");
        let opened = scraper::Html::parse_document(&opened.text().await.unwrap());
        let shown = texts(&opened, "h1, [role=alert]").join(" ");
        assert!(shown.contains(words), "{lang}: {shown}");
        assert!(
            texts(&opened, "form[action$='/inscritos/importar'], textarea").is_empty(),
            "{lang}: no form"
        );
        let csrf = app.csrf().await;
        let csv = [("csrf", csrf.as_str()), ("csv", "nombre\nPareja tardía\n")];
        let sent = app
            .client
            .post(app.url(&path))
            .header("Accept-Language", lang)
            .form(&csv)
            .send()
            .await
            .unwrap();
        assert_eq!(sent.status(), StatusCode::CONFLICT, "{lang}");
        let sent = scraper::Html::parse_document(&sent.text().await.unwrap());
        assert_eq!(
            texts(&opened, "main"),
            texts(&sent, "main"),
            "{lang}: the same page"
        );
    }
}

/// What the public page, the director's page and the club's home page say of
/// championship `id`: the public page's meta line, the director's badge, and
/// whether the home page lists it under «En juego ahora».
async fn said_status(app: &TestApp, id: i32) -> (String, String, bool) {
    let public = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let meta = texts(&public, "p.meta").join(" ");
    let badge = texts(&director(app, id).await, ".badge").join(" ");
    let home = app.page("/", StatusCode::OK).await;
    let running = home
        .html()
        .split_once("En juego ahora")
        .is_some_and(|(_, after)| {
            after
                .split("<h2")
                .next()
                .is_some_and(|s| s.contains(&format!("/campeonatos/{id}\"")))
        });
    (meta, badge, running)
}

#[tokio::test]
async fn a_championship_whose_knockout_is_drawn_after_its_last_swiss_round_is_in_play_until_its_champion_is_known()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Cuatrola de San Lorenzo")
        .set("rounds", "1")
        .create_with_pairs(&app, club, "Pareja", 6)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    // No phase drawn yet: every round is played.
    let (meta, badge, running) = said_status(&app, id).await;
    assert!(meta.ends_with("Terminado"), "{meta}");
    assert_eq!(badge, "Terminado");
    assert!(!running);
    draw_knockout(&app, id).await;
    let (meta, badge, running) = said_status(&app, id).await;
    assert!(meta.ends_with("En juego"), "{meta}");
    assert_eq!(badge, "En juego");
    assert!(running, "the home page lists it as in play");

    knockout_played(&app, id).await;
    let (meta, badge, running) = said_status(&app, id).await;
    assert!(meta.ends_with("Terminado"), "{meta}");
    assert_eq!(badge, "Terminado");
    assert!(!running, "the home page no longer lists it as in play");
}
