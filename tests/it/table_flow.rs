//! The table's day, smooth: a hand entered on the game's own page, a disputed hand
//! taken to the referee with everything the game knows, ruled from its cards alone
//! and applied to that hand; a confirmed table that no phone can correct; a typed
//! result the game could not produce, refused with the reason; one PIN box for a
//! phone that has not opened its table.

use baza::db::schema::{audit_log, game_hands};
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{
    CUATROLA_SOLO, TestApp, assert_accepted, attr, new_client, post_form_as, texts,
};

async fn page_as(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
) -> (StatusCode, scraper::Html) {
    let res = client.get(app.url(path)).send().await.unwrap();
    let status = res.status();
    (
        status,
        scraper::Html::parse_document(&res.text().await.unwrap()),
    )
}

fn attrs(html: &scraper::Html, css: &str, name: &str) -> Vec<String> {
    let sel = scraper::Selector::parse(css).unwrap();
    html.select(&sel)
        .filter_map(|e| e.value().attr(name).map(str::to_owned))
        .collect()
}

/// What a browser sends for the form `form` as the page shows it: hidden and typed
/// inputs, the selected option of each select, the checked radios (no buttons).
fn form_fields(html: &scraper::Html, form: &str) -> Vec<(String, String)> {
    let sel = scraper::Selector::parse(&format!("{form} input, {form} select")).unwrap();
    let chosen = scraper::Selector::parse("option[selected]").unwrap();
    let first = scraper::Selector::parse("option").unwrap();
    let mut out = Vec::new();
    for el in html.select(&sel) {
        let e = el.value();
        let Some(name) = e.attr("name") else { continue };
        let value = match e.name() {
            "select" => el
                .select(&chosen)
                .next()
                .or_else(|| el.select(&first).next())
                .and_then(|o| o.value().attr("value"))
                .unwrap_or("")
                .to_owned(),
            _ => match e.attr("type").unwrap_or("text") {
                "radio" | "checkbox" if e.attr("checked").is_none() => continue,
                "submit" | "button" => continue,
                _ => e.attr("value").unwrap_or("").to_owned(),
            },
        };
        out.push((name.to_owned(), value));
    }
    out
}

fn set(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    fields.retain(|(k, _)| k != name);
    fields.push((name.to_owned(), value.to_owned()));
}

