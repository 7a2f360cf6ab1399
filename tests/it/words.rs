//! Words people use: table options as labelled controls (never a JSON field), seats
//! numbered 1–4 and named by their players, rules by name, discrepancies by field
//! name, and the card picker in words, in Spanish, Catalan and English.

use reqwest::StatusCode;
use serde_json::Value;

use crate::club::{Table, start};
use crate::helpers::{TestApp, all_examples, attr, new_client, post_form_as, rule_ids, texts};
use baza::domain::entry::series::set_by_match;
use baza::domain::options::specs;
use baza::domain::ruling::RuleId;
use baza::domain::{GameKind, Lang};

const LANGS: [&str; 3] = ["es", "ca", "en"];

/// The text a person sees: every text node outside code, scripts, styles and
/// preformatted records.
fn visible_text(html: &scraper::Html) -> String {
    let mut out = String::new();
    for node in html.tree.nodes() {
        if let scraper::Node::Text(t) = node.value() {
            let hidden = node.ancestors().any(|a| {
                a.value().as_element().is_some_and(|e| {
                    matches!(
                        e.name(),
                        "code" | "script" | "style" | "pre" | "textarea" | "head"
                    )
                })
            });
            if !hidden {
                out.push_str(t);
                out.push(' ');
            }
        }
    }
    out
}

