//! The director's forms refused: the director's page comes back with the refusal in
//! words beside the form and every field as it was typed, and nothing is written.

use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};
use baza::db::championship::store;
use baza::domain::status::{ChampionshipStatus, TableStatus};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The page a refused form answers, with its status.
async fn refused(res: reqwest::Response, status: StatusCode) -> scraper::Html {
    assert_eq!(res.status(), status);
    scraper::Html::parse_document(&res.text().await.unwrap())
}

async fn entrants(app: &TestApp, id: i32) -> usize {
    app.with_conn(move |conn| store::load(conn, id).unwrap().unwrap().file.entrants.len())
        .await
}

#[tokio::test]
async fn a_refused_director_form_comes_back_as_typed_with_its_refusal_in_words_and_writes_nothing()
{
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Penya del Ter", "Girona").await;
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .set("system", "round_robin")
        .set("groups", "2")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Parella", 8)
        .await;

    // Registration with a seed that is no number.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos"),
        &[
            ("name", "Parella 9"),
            ("club", "Casino de Salt"),
            ("seed", "primera"),
        ],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(texts(&page, "h1"), vec!["Comarcal de cuatrola"]);
    let said = texts(&page, "#form-inscritos .form-refused").join(" ");
    assert!(said.contains("La cabeza de serie"), "{said}");
    for (field, typed) in [
        ("name", "Parella 9"),
        ("club", "Casino de Salt"),
        ("seed", "primera"),
    ] {
        let sel = format!("#form-inscritos input[name={field}]");
        assert_eq!(
            attr(&page, &sel, "value").as_deref(),
            Some(typed),
            "{field}"
        );
    }
    assert_eq!(
        attr(&page, "[role=alert] a", "href").as_deref(),
        Some("#form-inscritos")
    );
    assert_eq!(entrants(&app, id).await, 8);

    // Pairing with a number of tables that is no number.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "muchas")],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(texts(&page, "#form-rondas .form-refused").len(), 1);
    assert_eq!(
        attr(&page, "#form-rondas input[name=tables]", "value").as_deref(),
        Some("muchas")
    );
    assert!(texts(&page, "#form-inscritos .form-refused").is_empty());

    // The liguillas played: the director types every result, the better seed winning.
    for round in 1..=3 {
        round_won_by_the_better_seeds(&app, id, round).await;
    }

    // A repesca whose minimum points are no number, and one for more places than it
    // has pairs: refused, the form as typed.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[
            ("name", "Repesca de Salt"),
            ("per_group", "1"),
            ("min_points", "molts"),
            ("entry", "standings"),
        ],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(texts(&page, "#form-repesca .form-refused").len(), 1);
    assert_eq!(
        attr(&page, "#form-repesca input[name=min_points]", "value").as_deref(),
        Some("molts")
    );
    assert_eq!(
        attr(&page, "#form-repesca input[name=name]", "value").as_deref(),
        Some("Repesca de Salt")
    );
    assert_eq!(
        attr(
            &page,
            "#form-repesca select[name=entry] option[selected]",
            "value"
        )
        .as_deref(),
        Some("standings")
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[("per_group", "1"), ("min_points", "0"), ("places", "4")],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    let said = texts(&page, "#form-repesca .form-refused").join(" ");
    assert!(!said.is_empty());
    assert_eq!(
        attr(&page, "#form-repesca input[name=places]", "value").as_deref(),
        Some("4")
    );

    // A knockout from the liguillas with a number per liguilla that is no number.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("qualify", "groups"),
            ("per_group", "dos"),
            ("third_place", "1"),
        ],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(texts(&page, "#form-fases .form-refused").len(), 1);
    assert_eq!(
        attr(
            &page,
            "#form-fases select[name=qualify] option[selected]",
            "value"
        )
        .as_deref(),
        Some("groups")
    );
    assert_eq!(
        attr(&page, "#form-fases input[name=per_group]", "value").as_deref(),
        Some("dos")
    );
    assert!(attr(&page, "#form-fases input[name=third_place]", "checked").is_some());
    let phases = app
        .with_conn(move |conn| baza::db::brackets::brackets_of_championship(conn, id).unwrap())
        .await;
    assert!(phases.is_empty(), "nothing drawn");
}

