//! The audit log in words: after a director signs in, starts a partida, enters,
//! corrects and deletes hands, and records and corrects a championship table's
//! result, the club's audit, the championship's audit and the partida's history read
//! each change as a sentence (who, what, on what) in Spanish, Catalan and English,
//! with no JSON, no actor key and no English verb on a Spanish page. The downloads
//! keep the stored columns and add the sentence.

use reqwest::StatusCode;

use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};

/// The championship of the demo with typed tables still to play (botifarra, round 3).
pub const CHAMPIONSHIP: i32 = 2;

/// What [`make_audit_rows`] changed: the partida it started.
pub struct Changed {
    pub game: i32,
}

async fn game_version(app: &TestApp, client: &reqwest::Client, game: i32) -> String {
    let res = client
        .get(app.url(&format!("/partidas/{game}")))
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    attr(&html, ".big-score", "data-version").expect("the game's version")
}

async fn table_version(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    attr(&html, "input[name=version]", "value").expect("the table's version")
}

/// Changes scores as `client` (signed in as staff of club 1) so that every audit
/// page has real rows: a partida started, two hands entered, the first corrected
/// (60 → 70 card points), the second deleted; a championship table's result
/// recorded, and a finished table's result corrected.
pub async fn make_audit_rows(app: &TestApp, client: &reqwest::Client) -> Changed {
    let res = post_form_as(
        app,
        client,
        "/clubes/1/partidas/nueva",
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game: i32 = crate::helpers::game_made(&res);
    let hand = [
        ("trump", "o"),
        ("bid", "pass"),
        ("card_points_side0", "60"),
        ("last_trick_side", "0"),
    ];
    for n in 1..=2 {
        let version = game_version(app, client, game).await;
        let submission = format!("audit-words-{game}-{n}");
        let mut form = vec![("version", version.as_str()), ("submission", &submission)];
        form.extend_from_slice(&hand);
        let res = post_form_as(app, client, &format!("/partidas/{game}/mano"), &form).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "hand {n}");
    }
    let version = game_version(app, client, game).await;
    let mut form = vec![("version", version.as_str())];
    form.extend_from_slice(&hand);
    form.retain(|(k, _)| *k != "card_points_side0");
    form.push(("card_points_side0", "70"));
    let res = post_form_as(app, client, &format!("/partidas/{game}/manos/1"), &form).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the correction");
    let version = game_version(app, client, game).await;
    let res = post_form_as(
        app,
        client,
        &format!("/partidas/{game}/manos/2/borrar"),
        &[("version", version.as_str())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the deletion");
    // A typed result at a table still playing, and a correction of a finished one.
    for (table, score) in [(4, ("101", "64")), (2, ("101", "70"))] {
        let path = format!("/campeonatos/{CHAMPIONSHIP}/rondas/3/mesas/{table}");
        let version = table_version(app, client, &path).await;
        let res = post_form_as(
            app,
            client,
            &path,
            &[
                ("score_a", score.0),
                ("score_b", score.1),
                ("version", &version),
                ("confirm", "1"),
            ],
        )
        .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{path}: {}",
            res.text().await.unwrap()
        );
    }
    Changed { game }
}

/// The text a person reads on the page: outside scripts, styles and the head.
fn words(html: &scraper::Html) -> String {
    texts(html, "main").join(" ")
}

/// What no audit page may show: JSON, the stored actor, action or entity keys.
fn raw_bits(text: &str, lang: &str) -> Vec<String> {
    let mut found: Vec<String> = [
        "{\"",
        "\":",
        "user:",
        "scorekeeper",
        "(firma pareja",
        "(token ",
        "#",
        "W1.",
        "card_points",
        "late_entry",
        "seed_by_rating",
        "check_in",
    ]
    .iter()
    .filter(|w| text.contains(**w))
    .map(|w| (*w).to_owned())
    .collect();
    if lang != "en" {
        let english = [
            "create", "update", "delete", "restore", "record", "correct", "confirm", "propose",
            "withdraw", "publish", "pair", "bracket", "result", "hand", "round", "the",
        ];
        for w in english {
            let whole = text
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|t| t == w);
            if whole {
                found.push(w.to_owned());
            }
        }
    }
    found
}

async fn page(app: &TestApp, client: &reqwest::Client, path: &str, lang: &str) -> String {
    let res = client
        .get(app.url(path))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path} ({lang})");
    words(&scraper::Html::parse_document(&res.text().await.unwrap()))
}