fn whole_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// What a person should never read on a page in `lang`: option keys, rule ids
/// outside their code element, field names, 0-based seats, true/false.
fn developer_words(html: &scraper::Html, lang: &str) -> Vec<String> {
    let text = visible_text(html);
    let mut found = Vec::new();
    for game in GameKind::ALL {
        for spec in specs(game) {
            if spec.name.contains('_') && whole_word(&text, spec.name) {
                found.push(spec.name.to_owned());
            }
        }
    }
    for rule in RuleId::ALL {
        if whole_word(&text, rule.id()) {
            found.push(rule.id().to_owned());
        }
    }
    for bad in [
        "hand_points",
        "\"points\"",
        "asiento 0",
        "Asiento 0",
        "seient 0",
        "Seient 0",
        "seat 0",
        "Seat 0",
        "(JSON)\u{a0}",
        "Opciones de mesa (JSON)",
    ] {
        if text.contains(bad) {
            found.push(bad.to_owned());
        }
    }
    if whole_word(&text, "points") && lang != "en" {
        found.push("points".into());
    }
    if lang != "en" {
        for w in ["true", "false"] {
            if whole_word(&text, w) {
                found.push(w.into());
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

fn assert_in_words(html: &scraper::Html, lang: &str, what: &str) {
    let bad = developer_words(html, lang);
    assert!(bad.is_empty(), "{what} ({lang}) shows {bad:?}");
}

async fn get_in(client: &reqwest::Client, app: &TestApp, path: &str, lang: &str) -> scraper::Html {
    let res = client
        .get(app.url(path))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path} ({lang})");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// Every option control (not the hidden companions of checkboxes) has a label
/// that names it, and no field takes options as JSON.
fn assert_labelled_controls(html: &scraper::Html, what: &str) -> usize {
    let sel =
        scraper::Selector::parse("input[name^='opt.']:not([type=hidden]), select[name^='opt.']")
            .unwrap();
    let mut n = 0;
    for control in html.select(&sel) {
        n += 1;
        let id = control
            .value()
            .attr("id")
            .expect("an option control has an id");
        let label = texts(html, &format!("label[for='{id}']"));
        assert!(
            label.len() == 1 && !label[0].is_empty(),
            "{what}: control {id} has no label"
        );
        assert!(
            control.value().attr("aria-describedby").is_some(),
            "{what}: control {id} has no help"
        );
    }
    assert!(
        attr(html, "input[name=options], textarea[name=options]", "name").is_none(),
        "{what}: a JSON options field"
    );
    n
}

/// The options of `game` a form offers: all but those its match sets (a guiñote
/// coto's partidas, which the match's "al mejor de" is).
fn offered(game: GameKind) -> usize {
    specs(game)
        .iter()
        .filter(|s| !set_by_match(game, s.name))
        .count()
}

async fn organiser() -> (TestApp, reqwest::Client) {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "org", &pw).await;
    (app, client)
}

#[tokio::test]
async fn the_new_game_form_offers_every_option_as_a_labelled_control_in_each_language() {
    let (app, client) = organiser().await;
    for game in GameKind::ALL {
        for lang in LANGS {
            let html = get_in(
                &client,
                &app,
                &format!("/clubes/1/partidas/nueva?juego={}", game.slug()),
                lang,
            )
            .await;
            let n = assert_labelled_controls(&html, game.slug());
            assert_eq!(n, offered(game), "{} ({lang})", game.slug());
            assert_in_words(&html, lang, "the new-game form");
            // The default is marked: a checked box, a selected choice, the number.
            assert!(!texts(&html, ".option-default").is_empty());
        }
    }
    // The help is the page's language: no English on a Spanish screen.
    let html = get_in(
        &client,
        &app,
        "/clubes/1/partidas/nueva?juego=cuatrola",
        "es",
    )
    .await;
    let help = texts(&html, ".option-help").join(" ");
    assert!(help.contains("Una mano normal ganada con más de 100 puntos"));
    for english in ["seed 000", "Ludoteka", "Points that win", " the "] {
        assert!(!help.contains(english), "{english} in {help}");
    }
}

#[tokio::test]
async fn posting_the_option_controls_creates_a_game_with_those_options() {
    let t: Table = start(
        "cuatrola",
        4,
        &[
            ("target", "11"),
            ("over100_counts_double", "false"),
            ("cuatrola_tute", "wins_hand"),
            ("bidder_leads", "false"),
        ],
    )
    .await;
    let id = t.game;
    let stored = t
        .app
        .with_conn(move |conn| {
            baza::db::games::find_game(conn, id)
                .unwrap()
                .unwrap()
                .options
        })
        .await;
    let options: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(
        options,
        serde_json::json!({"target": 11, "over100_counts_double": false, "cuatrola_tute": "wins_hand"}),
        "only what differs from the defaults"
    );
    // The game's page lists them by label and value, in words.
    let html = get_in(&t.client, &t.app, &format!("/partidas/{id}"), "es").await;
    let shown = texts(&html, ".table-options-used li").join(" · ");
    assert!(shown.contains("Tantos para ganar: 11"), "{shown}");
    assert!(shown.contains("Más de 100 vale doble: no"), "{shown}");
    assert_in_words(&html, "es", "the game page");
}

#[tokio::test]
async fn a_bad_option_value_shows_the_new_game_form_again_with_what_was_typed() {
    let (app, client) = organiser().await;
    let before = app
        .with_conn(|conn| baza::db::games::club_games(conn, 1).unwrap().len())
        .await;
    let res = post_form_as(
        &app,
        &client,
        "/clubes/1/partidas/nueva",
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
            ("opt.target", "17"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&html, "input[name='opt.target']", "value").as_deref(),
        Some("17")
    );
    assert_eq!(
        attr(&html, "input[name=seat_2]", "value").as_deref(),
        Some("Carmen")
    );
    let error = texts(&html, ".option-error .field-error").join(" ");
    assert!(
        error.contains("Tantos para ganar") && error.contains("17") && error.contains("21"),
        "{error}"
    );
    assert_in_words(&html, "es", "the refused new-game form");
    let games = app
        .with_conn(|conn| baza::db::games::club_games(conn, 1).unwrap().len())
        .await;
    assert_eq!(games, before, "no game was written");
}

#[tokio::test]
async fn the_championship_form_shows_each_games_options_as_controls_and_no_json_field() {
    let (app, client) = organiser().await;
    for lang in LANGS {
        let html = get_in(&client, &app, "/clubes/1/campeonatos/nuevo", lang).await;
        let n = assert_labelled_controls(&html, "championship form");
        let all: usize = GameKind::ALL.iter().map(|g| offered(*g)).sum();
        assert_eq!(n, all, "every game's options, grouped under its name");
        assert_eq!(
            texts(&html, "fieldset.option-group legend").len(),
            GameKind::ALL.len()
        );
        assert_in_words(&html, lang, "the championship form");
    }
}

fn championship_fields<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut f = vec![
        ("name", "Open de botifarra"),
        ("game", "botifarra"),
        ("starts_on", "2026-11-23"),
        ("system", "swiss"),
        ("rounds", "5"),
        ("groups", "1"),
        ("losses", "2"),
        ("match_format", "timed"),
        ("target", "101"),
        ("partidas", "3"),
        ("max_hands", "12"),
        ("minutes", "55"),
        ("cap", "121"),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("bye", "2"),
        ("tb1", "points"),
        ("entry", "hands"),
    ];
    f.retain(|(k, _)| !extra.iter().any(|(e, _)| e == k));
    f.extend_from_slice(extra);
    f
}

#[tokio::test]
async fn posting_the_championship_option_controls_creates_it_with_the_chosen_games_options() {
    let (app, client) = organiser().await;
    let before = app
        .with_conn(|conn| baza::db::queries::list_championships(conn).unwrap().len())
        .await;
    let res = post_form_as(
        &app,
        &client,
        "/clubes/1/campeonatos/nuevo",
        &championship_fields(&[
            // A partida to the game's own target: the table option gives it.
            ("match_format", "partida"),
            ("target", ""),
            ("opt.botifarra.target", "151"),
            ("opt.botifarra.double_scale", "additive"),
            ("opt.botifarra.allow_sant_vicenc", "false"),
            // Another game's controls (shown without script) are not read.
            ("opt.cuatrola.target", "11"),
            ("opt.tute.partnerships", "false"),
        ]),
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let events = app
        .with_conn(|conn| baza::db::queries::list_championships(conn).unwrap())
        .await;
    assert_eq!(events.len(), before + 1);
    let ev = events
        .iter()
        .find(|e| e.name == "Open de botifarra")
        .unwrap();
    let options: Value = serde_json::from_str(&ev.options).unwrap();
    assert_eq!(
        options,
        serde_json::json!({"target": 151, "double_scale": "additive", "allow_sant_vicenc": false})
    );
}

#[tokio::test]
async fn a_bad_championship_option_value_shows_the_form_again_with_what_was_typed() {
    let (app, client) = organiser().await;
    let before = app
        .with_conn(|conn| baza::db::queries::list_championships(conn).unwrap().len())
        .await;
    let res = client
        .post(app.url("/clubes/1/campeonatos/nuevo"))
        .header("Accept-Language", "ca")
        .form(&{
            let csrf = app.csrf_for(&client).await;
            let mut f: Vec<(String, String)> =
                championship_fields(&[("opt.botifarra.target", "17")])
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect();
            f.push(("csrf".into(), csrf));
            f
        })
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&html, "input[name='opt.botifarra.target']", "value").as_deref(),
        Some("17")
    );
    assert_eq!(
        attr(&html, "input[name=name]", "value").as_deref(),
        Some("Open de botifarra")
    );
    let error = texts(&html, ".option-error .field-error").join(" ");
    assert!(
        error.contains("Punts per guanyar") && error.contains("17") && error.contains("101"),
        "{error}"
    );
    assert_in_words(&html, "ca", "the refused championship form");
    let after = app
        .with_conn(|conn| baza::db::queries::list_championships(conn).unwrap().len())
        .await;
    assert_eq!(after, before, "no championship was written");
}

#[tokio::test]
async fn notes_and_errors_of_a_game_name_the_seat_by_its_player_and_count_from_one() {
    let t = start("cuatrola", 4, &[]).await;
    // A solo of seat 0 with a cante of seat 2, who sits the solo out: refused.
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
            ("cante_seat_0", "2"),
            ("cante_suit_0", "o"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let errors = texts(&html, "ul.errors li").join(" · ");
    assert!(errors.contains("Carmen (asiento 3)"), "{errors}");
    assert_in_words(&html, "es", "a refused hand");
    // The same solo without it is scored; its note names the soloist.
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for lang in LANGS {
        let html = get_in(&t.client, &t.app, &format!("/partidas/{}", t.game), lang).await;
        assert_in_words(&html, lang, "a game page with notes");
        let notes = visible_text(&html);
        let seat = match lang {
            "es" => "Ana (asiento 1)",
            "ca" => "Ana (seient 1)",
            _ => "Ana (seat 1)",
        };
        assert!(notes.contains(seat), "{lang}: {notes}");
    }
}

#[tokio::test]
async fn every_demo_game_page_reads_in_words_in_each_language() {
    let app = TestApp::with_demo().await;
    let pool = app.pool.clone();
    let ids: Vec<i32> = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().unwrap();
        baza::service::demo_games::create_demo_games(&mut conn, 1).unwrap();
        baza::db::games::club_games(&mut conn, 1)
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    })
    .await
    .unwrap();
    assert!(!ids.is_empty());
    for id in ids {
        for lang in LANGS {
            let html = get_in(&app.client, &app, &format!("/partidas/{id}"), lang).await;
            assert_in_words(&html, lang, &format!("game {id}"));
        }
    }
}

