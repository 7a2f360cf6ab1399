//! A championship made with the new-championship form's defaults starts as each
//! game's sources say, over HTTP from an empty database: a botifarra Swiss ranks by
//! the score (matches won, then the difference of points, then the points for), the
//! other games by their system's usual ranking; the tie-breaks follow the game and
//! the system posted while they stand as the form gave them; a guiñote match is at
//! the best of three partidas, and a guiñote match of one partida is one coto.

use reqwest::StatusCode;
use serde_json::json;

use crate::from_scratch::{
    club_from_first_run, club_of_game, form_values, id_of, new_championship, register_and_pair, set,
};
use crate::halves::{PAIRS, document, play_round, register};
use crate::helpers::{TestApp, attr, texts};

/// The new-championship form of `club` as it opens, named `name`.
async fn opened_form(app: &TestApp, club: i32, name: &str) -> Vec<(String, String)> {
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", name);
    fields
}

/// Creates the championship `fields` describe; returns its id and its file.
async fn created(
    app: &TestApp,
    club: i32,
    fields: &[(String, String)],
) -> (i32, serde_json::Value) {
    let res = new_championship(app, club, fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "created");
    let id = id_of(&res);
    (id, document(app, id).await)
}

#[tokio::test]
async fn a_botifarra_championship_made_with_the_forms_defaults_ranks_by_point_difference_before_buchholz()
 {
    let app = TestApp::spawn().await;
    // The form opens on the club's usual game, cuatrola, with its Swiss's Buchholz;
    // the game is switched to botifarra without script and nothing else is touched
    // but the rounds and how results are entered.
    let club = club_from_first_run(&app).await;
    let mut form = opened_form(&app, club, "Obert de Sant Vicenç").await;
    set(&mut form, "game", "botifarra");
    set(&mut form, "rounds", "2");
    set(&mut form, "entry", "result");
    let (id, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["tiebreaks"],
        json!(["points", "point_difference", "points_for", "lot"])
    );
    // A draw is worth half a win.
    assert_eq!(
        (
            &doc["event"]["points"]["win"],
            &doc["event"]["points"]["draw"]
        ),
        (&json!(2), &json!(1))
    );
    let pairs = &PAIRS[..6];
    register(&app, id, pairs).await;
    // Round 1: 1–4, 2–5, 3–6; round 2: 1–2, 3–4, 5–6 (first the one placed higher).
    let score = |r: usize, t: u64| match (r, t) {
        (1, 1) => (101, 90),
        (1, 2) => (101, 95),
        (1, 3) => (101, 20),
        (2, 1) => (101, 99),
        (2, 2) => (100, 101),
        _ => (101, 30),
    };
    let mut met = Vec::new();
    for r in 1..=2 {
        let (tables, bye) = play_round(&app, id, r, &score).await;
        assert_eq!(bye, None);
        met.extend(tables.into_iter().map(|(t, a, b)| (r, t, a, b)));
    }
    let doc = document(&app, id).await;
    let name = |eid: &str| {
        doc["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == eid)
            .and_then(|e| e["name"].as_str())
            .unwrap()
            .to_owned()
    };
    let met: Vec<(usize, u64, String, String)> = met
        .into_iter()
        .map(|(r, t, a, b)| (r, t, name(&a), name(&b)))
        .collect();
    let [p1, p2, p3, p4, p5, p6] = [0, 1, 2, 3, 4, 5].map(|k| pairs[k].to_owned());
    assert_eq!(
        met,
        [
            (1, 1, p1.clone(), p4.clone()),
            (1, 2, p2.clone(), p5.clone()),
            (1, 3, p3.clone(), p6.clone()),
            (2, 1, p1.clone(), p2.clone()),
            (2, 2, p3.clone(), p4.clone()),
            (2, 3, p5.clone(), p6.clone()),
        ]
    );
    // Four pairs won one match each. Buchholz (their opponents' points) would put
    // 2 and 4 first (they met 1, who won both); the difference puts 3 (+80) and 5
    // (+65) before 2 (+4) and 4 (−10).
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, "table.tournament-standings tbody td.name strong"),
        [p1, p3, p5, p2, p4, p6]
    );
}

