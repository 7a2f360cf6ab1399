//! Safe and talkative pages: the public standings and the live wall page agree on
//! what is published; a bracket correction follows the typed score.

use baza::domain::status::GameStatus;
use reqwest::StatusCode;

use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};
use baza::domain::bracket::{Bracket, MatchId};

/// The `h2`/`h3` headings and the "no round" notes of a page as an anonymous
/// visitor sees them.
async fn headings(app: &TestApp, path: &str) -> Vec<String> {
    let res = new_client().get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    texts(&html, "h2, h3, p.no-round")
}

/// A club with its organiser signed in on `app.client`.
async fn club_with_organiser(app: &TestApp) -> i32 {
    let club = app.add_club("Peña El Arrastre", "Tordesillas").await;
    let pw = app.add_user("organizadora", "organiser", Some(club)).await;
    app.login(&app.client, "organizadora", &pw).await;
    club
}

#[tokio::test]
async fn the_public_standings_and_the_live_page_show_the_same_published_round() {
    let app = TestApp::spawn().await;
    let club = club_with_organiser(&app).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Cuatrola de San Martín"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "result"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id: i32 = crate::from_scratch::id_of(&res);
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ] {
        post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    let standings = format!("/campeonatos/{id}");
    let live = format!("/campeonatos/{id}/directo");
    let none = "Aún no hay ronda publicada".to_owned();

    // Round 1 paired, not published: neither page shows it, both say so.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for path in [&standings, &live] {
        let h = headings(&app, path).await;
        assert!(h.contains(&none), "{path}: {h:?}");
        assert!(!h.contains(&"Ronda 1".to_owned()), "{path}: {h:?}");
    }

    // Published: both show round 1 at once (the anonymous pages were cached before).
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for path in [&standings, &live] {
        let h = headings(&app, path).await;
        assert!(h.contains(&"Ronda 1".to_owned()), "{path}: {h:?}");
        assert!(!h.contains(&none), "{path}: {h:?}");
    }
}

#[tokio::test]
async fn in_the_demo_every_live_page_shows_what_its_standings_page_shows() {
    let app = TestApp::with_demo().await;
    let mut seen = 0;
    for id in 1..=10 {
        let path = format!("/campeonatos/{id}");
        if app.get(&path).await.status() != StatusCode::OK {
            continue;
        }
        seen += 1;
        let standings = headings(&app, &path).await;
        let live = headings(&app, &format!("{path}/directo")).await;
        // The live page's first heading is the round or phase on the wall.
        assert!(
            standings.contains(&live[0]),
            "{path}: live {live:?}, standings {standings:?}"
        );
    }
    assert!(seen >= 2, "the demo has championships");
}

/// The stored bracket and its version.
async fn bracket(app: &TestApp, id: i32) -> (Bracket, i32) {
    app.with_conn(move |conn| {
        let row = baza::db::brackets::find_bracket(conn, id).unwrap().unwrap();
        (serde_json::from_str(&row.document).unwrap(), row.version)
    })
    .await
}