#[tokio::test]
async fn a_ruling_names_the_rule_the_seats_and_the_discrepancies_in_the_readers_words() {
    let app = TestApp::spawn().await;
    let mut violations = 0;
    let mut discrepancies = 0;
    // The example records, and the first legal complete one with what a table
    // wrote down wrongly (both fields differ).
    let mut cases = all_examples();
    let (game, mut record, mut expected) = cases
        .iter()
        .find(|(_, _, e)| e["legal"] == true && e["complete"] == true)
        .cloned()
        .unwrap();
    record["declared"] = serde_json::json!({"points": [0, 0], "hand_points": [9, 9]});
    expected["discrepancies"] = serde_json::json!([{"field": "points"}, {"field": "hand_points"}]);
    cases.push((game, record, expected));
    for (game, record, expected) in cases {
        let res = post_form_as(
            &app,
            &app.client,
            "/arbitro",
            &[("record", &record.to_string())],
        )
        .await;
        assert_eq!(res.status(), StatusCode::OK, "{game}");
        // The visitor's ruling is shown at once; read it again in each language.
        let text = res.text().await.unwrap();
        let html = scraper::Html::parse_document(&text);
        assert_in_words(&html, "es", game);
        let rule = expected["violation"]["rule"].as_str();
        if let Some(rule) = rule {
            violations += 1;
            assert_eq!(rule_ids(&html, ".verdict"), vec![rule.to_owned()]);
            let body = texts(&html, "body").concat();
            assert!(
                !body.contains(rule),
                "{game}: the rule id {rule} is nowhere in the page's text"
            );
            assert!(
                texts(&html, "h2 code").is_empty(),
                "no rule id in a heading"
            );
            let id = RuleId::ALL.into_iter().find(|r| r.id() == rule).unwrap();
            assert_eq!(
                texts(&html, "h2 .rule-name"),
                vec![baza::domain::words::rule_name(id, Lang::Es).to_owned()]
            );
        }
        let declared = texts(&html, "tr.discrepancy");
        if let Some(list) = expected["discrepancies"]
            .as_array()
            .filter(|l| !l.is_empty())
        {
            discrepancies += 1;
            assert_eq!(declared.len(), list.len(), "{game}");
            for (row, d) in declared.iter().zip(list) {
                let field = match d["field"].as_str().unwrap() {
                    "hand_points" => "tantos de la mano",
                    _ => "puntos",
                };
                assert!(row.contains(field), "{row}");
                assert!(
                    row.contains("anotado") && row.contains("calculado"),
                    "{row}"
                );
            }
        }
        for lang in ["ca", "en"] {
            let res = app
                .client
                .post(app.url("/arbitro"))
                .header("Accept-Language", lang)
                .form(&[
                    ("csrf", app.csrf().await.as_str()),
                    ("record", &record.to_string()),
                ])
                .send()
                .await
                .unwrap();
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            assert_in_words(&html, lang, game);
            if lang == "ca" && rule.is_some() {
                let source = texts(&html, ".verdict .meta").join(" ");
                assert!(!source.contains(" and "), "{source}");
            }
        }
    }
    assert!(
        violations > 10 && discrepancies > 0,
        "{violations} {discrepancies}"
    );
}

