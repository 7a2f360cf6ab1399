//! A federation's season met from an empty database: the club made at *Primeros
//! pasos*, a championship made from the form's defaults and played at its tables
//! through the pairs' PINs, the referee's corrections and the register's imports, as
//! the people in the room go through them.

use reqwest::StatusCode;
use scraper::Html;

use crate::from_scratch::{
    club_from_first_run, defaults_for, form_values, id_of, new_championship, open_table,
    post_fields, register_and_pair, set, slip_halves,
};
use crate::helpers::{TestApp, attr, new_client, post_form_as, signed_from_its_own_phone};

/// A cuatrola championship of two pairs made from the form's defaults, its round 1
/// published: (championship, the table's path, pair a's PIN, pair b's PIN).
pub(crate) async fn cuatrola_table(app: &TestApp) -> (i32, String, String, String) {
    let club = club_from_first_run(app).await;
    let fields = defaults_for(app, club, "cuatrola", "partida").await;
    let res = new_championship(app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    register_and_pair(app, id, &["Pérez – Gil", "Vidal – Lasa"]).await;
    let (path, [a, b]) = slip_halves(app, id).await.remove(0);
    (id, path, a.pins[0].clone(), b.pins[0].clone())
}

/// The hand form of `game` at `form_path` as `client` sees it, with `typed` set.
pub(crate) async fn hand_form(
    app: &TestApp,
    client: &reqwest::Client,
    form_path: &str,
    typed: &[(&str, &str)],
) -> Vec<(String, String)> {
    let html = app.page_as(client, form_path).await;
    let mut fields = form_values(&html, &format!("form[action='{form_path}']"));
    for (k, v) in typed {
        set(&mut fields, k, v);
    }
    fields
}

/// Plays the table's game to 22–0 for pair a on its scorekeeper's phone (each hand
/// over 100 for pair a) and has pair b sign it with its own PIN on its phone: the
/// game's id.
async fn played_and_signed(app: &TestApp, path: &str, pin_a: &str, pin_b: &str) -> i32 {
    let (_, game) = played_to_the_end(app, path, pin_a).await;
    let res = signed_from_its_own_phone(app, path, pin_b).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed");
    game
}

/// Plays the table's game to 22–0 for pair a (each hand over 100 for pair a) on a
/// phone that opens the table with `pin`: the phone and the game's id.
pub(crate) async fn played_to_the_end(
    app: &TestApp,
    path: &str,
    pin: &str,
) -> (reqwest::Client, i32) {
    let (phone, game) = open_table(app, path, pin).await;
    let mano = format!("/partidas/{game}/mano");
    for _ in 0..11 {
        let fields = hand_form(
            app,
            &phone,
            &mano,
            &[
                ("trump", "o"),
                ("card_points_side0", "110"),
                ("last_trick_side", "0"),
            ],
        )
        .await;
        let res = post_fields(app, &phone, &mano, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "a hand saved");
    }
    (phone, game)
}

#[tokio::test]
async fn a_referees_correction_that_would_leave_a_confirmed_game_unfinished_shows_the_hand_form_again_as_typed()
 {
    let app = TestApp::spawn().await;
    let (id, path, pin_a, pin_b) = cuatrola_table(&app).await;
    let game = played_and_signed(&app, &path, &pin_a, &pin_b).await;

    // The last hand, said to be pair b's: 20–2, the game no longer over.
    let hand = format!("/partidas/{game}/manos/11");
    let typed = [
        ("card_points_side0", ""),
        ("card_points_side1", "110"),
        ("last_trick_side", "1"),
    ];
    let fields = hand_form(&app, &app.client, &hand, &typed).await;
    let res = post_fields(&app, &app.client, &hand, &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("Con este cambio la partida queda sin terminar"),
        "{page}"
    );
    // The hand's form again, with what was typed.
    let html = Html::parse_document(&page);
    let form = format!("form[action='{hand}']");
    assert_eq!(
        attr(
            &html,
            &format!("{form} input[name=card_points_side1]"),
            "value"
        )
        .as_deref(),
        Some("110"),
        "{page}"
    );
    assert_eq!(
        attr(
            &html,
            &format!("{form} select[name=last_trick_side] option[selected]"),
            "value"
        )
        .as_deref(),
        Some("1")
    );
    // Nothing changed: the table's confirmed result stands.
    let standings = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await
        .html();
    assert!(standings.contains("22 – 0"), "{standings}");
}

#[tokio::test]
async fn a_club_of_one_player_and_a_licence_list_of_one_unchanged_person_are_said_in_the_singular()
{
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/jugadores"),
        &[
            ("name", "Ana Pérez"),
            ("licence", "L-001"),
            ("birth_year", "1970"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let list = "licencia;nombre;club;año de nacimiento\nL-001;Ana Pérez;Peña La Cuatrola;1970\n";
    for (lang, club_line, unchanged) in [
        ("es", "Huesca · 1 jugador<", "1 persona sin cambios."),
        ("ca", "Huesca · 1 jugador<", "1 persona sense canvis."),
        ("en", "Huesca · 1 player<", "1 person unchanged."),
    ] {
        let res = app
            .client
            .get(app.url(&format!("/idioma/{lang}?next=/")))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_redirection(), "{lang}");
        let home = app.text_as(&app.client, "/").await;
        assert!(home.contains(club_line), "{lang}: {home}");
        let res =
            crate::register::upload(&app, &app.client, "licencias.csv", list.as_bytes()).await;
        assert_eq!(res.status(), StatusCode::OK);
        let page = res.text().await.unwrap();
        assert!(page.contains(unchanged), "{lang}: {page}");
    }
}

#[tokio::test]
async fn a_championships_trail_says_at_which_table_each_hand_was_entered_and_corrected() {
    let app = TestApp::spawn().await;
    let (id, path, pin_a, pin_b) = cuatrola_table(&app).await;
    let game = played_and_signed(&app, &path, &pin_a, &pin_b).await;
    // The director corrects hand 1: pair a's, but not over 100 (21–0).
    let hand = format!("/partidas/{game}/manos/1");
    let fields = hand_form(&app, &app.client, &hand, &[("card_points_side0", "80")]).await;
    let res = post_fields(&app, &app.client, &hand, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let trail = format!("/campeonatos/{id}/auditoria");
    for (lang, entered, corrected) in [
        (
            "es",
            "La pareja Pérez – Gil con su PIN anotó la mano 11 de la mesa 1 de la ronda 1.",
            "Marisa corrigió la mano 1 de la mesa 1 de la ronda 1: ",
        ),
        (
            "en",
            "entered hand 11 at table 1 of round 1.",
            "Marisa corrected hand 1 at table 1 of round 1: ",
        ),
    ] {
        let res = app
            .client
            .get(app.url(&trail))
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap();
        let page = res.text().await.unwrap();
        assert!(page.contains(entered), "{lang}: {page}");
        assert!(page.contains(corrected), "{lang}: {page}");
    }
    // A partida's own history needs no table.
    let history = app
        .text_as(&app.client, &format!("/partidas/{game}/auditoria"))
        .await;
    assert!(history.contains("corrigió la mano 1: "), "{history}");
}

#[tokio::test]
async fn the_director_of_another_clubs_championship_is_shown_the_circuit_it_counts_in() {
    let app = TestApp::spawn().await;
    let huesca = club_from_first_run(&app).await;
    // The administrator makes the second club, through its form.
    let html = app.page_as(&app.client, "/admin/clubes").await;
    let mut fields = form_values(&html, "form[action='/admin/clubes']");
    set(&mut fields, "name", "Club Guiñote Jaca");
    set(&mut fields, "town", "Jaca");
    set(&mut fields, "game", "guinote");
    let res = post_fields(&app, &app.client, "/admin/clubes", &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let jaca: i32 = res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/clubes/")
        .parse()
        .unwrap();
    let mut championships = Vec::new();
    for (club, game) in [(huesca, "cuatrola"), (jaca, "guinote")] {
        let fields = defaults_for(&app, club, game, "partida").await;
        let res = new_championship(&app, club, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        championships.push(id_of(&res));
    }
    // A circuit of Huesca's over both, from its form's defaults.
    let new = format!("/clubes/{huesca}/circuitos/nuevo");
    let html = app.page_as(&app.client, &new).await;
    let mut fields = form_values(&html, &format!("form[action='{new}']"));
    set(&mut fields, "name", "Circuito de Otoño");
    for c in &championships {
        fields.push(("event".to_owned(), c.to_string()));
    }
    let res = post_fields(&app, &app.client, &new, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let circuit = res.headers()["location"].to_str().unwrap().to_owned();

    // Jaca's director, on her championship's page.
    let pw = app
        .add_user("directora_jaca", "organiser", Some(jaca))
        .await;
    let director = new_client();
    app.login(&director, "directora_jaca", &pw).await;
    let page = format!("/campeonatos/{}/direccion", championships[1]);
    let html = app.page_as(&director, &page).await;
    assert_eq!(
        attr(&html, "p.circuits-fed a", "href").as_deref(),
        Some(circuit.as_str())
    );
    let said = crate::helpers::texts(&html, "p.circuits-fed").join(" ");
    assert_eq!(said, "Cuenta para el circuito: Circuito de Otoño");
}