/// Six pairs through a Swiss round whose results the director typed: the phase form
/// offers the best four (a bracket without byes that six can fill), and eight, more
/// than can qualify, is refused in words with the number that can, the form as typed.
#[tokio::test]
async fn a_knockout_of_six_pairs_offers_the_best_four_and_more_than_can_qualify_is_refused_in_words()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Tute de Navidad")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 6)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    let page = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(&page, "#form-fases input[name=n]", "value").as_deref(),
        Some("4")
    );

    let phase = format!("/campeonatos/{id}/fases");
    let res = post(
        &app,
        &phase,
        &[("qualify", "top"), ("n", "8"), ("third_place", "1")],
    )
    .await;
    let page = refused(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        texts(&page, "#form-fases .form-refused"),
        vec![
            "No se puede formar la fase final: pide más clasificados de los que pueden \
             clasificarse. Pueden clasificarse: 6"
        ]
    );
    assert_eq!(
        attr(&page, "#form-fases input[name=n]", "value").as_deref(),
        Some("8")
    );
    let res = post(
        &app,
        &phase,
        &[("qualify", "top"), ("n", "4"), ("third_place", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// The knockout phases drawn for championship `id`.
async fn phases_of(app: &TestApp, id: i32) -> usize {
    app.with_conn(move |conn| {
        baza::db::brackets::brackets_of_championship(conn, id)
            .unwrap()
            .len()
    })
    .await
}

/// The knockout of the best four of championship `id`, which has rounds left, asked
/// for in each language of `asked` (the language, what the refusal says first, the
/// button that confirms): the director's page again (409) with those words and the
/// form as typed, nothing drawn; then, in Spanish, that button sends the form again
/// confirmed, the knockout is drawn and the audit says `audited`.
async fn asked_early_then_confirmed(
    app: &TestApp,
    id: i32,
    asked: [(&str, &str, &str); 3],
    audited: &str,
) {
    let phase = format!("/campeonatos/{id}/fases");
    let typed = [("qualify", "top"), ("n", "4"), ("third_place", "1")];
    for (lang, said, button) in asked {
        app.get(&format!("/idioma/{lang}?next=/")).await;
        let page = refused(post(app, &phase, &typed).await, StatusCode::CONFLICT).await;
        let refusal = texts(&page, "#form-fases .form-refused").join(" ");
        assert!(refusal.starts_with(said), "{lang}: {refusal}");
        assert_eq!(
            texts(&page, "#form-fases button[type=submit]"),
            vec![button],
            "{lang}"
        );
        assert_eq!(
            attr(&page, "#form-fases input[name=n]", "value").as_deref(),
            Some("4"),
            "as typed"
        );
        assert_eq!(phases_of(app, id).await, 0, "nothing drawn");
    }

    // The button sends the form again, confirmed.
    app.get("/idioma/es?next=/").await;
    let page = refused(post(app, &phase, &typed).await, StatusCode::CONFLICT).await;
    let confirmed = crate::from_scratch::form_values(&page, "form#form-fases");
    assert!(confirmed.contains(&("early".into(), "1".into())));
    let res = crate::from_scratch::post_fields(app, &app.client, &phase, &confirmed).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(phases_of(app, id).await, 1, "the knockout is drawn");
    let audit = app
        .page(&format!("/campeonatos/{id}/auditoria"), StatusCode::OK)
        .await;
    let said = texts(&audit, "body").join(" ");
    assert!(said.contains(audited), "{said}");
}

/// A Swiss of three rounds with its first played: the knockout asked for now (an old
/// tab, a double click) draws nothing, and the page says in the reader's language how
/// many rounds remain, with a button that draws it anyway; that button draws it, and
/// the audit says it was drawn with two rounds unplayed.
#[tokio::test]
async fn a_knockout_asked_for_with_swiss_rounds_left_says_how_many_remain_and_is_drawn_only_when_confirmed()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Tute de Navidad")
        .set("rounds", "3")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 6)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    let director = format!("/campeonatos/{id}/direccion");
    let page = app.page(&director, StatusCode::OK).await;
    assert!(
        texts(&page, "#form-fases").is_empty(),
        "rounds to play first"
    );

    asked_early_then_confirmed(
        &app,
        id,
        [
            (
                "ca",
                "Queden 2 rondes del suís per jugar.",
                "Sortejar el quadre ara, sense les rondes que falten",
            ),
            (
                "en",
                "2 Swiss rounds are still to be played.",
                "Draw the bracket now, without the rounds left",
            ),
            (
                "es",
                "Quedan 2 rondas del suizo por jugar.",
                "Sortear el cuadro ya, sin las rondas que faltan",
            ),
        ],
        "sorteó el cuadro con 2 rondas del suizo sin jugar",
    )
    .await;

    // No round follows: once the knockout has its champion the championship is over.
    loop {
        let open: Vec<store::TableRow> = app
            .with_conn(move |conn| {
                let phase = baza::db::brackets::brackets_of_championship(conn, id).unwrap()[0].id;
                let rows = store::phase_tables(conn, id, phase).unwrap();
                rows.into_iter()
                    .filter(|r| r.status != TableStatus::Final)
                    .collect()
            })
            .await;
        if open.is_empty() {
            break;
        }
        typed_by_the_director(&app, &open).await;
    }
    let status = app
        .with_conn(move |conn| store::load(conn, id).unwrap().unwrap().championship.status)
        .await;
    assert_eq!(status, ChampionshipStatus::Finished);
}

/// A league (round robin) of four pairs, three jornadas, with its first played: the
/// knockout asked for now draws nothing, and the page says in the reader's language
/// how many jornadas of the league remain, with a button that draws it anyway; that
/// button draws it, and the audit says it was drawn with two jornadas unplayed.
#[tokio::test]
async fn a_knockout_asked_for_with_league_rounds_left_says_how_many_remain_and_is_drawn_only_when_confirmed()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Liga de invierno")
        .set("system", "round_robin")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    asked_early_then_confirmed(
        &app,
        id,
        [
            (
                "ca",
                "Queden 2 jornades de la lliga per jugar.",
                "Sortejar el quadre ara, sense les jornades que falten",
            ),
            (
                "en",
                "2 league rounds are still to be played.",
                "Draw the bracket now, without the league rounds left",
            ),
            (
                "es",
                "Quedan 2 jornadas de la liga por jugar.",
                "Sortear el cuadro ya, sin las jornadas que faltan",
            ),
        ],
        "sorteó el cuadro con 2 jornadas de la liga sin jugar",
    )
    .await;
}

