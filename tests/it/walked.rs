//! What a person walking a whole championship day on a phone noticed: a pair named
//! otherwise than its players is seated at its table by its players; the check-in
//! button says what it does; a knockout's matches still to play read "A contra B"; a
//! hand replaced by the referee's ruling reads as one change in its history; a hand
//! entered at a championship table by one of its pairs' PINs says so; a visitor on a
//! confirmed table's game is offered the way to the table once; a pair wins in the
//! plural; the last round played is not the championship's end; a ruling on a deal
//! that cannot be says why in words and offers nothing to apply; the import page
//! names its header as a person types it; a knockout's next matches go to the hall's
//! first free tables; a club's page lists its championships.

use baza::db::accounts::AuditEntry;
use baza::db::schema::championship_tables;
use baza::domain::Lang;
use baza::domain::status::TableStatus;
use baza::web::audit_words::{Known, sentence};
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, post_form_as, texts};

/// A championship of club `club` with two pairs registered by their typed players:
/// "Los de Graus" (Ramón Español and Félix Noguero) and one named by its players'
/// surnames (Ana Nieto and Rosa Ortega). Its id.
async fn two_typed_pairs(app: &TestApp, club: i32) -> i32 {
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .create(app, club)
        .await;
    for (name, one, two) in [
        ("Los de Graus", "Ramón Español", "Félix Noguero"),
        ("", "Ana Nieto", "Rosa Ortega"),
    ] {
        let res = post_form_as(
            app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("player1", one), ("player2", two), ("name", name)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{one}");
    }
    id
}

/// [`two_typed_pairs`]'s championship with its first round drawn, and the game of
/// its one table.
async fn first_table_game(app: &TestApp, club: i32) -> (i32, i32) {
    let id = two_typed_pairs(app, club).await;
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "0")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = app
        .with_conn(move |c| {
            championship_tables::table
                .filter(championship_tables::championship_id.eq(id))
                .select(championship_tables::game_id)
                .first::<Option<i32>>(c)
                .unwrap()
                .expect("the table's game")
        })
        .await;
    (id, game)
}

#[tokio::test]
async fn a_pair_named_otherwise_than_its_players_is_seated_at_its_table_by_their_surnames() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let (_, game) = first_table_game(&app, club).await;
    let html = app.page(&format!("/partidas/{game}"), StatusCode::OK).await;
    let title = texts(&html, "h1.match-title").join(" ");
    assert!(
        title.contains("Español y Noguero"),
        "the named pair by its players: {title}"
    );
    assert!(
        title.contains("Nieto y Ortega"),
        "the other by its name: {title}"
    );
    let seats = texts(&html, "select[name=bidder] option").join(", ");
    assert!(
        seats.contains("Español") && seats.contains("Noguero"),
        "{seats}"
    );
    assert!(!seats.contains("Los de Graus"), "no numbered pair: {seats}");
}

#[tokio::test]
async fn the_check_in_button_says_what_it_does_and_the_state_what_it_is() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let id = two_typed_pairs(&app, club).await;
    let direction = format!("/campeonatos/{id}/direccion");
    let buttons = |html: &scraper::Html| texts(html, "form[action$='/presente'] button");

    let html = app.page(&direction, StatusCode::OK).await;
    assert_eq!(buttons(&html), ["Marcar presente", "Marcar presente"]);
    let entrant: String = {
        let sel = scraper::Selector::parse("form[action$='/presente']").unwrap();
        let action = html.select(&sel).next().unwrap().value().attr("action");
        action.unwrap().to_owned()
    };
    let res = post_form_as(&app, &app.client, &entrant, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let html = app.page(&direction, StatusCode::OK).await;
    let mut shown = buttons(&html);
    shown.sort();
    assert_eq!(shown, ["Marcar presente", "Quitar «presente»"]);
    let rows = texts(&html, "table.entrants tbody tr").join(" | ");
    assert_eq!(rows.matches("Presente").count(), 1, "{rows}");
}

