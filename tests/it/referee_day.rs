//! A referee's day: disputed hands of the five games ruled at the desk and with
//! `baza check --explain`, read the same way in Spanish, Catalan and English (seats
//! and pairs numbered from 1, the penalty said in words), and a ruling on a club
//! hand applied to its game: the score turns and the history says who changed it
//! and how the hand's score changed.

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, all_examples, attr, post_form_as, texts};

/// What `baza check --jsonl --explain --lang LANG` says of each record, in order.
fn cli_explanations(records: &[Value], lang: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_baza"))
        .args(["check", "-", "--jsonl", "--explain", "--lang", lang])
        .env("BAZA_CHECK_THREADS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::new();
    for r in records {
        input.push_str(&r.to_string());
        input.push('\n');
    }
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr)
        .unwrap()
        .split("\n\n")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Seats and pairs as the engine numbers them, which no person should read.
const ZERO_BASED: [&str; 9] = [
    "asiento 0",
    "seient 0",
    "seat 0",
    "pareja 0",
    "parella 0",
    "pair 0",
    "side 0",
    "jugador 0",
    "player 0",
];

#[tokio::test]
async fn baza_check_explains_every_example_in_the_words_of_the_ruling_page() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let examples = all_examples();
    let records: Vec<Value> = examples.iter().map(|(_, r, _)| r.clone()).collect();
    for lang in ["es", "ca", "en"] {
        let said = cli_explanations(&records, lang);
        assert_eq!(said.len(), records.len(), "{lang}");
        for (i, ((game, record, _), cli)) in examples.iter().zip(&said).enumerate() {
            let res = app
                .client
                .post(app.url("/arbitro"))
                .header("Accept-Language", lang)
                .form(&[("csrf", csrf.as_str()), ("record", &record.to_string())])
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK, "example {i} ({game})");
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            let page = texts(&html, "pre.summary").remove(0);
            assert_eq!(&page, cli, "example {i} ({game}), {lang}");
            for zero in ZERO_BASED {
                assert!(!page.contains(zero), "example {i} ({game}), {lang}: {page}");
            }
        }
    }
}