#[tokio::test]
async fn audit_pages_read_each_change_as_a_sentence_in_every_language() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("Ana García", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "Ana García", &pw).await;
    let Changed { game } = make_audit_rows(&app, &client).await;
    let club = "/clubes/1/auditoria".to_owned();
    let championship = format!("/campeonatos/{CHAMPIONSHIP}/auditoria");
    let history = format!("/partidas/{game}/auditoria");
    for lang in ["es", "ca", "en"] {
        for path in [&club, &championship, &history] {
            let text = page(&app, &client, path, lang).await;
            let raw = raw_bits(&text, lang);
            assert!(raw.is_empty(), "{path} ({lang}) shows {raw:?}: {text}");
        }
    }
    let text = page(&app, &client, &history, "es").await;
    assert!(
        text.contains("Ana García corrigió la mano 1: Puntos de cartas de Ana y Carmen: 60 → 70"),
        "{text}"
    );
    assert!(text.contains("Ana García borró la mano 2"), "{text}");
    let text = page(&app, &client, &championship, "es").await;
    assert!(
        text.contains("Ana García anotó el resultado de la mesa 4 de la ronda 3 (")
            && text.contains(" contra ")
            && text.contains("): 101–64."),
        "{text}"
    );
    assert!(
        text.contains("Ana García corrigió el resultado de la mesa 2 de la ronda 3"),
        "{text}"
    );
    assert!(text.contains("→ 101–70."), "{text}");
    let text = page(&app, &client, &club, "es").await;
    assert!(
        text.contains("con su PIN confirmó el resultado de la mesa"),
        "a pair's firma names the pair: {text}"
    );
    assert!(
        text.contains("Ana García empezó una partida de cuatrola: Ana, Benito, Carmen, Dámaso."),
        "{text}"
    );
    assert!(
        text.contains("Campeonato: Open de botifarra de invierno"),
        "{text}"
    );
    let text = page(&app, &client, &club, "ca").await;
    assert!(text.contains("Ana García va corregir la mà 1"), "{text}");
    let text = page(&app, &client, &club, "en").await;
    assert!(text.contains("Ana García corrected hand 1"), "{text}");
}

#[tokio::test]
async fn the_audit_download_keeps_the_stored_columns_and_adds_the_sentence() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("Ana García", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "Ana García", &pw).await;
    let Changed { .. } = make_audit_rows(&app, &client).await;
    let res = client
        .get(app.url("/clubes/1/auditoria?formato=csv"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let csv = baza::web::sheets::decode(&res.bytes().await.unwrap());
    let head = csv.lines().next().unwrap_or_default();
    assert!(head.contains("Qué pasó"), "{head}");
    assert!(csv.contains("Ana García corrigió la mano 1"), "{csv}");
    assert!(csv.contains("user:"), "the stored actor stays in the file");
}

/// A championship in registration with nobody entered yet, of club 1.
async fn empty_championship(app: &TestApp) -> i32 {
    let file: baza::domain::tournament::TournamentFile = serde_json::from_value(serde_json::json!({
        "format": "baza-tournament/1",
        "event": {"name": "Open vacío", "game": "cuatrola", "system": {"kind": "swiss", "rounds": 3}},
        "entrants": [],
        "rounds": []
    }))
    .unwrap();
    app.with_conn(move |c| {
        let now = baza::web::account::now();
        let mut pins = || "1234".to_owned();
        baza::service::championship::create(c, 1, &file, false, now.date(), now, "test", &mut pins)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn an_empty_championship_says_in_words_why_no_round_can_be_paired() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("Ana García", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "Ana García", &pw).await;
    let id = empty_championship(&app).await;
    for (lang, want) in [
        ("es", "Hacen falta al menos dos inscritos"),
        ("ca", "Calen com a mínim dos inscrits"),
        ("en", "At least two entrants"),
    ] {
        let text = page(&app, &client, &format!("/campeonatos/{id}/direccion"), lang).await;
        assert!(text.contains(want), "{lang}: {text}");
        assert!(!text.contains("fewer than"), "{lang}: {text}");
    }
}

#[tokio::test]
async fn a_pasted_list_of_entrants_and_an_imported_game_say_how_many_they_brought_in() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("Ana García", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "Ana García", &pw).await;
    let id = empty_championship(&app).await;
    let pasted = "nombre\nAna – Berta\nCarla – Dora\nElena – Fina\nGema – Hilda\nInés – Jaime\nKike – Luis\nMario – Nuria\nÓscar – Pilar\n";
    let res = post_form_as(
        &app,
        &client,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", pasted)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    for (lang, want) in [
        ("es", "8 inscritos importados."),
        ("ca", "8 inscrits importats."),
        ("en", "8 entrants imported."),
    ] {
        let text = page(&app, &client, &back, lang).await;
        assert!(text.contains(want), "{lang}: {text}");
    }
    // A partida's file, exported and imported again: its hands are counted.
    let Changed { game } = make_audit_rows(&app, &client).await;
    let file = app
        .text_as(&client, &format!("/partidas/{game}/exportar"))
        .await;
    let res = post_form_as(
        &app,
        &client,
        "/clubes/1/partidas/importar",
        &[("file", &file)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let at = res.headers()["location"].to_str().unwrap().to_owned();
    let text = page(&app, &client, &at, "es").await;
    assert!(text.contains("Partida importada con 1 mano."), "{text}");
}