fn location(res: &reqwest::Response) -> String {
    res.headers()["location"].to_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_hand_taken_to_the_referee_is_ruled_from_its_cards_alone_and_the_ruling_replaces_that_hand()
 {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    assert_accepted(t.hand(&CUATROLA_SOLO).await).await;
    assert_accepted(t.hand(&CUATROLA_SOLO).await).await;
    let game = t.game;
    let pw = t.app.add_user("arbitra", "referee", Some(1)).await;
    let referee = new_client();
    t.app.login(&referee, "arbitra", &pw).await;

    // Tap 1: "Llevar al árbitro" on hand 2 of the game's page.
    let (_, html) = page_as(&t.app, &referee, &format!("/partidas/{game}")).await;
    let links = attrs(&html, "a.to-referee", "href");
    assert_eq!(links.len(), 2, "one link a hand");
    assert_eq!(texts(&html, "a.to-referee")[1], "Llevar al árbitro");
    let (status, html) = page_as(&t.app, &referee, &links[1]).await;
    assert_eq!(status, StatusCode::OK);
    // The game, the seats by name, the hand's dealer, the score before it and what
    // the table wrote down are already there.
    let stored_dealer = {
        t.app
            .with_conn(move |c| {
                game_hands::table
                    .filter(game_hands::game_id.eq(game))
                    .filter(game_hands::hand_no.eq(2))
                    .select(game_hands::dealer)
                    .first::<i32>(c)
                    .unwrap()
            })
            .await
    };
    let dealer = attr(&html, "select[name=dealer] option[selected]", "value").unwrap();
    assert_eq!(dealer, stored_dealer.to_string());
    let seats = texts(&html, "select[name=dealer] option");
    for (label, name) in seats.iter().zip(["Ana", "Benito", "Carmen", "Dámaso"]) {
        assert!(label.starts_with(name), "seats by player: {seats:?}");
    }
    assert_eq!(
        attr(&html, "input[name=game]", "value").as_deref(),
        Some("cuatrola")
    );
    let declared: Value =
        serde_json::from_str(&attr(&html, "input[name=declared]", "value").unwrap()).unwrap();
    assert_eq!(declared["hand_points"], serde_json::json!([2, 0]));
    let before: Vec<i64> =
        serde_json::from_str(&attr(&html, "input[name=before]", "value").unwrap()).unwrap();
    assert_eq!(before, vec![2, 0], "the score before hand 2");

    // The deal as it was, and its calls and plays as the table remembers them.
    let record = (0..500u64)
        .map(|seed| {
            baza::domain::random::random_cuatrola_hand_of_game(
                90_000 + seed,
                u8::try_from(stored_dealer).unwrap(),
                [before[0], before[1]],
            )
            .to_value()
        })
        .find(|r| {
            r["events"]
                .as_array()
                .unwrap()
                .iter()
                .all(|e| e.get("bid").is_some() || e.get("play").is_some())
        })
        .expect("a hand of bids and plays only");

    // Tap 2: the cards, each in the hand it was dealt to.
    let mut fields = form_fields(&html, "form.builder");
    for (seat, cards) in record["hands"].as_array().unwrap().iter().enumerate() {
        for c in cards.as_array().unwrap() {
            set(
                &mut fields,
                &format!("c_{}", c.as_str().unwrap()),
                &seat.to_string(),
            );
        }
    }
    set(&mut fields, "turned", record["turned"].as_str().unwrap());
    let csrf = t.app.csrf_for(&referee).await;
    set(&mut fields, "csrf", &csrf);
    let mut html = {
        let res = referee
            .post(t.app.url("/arbitro/construir"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        scraper::Html::parse_document(&res.text().await.unwrap())
    };
    // Then each event: the seat whose turn it is is preselected, and the move is one
    // of the legal ones the page proposes.
    for ev in record["events"].as_array().unwrap() {
        let seat = ev["seat"].as_u64().unwrap().to_string();
        assert_eq!(
            attr(&html, "select[name=ev_seat] option[selected]", "value"),
            Some(seat.clone()),
            "whose turn it is, before {ev}"
        );
        let proposed = attrs(&html, "button[name=ev_move]", "value");
        let pick = proposed
            .iter()
            .find(|p| serde_json::from_str::<Value>(p).unwrap() == *ev)
            .unwrap_or_else(|| panic!("{ev} among the legal moves {proposed:?}"))
            .clone();
        if ev.get("play").is_some() {
            assert!(
                texts(&html, "button[name=ev_move]")
                    .iter()
                    .all(|w| w.contains(" de ")),
                "cards by name"
            );
        }
        let mut fields = form_fields(&html, "form.builder");
        set(&mut fields, "csrf", &csrf);
        fields.push(("ev_move".into(), pick));
        let res = referee
            .post(t.app.url("/arbitro/construir"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert!(
            texts(&html, ".alert").is_empty(),
            "{:?}",
            texts(&html, ".alert")
        );
    }
    assert!(
        texts(&html, "button[name=ev_move]").is_empty(),
        "the hand is over"
    );
    let built: Value =
        serde_json::from_str(&attr(&html, "form.rule-form input[name=record]", "value").unwrap())
            .unwrap();
    assert_eq!(built["events"], record["events"]);
    assert_eq!(built["declared"], declared);

    // Tap 3: the ruling, knowing the game and the hand.
    let mut fields = form_fields(&html, "form.rule-form");
    set(&mut fields, "csrf", &csrf);
    let res = referee
        .post(t.app.url("/arbitro"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let ruling = location(&res);
    let (status, html) = page_as(&t.app, &referee, &ruling).await;
    assert_eq!(status, StatusCode::OK);
    let tricks = texts(&html, "ol.tricks li").join(" ");
    assert!(
        tricks.contains("Ana") || tricks.contains("Benito"),
        "{tricks}"
    );
    assert!(
        !tricks.contains("el asiento"),
        "no seat without its player: {tricks}"
    );
    assert!(
        tricks.contains("Sale ") && !tricks.contains("Sale el ") && !tricks.contains("gana el "),
        "a player's name takes no article: {tricks}"
    );
    assert!(
        attr(&html, "form.apply-to-hand input[name=game]", "type").as_deref() == Some("hidden"),
        "no game number to type"
    );
    assert_eq!(texts(&html, "form.apply-to-hand input[inputmode]").len(), 0);

    // Tap 4: applied to hand 2.
    let slug = ruling
        .trim_start_matches("/arbitro/fallos/")
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let mut fields = form_fields(&html, "form.apply-to-hand");
    set(&mut fields, "csrf", &csrf);
    let res = referee
        .post(t.app.url(&format!("/arbitro/fallos/{slug}/aplicar")))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(location(&res), format!("/partidas/{game}"));
    let (kind, entry) = t
        .app
        .with_conn(move |c| {
            game_hands::table
                .filter(game_hands::game_id.eq(game))
                .filter(game_hands::hand_no.eq(2))
                .select((game_hands::kind, game_hands::entry))
                .first::<(String, String)>(c)
                .unwrap()
        })
        .await;
    assert_eq!(kind, "full", "hand 2 is now the ruled record");
    let entry: Value = serde_json::from_str(&entry).unwrap();
    assert_eq!(entry["events"], record["events"]);
    assert_eq!(t.hands_stored().await, 2, "no hand added");
    let actors: Vec<String> = t
        .app
        .with_conn(move |c| {
            audit_log::table
                .filter(audit_log::entity.eq("hand"))
                .filter(audit_log::action.ne("create"))
                .select(audit_log::actor)
                .load(c)
                .unwrap()
        })
        .await;
    assert!(
        actors.iter().any(|a| a.contains(&format!("fallo {slug}"))),
        "{actors:?}"
    );
}

#[tokio::test]
async fn the_game_page_carries_the_hand_form_with_every_control_labelled() {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let html = t.page().await;
    let action = attr(&html, "form.hand-form", "action")
        .unwrap_or_else(|| panic!("the hand form on the game page: {}", html.html()));
    assert_eq!(action, format!("/partidas/{}/mano", t.game));
    // Every control a person fills is inside its label.
    let sel =
        scraper::Selector::parse("form.hand-form select, form.hand-form input:not([type=hidden])")
            .unwrap();
    let mut controls = 0;
    for el in html.select(&sel) {
        controls += 1;
        let labelled = el
            .ancestors()
            .filter_map(scraper::ElementRef::wrap)
            .any(|a| a.value().name() == "label");
        assert!(labelled, "{:?} has no label", el.value().attr("name"));
    }
    assert!(controls >= 10, "{controls}");
    let cante = texts(&html, ".cante-row label");
    assert!(cante.iter().any(|l| !l.trim().is_empty()), "{cante:?}");
    // Saved from the game page, it comes back to the game page.
    let version = attr(&html, "form.hand-form input[name=version]", "value").unwrap();
    let submission = attr(&html, "form.hand-form input[name=submission]", "value").unwrap();
    let mut form: Vec<(&str, &str)> = vec![("version", &version), ("submission", &submission)];
    form.extend_from_slice(&CUATROLA_SOLO);
    let res = post_form_as(&t.app, &t.client, &action, &form).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(location(&res).starts_with(&format!("/partidas/{}", t.game)));
    assert_eq!(t.totals().await, "2 – 0");
}

/// A cuatrola championship of two pairs, one round published, played hand by hand:
/// the table's path and the PINs of pair a and pair b (the organiser signed in on
/// `app.client`).
/// Game `game`'s file (`baza-game/1`) as `client` exports it.
async fn game_file(app: &TestApp, client: &reqwest::Client, game: i32) -> Value {
    client
        .get(app.url(&format!("/partidas/{game}/exportar")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn one_table(app: &TestApp) -> (String, [String; 2]) {
    let club = app
        .club_with_organiser("Peña La Baza", "Medina de Rioseco")
        .await;
    let post = |path: String, fields: Vec<(&'static str, &'static str)>| async move {
        post_form_as(app, &app.client, &path, &fields).await
    };
    let res = post(
        format!("/clubes/{club}/campeonatos/nuevo"),
        vec![
            ("name", "Cuatrola de la peña"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "1"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "hands"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id: i32 = location(&res)
        .trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .parse()
        .unwrap();
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(format!("/campeonatos/{id}/inscritos"), vec![("name", n)]).await;
    }
    post(format!("/campeonatos/{id}/rondas"), vec![("tables", "")]).await;
    post(format!("/campeonatos/{id}/rondas/1/publicar"), vec![]).await;
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let path = texts(&html, ".table-path").remove(0);
    let pins = texts(&html, ".pin-a strong")
        .into_iter()
        .zip(texts(&html, ".pin-b strong"))
        .next()
        .unwrap();
    (path, [pins.0, pins.1])
}

#[tokio::test]
async fn a_confirmed_tables_game_shows_no_corrections_and_refuses_one_in_words() {
    let app = TestApp::spawn().await;
    let (table, pins) = one_table(&app).await;
    // A fresh phone sees one PIN box: its own pair's.
    let (_, html) = page_as(&app, &new_client(), &table).await;
    assert_eq!(texts(&html, "input[name=pin]").len(), 1);
    assert_eq!(attrs(&html, "input[name=pin]", "name").len(), 1);
    assert!(texts(&html, "form.pin-form label")[0].contains("PIN de tu pareja"));
    // The director runs the table without a pair's PIN and is offered none.
    let (_, html) = page_as(&app, &app.client, &table).await;
    assert!(texts(&html, "form.pin-form").is_empty());
    // Pair a plays its game to the end.
    let keeper = new_client();
    let res = post_form_as(&app, &keeper, &format!("{table}/pin"), &[("pin", &pins[0])]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, html) = page_as(&app, &keeper, &table).await;
    let game: i32 = attr(&html, "a.play-game", "href")
        .unwrap()
        .trim_start_matches("/partidas/")
        .parse()
        .unwrap();
    let mut totals = [0i64; 2];
    for n in 0..100u64 {
        let file = game_file(&app, &keeper, game).await;
        let board = &file["scoreboard"];
        if !board["game_over"].is_null() {
            break;
        }
        let dealer = board["next_dealer"].as_u64().unwrap() as u8;
        let record = baza::domain::random::random_cuatrola_hand_of_game(4_000 + n, dealer, totals);
        let hp = baza::domain::rule(&record, baza::domain::Lang::Es)
            .hand_points
            .unwrap();
        for (t, p) in totals.iter_mut().zip(&hp) {
            *t += p.floor();
        }
        let (_, html) = page_as(&app, &keeper, &format!("/partidas/{game}")).await;
        let version = attr(&html, ".big-score", "data-version").unwrap();
        let res = post_form_as(
            &app,
            &keeper,
            &format!("/partidas/{game}/mano"),
            &[
                ("version", &version),
                ("submission", &format!("h{n}")),
                ("record", &record.to_value().to_string()),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    // While the result waits for the firma, the table may still correct a hand.
    let (_, html) = page_as(&app, &keeper, &format!("/partidas/{game}")).await;
    assert!(!attrs(&html, "td.row-actions a", "href").is_empty());
    // Pair b confirms on its own phone: it opens the table with its PIN, then signs.
    let other = new_client();
    let (_, html) = page_as(&app, &other, &table).await;
    assert_eq!(attrs(&html, "input[name=pin]", "name").len(), 1, "one box");
    post_form_as(&app, &other, &format!("{table}/pin"), &[("pin", &pins[1])]).await;
    let (_, html) = page_as(&app, &other, &table).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &other,
        &format!("{table}/firma"),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // Confirmed: the game shows no Corregir/Borrar, and says who corrects it.
    let (_, html) = page_as(&app, &keeper, &format!("/partidas/{game}")).await;
    assert!(
        attrs(&html, "td.row-actions a", "href").is_empty(),
        "{:?}",
        attrs(&html, "td.row-actions a", "href")
    );
    assert!(attr(&html, "form.hand-form", "action").is_none());
    assert!(texts(&html, ".table-locked")[0].contains("director"));
    // A direct POST is refused with a 409 page in words: the game and why.
    let version = attr(&html, ".big-score", "data-version").unwrap();
    let mut fields = vec![("version", version.as_str())];
    fields.extend_from_slice(&CUATROLA_SOLO);
    let res = post_form_as(&app, &keeper, &format!("/partidas/{game}/manos/1"), &fields).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        texts(&html, ".alert")[0].contains("ya está confirmado"),
        "{:?}",
        texts(&html, ".alert")
    );
    assert!(!texts(&html, ".big-score").is_empty(), "the game's page");
    let (status, html) = page_as(&app, &keeper, &format!("/partidas/{game}/manos/1/borrar")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(texts(&html, ".alert")[0].contains("ya está confirmado"));
    let (status, _) = page_as(&app, &keeper, &format!("/partidas/{game}/manos/1")).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_tables_page_shows_its_partida_score_so_far_where_the_result_will_stand() {
    let app = TestApp::spawn().await;
    let (table, pins) = one_table(&app).await;
    let keeper = new_client();
    post_form_as(&app, &keeper, &format!("{table}/pin"), &[("pin", &pins[0])]).await;
    // Not started: nothing stands where the result will, and no placeholder mark.
    let (_, html) = page_as(&app, &keeper, &table).await;
    assert_eq!(texts(&html, ".big-score"), [""]);
    assert!(texts(&html, ".game-line")[0].contains("Sin empezar"));
    let game: i32 = attr(&html, "a.play-game", "href")
        .unwrap()
        .trim_start_matches("/partidas/")
        .parse()
        .unwrap();
    // One hand played: the score of the partida so far, in the muted style.
    let file = game_file(&app, &keeper, game).await;
    let dealer = file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8;
    let record = baza::domain::random::random_cuatrola_hand_of_game(4_000, dealer, [0, 0]);
    let hp = baza::domain::rule(&record, baza::domain::Lang::Es)
        .hand_points
        .unwrap();
    let (_, html) = page_as(&app, &keeper, &format!("/partidas/{game}")).await;
    let version = attr(&html, ".big-score", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("/partidas/{game}/mano"),
        &[
            ("version", &version),
            ("submission", "h0"),
            ("record", &record.to_value().to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, html) = page_as(&app, &keeper, &table).await;
    let so_far = format!("{} – {}", hp[0].floor(), hp[1].floor());
    assert_eq!(texts(&html, ".big-score .running"), vec![so_far.clone()]);
    assert!(
        texts(&html, ".game-line")[0].contains(&format!("Manos jugadas: 1 · {so_far}")),
        "{:?}",
        texts(&html, ".game-line")
    );
}

#[tokio::test]
async fn a_directors_typed_result_the_game_could_not_reach_is_refused_with_the_reason() {
    let app = TestApp::spawn().await;
    let (table, _) = one_table(&app).await;
    let html = app.page(&table, StatusCode::OK).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &app.client,
        &table,
        &[("score_a", "35"), ("score_b", "10"), ("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(alert.contains("no pasa de 25"), "{alert}");
    assert!(alert.contains("35"), "{alert}");
    assert_eq!(
        attr(&html, "input[name=score_a]", "value").as_deref(),
        Some("35"),
        "what was typed is kept"
    );
    // A result it could produce is saved, and the table's state is that result.
    let res = post_form_as(
        &app,
        &app.client,
        &table,
        &[("score_a", "23"), ("score_b", "10"), ("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app.page(&table, StatusCode::OK).await;
    assert_eq!(texts(&html, ".big-score"), vec!["23 – 10"]);
    let line = texts(&html, ".game-line").join(" ");
    assert!(!line.contains("Sin empezar"), "{line}");
}

#[tokio::test]
async fn in_a_browser_a_hand_is_entered_on_the_game_page_and_a_refused_one_shows_its_message_where_the_eye_is()
 {
    let Some((browser, app)) =
        crate::browser::Browser::on_the_demo_as_organiser("table_flow_hand").await
    else {
        return;
    };
    browser.resize(390, 844).await;
    browser
        .goto(&app.url("/clubes/1/partidas/nueva?juego=cuatrola"))
        .await;
    for (i, name) in ["Ana", "Benito", "Carmen", "Dámaso"].iter().enumerate() {
        browser.fill(&format!("input[name=seat_{i}]"), name).await;
    }
    browser.choose("first_dealer", "3").await;
    browser
        .submit("form[action='/clubes/1/partidas/nueva'] button[type=submit]")
        .await;
    let game = browser.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");

    // One page load a hand: the form is on the game's page, and saving comes back to it.
    for (name, value) in [
        ("trump", "o"),
        ("bid", "solo"),
        ("bidder", "0"),
        ("last_trick_side", "0"),
    ] {
        browser.choose(name, value).await;
    }
    browser
        .fill("form.hand-form [name=card_points_side0]", "70")
        .await;
    browser
        .fill("form.hand-form [name=card_points_side1]", "30")
        .await;
    browser.submit("form.hand-form button[type=submit]").await;
    browser.wait_for(".big-score").await;
    assert_eq!(browser.path().await, game);
    assert_eq!(browser.text(".big-score").await, "2 – 0");
    assert_eq!(
        browser.count("form.hand-form").await,
        1,
        "ready for the next hand"
    );

    // An impossible hand, sent from the foot of the form: its message is scrolled to
    // and focused.
    browser.choose("trump", "c").await;
    browser.choose("bid", "pass").await;
    browser
        .fill("form.hand-form [name=card_points_side0]", "1")
        .await;
    browser.choose("last_trick_side", "0").await;
    browser
        .eval("document.querySelector('form.hand-form button[type=submit]').scrollIntoView({block: 'end'}); return 1")
        .await;
    browser.submit("form.hand-form button[type=submit]").await;
    browser.wait_for("[role=alert]").await;
    let mut seen = serde_json::Value::Null;
    for _ in 0..30 {
        seen = browser
            .eval(
                "const a = document.querySelector('[role=alert]'); const r = a.getBoundingClientRect(); \
                 return {focused: document.activeElement === a, top: r.top, height: window.innerHeight, text: a.textContent.trim()}",
            )
            .await;
        if seen["focused"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(seen["focused"], true, "{seen}");
    let top = seen["top"].as_f64().unwrap();
    // In view, near the top (a fraction of a pixel above it is scroll rounding).
    assert!(
        top > -2.0 && top < seen["height"].as_f64().unwrap() / 2.0,
        "{seen}"
    );
    assert!(!seen["text"].as_str().unwrap().is_empty());
    browser.goto(&app.url(&game)).await;
    assert_eq!(browser.text(".big-score").await, "2 – 0", "nothing saved");
}
