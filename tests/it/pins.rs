//! A table's PINs against a stranger: a PIN the organiser changed opens nothing on
//! the phones that typed the old one (they are asked for the new one, in words), and
//! guessing a table's PIN from many addresses stops after a few dozen tries, saying
//! when to try again, while the club's staff are never held back.

use baza::db::schema::{championship_tables, game_hands};
use baza::domain::random::random_cuatrola_hand_of_game;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::attacks::one_table;
use crate::championship::{Slip, game_of, play_game, post_full_hand, slips};
use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, post_form_as, texts};

/// The organiser (on `app.client`) changes the table's PINs from its page: the new
/// PINs, as the page shows them to the organiser.
pub(crate) async fn renew_pins(app: &TestApp, slip: &Slip) -> [String; 2] {
    let html = app.page_as(&app.client, &slip.path).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        app,
        &app.client,
        &format!("{}/pines", slip.path),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        res.headers()["location"],
        format!("{}?hecho=pines-nuevos", slip.path).as_str()
    );
    let html = app.page_as(&app.client, &slip.path).await;
    let pins = [
        texts(&html, ".table-pins .pin-a").remove(0),
        texts(&html, ".table-pins .pin-b").remove(0),
    ];
    assert_ne!(pins, slip.pins, "new PINs, each unlike the old");
    assert!(pins[0] != slip.pins[0] && pins[1] != slip.pins[1]);
    pins
}

async fn hands_of(app: &TestApp, game: i32) -> i64 {
    app.with_conn(move |c| {
        game_hands::table
            .filter(game_hands::game_id.eq(game))
            .count()
            .get_result(c)
            .unwrap()
    })
    .await
}

/// The seat that deals the next hand of `game`, as its file says.
async fn next_dealer(app: &TestApp, game: i32) -> u8 {
    let res = app.get(&format!("/partidas/{game}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let file: serde_json::Value = res.json().await.unwrap();
    file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8
}

/// A legal first-hands record of `game`, dealt by the seat whose turn it is.
async fn a_hand(app: &TestApp, game: i32, seed: u64) -> serde_json::Value {
    let dealer = next_dealer(app, game).await;
    random_cuatrola_hand_of_game(seed, dealer, [0, 0]).to_value()
}

/// A hand of `game` sent from `phone` as its hand form would send it.
async fn post_hand(app: &TestApp, phone: &reqwest::Client, game: i32) -> reqwest::Response {
    let record = a_hand(app, game, 7).await;
    post_form_as(
        app,
        phone,
        &format!("/partidas/{game}/mano"),
        &[
            ("version", "2"),
            ("submission", "s-after-the-change"),
            ("record", &record.to_string()),
        ],
    )
    .await
}

async fn status_of(app: &TestApp, path: &str) -> String {
    let html = app.page_as(&app.client, path).await;
    attr(&html, "p.table-status", "data-status").unwrap()
}

/// What an answer says it asks of who sent the request, in Baza's own header.
fn asks(res: &reqwest::Response) -> Option<&str> {
    res.headers().get("baza-asks").map(|v| v.to_str().unwrap())
}

/// What the page sent to after a changed PIN says, and whether it asks for the PIN
/// (in words, with a form, and in the header a phone's script reads).
async fn asked_again(app: &TestApp, phone: &reqwest::Client, res: reqwest::Response, slip: &Slip) {
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(&res), Some("pin"));
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(to, format!("{}?hecho=pin-cambiado", slip.path));
    let res = phone.get(app.url(&to)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(asks(&res), Some("pin"), "the page the redirect ends at");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".notice.done"),
        vec![
            "La organización ha cambiado el PIN: el que escribiste ya no sirve. \
             Escribe el PIN nuevo para seguir anotando."
        ]
    );
    assert!(attr(&html, "form.pin-form input[name=pin]", "name").is_some());
    assert!(attr(&html, "a.play-game", "href").is_none());
    assert!(attr(&html, "form.sign-form", "action").is_none());
}