/// A Swiss of two rounds, both played: the knockout is drawn at once, no
/// confirmation asked, and the audit says only that the bracket was made.
#[tokio::test]
async fn after_the_last_swiss_round_the_knockout_is_drawn_without_a_confirmation() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Tute", "Teruel").await;
    let id = ChampionshipForm::new("Tute de Reyes")
        .set("rounds", "2")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 6)
        .await;
    round_won_by_the_better_seeds(&app, id, 1).await;
    round_won_by_the_better_seeds(&app, id, 2).await;
    let page = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, "#form-fases button[type=submit]"),
        vec!["Formar la fase final"]
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[("qualify", "top"), ("n", "4")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(phases_of(&app, id).await, 1);
    let audit = app
        .page(&format!("/campeonatos/{id}/auditoria"), StatusCode::OK)
        .await;
    let said = texts(&audit, "body").join(" ");
    assert!(said.contains("creó el cuadro"), "{said}");
    assert!(!said.contains("sin jugar"), "{said}");
}

/// Round `round` of championship `id` drawn by its director, who types 21–12 at
/// every table (the better seed winning).
pub(crate) async fn round_won_by_the_better_seeds(app: &TestApp, id: i32, round: i32) {
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let rows = app
        .with_conn(move |conn| store::round_tables(conn, id, round).unwrap())
        .await;
    typed_by_the_director(app, &rows).await;
}

/// The director types 21–12 at each of `rows`, pair a winning.
pub(crate) async fn typed_by_the_director(app: &TestApp, rows: &[store::TableRow]) {
    for row in rows {
        let path = baza::web::championship::table_path(
            row.championship_id,
            row.phase,
            row.round_no,
            row.table_no,
        );
        let version = row.version.to_string();
        let fields = [
            ("score_a", "21"),
            ("score_b", "12"),
            ("version", version.as_str()),
        ];
        assert_eq!(
            post(app, &path, &fields).await.status(),
            StatusCode::SEE_OTHER
        );
    }
}