#[tokio::test]
async fn the_card_picker_opens_without_an_error_and_names_cards_seats_and_actions() {
    let app = TestApp::spawn().await;
    for lang in LANGS {
        let html = get_in(&app.client, &app, "/arbitro/construir?game=cuatrola", lang).await;
        assert!(
            texts(&html, ".alert").is_empty(),
            "{lang}: opens with an error"
        );
        assert_in_words(&html, lang, "the card picker");
        let rows = texts(&html, ".deal-grid tbody th");
        assert!(
            rows.iter().any(|r| r.starts_with("sota de bastos")),
            "{rows:?}"
        );
        assert!(!rows.iter().any(|r| r == "10b"), "{rows:?}");
        let seats = texts(&html, ".deal-grid thead th");
        assert!(!seats.iter().any(|s| s == "0"), "{seats:?}");
        let kinds: Vec<String> = {
            let sel = scraper::Selector::parse("select[name=ev_kind] option").unwrap();
            html.select(&sel)
                .filter_map(|o| o.value().attr("value").map(str::to_owned))
                .filter(|v| !v.is_empty())
                .collect()
        };
        assert_eq!(
            kinds,
            vec!["play", "bid", "cante", "tute"],
            "no pass in cuatrola"
        );
        let names = texts(&html, "select[name=ev_kind] option").join(" ");
        assert!(!names.contains("play") && !names.contains("bid"), "{names}");
    }
    let html = get_in(&app.client, &app, "/arbitro/construir?game=botifarra", "es").await;
    let names = texts(&html, "select[name=ev_kind] option").join("|");
    assert!(
        names.contains("Elige triunfo") && names.contains("Contro"),
        "{names}"
    );
    assert!(!names.contains("Apuesta"), "{names}");
}