#[tokio::test]
async fn a_league_made_without_script_starts_from_its_games_league_tie_breaks_and_chosen_ones_stay()
{
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    // The system switched to a league: cuatrola's league, head-to-head first.
    let mut form = opened_form(&app, club, "Liga de cuatrola").await;
    set(&mut form, "system", "round_robin");
    let (_, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["tiebreaks"],
        json!([
            "points",
            "head_to_head",
            "point_difference",
            "points_for",
            "lot"
        ])
    );
    // Botifarra's league ranks by the score alone, as its Swiss does.
    let mut form = opened_form(&app, club, "Lligueta de botifarra").await;
    set(&mut form, "game", "botifarra");
    set(&mut form, "system", "round_robin_double");
    let (_, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["tiebreaks"],
        json!(["points", "point_difference", "points_for", "lot"])
    );
    // Tie-breaks the organiser chose stay, whatever the game and system.
    let mut form = opened_form(&app, club, "Liga de la casa").await;
    set(&mut form, "game", "botifarra");
    set(&mut form, "system", "round_robin");
    set(&mut form, "tb2", "sonneborn_berger");
    let (_, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["tiebreaks"],
        json!([
            "points",
            "sonneborn_berger",
            "median_buchholz",
            "point_difference",
            "points_for",
            "lot"
        ])
    );
}

#[tokio::test]
async fn a_guinote_championship_made_with_the_forms_defaults_plays_best_of_three() {
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(
            &html,
            "select[name='fmt.guinote.match_format'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("best_of")
    );
    let mut form = form_values(&html, "form.tournament-form");
    set(&mut form, "name", "Guiñote de las fiestas");
    let (id, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["match_format"],
        json!({"kind": "best_of", "partidas": 3})
    );
    assert_eq!(doc["event"]["game"], "guinote");
    register_and_pair(&app, id, &["Ana – Berta", "Carmen – Dolores"]).await;
    let page = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert!(
        page.html().contains("Al mejor de 3 partidas"),
        "the director's page says its matches"
    );
}

/// Without script the cotos stay on the form beside one partida: the server reads
/// them only for a match of several partidas, so one partida with two cotos left on
/// the form makes a championship of one partida (one coto).
#[tokio::test]
async fn a_guinote_match_of_one_partida_reads_no_cotos_left_on_the_form() {
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    let mut form = opened_form(&app, club, "Guiñote del Pilar").await;
    set(&mut form, "fmt.guinote.match_format", "partida");
    set(&mut form, "fmt.guinote.cotos", "2");
    let (_, doc) = created(&app, club, &form).await;
    assert_eq!(doc["event"]["match_format"], json!({"kind": "partida"}));
    // At the best of three partidas they count.
    let mut form = opened_form(&app, club, "Guiñote de San Lorenzo").await;
    set(&mut form, "fmt.guinote.match_format", "best_of");
    set(&mut form, "fmt.guinote.cotos", "2");
    let (_, doc) = created(&app, club, &form).await;
    assert_eq!(
        doc["event"]["match_format"],
        json!({"kind": "best_of", "partidas": 3, "cotos": 2})
    );
}

/// The championship the browser's form made: it is on its director's page.
async fn made_in_browser(browser: &crate::browser::Browser) -> i32 {
    let path = browser.path().await;
    path.strip_prefix("/campeonatos/")
        .and_then(|p| p.strip_suffix("/direccion"))
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("the championship is made: {path}"))
}