#[tokio::test]
async fn a_bracket_correction_with_a_new_score_that_changes_the_winner_is_accepted() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
    let res = post_form_as(
        &app,
        &app.client,
        "/cuadros/nuevo",
        &[
            ("club", "1"),
            ("name", "Copa"),
            ("game", "botifarra"),
            ("format", "single"),
            ("seeding", "hand"),
            ("paper", "a4"),
            ("names", "Uno\nDos\nTres\nCuatro"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::bracket_id_of(res.headers()["location"].to_str().unwrap());
    let (_, version) = bracket(&app, id).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/cuadros/{id}/partidos/0/resultado"),
        &[
            ("score_0", "101"),
            ("score_1", "60"),
            ("version", &version.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (b, _) = bracket(&app, id).await;
    let m = b.get(MatchId(0)).unwrap();
    assert_eq!(m.result.unwrap().winner, m.entrants()[0].unwrap());

    // The correction form opens with the old winner checked; the organiser types the
    // score the other way round and sends it as it is.
    let body = app
        .get(&format!("/cuadros/{id}/partidos/0"))
        .await
        .text()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&body);
    let checked = attr(
        &html,
        "form.result-form input[name=winner][checked]",
        "value",
    )
    .unwrap();
    assert_eq!(checked, "0");
    let version = attr(&html, "form.result-form input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/cuadros/{id}/partidos/0/corregir"),
        &[
            ("winner", &checked),
            ("score_0", "60"),
            ("score_1", "101"),
            ("version", &version),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the score decides");
    let (b, _) = bracket(&app, id).await;
    let m = b.get(MatchId(0)).unwrap();
    let r = m.result.unwrap();
    assert_eq!(r.winner, m.entrants()[1].unwrap());
    assert_eq!(r.score, Some([60, 101]));
}

// ------------------------------------------------------------ deleting a hand safely

/// A botifarra game of the demo club with three hands.
async fn game_with_three_hands() -> crate::club::Table {
    let t = crate::club::start("botifarra", 4, &[]).await;
    // Seat 3 deals first, then seats 0 and 1; the dealer chooses.
    for (chooser, pts) in [("3", "50"), ("0", "30"), ("1", "70")] {
        let res = t
            .hand(&[
                ("chooser", chooser),
                ("choice", "c"),
                ("doubles", "0"),
                ("points_side0", pts),
            ])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    t
}

/// The numbers of the game's stored hands.
async fn hand_numbers(t: &crate::club::Table) -> Vec<i32> {
    let id = t.game;
    t.app
        .with_conn(move |conn| {
            baza::db::games::game_hands(conn, id)
                .unwrap()
                .iter()
                .map(|h| h.hand_no)
                .collect()
        })
        .await
}

/// `client`'s page at `path`, parsed.
async fn page_of(app: &TestApp, client: &reqwest::Client, path: &str) -> scraper::Html {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// The confirmation a page shows after a redirect.
async fn done_message(app: &TestApp, client: &reqwest::Client, res: reqwest::Response) -> String {
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    let html = page_of(app, client, &to).await;
    texts(&html, "p.notice.done").join(" ")
}

#[tokio::test]
async fn deleting_a_hand_asks_first_and_a_bare_post_needs_the_csrf_token_and_the_right_role() {
    let t = game_with_three_hands().await;
    let g = t.game;
    let game = page_of(&t.app, &t.client, &format!("/partidas/{g}")).await;
    assert!(
        texts(&game, "form[action$='/borrar'] button").is_empty(),
        "no one-tap delete on the scoreboard"
    );
    let link = format!("/partidas/{g}/manos/2/borrar");
    assert!(attr(&game, &format!("a[href='{link}']"), "href").is_some());

    // The link shows the hand and asks; nothing is deleted by looking.
    let ask = page_of(&t.app, &t.client, &link).await;
    assert_eq!(texts(&ask, "h1"), vec!["¿Borrar la mano 2?"]);
    assert!(
        texts(&ask, "dl.hand-to-delete dd")
            .iter()
            .any(|d| d == "Ana")
    );
    let version = attr(&ask, "form[action$='/borrar'] input[name=version]", "value").unwrap();
    assert_eq!(hand_numbers(&t).await, vec![1, 2, 3]);

    // A bare POST without the session's token, or by someone without the right, is
    // refused and deletes nothing.
    let res = t
        .client
        .post(t.app.url(&link))
        .form(&[("version", version.as_str()), ("csrf", "forged")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // A stranger's phone, which has no account, is asked for the game's PIN.
    let stranger = new_client();
    let res = post_form_as(&t.app, &stranger, &link, &[("version", &version)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["baza-asks"], "pin");
    assert_eq!(res.headers()["location"], format!("/partidas/{g}").as_str());
    assert_eq!(hand_numbers(&t).await, vec![1, 2, 3]);

    // The keeper's POST (the confirmation's button, or a direct one) deletes it and
    // says so.
    let res = post_form_as(&t.app, &t.client, &link, &[("version", &version)]).await;
    let said = done_message(&t.app, &t.client, res).await;
    assert!(said.starts_with("Mano borrada"), "{said}");
    assert_eq!(hand_numbers(&t).await, vec![1, 3]);
}

#[tokio::test]
async fn a_deleted_hand_is_put_back_from_the_history_with_its_score_and_only_once() {
    let t = game_with_three_hands().await;
    let g = t.game;
    let before = t.totals().await;
    let version = t.version().await;
    let res = post_form_as(
        &t.app,
        &t.client,
        &format!("/partidas/{g}/manos/2/borrar"),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_ne!(t.totals().await, before);

    let history = format!("/partidas/{g}/auditoria");
    let html = page_of(&t.app, &t.client, &history).await;
    let changes = texts(&html, ".history-change");
    assert_eq!(changes[0], "Org borró la mano 2.", "{changes:?}");
    let undo = attr(&html, "form[action$='/deshacer']", "action").unwrap();
    let v = attr(
        &html,
        "form[action$='/deshacer'] input[name=version]",
        "value",
    )
    .unwrap();

    // Someone without the right to enter hands cannot undo.
    let stranger = new_client();
    let res = post_form_as(&t.app, &stranger, &undo, &[("version", &v)]).await;
    assert_ne!(res.status(), StatusCode::OK);
    assert_eq!(hand_numbers(&t).await, vec![1, 3]);

    let res = post_form_as(&t.app, &t.client, &undo, &[("version", &v)]).await;
    let said = done_message(&t.app, &t.client, res).await;
    assert!(said.starts_with("Mano repuesta"), "{said}");
    assert_eq!(hand_numbers(&t).await, vec![1, 2, 3]);
    assert_eq!(t.totals().await, before, "the score is back");
    // A second tap changes nothing, and the history no longer offers the undo.
    let res = post_form_as(&t.app, &t.client, &undo, &[("version", &v)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hand_numbers(&t).await, vec![1, 2, 3]);
    let html = page_of(&t.app, &t.client, &history).await;
    assert!(attr(&html, "form[action$='/deshacer']", "action").is_none());
    assert_eq!(texts(&html, ".history-change")[0], "Org repuso la mano 2.");
    let audit: Vec<String> = t
        .app
        .with_conn(move |conn| {
            baza::db::games::hand_audit(conn, g)
                .unwrap()
                .into_iter()
                .map(|e| e.action)
                .collect()
        })
        .await;
    assert_eq!(audit, ["create", "create", "create", "delete", "restore"]);
}

#[tokio::test]
async fn a_deleted_hand_whose_place_was_taken_is_not_put_back_and_the_page_says_why() {
    let t = game_with_three_hands().await;
    let g = t.game;
    let version = t.version().await;
    post_form_as(
        &t.app,
        &t.client,
        &format!("/partidas/{g}/manos/3/borrar"),
        &[("version", &version)],
    )
    .await;
    // The table goes on: the next hand takes number 3.
    let res = t
        .hand(&[
            ("chooser", "1"),
            ("choice", "o"),
            ("doubles", "0"),
            ("points_side0", "20"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let totals = t.totals().await;
    let html = page_of(&t.app, &t.client, &format!("/partidas/{g}/auditoria")).await;
    let undo = attr(&html, "form[action$='/deshacer']", "action").unwrap();
    let v = attr(
        &html,
        "form[action$='/deshacer'] input[name=version]",
        "value",
    )
    .unwrap();
    let res = post_form_as(&t.app, &t.client, &undo, &[("version", &v)]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(alert.contains("La mano 3 no puede volver"), "{alert}");
    assert_eq!(hand_numbers(&t).await, vec![1, 2, 3]);
    assert_eq!(t.totals().await, totals);
}

// ------------------------------------------------------------ saying what was done

#[tokio::test]
async fn saving_a_hand_publishing_a_round_entering_and_signing_a_result_say_what_they_did() {
    let t = crate::club::start("botifarra", 4, &[]).await;
    let res = t
        .hand(&[
            ("chooser", "3"),
            ("choice", "c"),
            ("doubles", "0"),
            ("points_side0", "50"),
        ])
        .await;
    assert_eq!(done_message(&t.app, &t.client, res).await, "Mano anotada.");
    let res = t
        .edit(
            1,
            &[
                ("chooser", "3"),
                ("choice", "c"),
                ("doubles", "0"),
                ("points_side0", "60"),
            ],
        )
        .await;
    assert_eq!(
        done_message(&t.app, &t.client, res).await,
        "Mano corregida."
    );
    // A message is never taken from the address.
    let html = page_of(
        &t.app,
        &t.client,
        &format!("/partidas/{}?hecho=%3Cb%3Ehola", t.game),
    )
    .await;
    assert!(texts(&html, "p.notice.done").is_empty());

    let app = TestApp::spawn().await;
    let club = club_with_organiser(&app).await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Cuatrola de la peña"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "1"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "result"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ],
    )
    .await;
    let id: i32 = crate::from_scratch::id_of(&res);
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/publicar"),
        &[],
    )
    .await;
    let said = done_message(&app, &app.client, res).await;
    assert!(said.starts_with("Ronda publicada"), "{said}");

    // The table enters its result with pair a's PIN; pair b signs it.
    let slips = page_of(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
    )
    .await;
    let path = texts(&slips, ".slip .table-path").remove(0);
    let pin_a = texts(&slips, ".slip .pin-a strong").remove(0);
    let pin_b = texts(&slips, ".slip .pin-b strong").remove(0);
    let table = new_client();
    post_form_as(&app, &table, &format!("{path}/pin"), &[("pin", &pin_a)]).await;
    let html = page_of(&app, &table, &path).await;
    let v = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &table,
        &path,
        &[("score_a", "21"), ("score_b", "13"), ("version", &v)],
    )
    .await;
    assert_eq!(done_message(&app, &table, res).await, "Resultado guardado.");
    let html = page_of(&app, &table, &path).await;
    let v = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &table,
        &format!("{path}/firma"),
        &[("version", &v), ("pin", &pin_b)],
    )
    .await;
    let said = done_message(&app, &table, res).await;
    assert!(said.starts_with("Resultado firmado"), "{said}");
}

// ------------------------------------------------------------ the next game

/// What a form would send as it is shown: its inputs (checked boxes only) and the
/// selected option of each select.
fn form_fields(html: &scraper::Html, form: &str) -> Vec<(String, String)> {
    let inputs = scraper::Selector::parse(&format!("{form} input[name]")).unwrap();
    let selects = scraper::Selector::parse(&format!("{form} select[name]")).unwrap();
    let selected = scraper::Selector::parse("option[selected]").unwrap();
    let mut out = Vec::new();
    for i in html.select(&inputs) {
        let v = i.value();
        if matches!(v.attr("type"), Some("checkbox" | "radio")) && v.attr("checked").is_none() {
            continue;
        }
        let value = v
            .attr("value")
            .unwrap_or(if v.attr("type") == Some("checkbox") {
                "on"
            } else {
                ""
            });
        out.push((v.attr("name").unwrap().to_owned(), value.to_owned()));
    }
    for s in html.select(&selects) {
        if let Some(o) = s.select(&selected).next() {
            let value = o.value().attr("value").unwrap_or_default();
            out.push((s.value().attr("name").unwrap().to_owned(), value.to_owned()));
        }
    }
    out
}

#[tokio::test]
async fn a_finished_game_offers_the_next_one_with_the_same_seats_options_and_the_deal_passed_on() {
    let t = crate::club::start(
        "cuatrola",
        4,
        &[("target", "11"), ("over100_counts_double", "false")],
    )
    .await;
    let hands: [&[(&str, &str)]; 3] = [
        &[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
            ("cante_seat_0", "0"),
            ("cante_suit_0", "o"),
        ],
        &[
            ("trump", "c"),
            ("bid", "quintola"),
            ("bidder", "2"),
            ("soloist_tricks", "5"),
        ],
        &[
            ("trump", "e"),
            ("bid", "cuatrola"),
            ("bidder", "0"),
            ("soloist_tricks", "4"),
        ],
    ];
    let game = page_of(&t.app, &t.client, &format!("/partidas/{}", t.game)).await;
    assert!(
        attr(&game, "p.next-same a", "href").is_none(),
        "not before the end"
    );
    for h in hands {
        let res = t.hand(h).await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
    }
    let game = page_of(&t.app, &t.client, &format!("/partidas/{}", t.game)).await;
    assert_eq!(texts(&game, ".big-score")[0], "11 – 0");
    let href = attr(&game, "p.next-same a", "href").expect("the next game is offered");

    // The form comes filled: same seats and options; seat 3 dealt first and the deal
    // went 3, 0, 1, so seat 2 (Carmen) deals the next game's first hand.
    let form = page_of(&t.app, &t.client, &href).await;
    let fields = form_fields(&form, "form[action$='/partidas/nueva']");
    let get = |k: &str| {
        fields
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    assert_eq!(get("game"), "cuatrola");
    for (i, name) in ["Ana", "Benito", "Carmen", "Dámaso"].iter().enumerate() {
        assert_eq!(get(&format!("seat_{i}")), *name);
    }
    assert_eq!(get("first_dealer"), "2");
    assert_eq!(get("opt.target"), "11");

    let body: Vec<(String, String)> = fields.into_iter().filter(|(k, _)| k != "csrf").collect();
    let body: Vec<(&str, &str)> = body.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let res = post_form_as(&t.app, &t.client, "/clubes/1/partidas/nueva", &body).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let next: i32 = crate::helpers::game_made(&res);
    let (old, new) = {
        let first = t.game;
        t.app
            .with_conn(move |conn| {
                (
                    baza::db::games::find_game(conn, first).unwrap().unwrap(),
                    baza::db::games::find_game(conn, next).unwrap().unwrap(),
                )
            })
            .await
    };
    assert_ne!(old.id, new.id);
    assert_eq!(new.seats, old.seats);
    assert_eq!(new.game, old.game);
    let options = |g: &baza::db::games::Game| -> serde_json::Value {
        serde_json::from_str(&g.options).unwrap()
    };
    assert_eq!(options(&new), options(&old));
    assert_eq!(options(&new)["target"], 11);
    assert_eq!(new.first_dealer, 2);
    assert_eq!(new.status, GameStatus::Playing);
}

#[tokio::test]
async fn the_demo_has_a_game_whose_history_offers_to_undo_a_deleted_hand() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
    let games: Vec<(i32, usize)> = app
        .with_conn(|conn| {
            // The demo's club games, as `baza demo` and `serve --demo` add them.
            baza::service::demo_games::create_demo_games(conn, 1).unwrap();
            baza::db::games::club_games(conn, 1)
                .unwrap()
                .into_iter()
                .map(|g| {
                    let n = baza::db::games::game_hands(conn, g.id).unwrap().len();
                    (g.id, n)
                })
                .collect()
        })
        .await;
    let mut offered = Vec::new();
    for (id, _) in &games {
        let html = page_of(&app, &app.client, &format!("/partidas/{id}/auditoria")).await;
        if attr(&html, "form[action$='/deshacer']", "action").is_some() {
            offered.push(*id);
        }
    }
    assert_eq!(offered.len(), 1, "{offered:?}");
    let id = offered[0];
    let hands = games.iter().find(|(g, _)| *g == id).unwrap().1;
    let html = page_of(&app, &app.client, &format!("/partidas/{id}/auditoria")).await;
    assert_eq!(
        texts(&html, ".history-change")[0],
        format!("La demostración borró la mano {}.", hands + 1)
    );
}