/// An answer sending a phone without an account to `page` to type its PIN, saying so
/// in the header its script reads.
fn asked_for_the_pin(res: &reqwest::Response, page: &str) {
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(res), Some("pin"));
    assert_eq!(res.headers()["location"].to_str().unwrap(), page);
}

/// `keeper` stores one hand of `game` and the organiser renews the table's PINs: the
/// phone's next hand is not stored and the phone is asked for the new PIN. Returns the
/// new PINs.
async fn one_hand_then_pins_renewed(
    app: &TestApp,
    slip: &Slip,
    keeper: &reqwest::Client,
    game: i32,
) -> [String; 2] {
    let record = a_hand(app, game, 3).await;
    let res = post_full_hand(app, keeper, game, &record).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hands_of(app, game).await, 1);
    let pins = renew_pins(app, slip).await;
    let res = post_hand(app, keeper, game).await;
    asked_again(app, keeper, res, slip).await;
    assert_eq!(hands_of(app, game).await, 1);
    pins
}

#[tokio::test]
async fn a_pin_the_organiser_changed_saves_no_hand_and_its_phone_is_asked_for_the_new_one() {
    let app = TestApp::spawn().await;
    let (_, slip) = one_table(&app).await;
    let keeper = slip.open(&app, 0).await;
    let game = game_of(&app, &keeper, &slip.path).await;
    // The phone that typed the old PIN saves nothing: it is sent to the table's
    // page, which says why and asks for the PIN again.
    let pins = one_hand_then_pins_renewed(&app, &slip, &keeper, game).await;
    // The same hand sent again (the phone keeps it until it is stored) is asked for
    // the table's PIN again, not sent to a sign-in a scorekeeper has no account for.
    let res = post_hand(&app, &keeper, game).await;
    asked_for_the_pin(&res, &slip.path);
    assert_eq!(hands_of(&app, game).await, 1);
    // The old PIN opens nothing; the new one opens the table again, on the same phone.
    let typed = |pin: String| {
        let (app, keeper, path) = (&app, &keeper, slip.path.clone());
        async move { post_form_as(app, keeper, &format!("{path}/pin"), &[("pin", &pin)]).await }
    };
    assert_eq!(
        typed(slip.pins[0].clone()).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(typed(pins[0].clone()).await.status(), StatusCode::SEE_OTHER);
    let record = a_hand(&app, game, 4).await;
    let res = post_full_hand(&app, &keeper, game, &record).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hands_of(&app, game).await, 2);
}