#[tokio::test]
async fn a_knockout_match_still_to_play_reads_one_pair_contra_the_other() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let club = club.to_string();
    let res = post_form_as(
        &app,
        &app.client,
        "/cuadros/nuevo",
        &[
            ("club", &club),
            ("name", "Fase final"),
            ("game", "cuatrola"),
            ("format", "single"),
            ("seeding", "hand"),
            ("paper", "a4"),
            ("names", "Campo – Sierra\nBuil – Lanau"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let path = res.headers()["location"].to_str().unwrap().to_owned();
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(
        texts(&html, ".playable-list a"),
        ["Final · Campo – Sierra contra Buil – Lanau"]
    );
}

#[test]
fn a_hand_replaced_by_the_referees_record_reads_as_one_change_in_its_history() {
    let quick = r#"{"game":2,"hand":3,"entry":{"game":"cuatrola","trump":"e","bid":"pass",
        "card_points_side0":40,"last_trick_side":1,"cantes":[]}}"#;
    let record = r#"{"game":2,"hand":3,"entry":{"format":"baza-hand/1","game":"cuatrola",
        "players":4,"dealer":3,"turned":"12e","before":[2,0],"declared":{"hand_points":[0,1]},
        "events":[{"bid":"pass","seat":0}],"hands":[["1o"],["12o"],["11o"],["10o"]],
        "options":{},"stock":[]}}"#;
    let entry = |before: &str, after: &str| AuditEntry {
        id: 1,
        at: chrono::NaiveDate::from_ymd_opt(2026, 11, 29)
            .and_then(|d| d.and_hms_opt(3, 29, 0))
            .unwrap(),
        actor: "user:1:directora (fallo 3ccee12f9553)".to_owned(),
        action: "update".to_owned(),
        entity: "hand".to_owned(),
        entity_id: 2,
        club_id: Some(1),
        championship_id: None,
        before_json: Some(before.to_owned()),
        after_json: Some(after.to_owned()),
    };
    let s = sentence(Lang::Es, &entry(quick, record), &Known::default());
    assert_eq!(
        s,
        "Directora, con un fallo del árbitro corrigió la mano 3: lo anotado pasó a ser la \
         mano completa, carta a carta."
    );
    let s = sentence(Lang::Es, &entry(record, quick), &Known::default());
    assert!(
        s.ends_with("la mano completa pasó a ser una anotación del formulario rápido."),
        "{s}"
    );
    for lang in [Lang::Ca, Lang::En] {
        let s = sentence(lang, &entry(quick, record), &Known::default());
        assert!(!s.contains("audit-") && !s.contains("→"), "{s}");
    }
}

#[test]
fn a_hand_entered_at_a_championship_table_was_entered_by_a_pair_with_its_pin() {
    let entered = |championship_id: Option<i32>| {
        let e = AuditEntry {
            id: 1,
            at: chrono::NaiveDate::from_ymd_opt(2026, 11, 29)
                .and_then(|d| d.and_hms_opt(3, 29, 0))
                .unwrap(),
            actor: "scorekeeper:games [2]".to_owned(),
            action: "create".to_owned(),
            entity: "hand".to_owned(),
            entity_id: 2,
            club_id: Some(1),
            championship_id,
            before_json: None,
            after_json: Some(r#"{"game":2,"hand":1}"#.to_owned()),
        };
        sentence(Lang::Es, &e, &Known::default())
    };
    assert_eq!(
        entered(Some(1)),
        "Una pareja de la mesa con su PIN anotó la mano 1."
    );
    assert_eq!(
        entered(None),
        "Quien tenía el PIN de la partida anotó la mano 1."
    );
}

#[tokio::test]
async fn a_visitor_on_a_confirmed_tables_game_is_offered_the_way_to_the_table_once() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let (id, game) = first_table_game(&app, club).await;
    // The table's result confirmed: its game says so, with the way to the table.
    app.with_conn(move |c| {
        diesel::update(championship_tables::table.filter(championship_tables::game_id.eq(game)))
            .set(championship_tables::status.eq(TableStatus::Final.as_str()))
            .execute(c)
            .unwrap()
    })
    .await;
    let visitor = crate::helpers::new_client();
    let res = visitor
        .get(app.url(&format!("/partidas/{game}")))
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let table = format!("/campeonatos/{id}/rondas/1/mesas/1");
    let sel = scraper::Selector::parse(&format!("main a[href='{table}']")).unwrap();
    let ways: Vec<String> = html
        .select(&sel)
        .map(|a| a.text().collect::<String>())
        .filter(|t| t == "Ir a la mesa")
        .collect();
    assert_eq!(ways.len(), 1, "{ways:?}");
    assert_eq!(texts(&html, ".table-result"), ["Confirmado"]);
}