/// With script, the control of the cotos hides once one partida is chosen: an
/// organiser who picked two cotos and then one partida makes a championship of one
/// partida.
#[tokio::test]
async fn in_a_browser_two_cotos_picked_and_then_one_partida_make_a_championship_of_one_partida() {
    let Some(browser) = crate::browser::Browser::start("cotos_then_one_partida").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    browser.as_organiser(&app, "mesa", club).await;
    browser
        .goto(&app.url(&format!("/clubes/{club}/campeonatos/nuevo")))
        .await;
    browser.wait_for("select[name='fmt.guinote.cotos']").await;
    browser.fill("input[name=name]", "Guiñote del Pilar").await;
    browser.choose("fmt.guinote.match_format", "best_of").await;
    browser.choose("fmt.guinote.cotos", "2").await;
    browser.choose("fmt.guinote.match_format", "partida").await;
    let cotos = "document.querySelector(\"select[name='fmt.guinote.cotos']\")";
    assert_eq!(
        browser
            .eval(&format!("return {cotos}.closest('label').hidden"))
            .await,
        true,
        "the cotos hide with one partida"
    );
    // Shown again with several partidas, they are sent again.
    browser.choose("fmt.guinote.match_format", "best_of").await;
    assert_eq!(
        browser.eval(&format!("return {cotos}.disabled")).await,
        false
    );
    browser.choose("fmt.guinote.match_format", "partida").await;
    browser
        .submit("form.tournament-form button[type=submit]")
        .await;
    let id = made_in_browser(&browser).await;
    let doc = document(&app, id).await;
    assert_eq!(doc["event"]["match_format"], json!({"kind": "partida"}));
}

/// On a phone, a championship form the server refuses comes back with everything
/// typed, the fields hidden by the choices made too: an organiser who typed a Swiss's
/// rounds, several partidas with their cotos and the rounds that avoid same-club
/// pairings, then switched to a league of one partida with clubs allowed and typed a
/// number of liguillas the form refuses, finds all of it again (the hidden fields still
/// hidden); once the liguillas are mended, the championship is the one shown.
#[tokio::test]
async fn in_a_browser_a_refused_championship_form_comes_back_with_every_field_typed_hidden_ones_too()
 {
    let Some(browser) = crate::browser::Browser::start("refused_form_keeps_hidden").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    browser.as_organiser(&app, "mesa", club).await;
    browser.viewport(360, 740).await;
    let new = format!("/clubes/{club}/campeonatos/nuevo");
    browser.goto(&app.url(&new)).await;
    browser.wait_for("select[name='fmt.guinote.cotos']").await;
    browser.fill("input[name=name]", "Guiñote del Pilar").await;
    browser.fill("input[name=rounds]", "7").await;
    browser.choose("system", "round_robin").await;
    browser.fill("input[name=groups]", "99").await;
    browser.choose("fmt.guinote.match_format", "best_of").await;
    browser
        .fill("input[name='fmt.guinote.partidas']", "5")
        .await;
    browser.choose("fmt.guinote.cotos", "2").await;
    browser.choose("fmt.guinote.match_format", "partida").await;
    browser.choose("same_club", "first").await;
    browser.fill("input[name=same_club_rounds]", "4").await;
    browser.choose("same_club", "").await;
    browser
        .submit("form.tournament-form button[type=submit]")
        .await;
    assert_eq!(browser.path().await, new, "refused: the form again");
    let alert = browser.text(".alert").await;
    assert!(alert.contains("(99)"), "{alert}");
    // Every field as typed, and whether the choices made hide it.
    let field = |name: &str| format!("document.querySelector(\"[name='{name}']\")");
    for (name, typed, hidden) in [
        ("name", "Guiñote del Pilar", false),
        ("system", "round_robin", false),
        ("rounds", "7", true),
        ("groups", "99", false),
        ("fmt.guinote.match_format", "partida", false),
        ("fmt.guinote.partidas", "5", true),
        ("fmt.guinote.cotos", "2", true),
        ("same_club", "", false),
        ("same_club_rounds", "4", true),
    ] {
        let el = field(name);
        assert_eq!(
            browser.eval(&format!("return {el}.value")).await,
            typed,
            "{name} as typed"
        );
        assert_eq!(
            browser
                .eval(&format!("return !!{el}.closest('[hidden]')"))
                .await,
            hidden,
            "{name} hidden"
        );
    }
    browser.assert_fits(360, "the refused form").await;

    browser.fill("input[name=groups]", "1").await;
    browser
        .submit("form.tournament-form button[type=submit]")
        .await;
    let id = made_in_browser(&browser).await;
    let doc = document(&app, id).await;
    let event = &doc["event"];
    assert_eq!(
        (&event["system"]["kind"], &event["system"]["groups"]),
        (&json!("round_robin"), &json!(1))
    );
    assert_eq!(event["match_format"], json!({"kind": "partida"}));
    assert!(
        event["same_club"].is_null() || event["same_club"] == "allowed",
        "{}",
        event["same_club"]
    );
}