#[tokio::test]
async fn a_pin_the_organiser_changed_confirms_nothing_and_its_phone_is_asked_for_the_new_one() {
    let app = TestApp::spawn().await;
    let (_, slip) = one_table(&app).await;
    let keeper = slip.open(&app, 0).await;
    let other = slip.open(&app, 1).await;
    let game = game_of(&app, &keeper, &slip.path).await;
    play_game(&app, &keeper, game, 11).await;
    assert_eq!(status_of(&app, &slip.path).await, "proposed");

    let pins = renew_pins(&app, &slip).await;
    let html = app.page_as(&app.client, &slip.path).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let sign = format!("{}/firma", slip.path);
    let res = post_form_as(&app, &other, &sign, &[("version", &version)]).await;
    asked_again(&app, &other, res, &slip).await;
    assert_eq!(status_of(&app, &slip.path).await, "proposed");
    // Sent again, it is asked for the PIN again.
    let res = post_form_as(&app, &other, &sign, &[("version", &version)]).await;
    asked_for_the_pin(&res, &slip.path);
    assert_eq!(status_of(&app, &slip.path).await, "proposed");
    // With the new PIN of its pair, the same phone signs.
    let res = post_form_as(
        &app,
        &other,
        &format!("{}/pin", slip.path),
        &[("pin", &pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post_form_as(&app, &other, &sign, &[("version", &version)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(status_of(&app, &slip.path).await, "final");
}

/// The table row of the championship's one table.
async fn row_of(app: &TestApp, championship: i32) -> i32 {
    app.with_conn(move |c| {
        championship_tables::table
            .filter(championship_tables::championship_id.eq(championship))
            .select(championship_tables::id)
            .first(c)
            .unwrap()
    })
    .await
}

/// `n` wrong PINs tried at table row `row`, `ago` before now.
async fn tried_before(app: &TestApp, row: i32, n: usize, ago: chrono::Duration) {
    app.with_conn(move |c| {
        let at = baza::web::account::now() - ago;
        for _ in 0..n {
            baza::db::accounts::add_failure(c, &format!("ttable:{row}"), at).unwrap();
        }
    })
    .await;
}

#[tokio::test]
async fn guessing_a_tables_pin_from_many_addresses_stops_for_all_and_says_when_to_try_again() {
    let app = TestApp::spawn_with(baza::startup::WebOptions {
        trusted_proxies: baza::web::requests::TrustedProxies::parse("127.0.0.1").unwrap(),
        ..Default::default()
    })
    .await;
    let (id, slip) = one_table(&app).await;
    let row = row_of(&app, id).await;
    let wrong = (0..10)
        .map(|d| format!("{d}{d}{d}{d}"))
        .find(|p| !slip.pins.contains(p))
        .unwrap();
    // Each try from another phone at another address, as the proxy saw it.
    let try_from = |n: u32, pin: String| {
        let (app, path) = (&app, slip.path.clone());
        async move {
            let phone = new_client();
            let csrf = app.csrf_for(&phone).await;
            let res = phone
                .post(app.url(&format!("{path}/pin")))
                .header("x-forwarded-for", format!("198.51.100.{n}"))
                .form(&[("csrf", csrf), ("pin", pin)])
                .send()
                .await
                .unwrap();
            let status = res.status();
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            (status, texts(&html, ".alert"))
        }
    };
    // Fifteen wrong PINs were tried at this table fifty minutes ago; five more now,
    // each from its own address, are each only wrong.
    tried_before(&app, row, 15, chrono::Duration::minutes(50)).await;
    for n in 0..5 {
        let (status, _) = try_from(n, wrong.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "address {n}");
    }
    // Twenty in an hour: the table waits, from any address, even with its right PIN,
    // and is told until when.
    let (status, alert) = try_from(5, slip.pins[0].clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        alert,
        vec![
            "Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de \
             10 minutos, o pide al árbitro que te abra la mesa."
        ]
    );
    // Forty in a day: hours.
    tried_before(&app, row, 20, chrono::Duration::hours(20)).await;
    let (status, alert) = try_from(6, slip.pins[1].clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        alert,
        vec![
            "Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de \
             4 horas, o pide al árbitro que te abra la mesa o a la organización un PIN nuevo."
        ]
    );
    // The club's staff are never held back: its referee, signed in.
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let referee = new_client();
    app.login(&referee, "arbitra", &pw).await;
    let res = post_form_as(
        &app,
        &referee,
        &format!("{}/pin", slip.path),
        &[("pin", &slip.pins[0])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // New PINs start the count again: the pair's new PIN opens the table at once.
    let pins = renew_pins(&app, &slip).await;
    let (status, _) = try_from(7, pins[0].clone()).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_club_games_pin_the_organiser_changed_opens_nothing_and_its_phone_is_asked_for_the_new_one()
 {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let game = t.game;
    let old = texts(&t.page().await, ".game-pin").remove(0);
    let phone = new_client();
    let form = format!("/partidas/{game}/mano");
    let typed = |pin: String| {
        let (app, phone) = (&t.app, &phone);
        async move {
            post_form_as(
                app,
                phone,
                &format!("/partidas/{game}/pin"),
                &[("pin", &pin)],
            )
            .await
            .status()
        }
    };
    assert_eq!(typed(old.clone()).await, StatusCode::SEE_OTHER);
    let res = phone.get(t.app.url(&form)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // The organiser changes it from the game's page.
    let res = post_form_as(
        &t.app,
        &t.client,
        &format!("/partidas/{game}/pin-nuevo"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        res.headers()["location"],
        format!("/partidas/{game}?hecho=pin-nuevo").as_str()
    );
    let new = texts(&t.page().await, ".game-pin").remove(0);
    assert_ne!(new, old);
    // The phone that typed the old one is sent to the game's page, which says why
    // and asks for the PIN again.
    let res = phone.get(t.app.url(&form)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(to, format!("/partidas/{game}?hecho=pin-cambiado"));
    let html = t.app.page_as(&phone, &to).await;
    assert_eq!(
        texts(&html, ".notice.done"),
        vec![
            "La organización ha cambiado el PIN: el que escribiste ya no sirve. \
             Escribe el PIN nuevo para seguir anotando."
        ]
    );
    let action = format!("/partidas/{game}/pin");
    assert_eq!(
        attr(&html, "form input[name=pin]", "name").as_deref(),
        Some("pin")
    );
    assert!(
        html.select(&scraper::Selector::parse("form").unwrap())
            .any(|f| f.value().attr("action") == Some(action.as_str()))
    );
    assert_eq!(typed(old).await, StatusCode::UNAUTHORIZED);
    assert_eq!(typed(new).await, StatusCode::SEE_OTHER);
    let res = phone.get(t.app.url(&form)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // Only the club's organiser changes a PIN: the phone may not.
    let res = post_form_as(&t.app, &phone, &format!("/partidas/{game}/pin-nuevo"), &[]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_sign_in_page_a_protected_action_sends_to_says_in_a_header_that_it_asks_who_is_sending()
{
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let phone = new_client();
    // A hand is a scorekeeper's: a phone without an account is asked for the game's
    // PIN. Giving the game a new PIN is its organiser's: the phone is sent to sign in.
    let res = post_form_as(
        &t.app,
        &phone,
        &format!("/partidas/{}/mano", t.game),
        &[("version", "0")],
    )
    .await;
    asked_for_the_pin(&res, &format!("/partidas/{}", t.game));
    let form = format!("/partidas/{}/pin-nuevo", t.game);
    let res = post_form_as(&t.app, &phone, &form, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(&res), Some("sign-in"));
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(to.starts_with("/entrar?next="), "{to}");
    // A phone follows the redirect: the page it ends at says so too.
    let res = phone.get(t.app.url(&to)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(asks(&res), Some("sign-in"));
    // A wrong password shows the same page again, still asking.
    let res = post_form_as(
        &t.app,
        &phone,
        "/entrar",
        &[("username", "org"), ("password", "no-es-esta")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(asks(&res), Some("sign-in"));
    // The game's page of its organiser, signed in, asks nothing.
    let res = t
        .client
        .get(t.app.url(&format!("/partidas/{}", t.game)))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(asks(&res), None);
}

#[tokio::test]
async fn the_page_asking_for_a_tables_pin_says_so_in_a_header_and_a_pairs_own_page_does_not() {
    let app = TestApp::spawn().await;
    let (_, slip) = one_table(&app).await;
    let stranger = new_client();
    let res = stranger.get(app.url(&slip.path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(asks(&res), Some("pin"));
    // A wrong PIN shows the form again, still asking.
    let wrong = (0..10)
        .map(|d| format!("{d}{d}{d}{d}"))
        .find(|p| !slip.pins.contains(p))
        .unwrap();
    let path = format!("{}/pin", slip.path);
    let res = post_form_as(&app, &stranger, &path, &[("pin", &wrong)]).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(asks(&res), Some("pin"));
    // Neither the pair that typed its PIN nor the organiser is asked anything.
    let keeper = slip.open(&app, 0).await;
    for client in [&keeper, &app.client] {
        let res = client.get(app.url(&slip.path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(asks(&res), None);
    }
}

#[tokio::test]
async fn the_page_asking_for_a_club_games_pin_says_so_in_a_header_and_its_scorekeepers_does_not() {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let pin = texts(&t.page().await, ".game-pin").remove(0);
    let page = format!("/partidas/{}", t.game);
    let phone = new_client();
    // The page every visitor sees, and the same page for one with a query.
    for path in [page.clone(), format!("{page}?hecho=mano-anotada")] {
        let res = phone.get(t.app.url(&path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(asks(&res), Some("pin"), "{path}");
    }
    let res = post_form_as(&t.app, &phone, &format!("{page}/pin"), &[("pin", &pin)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(&res), None);
    for client in [&phone, &t.client] {
        let res = client.get(t.app.url(&page)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(asks(&res), None);
    }
}

/// A championship of two pairs whose matches are at the best of three partidas, its
/// one round published, on `app` (its organiser on `app.client`): the slip of its
/// table, the phone of pair a, and the table's second partida, started from that
/// phone once the first was played.
pub(crate) async fn a_tables_second_partida(app: &TestApp) -> (Slip, reqwest::Client, i32) {
    let club = app.club_with_organiser("Peña La Baza", "Tauste").await;
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .set("match_format", "best_of")
        .set("partidas", "3")
        .create_with_pairs(app, club, "Pareja", 2)
        .await;
    for (path, fields) in [
        (format!("/campeonatos/{id}/rondas"), vec![("tables", "1")]),
        (format!("/campeonatos/{id}/rondas/1/publicar"), vec![]),
    ] {
        let res = post_form_as(app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
    let slip = slips(app, id, "ronda=1").await.remove(0);
    let keeper = slip.open(app, 0).await;
    let first = game_of(app, &keeper, &slip.path).await;
    play_game(app, &keeper, first, 5).await;
    let res = post_form_as(app, &keeper, &format!("/partidas/{first}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let second: i32 = crate::helpers::game_made(&res);
    assert_ne!(second, first);
    (slip, keeper, second)
}

#[tokio::test]
async fn a_hand_of_a_tables_later_partida_sent_with_a_changed_pin_is_asked_for_the_new_pin_not_a_sign_in()
 {
    let app = TestApp::spawn().await;
    let (slip, keeper, second) = a_tables_second_partida(&app).await;
    // The phone that typed the old PIN is sent to the table's page, which says why
    // and asks for the new PIN: not to a sign-in it has no account for.
    let pins = one_hand_then_pins_renewed(&app, &slip, &keeper, second).await;
    // With the new PIN the same phone goes on with the second partida.
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", slip.path),
        &[("pin", &pins[0])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let record = a_hand(&app, second, 4).await;
    let res = post_full_hand(&app, &keeper, second, &record).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hands_of(&app, second).await, 2);
}

/// A club match at the best of three made by the club's organiser "org" (signed in
/// on `app.client`), whose first partida a phone opened with its PIN and played to the
/// end before starting the second: (the first partida's page, its PIN, the phone, the
/// second partida).
async fn a_club_matchs_second_partida(app: &TestApp) -> (String, String, reqwest::Client, i32) {
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
    let res = post_form_as(
        app,
        &app.client,
        "/clubes/1/partidas/nueva",
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("best_of", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let first_page = res.headers()["location"].to_str().unwrap().to_owned();
    let first: i32 = first_page.trim_start_matches("/partidas/").parse().unwrap();
    let pin = texts(&app.page_as(&app.client, &first_page).await, ".game-pin").remove(0);
    let phone = new_client();
    let res = post_form_as(app, &phone, &format!("{first_page}/pin"), &[("pin", &pin)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    play_game(app, &phone, first, 6).await;
    let res = post_form_as(app, &phone, &format!("{first_page}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let second: i32 = crate::helpers::game_made(&res);
    (first_page, pin, phone, second)
}

#[tokio::test]
async fn a_hand_of_a_club_matchs_later_partida_sent_with_a_changed_pin_is_asked_for_the_new_pin_not_a_sign_in()
 {
    let app = TestApp::with_demo().await;
    let (first_page, pin, phone, second) = a_club_matchs_second_partida(&app).await;

    // The organiser changes the PIN the phone typed, the first partida's.
    let res = post_form_as(&app, &app.client, &format!("{first_page}/pin-nuevo"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let new = texts(&app.page_as(&app.client, &first_page).await, ".game-pin").remove(0);
    assert_ne!(new, pin);
    let res = post_hand(&app, &phone, second).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(&res), Some("pin"));
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(to, format!("{first_page}?hecho=pin-cambiado"));
    let res = phone.get(app.url(&to)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(asks(&res), Some("pin"));
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".notice.done"),
        vec![
            "La organización ha cambiado el PIN: el que escribiste ya no sirve. \
             Escribe el PIN nuevo para seguir anotando."
        ]
    );
    let action = format!("{first_page}/pin");
    assert!(
        html.select(&scraper::Selector::parse("form").unwrap())
            .any(|f| f.value().attr("action") == Some(action.as_str()))
    );
    assert_eq!(hands_of(&app, second).await, 0);
    // With the new PIN the phone goes on with the second partida.
    let res = post_form_as(&app, &phone, &format!("{first_page}/pin"), &[("pin", &new)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let record = a_hand(&app, second, 8).await;
    let res = post_full_hand(&app, &phone, second, &record).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hands_of(&app, second).await, 1);
}

/// A club match has one PIN: its later partidas open with the first's, and the
/// organiser who changes the PIN on any partida changes it for the whole match, so the
/// old PIN opens none of them.
#[tokio::test]
async fn every_partida_of_a_club_match_opens_with_one_pin_and_a_new_one_given_on_a_later_partida_ends_the_old_everywhere()
 {
    let app = TestApp::with_demo().await;
    let (first_page, pin, phone, second) = a_club_matchs_second_partida(&app).await;
    let second_page = format!("/partidas/{second}");
    let shown = |page: String| {
        let app = &app;
        async move { texts(&app.page_as(&app.client, &page).await, ".game-pin").remove(0) }
    };
    assert_eq!(shown(second_page.clone()).await, pin);

    // Changed on the second partida: the old PIN's grant ends on both.
    let res = post_form_as(&app, &app.client, &format!("{second_page}/pin-nuevo"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let new = shown(second_page.clone()).await;
    assert_ne!(new, pin);
    assert_eq!(shown(first_page.clone()).await, new);
    let res = post_hand(&app, &phone, second).await;
    assert_eq!(asks(&res), Some("pin"));
    assert_eq!(hands_of(&app, second).await, 0);
    // The old PIN opens neither partida again; the new one opens the second.
    for page in [&first_page, &second_page] {
        let fresh = new_client();
        let res = post_form_as(&app, &fresh, &format!("{page}/pin"), &[("pin", &pin)]).await;
        assert_ne!(res.status(), StatusCode::SEE_OTHER, "{page}");
    }
    let res = post_form_as(
        &app,
        &phone,
        &format!("{second_page}/pin"),
        &[("pin", &new)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let record = a_hand(&app, second, 8).await;
    let res = post_full_hand(&app, &phone, second, &record).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(hands_of(&app, second).await, 1);
}

/// The organiser's browser whose session ended (expired, or ended by an
/// administrator) is asked to sign in again when it sends a hand, not for a PIN: it
/// was signed in, and signs in again.
#[tokio::test]
async fn a_hand_sent_from_a_browser_whose_session_ended_asks_it_to_sign_in_again() {
    use baza::db::schema::sessions;
    let t = crate::club::start("cuatrola", 4, &[]).await;
    t.app
        .with_conn(|c| diesel::delete(sessions::table).execute(c).unwrap())
        .await;
    let form = format!("/partidas/{}/mano", t.game);
    let res = post_form_as(&t.app, &t.client, &form, &[("version", "0")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(asks(&res), Some("sign-in"));
    // Again, still.
    let res = post_form_as(&t.app, &t.client, &form, &[("version", "0")]).await;
    assert_eq!(asks(&res), Some("sign-in"));
    assert_eq!(hands_of(&t.app, t.game).await, 0);
}