#[tokio::test]
async fn a_pair_that_wins_the_game_is_said_to_win_in_the_plural() {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    for _ in 0..5 {
        let res = t
            .hand(&[
                ("trump", "e"),
                ("bid", "cuatrola"),
                ("bidder", "0"),
                ("soloist_tricks", "4"),
            ])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "pass"),
            ("card_points_side0", "104"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = t.page().await;
    assert_eq!(texts(&page, ".winner"), ["Ganan Ana y Carmen."]);
}

/// A cuatrola championship of typed results with `n` pairs, its first round drawn
/// at the hall's tables and published: its id.
async fn round_one_published(app: &TestApp, club: i32, n: u32) -> i32 {
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .set("entry", "result")
        .create_with_pairs(app, club, "Pareja", n)
        .await;
    for (path, fields) in [
        (format!("/campeonatos/{id}/rondas"), vec![("tables", "0")]),
        (format!("/campeonatos/{id}/rondas/1/publicar"), vec![]),
    ] {
        let res = post_form_as(app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
    id
}

#[tokio::test]
async fn after_its_last_round_the_directors_page_says_the_rounds_are_played_not_the_championship() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let id = round_one_published(&app, club, 2).await;
    let (pin, pin_b) = app
        .with_conn(move |c| {
            championship_tables::table
                .filter(championship_tables::championship_id.eq(id))
                .select((championship_tables::pin, championship_tables::pin_b))
                .first::<(String, String)>(c)
                .unwrap()
        })
        .await;
    let table = format!("/campeonatos/{id}/rondas/1/mesas/1");
    type_and_sign(&app, &table, (&pin, &pin_b), ("21", "12")).await;

    // Its one round played: a knockout may still follow, so the championship is not
    // said to be over.
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let text = texts(&html, "main").join(" ");
    assert!(text.contains("Se han jugado todas las rondas."), "{text}");
    assert!(!text.contains("El campeonato ha terminado"), "{text}");
}

/// The version of the championship table at `path`.
async fn table_version(app: &TestApp, path: &str) -> String {
    let html = app.page(path, StatusCode::OK).await;
    crate::helpers::attr(&html, "input[name=version]", "value").expect("the table's version")
}

/// A table's result typed by pair a with its PIN on one phone and signed by pair b
/// with its own on another: `score` (a, b).
async fn type_and_sign(
    app: &TestApp,
    table: &str,
    (pin, pin_b): (&str, &str),
    score: (&str, &str),
) {
    let keeper = crate::helpers::new_client();
    let res = post_form_as(app, &keeper, &format!("{table}/pin"), &[("pin", pin)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let v = table_version(app, table).await;
    let fields = [
        ("score_a", score.0),
        ("score_b", score.1),
        ("version", v.as_str()),
    ];
    let res = post_form_as(app, &keeper, table, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "proposed at {table}");
    let other = crate::helpers::new_client();
    let res = post_form_as(app, &other, &format!("{table}/pin"), &[("pin", pin_b)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let v = table_version(app, table).await;
    let res = post_form_as(app, &other, &format!("{table}/firma"), &[("version", &v)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed at {table}");
}

/// Championship `id`'s tables of phase `phase` (0: its rounds) as (round, table,
/// physical table, PINs), in order.
async fn tables_of(
    app: &TestApp,
    id: i32,
    phase: i32,
) -> Vec<(i32, i32, Option<i32>, String, String)> {
    app.with_conn(move |c| {
        championship_tables::table
            .filter(championship_tables::championship_id.eq(id))
            .filter(championship_tables::phase.eq(phase))
            .order((championship_tables::round_no, championship_tables::table_no))
            .select((
                championship_tables::round_no,
                championship_tables::table_no,
                championship_tables::physical,
                championship_tables::pin,
                championship_tables::pin_b,
            ))
            .load(c)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn a_knockouts_next_matches_are_played_at_the_halls_first_free_tables() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let id = round_one_published(&app, club, 8).await;
    for (round, no, _, pin, pin_b) in tables_of(&app, id, 0).await {
        let table = format!("/campeonatos/{id}/rondas/{round}/mesas/{no}");
        type_and_sign(&app, &table, (&pin, &pin_b), ("21", "12")).await;
    }
    let fields = [
        ("name", "Fase final"),
        ("qualify", "top"),
        ("n", "8"),
        ("shape", "single"),
    ];
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/fases"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let phase = app
        .with_conn(move |c| {
            championship_tables::table
                .filter(championship_tables::championship_id.eq(id))
                .filter(championship_tables::phase.ne(0))
                .select(championship_tables::phase)
                .first::<i32>(c)
                .unwrap()
        })
        .await;
    // Four quarter-finals at the hall's four tables; then each next round at the
    // first tables free, never a table the hall does not have.
    let mut played = 0;
    for expected in [vec![1, 2, 3, 4], vec![1, 2], vec![1]] {
        let tables = tables_of(&app, id, phase).await;
        let new = &tables[played..];
        let physical: Vec<i32> = new.iter().filter_map(|t| t.2).collect();
        assert_eq!(physical, expected, "{tables:?}");
        for (_, no, _, pin, pin_b) in new {
            let table = format!("/campeonatos/{id}/fases/{phase}/mesas/{no}");
            type_and_sign(&app, &table, (pin, pin_b), ("21", "12")).await;
        }
        played = tables.len();
    }
    assert_eq!(played, 7);
    // The championship's audit names each knockout match by its stage and its pairs,
    // and a result proposed at a knockout table by the table of the knockout.
    let audit = app
        .page(&format!("/campeonatos/{id}/auditoria"), StatusCode::OK)
        .await;
    let text = texts(&audit, "main").concat();
    for stage in [
        "de la final (Pareja 1 contra Pareja 3): 21–12",
        "de la semifinal 2 (Pareja 3 contra Pareja 2): 21–12",
        "del cuarto de final 4 (Pareja 2 contra Pareja 7): 21–12",
        "propuso el resultado de la mesa 7 de la fase final (Pareja 1 contra Pareja 3): 21–12",
    ] {
        assert!(text.contains(stage), "{stage} in {text}");
    }
    assert!(!text.contains("de la ronda 3"), "{text}");
    assert!(!text.contains("de la ronda 0"), "{text}");
}

/// A cuatrola hand dealt by seat `dealer`, the rey de espadas turned from seat 3's
/// hand, opened with four passes and a renuncio at the first trick.
fn dealt_by(dealer: u8) -> String {
    serde_json::json!({
        "format": "baza-hand/1", "game": "cuatrola", "players": 4, "dealer": dealer,
        "options": {}, "stock": [], "turned": "12e",
        "hands": [["1o","3o","12c","11e","10b"],["12o","1c","1e","10e","3b"],
                  ["11o","3c","10c","3e","12b"],["10o","11c","12e","1b","11b"]],
        "events": [{"bid":"pass","seat":0},{"bid":"pass","seat":1},{"bid":"pass","seat":2},
                   {"bid":"pass","seat":3},{"play":"1o","seat":0},{"play":"1c","seat":1}]
    })
    .to_string()
}

#[tokio::test]
async fn a_ruling_on_a_deal_that_cannot_be_is_said_in_words_and_offers_no_hand_to_apply() {
    let app = TestApp::spawn().await;
    app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let mut pages = Vec::new();
    for dealer in [3, 1] {
        let record = dealt_by(dealer);
        let res = post_form_as(&app, &app.client, "/arbitro", &[("record", &record)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "dealer {dealer}");
        let ruling = res.headers()["location"].to_str().unwrap().to_owned();
        pages.push(app.page(&ruling, StatusCode::OK).await);
    }
    let apply = |html: &scraper::Html| texts(html, "form[action$='/aplicar'] button").len();
    assert_eq!(apply(&pages[0]), 1, "a renuncio in a good deal applies");
    assert_eq!(apply(&pages[1]), 0, "the turned card is not the dealer's");
    let said = texts(&pages[1], ".violation-message").join(" ");
    assert_eq!(said, "La carta vuelta, rey de espadas, no está donde debe");
}

#[tokio::test]
async fn the_import_page_names_the_header_as_a_person_types_it_and_that_header_imports() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .create(&app, club)
        .await;
    let path = format!("/campeonatos/{id}/inscritos/importar");
    let html = app.page(&path, StatusCode::OK).await;
    let help = texts(&html, "main p").join(" ");
    assert!(
        help.contains("«nombre», «club», «cabeza de serie»"),
        "{help}"
    );
    assert!(
        !help.contains("cabeza_de_serie") && !help.contains("Guarde"),
        "{help}"
    );
    // Cells pasted from a sheet whose header is written as the page says.
    let pasted =
        "Nombre\tClub\tCabeza de serie\nLos de Graus\tPeña La Baza\t1\nBuil – Lanau\t\t2\n";
    let res = post_form_as(&app, &app.client, &path, &[("csv", pasted)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let rows = texts(&html, "table.entrants tbody tr").join(" | ");
    assert!(
        rows.contains("Los de Graus") && rows.contains("Buil – Lanau"),
        "{rows}"
    );
}

#[tokio::test]
async fn a_clubs_page_lists_its_championships_under_their_own_heading_with_the_new_one_button() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Barbastro").await;
    let path = format!("/clubes/{club}");
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(texts(&html, "h2#campeonatos"), ["Campeonatos"]);
    assert_eq!(
        texts(&html, "main .empty"),
        [
            "Todavía no hay partidas.",
            "Todavía no hay campeonatos.",
            "Todavía no hay parejas."
        ]
    );
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .create(&app, club)
        .await;
    let html = app.page(&path, StatusCode::OK).await;
    assert_eq!(
        crate::helpers::attr(&html, ".event-card a", "href"),
        Some(format!("/campeonatos/{id}"))
    );
    // The championship's buttons sit in its section, before the players'.
    let page = html.html();
    let (section, players) = (
        page.find("id=\"campeonatos\"").unwrap(),
        page.find("id=\"jugadores\"").unwrap(),
    );
    let button = page.find("/campeonatos/nuevo").unwrap();
    assert!(section < button && button < players);
}