/// A cuatrola hand dealt by seat 3 (Diego) with bastos turned: all pass, Ana leads
/// the as de oros and Berta, holding the caballo de oros, throws the rey de espadas.
fn berta_renuncio() -> Value {
    json!({
        "format": "baza-hand/1", "game": "cuatrola", "players": 4, "options": {},
        "dealer": 3,
        "hands": [["1o","12c","11c","10e","3b"], ["11o","1c","3c","12e","1b"],
                  ["3o","10c","1e","11e","12b"], ["12o","10o","3e","11b","10b"]],
        "stock": [], "turned": "10b",
        "events": [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"},
                   {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"},
                   {"seat": 0, "play": "1o"}, {"seat": 1, "play": "12e"}]
    })
}

async fn game_page(app: &TestApp, game: i32) -> scraper::Html {
    let res = app
        .client
        .get(app.url(&format!("/partidas/{game}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// A cuatrola game of a new club (Ana, Berta, Carmen, Diego) whose first hand the
/// table wrote down for Berta and Diego (a pass, 40 to 80, last trick theirs), sent as
/// `submission`: the game's id.
async fn club_game_with_a_hand(app: &TestApp, submission: &str) -> i32 {
    let club = app.club_with_organiser("Peña La Baza", "Huesca").await;
    let res = post_form_as(
        app,
        &app.client,
        &format!("/clubes/{club}/partidas/nueva"),
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Berta"),
            ("seat_2", "Carmen"),
            ("seat_3", "Diego"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game: i32 = crate::helpers::game_made(&res);
    let version = attr(&game_page(app, game).await, ".big-score", "data-version").unwrap();
    let res = post_form_as(
        app,
        &app.client,
        &format!("/partidas/{game}/mano"),
        &[
            ("version", version.as_str()),
            ("submission", submission),
            ("trump", "b"),
            ("bid", "pass"),
            ("card_points_side0", "40"),
            ("last_trick_side", "1"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    game
}

#[tokio::test]
async fn a_renuncio_ruled_on_a_club_hand_names_the_pairs_turns_the_score_and_is_in_the_history() {
    let app = TestApp::spawn().await;
    // The table wrote the hand down for Berta and Diego.
    let game = club_game_with_a_hand(&app, "referee-day-1").await;
    // The referee builds the hand and rules it for hand 1 of that game.
    let res = post_form_as(
        &app,
        &app.client,
        "/arbitro",
        &[
            ("record", &berta_renuncio().to_string()),
            ("partida", &game.to_string()),
            ("mano", "1"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let link = res.headers()["location"].to_str().unwrap().to_owned();
    let slug = link
        .trim_start_matches("/arbitro/fallos/")
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    for (lang, words) in [
        ("es", "Castigo: la pareja 1 (Ana y Carmen) se anota 1."),
        ("ca", "Càstig: la parella 1 (Ana i Carmen) s'anota 1."),
        ("en", "Penalty: pair 1 (Ana and Carmen) scores 1."),
    ] {
        let res = app
            .client
            .get(app.url(&link))
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let summary = texts(&html, "pre.summary").remove(0);
        assert!(summary.contains(words), "{lang}: {summary}");
        assert!(summary.contains("Berta ("), "{lang}: {summary}");
        assert_eq!(texts(&html, ".hand-points"), vec!["1 – 0"]);
    }
    // Applied, hand 1 goes to Ana and Carmen and the history says it was a ruling.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/arbitro/fallos/{slug}/aplicar"),
        &[("game", &game.to_string()), ("hand", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = game_page(&app, game).await;
    let score = texts(&html, ".big-score").join(" ");
    assert!(score.contains("1 – 0"), "{score}");
    let history = app
        .text_as(&app.client, &format!("/partidas/{game}/auditoria"))
        .await;
    assert!(
        history.contains("corrigió la mano 1: ")
            && history.contains("tantos de la mano: 0 – 1 → 1 – 0"),
        "{history}"
    );
}

#[tokio::test]
async fn a_botifarra_ruling_counts_cards_and_tricks_without_a_last_trick_or_cantes() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let (_, record, _) = all_examples()
        .into_iter()
        .find(|(game, _, _)| *game == "botifarra")
        .unwrap();
    let res = app
        .client
        .post(app.url("/arbitro"))
        .header("Accept-Language", "ca")
        .form(&[("csrf", csrf.as_str()), ("record", &record.to_string())])
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let heads = texts(&html, ".ruling-score th");
    assert_eq!(heads[0], "Punts (cartes i bases)", "{heads:?}");
}

#[tokio::test]
async fn a_cinquillo_ruling_shows_the_cards_left_in_each_hand_not_points() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let (_, record, _) = all_examples()
        .into_iter()
        .find(|(game, _, want)| *game == "cinquillo" && want["violation"].is_object())
        .unwrap();
    let res = app
        .client
        .post(app.url("/arbitro"))
        .form(&[("csrf", csrf.as_str()), ("record", &record.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let heads = texts(&html, ".ruling-score th");
    assert_eq!(heads[0], "Cartas que quedan en cada mano", "{heads:?}");
    let summary = texts(&html, "pre.summary").remove(0);
    assert!(
        summary.contains("Cartas en la mano: asiento 1: "),
        "{summary}"
    );
}

/// The card picker's form for a botifarra deal (each seat a suit) with these events.
fn botifarra_draft(csrf: &str, events: Value) -> Vec<(String, String)> {
    let mut form = vec![
        ("csrf".to_owned(), csrf.to_owned()),
        ("game".to_owned(), "botifarra".to_owned()),
        ("players".to_owned(), "4".to_owned()),
        ("dealer".to_owned(), "3".to_owned()),
        ("events".to_owned(), events.to_string()),
    ];
    for (seat, suit) in ["o", "c", "e", "b"].iter().enumerate() {
        for rank in 1..=12 {
            form.push((format!("c_{rank}{suit}"), seat.to_string()));
        }
    }
    form
}

#[tokio::test]
async fn the_card_picker_reads_a_botifarra_doubling_as_its_levels_and_whose_turn_it_is() {
    let app = TestApp::spawn().await;
    let events = json!([{"seat": 3, "trump": "delegate"}, {"seat": 1, "trump": "o"},
                        {"seat": 0, "double": "contro"}, {"seat": 3, "double": "recontro"}]);
    for (lang, lines, turn, proposals) in [
        (
            "es",
            ["Asiento 1: contro", "Asiento 4: recontro"],
            "Le toca a asiento 1",
            ["Sant Vicenç", "no dobla"],
        ),
        (
            "en",
            ["Seat 1: contro", "Seat 4: recontro"],
            "To play: seat 1",
            ["Sant Vicenç", "no double"],
        ),
    ] {
        let csrf = app.csrf().await;
        let res = app
            .client
            .post(app.url("/arbitro/construir"))
            .header("Accept-Language", lang)
            .form(&botifarra_draft(&csrf, events.clone()))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let said = texts(&html, ".event-list li");
        assert_eq!(&said[2..], &lines, "{lang}: {said:?}");
        assert_eq!(texts(&html, ".turn-of"), vec![turn], "{lang}");
        let offered = texts(&html, "button.proposal");
        assert_eq!(&offered[..2], &proposals, "{lang}: {offered:?}");
    }
}

#[tokio::test]
async fn each_trick_of_a_ruling_opens_its_line_with_a_capital() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let (_, record, _) = all_examples().into_iter().next().unwrap();
    for (lang, opening) in [
        ("es", "Sale el asiento "),
        ("ca", "Surt el seient "),
        ("en", "Seat "),
    ] {
        let res = app
            .client
            .post(app.url("/arbitro"))
            .header("Accept-Language", lang)
            .form(&[("csrf", csrf.as_str()), ("record", &record.to_string())])
            .send()
            .await
            .unwrap();
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let tricks = texts(&html, "ol.tricks li");
        assert!(!tricks.is_empty());
        for t in &tricks {
            assert!(t.starts_with(opening), "{lang}: {t}");
        }
    }
}

/// A ruling the game cannot take (an unfinished hand: nobody has won it yet) is
/// refused naming the hand as the referee reads it, "Mano 1: …", never a bare "1: ".
#[tokio::test]
async fn a_ruling_the_game_refuses_names_its_hand_in_the_referees_language() {
    let app = TestApp::spawn().await;
    let game = club_game_with_a_hand(&app, "referee-day-unfinished").await;
    // Two cards played, both legal: the hand is not over.
    let mut record = berta_renuncio();
    record["events"][5] = json!({"seat": 1, "play": "11o"});
    let res = post_form_as(
        &app,
        &app.client,
        "/arbitro",
        &[
            ("record", &record.to_string()),
            ("partida", &game.to_string()),
            ("mano", "1"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let link = res.headers()["location"].to_str().unwrap().to_owned();
    let slug = link
        .trim_start_matches("/arbitro/fallos/")
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let csrf = app.csrf_for(&app.client).await;
    for (lang, hand) in [("es", "Mano 1: "), ("ca", "Mà 1: "), ("en", "Hand 1: ")] {
        let res = app
            .client
            .post(app.url(&format!("/arbitro/fallos/{slug}/aplicar")))
            .header("Accept-Language", lang)
            .form(&[
                ("csrf", csrf.as_str()),
                ("game", &game.to_string()),
                ("hand", "1"),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{lang}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let detail = texts(&html, ".error-detail").join(" ");
        assert!(detail.starts_with(hand), "{lang}: {detail}");
        assert!(detail.len() > hand.len() + 10, "{lang}: and why: {detail}");
    }
    let html = game_page(&app, game).await;
    assert!(
        texts(&html, ".big-score").join(" ").contains("0 – 1"),
        "hand 1 unchanged"
    );
}