#[tokio::test]
async fn the_card_picker_opened_from_a_game_shows_its_players_and_the_plays_in_words() {
    let t = start("cuatrola", 4, &[]).await;
    let res = post_form_as(
        &t.app,
        &t.client,
        "/arbitro/construir",
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("dealer", "3"),
            ("partida", &t.game.to_string()),
            ("events", "[]"),
            ("ev_seat", "0"),
            ("ev_kind", "bid"),
            ("ev_value", "pass"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let seats = texts(&html, ".deal-grid thead th");
    assert!(seats.contains(&"Ana (asiento 1)".to_owned()), "{seats:?}");
    let plays = texts(&html, ".event-list li");
    assert_eq!(plays, vec!["Ana (asiento 1): Apuesta · paso".to_owned()]);
    assert_in_words(&html, "es", "the card picker of a game");
}

/// A card code as the record writes it ("10e", "1o"), quoted.
fn quoted_card_code(text: &str) -> bool {
    text.split('\'').skip(1).step_by(2).any(|inside| {
        let digits = inside.trim_end_matches(['o', 'c', 'e', 'b']);
        inside.len() == digits.len() + 1
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
    })
}

#[tokio::test]
async fn a_ruling_names_cards_and_moves_in_words_and_does_not_repeat_the_rule_in_its_message() {
    let app = TestApp::spawn().await;
    let mut seen = std::collections::BTreeSet::new();
    for (game, record, expected) in all_examples() {
        let Some(rule) = expected["violation"]["rule"].as_str() else {
            continue;
        };
        for lang in LANGS {
            let res = app
                .client
                .post(app.url("/arbitro"))
                .header("Accept-Language", lang)
                .form(&[
                    ("csrf", app.csrf().await.as_str()),
                    ("record", &record.to_string()),
                ])
                .send()
                .await
                .unwrap();
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            let title = texts(&html, ".verdict h2").join(" ");
            let message = texts(&html, ".violation-message").join(" ");
            let summary = texts(&html, "pre.summary").join(" ");
            for text in [&message, &summary] {
                assert!(!quoted_card_code(text), "{game} {lang}: {text}");
                assert!(!text.contains("events["), "{game} {lang}: {text}");
            }
            if title.contains("renuncio") {
                assert!(
                    !message.contains("renuncio"),
                    "{game} {lang}: {title} / {message}"
                );
            }
            if rule == "card_not_in_hand" && lang == "es" {
                assert!(
                    message.contains(" no tiene el ") || message.contains(" no tiene la "),
                    "{game}: {message}"
                );
            }
            seen.insert(rule.to_owned());
        }
    }
    for rule in ["card_not_in_hand", "must_follow_suit", "unknown_event"] {
        assert!(seen.contains(rule), "{rule} among the examples: {seen:?}");
    }
}

#[tokio::test]
async fn a_games_exported_file_numbers_seats_from_one_in_its_notes_and_keeps_its_ids() {
    let t = start("cuatrola", 4, &[]).await;
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let file: Value = t
        .client
        .get(t.app.url(&format!("/partidas/{}/exportar", t.game)))
        .header("Accept-Language", "es")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let notes = file["hands"][0]["score"]["notes"].to_string();
    assert!(notes.contains("Ana (asiento 1)"), "{notes}");
    assert!(!notes.contains("asiento 0"), "{notes}");
    // The ids stay as the file format fixes them: 0-based.
    assert_eq!(file["hands"][0]["entry"]["bidder"], 0, "{file}");
}

/// Every string under a `notes` key of `v`.
fn notes_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                match (k.as_str(), x) {
                    ("notes", Value::Array(list)) => {
                        out.extend(list.iter().filter_map(Value::as_str).map(str::to_owned))
                    }
                    _ => notes_in(x, out),
                }
            }
        }
        Value::Array(list) => list.iter().for_each(|x| notes_in(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn a_championship_file_numbers_the_seats_of_its_games_notes_from_one_and_names_them() {
    let app = TestApp::with_demo().await;
    let files: Vec<Value> = app
        .with_conn(|conn| {
            use baza::db::schema::championship_documents::dsl::*;
            use diesel::prelude::*;
            let ids: Vec<i32> = championship_documents
                .select(championship_id)
                .load(conn)
                .unwrap();
            ids.iter()
                .map(|id| {
                    let export = baza::db::championship::tables::export(conn, *id)
                        .unwrap()
                        .unwrap();
                    serde_json::to_value(&export.file).unwrap()
                })
                .collect()
        })
        .await;
    let mut notes = Vec::new();
    for f in &files {
        notes_in(f, &mut notes);
    }
    let seats: Vec<&String> = notes.iter().filter(|n| n.contains("asiento")).collect();
    assert!(seats.len() >= 10, "{} notes name a seat", seats.len());
    for n in &notes {
        assert!(!n.contains("asiento 0") && !n.contains("pareja 0"), "{n}");
    }
    // Named by its player, as the game's page names it: "solo de Ana (asiento 1)".
    assert!(seats.iter().all(|n| n.contains(" (asiento ")), "{seats:?}");
}

#[tokio::test]
async fn a_refused_game_file_says_which_hand_and_whose_seat_in_words_not_field_names() {
    let t = start("cinquillo", 4, &[]).await;
    // Ana (seat 0) is said to have gone out but is left with three cards.
    let file = serde_json::json!({
        "format": "baza-game/1",
        "game": "cinquillo",
        "players": 4,
        "options": {},
        "first_dealer": 3,
        "seats": ["Ana", "Benito", "Carmen", "Dámaso"],
        "hands": [{
            "dealer": 3,
            "kind": "quick",
            "entry": {"game": "cinquillo", "out": 0, "cards_left": [3, 2, 4, 5], "revoke_by": null}
        }]
    })
    .to_string();
    let csrf = t.app.csrf_for(&t.client).await;
    let html = import_refused(&t, "es", &file, &csrf).await;
    let text = texts(&html, ".error-detail").join(" ");
    assert!(
        text.contains("mano 1: Ana (asiento 1) se quedó sin cartas: no puede tener 3"),
        "{text}"
    );
    for id in ["cards_left", "out:", "hand 1", "asiento 0"] {
        assert!(!text.contains(id), "{id}: {text}");
    }
}

/// The game import's refusal of `file`, read in `lang`: a 422 page.
async fn import_refused(t: &Table, lang: &str, file: &str, csrf: &str) -> scraper::Html {
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/importar"))
        .header("Accept-Language", lang)
        .form(&[("csrf", csrf), ("file", file)])
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{lang} {file}"
    );
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// A pasted game file that is not JSON, or not a Baza game, is refused in the page's
/// language saying what is wrong and where (never serde's English), on the form again
/// with what was pasted still in its box.
#[tokio::test]
async fn a_pasted_game_file_that_does_not_read_is_worded_in_the_pages_language_and_kept() {
    let t = start("cinquillo", 4, &[]).await;
    let csrf = t.app.csrf_for(&t.client).await;
    // A comma missing at the end of line 2, and a file cut short.
    let no_comma = "{\n  \"format\": \"baza-game/1\"\n  \"game\": \"cinquillo\"\n}";
    let cut = "{\n  \"format\": \"baza-game/1\",\n  \"hands\": [";
    let championship = "{\"format\": \"baza-tournament/1\", \"rounds\": []}";
    let wrong_type =
        "{\"format\": \"baza-game/1\", \"game\": \"cinquillo\", \"players\": \"cuatro\"}";
    for (lang, text, words) in [
        ("es", no_comma, "Falta una coma en la línea 3, columna 3."),
        ("en", no_comma, "A comma is missing at line 3, column 3."),
        (
            "es",
            cut,
            "El fichero se corta en la línea 3, columna 12: le falta el final.",
        ),
        (
            "en",
            cut,
            "The file breaks off at line 3, column 12: its end is missing.",
        ),
        (
            "es",
            championship,
            "No es un fichero de partida de Baza: le falta \"format\": \"baza-game/1\".",
        ),
        (
            "en",
            wrong_type,
            "It is not a Baza game file (at line 1, column 66).",
        ),
    ] {
        let html = import_refused(&t, lang, text, &csrf).await;
        let said = texts(&html, "[role=alert]").join(" ");
        assert!(said.contains(words), "{lang}: {said}");
        let title = if lang == "es" {
            "El fichero de partida no es válido"
        } else {
            "The game file is not valid"
        };
        assert!(said.contains(title), "{lang}: {said}");
        for english in [
            "expected",
            "EOF",
            "invalid type",
            "line 1 column",
            "format:",
        ] {
            assert!(!said.contains(english), "{lang}: {said}");
        }
        let kept = html
            .select(
                &scraper::Selector::parse("form[action$='/importar'] textarea[name=file]").unwrap(),
            )
            .next()
            .map(|t| t.text().collect::<String>())
            .unwrap();
        assert_eq!(kept, text, "{lang}: what was pasted is kept");
    }
}

/// A hand record the referee's desk cannot rule is refused in the reader's language,
/// its field named as a referee says it and an option by its label (never a field
/// path, an option key or the parser's English), with the record still in its box.
#[tokio::test]
async fn a_broken_hand_record_at_the_referee_desk_is_refused_in_the_readers_words_and_kept() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let (_, example, _) = all_examples()
        .into_iter()
        .find(|(game, _, _)| *game == "cuatrola")
        .unwrap();
    let broken = |change: &dyn Fn(&mut Value)| {
        let mut v = example.clone();
        change(&mut v);
        v.to_string()
    };
    let no_dealer = broken(&|v| {
        v.as_object_mut().unwrap().remove("dealer");
    });
    let option = broken(&|v| v["options"] = serde_json::json!({"cantes_per_trick": "uno"}));
    let points = broken(&|v| v["declared"] = serde_json::json!({"points": [60]}));
    let cut = "{\n  \"format\": \"baza-hand/1\",\n  \"hands\": [".to_owned();
    for (lang, text, words) in [
        ("es", &no_dealer, "Falta un dato: el repartidor."),
        ("ca", &no_dealer, "Hi falta una dada: el repartidor."),
        (
            "es",
            &option,
            "La opción «Cantes por baza» no admite \"uno\" (valores posibles: Uno por \
             jugador, Uno por pareja).",
        ),
        (
            "ca",
            &option,
            "L'opció «Cantes per basa» no admet \"uno\" (valors possibles: Un per \
             jugador, Un per parella).",
        ),
        (
            "es",
            &points,
            "Los puntos declarados deben ser 2 números, de 0 en adelante, no [60].",
        ),
        (
            "es",
            &cut,
            "El fichero se corta en la línea 3, columna 12: le falta el final.",
        ),
        ("en", &no_dealer, "Missing: the dealer."),
    ] {
        let res = app
            .client
            .post(app.url("/arbitro"))
            .header("Accept-Language", lang)
            .form(&[("csrf", csrf.as_str()), ("record", text.as_str())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{lang}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let said = texts(&html, "[role=alert]").join(" ");
        assert_eq!(said, words, "{lang}");
        if lang != "en" {
            for id in [
                "dealer",
                "cantes_per_trick",
                "declared",
                "options.",
                "expected",
                "EOF",
            ] {
                assert!(!said.contains(id), "{lang}: {id} in {said}");
            }
        }
        let kept = texts(&html, "textarea[name=record]").join("");
        assert_eq!(kept.trim(), text.trim(), "{lang}: the record is kept");
    }
}

/// A ruling applied to a game whose table it does not fit (a cuatrola hand's two
/// declared scores in a game of four players each on their own) is refused in
/// Spanish, saying which hand and what does not fit in words.
#[tokio::test]
async fn a_ruling_that_does_not_fit_the_game_is_refused_in_spanish_naming_what_does_not_fit() {
    let t = start("tute", 4, &[("partnerships", "false")]).await;
    let (_, mut record, _) = all_examples()
        .into_iter()
        .find(|(game, _, _)| *game == "cuatrola")
        .unwrap();
    record["declared"] = serde_json::json!({"points": [60, 70]});
    let res = post_form_as(
        &t.app,
        &t.client,
        "/arbitro",
        &[("record", &record.to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let ruling = res.headers()["location"].to_str().unwrap().to_owned();
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url(&format!("{ruling}/aplicar")))
        .header("Accept-Language", "es")
        .form(&[("csrf", csrf.as_str()), ("game", &t.game.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let detail = texts(&html, ".error-detail").join(" ");
    assert_eq!(
        detail,
        "Mano 1: Los puntos declarados deben ser 4 números, de 0 en adelante, no [60,70]."
    );
}

/// A game file whose hand is a record that cannot be ruled says which hand and
/// what is wrong in words, the seat by its player.
#[tokio::test]
async fn a_game_file_with_a_broken_hand_record_is_refused_in_words_naming_the_seat() {
    let t = start("cinquillo", 4, &[]).await;
    let file = serde_json::json!({
        "format": "baza-game/1",
        "game": "cinquillo",
        "players": 4,
        "options": {},
        "first_dealer": 3,
        "seats": ["Ana", "Benito", "Carmen", "Dámaso"],
        "hands": [{
            "dealer": 3,
            "kind": "full",
            "entry": {"format": "baza-hand/1", "hands": [[], "x", [], []]}
        }]
    })
    .to_string();
    let csrf = t.app.csrf_for(&t.client).await;
    for (lang, words) in [
        (
            "es",
            "mano 1: Las cartas de Benito (asiento 2): se esperaba una lista de cartas, no \"x\".",
        ),
        (
            "ca",
            "mà 1: Les cartes de Benito (seient 2): s'esperava una llista de cartes, no \"x\".",
        ),
    ] {
        let html = import_refused(&t, lang, &file, &csrf).await;
        let said = texts(&html, ".error-detail").join(" ");
        assert_eq!(said, words, "{lang}");
    }
}

/// A game file whose table options its game does not have, or with a value they do
/// not take, names the option by its label and its values in words, never its key.
#[tokio::test]
async fn a_game_file_with_a_wrong_table_option_names_it_by_its_label() {
    let t = start("cinquillo", 4, &[]).await;
    let csrf = t.app.csrf_for(&t.client).await;
    let file = |options: Value| {
        serde_json::json!({
            "format": "baza-game/1",
            "game": "cinquillo",
            "players": 4,
            "options": options,
            "first_dealer": 3,
            "seats": ["Ana", "Benito", "Carmen", "Dámaso"],
            "hands": []
        })
        .to_string()
    };
    for (lang, options, words) in [
        (
            "es",
            serde_json::json!({"cantes_per_trick": "one_per_side"}),
            "Las opciones de mesa de cinquillo no incluyen «Cantes por baza».",
        ),
        (
            "ca",
            serde_json::json!({"cantes_per_trick": "one_per_side"}),
            "Les opcions de taula de cinquillo no inclouen «Cantes per basa».",
        ),
    ] {
        let html = import_refused(&t, lang, &file(options), &csrf).await;
        let said = texts(&html, ".error-detail").join(" ");
        assert_eq!(said, words, "{lang}");
    }
}

/// A championship file whose table options its game does not have names the option
/// by its label, never its key.
#[tokio::test]
async fn a_championship_file_with_a_table_option_its_game_lacks_names_it_by_its_label() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña Sur", "Rioseco").await;
    let mut doc: Value = serde_json::from_str(&crate::tournaments::documented_example()).unwrap();
    doc["event"]["options"] = serde_json::json!({"cantes_per_trick": "one_per_side"});
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/importar"),
        &[("text", &doc.to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(
        alert.contains("Las opciones de mesa de botifarra no incluyen «Cantes por baza»."),
        "{alert}"
    );
    assert!(!alert.contains("cantes_per_trick"), "{alert}");
}

/// A result sent by API with a score over the most a table takes says so in the
/// caller's language, as the message beside it does.
#[tokio::test]
async fn a_result_over_the_most_a_table_scores_is_refused_in_the_callers_language() {
    let app = TestApp::with_demo().await;
    app.add_user("federacion", "admin", None).await;
    app.add_api_token("federacion", "words_token").await;
    for (lang, said) in [
        ("es", "los tantos han de estar entre 0 y 9999"),
        ("ca", "els punts han de ser entre 0 i 9999"),
        ("en", "scores must be between 0 and 9999"),
    ] {
        let res = reqwest::Client::new()
            .post(app.url("/api/v1/campeonatos/6/rondas/1/mesas/1/resultado"))
            .bearer_auth("words_token")
            .header("Accept-Language", lang)
            .json(&serde_json::json!({"score_a": 10000, "score_b": 0, "version": 0}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["error"], "bad-score", "{answer}");
        assert_eq!(answer["detail"], said, "{lang}: {answer}");
    }
}

/// A result sent by API that the match's format does not allow says why in the
/// caller's language, not only in English.
#[tokio::test]
async fn a_result_the_format_does_not_allow_is_refused_in_the_callers_language() {
    let app = TestApp::with_demo().await;
    app.add_user("federacion", "admin", None).await;
    app.add_api_token("federacion", "words_token").await;
    let mut said = Vec::new();
    for lang in ["es", "ca", "en"] {
        let res = reqwest::Client::new()
            .post(app.url("/api/v1/campeonatos/6/rondas/1/mesas/1/resultado"))
            .bearer_auth("words_token")
            .header("Accept-Language", lang)
            .json(&serde_json::json!({"score_a": 0, "score_b": 7, "winner": "a", "version": 0}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["error"], "tournament-result-rejected", "{answer}");
        let detail = answer["detail"].as_str().unwrap_or_default().to_owned();
        assert!(!detail.is_empty(), "{lang}: {answer}");
        said.push(detail);
    }
    assert_ne!(said[0], said[2], "Spanish is not English: {said:?}");
    assert_ne!(said[1], said[2], "Catalan is not English: {said:?}");
    assert_ne!(said[0], said[1], "Spanish is not Catalan: {said:?}");
}

/// A new championship whose settings make no championship is refused in the page's
/// language, naming the field and an option by its label, never a path of the file.
#[tokio::test]
async fn a_championship_form_that_makes_no_championship_says_why_in_the_pages_words() {
    let (app, client) = organiser().await;
    for (extra, said) in [
        (
            vec![
                ("game", "tute"),
                ("opt.tute.partnerships", "false"),
                ("match_format", "partida"),
                ("target", ""),
            ],
            "Opcions de taula (els inscrits són parelles: un torneig no es pot jugar sense l'opció «Per parelles»)",
        ),
        (
            vec![("match_format", "best_of"), ("partidas", "4")],
            "Partides (al millor de) (ha de ser senar)",
        ),
        (
            vec![("cap", "50")],
            "(el màxim ha de ser com a mínim l'objectiu, i l'objectiu positiu)",
        ),
    ] {
        let res = client
            .post(app.url("/clubes/1/campeonatos/nuevo"))
            .header("Accept-Language", "ca")
            .form(&{
                let csrf = app.csrf_for(&client).await;
                let mut f: Vec<(String, String)> = championship_fields(&extra)
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect();
                f.push(("csrf".into(), csrf));
                f
            })
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&html, ".alert").join(" ");
        assert!(alert.contains(said), "{alert}");
        assert!(!alert.contains("event."), "{alert}");
        assert_in_words(&html, "ca", "the refused championship form");
    }
}

/// A championship file refused at the import page names the result by its round and
/// table, as its director knows them, never by its position in the file's list of
/// results, in the page's language.
#[tokio::test]
async fn an_imported_file_refused_at_a_result_names_its_round_and_table_not_its_place_in_the_list()
{
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña Norte", "Jaca").await;
    // Round 1's results listed table 2 first: it is short of the 101 a partida needs.
    let file = serde_json::json!({
        "format": "baza-tournament/1",
        "event": {"name": "Guiñote de Jaca", "game": "guinote",
                  "system": {"kind": "swiss", "rounds": 3}},
        "entrants": [{"id": "a", "name": "Ana y Luis"}, {"id": "b", "name": "Berta y Pau"},
                     {"id": "c", "name": "Carla y Juan"}, {"id": "d", "name": "Dora y Íñigo"}],
        "rounds": [{"number": 1,
                    "pairings": [{"table": 1, "a": "a", "b": "b"},
                                 {"table": 2, "a": "c", "b": "d"}],
                    "results": [{"table": 2, "score": [99, 40]},
                                {"table": 1, "score": [101, 40]}]}]
    })
    .to_string();
    let csrf = app.csrf_for(&app.client).await;
    for (lang, place, not) in [
        ("es", "(ronda 1, mesa 2)", "resultado 1"),
        ("ca", "(ronda 1, taula 2)", "resultat 1"),
        ("en", "(round 1, table 2)", "result 1"),
    ] {
        let res = app
            .client
            .post(app.url(&format!("/clubes/{club}/campeonatos/importar")))
            .header("Accept-Language", lang)
            .form(&[("csrf", csrf.as_str()), ("text", file.as_str())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{lang}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&html, ".alert").join(" ");
        assert!(alert.contains(place), "{lang}: {alert}");
        assert!(!alert.contains(not), "{lang}: {alert}");
        assert!(!alert.contains("rounds["), "{lang}: {alert}");
    }
}

/// A stored game whose table options no longer read (kept by another Baza, say)
/// refuses its next hand naming the option by its label in the page's language,
/// never by its key.
#[tokio::test]
async fn a_stored_game_whose_option_no_longer_reads_refuses_a_hand_naming_it_by_its_label() {
    let t = start("botifarra", 4, &[]).await;
    let g = t.game;
    t.app
        .with_conn(move |conn| {
            use baza::db::schema::games::dsl;
            use diesel::prelude::*;
            diesel::update(dsl::games.find(g))
                .set(dsl::options.eq(r#"{"cantes_per_trick": "one_per_side"}"#))
                .execute(conn)
                .unwrap();
        })
        .await;
    let res = t
        .hand(&[
            ("chooser", "3"),
            ("choice", "c"),
            ("doubles", "0"),
            ("points_side0", "50"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let said = texts(&html, "ul.errors li").join(" ");
    assert!(
        said.contains("Las opciones de mesa de botifarra no incluyen «Cantes por baza»."),
        "{said}"
    );
    assert!(!said.contains("cantes_per_trick"), "{said}");
}
