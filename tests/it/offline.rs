//! Score entry through a Wi-Fi drop, in a real headless Chromium on a 390-px phone:
//! hands typed while the phone is off the network wait on it ("pendiente de
//! enviar") and reach the server once each, in order, when the network is back; what
//! the server refuses on arrival comes back with the typed values.

use std::time::Duration;

use baza::db::schema::game_hands;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::browser::Browser;
use crate::helpers::{TestApp, new_client, post_form_as};

/// A cuatrola game of the demo club started by `client`; its page's path.
pub(crate) async fn new_game(app: &TestApp, client: &reqwest::Client) -> String {
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
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// A phone-sized browser (390 × 844) named `name`, signed in to a demo app as its
/// club's organiser `mesa`; a second device signed in as the same user; and a
/// cuatrola game that device started (its page's path). `None` where no browser runs.
pub(crate) async fn phone_and_game(
    name: &str,
) -> Option<(Browser, TestApp, reqwest::Client, String)> {
    let browser = Browser::start(name).await?;
    browser.resize(390, 844).await;
    let app = TestApp::with_demo().await;
    let pw = browser.as_organiser(&app, "mesa", 1).await;
    let other = new_client();
    app.login(&other, "mesa", &pw).await;
    let game = new_game(&app, &other).await;
    Some((browser, app, other, game))
}

/// A won solo by `bidder`, trump `trump`: 70 card points and the last trick to the
/// bidder's side.
pub(crate) fn solo(bidder: &'static str, trump: &'static str) -> Vec<(&'static str, &'static str)> {
    let side = if bidder == "0" || bidder == "2" {
        "0"
    } else {
        "1"
    };
    let (p0, p1) = if side == "0" {
        ("70", "30")
    } else {
        ("30", "70")
    };
    vec![
        ("trump", trump),
        ("bid", "solo"),
        ("bidder", bidder),
        ("card_points_side0", p0),
        ("card_points_side1", p1),
        ("last_trick_side", side),
    ]
}

/// Fills the new-hand form in place (selects by option value) and taps "Guardar".
pub(crate) async fn type_hand(browser: &Browser, fields: &[(&str, &str)]) {
    for (name, value) in fields {
        let is_select = browser
            .eval(&format!(
                "return document.querySelector(\"form.hand-form [name='{name}']\").tagName"
            ))
            .await
            == "SELECT";
        if is_select {
            browser
                .click(&format!(
                    "form.hand-form select[name='{name}'] option[value='{value}']"
                ))
                .await;
        } else {
            browser
                .fill(&format!("form.hand-form [name='{name}']"), value)
                .await;
        }
    }
    browser.click("form.hand-form button[type=submit]").await;
}

/// How many submissions wait on the phone.
pub(crate) async fn waiting(browser: &Browser) -> usize {
    browser
        .eval("return JSON.parse(localStorage.getItem('baza-pending-v1') || '[]').length")
        .await
        .as_u64()
        .unwrap_or(0) as usize
}

/// Waits (up to 20 s) until `n` submissions wait on the phone.
pub(crate) async fn until_waiting(browser: &Browser, n: usize) {
    for _ in 0..200 {
        if waiting(browser).await == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    browser.screenshot().await;
    panic!("{} submissions wait, not {n}", waiting(browser).await);
}

/// The stored hands of `game` (its page's path): (hand number, bidder, submission).
pub(crate) async fn stored(app: &TestApp, game: &str) -> Vec<(i32, i64, String)> {
    let id: i32 = game.trim_start_matches("/partidas/").parse().unwrap();
    let rows: Vec<(i32, String, String)> = app
        .with_conn(move |c| {
            game_hands::table
                .filter(game_hands::game_id.eq(id))
                .order(game_hands::hand_no)
                .select((
                    game_hands::hand_no,
                    game_hands::entry,
                    game_hands::submission,
                ))
                .load(c)
                .unwrap()
        })
        .await;
    rows.into_iter()
        .map(|(n, entry, sub)| {
            let v: serde_json::Value = serde_json::from_str(&entry).unwrap();
            let bidder = v
                .pointer("/quick/bidder")
                .or_else(|| v.get("bidder"))
                .and_then(|b| b.as_i64())
                .unwrap_or(-1);
            (n, bidder, sub)
        })
        .collect()
}

#[tokio::test]
async fn in_a_browser_three_hands_typed_off_the_network_are_saved_once_each_in_order_when_it_returns()
 {
    let Some((browser, app, other, game)) = phone_and_game("offline_three_hands").await else {
        return;
    };
    // The same three hands saved online in a second game give the right scoreboard.
    let control = new_game(&app, &other).await;
    let hands = [solo("0", "o"), solo("1", "c"), solo("2", "e")];
    for h in &hands {
        let version = app.text_as(&other, &control).await;
        let page = scraper::Html::parse_document(&version);
        let v = crate::helpers::attr(&page, ".big-score", "data-version").unwrap();
        let mut fields = h.clone();
        fields.push(("version", &v));
        let sub = format!("control-{}", h[2].1);
        fields.push(("submission", &sub));
        let res = post_form_as(&app, &other, &format!("{control}/mano"), &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    let page = other.get(app.url(&control)).send().await.unwrap();
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    let expected = crate::helpers::texts(&page, ".big-score")[0].clone();

    // The form is open (on localhost the browser allows a service worker, which
    // keeps a copy of the page), then the venue's Wi-Fi drops.
    let form = app.url(&format!("{game}/mano"));
    browser.goto(&form).await;
    browser.wait_for("form.hand-form").await;
    for _ in 0..100 {
        if browser
            .eval("return !!navigator.serviceWorker.controller")
            .await
            == true
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    browser.goto(&form).await;
    browser.wait_for("form.hand-form").await;
    browser.offline(true).await;
    for (n, h) in hands.iter().enumerate() {
        type_hand(&browser, h).await;
        until_waiting(&browser, n + 1).await;
        // The same page takes the next hand: the form is empty again once the send
        // has failed (the hand is kept first, then tried).
        let field =
            "return document.querySelector('form.hand-form [name=card_points_side0]').value";
        let mut value = browser.eval(field).await;
        for _ in 0..100 {
            if value == "" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            value = browser.eval(field).await;
        }
        assert_eq!(value, "", "hand {}: the form keeps what was typed", n + 1);
    }
    assert_eq!(
        browser
            .eval("return document.getElementById('pending').hidden")
            .await,
        false
    );
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('#pending li').length")
            .await,
        3
    );
    assert!(
        browser
            .text("#pending h2")
            .await
            .contains("Pendiente de enviar")
    );
    assert!(
        !browser
            .eval("return document.querySelector('.next-hand-note').hidden")
            .await
            .as_bool()
            .unwrap()
    );
    assert!(stored(&app, &game).await.is_empty(), "nothing reached it");
    // Reloaded off the network, the page opens from the phone with its three hands.
    browser.goto(&form).await;
    browser.wait_for("form.hand-form").await;
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('#pending li').length")
            .await,
        3
    );

    // The network is back: the three hands go, in order, once each.
    browser.offline(false).await;
    until_waiting(&browser, 0).await;
    let saved = stored(&app, &game).await;
    assert_eq!(
        saved.iter().map(|(n, b, _)| (*n, *b)).collect::<Vec<_>>(),
        [(1, 0), (2, 1), (3, 2)],
        "{saved:?} {}",
        browser.text("main").await
    );
    let mut subs: Vec<&String> = saved.iter().map(|(_, _, s)| s).collect();
    subs.dedup();
    assert_eq!(subs.len(), 3);

    // The scoreboard is the one of the same three hands saved online.
    let page = other.get(app.url(&game)).send().await.unwrap();
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    assert_eq!(crate::helpers::texts(&page, ".big-score")[0], expected);

    // The page open since before the drop saves a fourth hand at once, online,
    // and goes on to the scoreboard.
    browser
        .eval("document.documentElement.setAttribute('data-baza-old', '1'); return 1")
        .await;
    type_hand(&browser, &solo("3", "b")).await;
    browser.wait_for(".scoreboard").await;
    assert_eq!(browser.path().await, game);
    assert_eq!(stored(&app, &game).await.len(), 4);
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('.scoreboard tbody tr').length")
            .await,
        4
    );
}

#[tokio::test]
async fn in_a_browser_a_hand_kept_off_the_network_that_another_device_overtook_comes_back_with_its_values()
 {
    let Some((browser, app, other, game)) = phone_and_game("offline_conflict").await else {
        return;
    };

    browser.goto(&app.url(&format!("{game}/mano"))).await;
    browser.wait_for("form.hand-form").await;
    browser.offline(true).await;
    let mut typed = solo("0", "o");
    typed[3] = ("card_points_side0", "71");
    typed[4] = ("card_points_side1", "29");
    type_hand(&browser, &typed).await;
    until_waiting(&browser, 1).await;

    // Meanwhile the other pair's phone saves a hand.
    let page = other.get(app.url(&game)).send().await.unwrap();
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    let v = crate::helpers::attr(&page, ".big-score", "data-version").unwrap();
    let mut fields = solo("1", "c");
    fields.push(("version", &v));
    fields.push(("submission", "other-phone"));
    let res = post_form_as(&app, &other, &format!("{game}/mano"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // Back on the network: refused as stale, the form comes back with what was typed.
    browser
        .eval("document.documentElement.setAttribute('data-baza-old', '1'); return 1")
        .await;
    browser.offline(false).await;
    until_waiting(&browser, 0).await;
    browser.wait_for("form.hand-form .errors, .alert").await;
    for _ in 0..50 {
        if browser
            .eval("return !document.documentElement.hasAttribute('data-baza-old')")
            .await
            == true
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(browser.text(".alert").await.contains("Otra persona"));
    assert_eq!(
        browser
            .eval("return document.querySelector('form.hand-form [name=card_points_side0]').value")
            .await,
        "71"
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('form.hand-form [name=bidder]').value")
            .await,
        "0"
    );
    let saved = stored(&app, &game).await;
    assert_eq!(saved.len(), 1, "only the other phone's hand: {saved:?}");
    assert_eq!(saved[0].2, "other-phone");

    // The scorekeeper checks it and saves it again: now it is the second hand.
    browser.submit("form.hand-form button[type=submit]").await;
    browser.wait_for(".scoreboard").await;
    let saved = stored(&app, &game).await;
    assert_eq!(
        saved.iter().map(|(n, b, _)| (*n, *b)).collect::<Vec<_>>(),
        [(1, 1), (2, 0)]
    );
}

/// Waits (up to 10 s) until the new-hand form's `field` is empty again: the form has
/// been made ready for the next hand.
async fn until_emptied(browser: &Browser, field: &str) {
    let value = format!("return document.querySelector('form.hand-form [name={field}]').value");
    for _ in 0..100 {
        if browser.eval(&value).await == "" {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the form keeps what was typed in {field}");
}

#[tokio::test]
async fn in_a_browser_a_botifarra_hand_kept_off_the_network_hands_the_trump_choice_to_the_next_dealer()
 {
    let Some(browser) = Browser::start("offline_botifarra_dealer").await else {
        return;
    };
    browser.resize(390, 844).await;
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    browser.as_organiser(&app, "mesa", club).await;
    browser
        .goto(&app.url(&format!("/clubes/{club}/partidas/nueva?juego=botifarra")))
        .await;
    for (i, name) in ["Canals", "Puig", "Soler", "Vila"].iter().enumerate() {
        browser.fill(&format!("input[name=seat_{i}]"), name).await;
    }
    browser.choose("first_dealer", "0").await;
    browser
        .submit(&format!(
            "form[action='/clubes/{club}/partidas/nueva'] button[type=submit]"
        ))
        .await;
    let game = browser.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");
    browser.wait_for("form.hand-form").await;
    let chooser = "return (s => s.options[s.selectedIndex].text)(document.querySelector('form.hand-form select[name=chooser]'))";
    assert_eq!(browser.eval(chooser).await, "Canals", "the dealer chooses");

    // Off the network, Canals's hand waits on the phone; Puig deals the next one.
    browser.offline(true).await;
    type_hand(&browser, &[("choice", "o"), ("points_side0", "40")]).await;
    until_waiting(&browser, 1).await;
    until_emptied(&browser, "points_side0").await;
    assert_eq!(
        browser.eval(chooser).await,
        "Puig",
        "the next dealer chooses"
    );
    browser.click("form.hand-form input[name=delegated]").await;
    assert_eq!(
        browser.eval(chooser).await,
        "Vila",
        "delegated: the next dealer's partner"
    );
    type_hand(&browser, &[("choice", "c"), ("points_side0", "30")]).await;
    until_waiting(&browser, 2).await;
    until_emptied(&browser, "points_side0").await;
    assert_eq!(
        browser.eval(chooser).await,
        "Soler",
        "two hands on, Soler deals"
    );

    // Back on the network both hands are taken, each with its own dealer's choice.
    browser.offline(false).await;
    until_waiting(&browser, 0).await;
    assert_eq!(
        browser.count("[role=alert]").await,
        0,
        "{}",
        browser.text("main").await
    );
    assert_eq!(stored(&app, &game).await.len(), 2);
}

/// A hand answered by what Baza did not write was not read, or not for sure: the 408
/// a server or a proxy sends when a request's head comes too late on a crowded
/// hall's Wi-Fi, a proxy's own 4xx or 5xx page, a captive portal's page. The phone
/// keeps it ("pendiente de enviar"), stays on the form for the next hand, and sends
/// it again: each hand is stored once, in order, with its submission id.
#[tokio::test]
async fn in_a_browser_a_hand_answered_408_or_by_a_page_baza_did_not_write_waits_on_the_phone_and_is_stored_once()
 {
    use crate::deploy::{Upstream, start_relay, until_posts};
    let Some(browser) = Browser::start("offline_not_baza").await else {
        return;
    };
    browser.resize(390, 844).await;
    let app = TestApp::with_demo().await;
    let pw = app.add_user("mesa", "organiser", Some(1)).await;
    app.login(&app.client, "mesa", &pw).await;
    let game = new_game(&app, &app.client).await;
    let (proxy, relay) = start_relay(&app.address).await;
    browser.goto(&format!("{proxy}/entrar")).await;
    browser.fill("input[name=username]", "mesa").await;
    browser.fill("input[name=password]", &pw).await;
    browser
        .submit("form[action='/entrar'] button[type=submit]")
        .await;
    browser.goto(&format!("{proxy}{game}/mano")).await;
    browser.wait_for("form.hand-form").await;

    let hands = [
        solo("0", "o"),
        solo("1", "c"),
        solo("2", "e"),
        solo("3", "b"),
    ];
    for (n, (status, hand)) in [408u16, 403, 500, 200].iter().zip(&hands).enumerate() {
        *relay.mode.lock().unwrap() = Upstream::Answers(*status);
        let sent = relay.posts.lock().unwrap().len();
        type_hand(&browser, hand).await;
        until_posts(&relay, sent + 1).await;
        until_waiting(&browser, n + 1).await;
        until_emptied(&browser, "card_points_side0").await;
        assert_eq!(
            browser
                .eval(
                    "return JSON.parse(localStorage.getItem('baza-pending-v1')).filter(i => i.held).length"
                )
                .await,
            0,
            "{status}: kept to send again, not held as refused"
        );
        assert_eq!(
            browser.count("form.hand-form").await,
            1,
            "{status}: the page it answered is not shown"
        );
        assert!(
            browser
                .text("#pending h2")
                .await
                .contains("Pendiente de enviar"),
            "{status}"
        );
    }
    assert!(stored(&app, &game).await.is_empty());

    // Baza answers again: the four hands go, in order, once each.
    *relay.mode.lock().unwrap() = Upstream::Up;
    browser
        .eval("window.dispatchEvent(new Event('online')); return 1")
        .await;
    until_waiting(&browser, 0).await;
    let saved = stored(&app, &game).await;
    assert_eq!(
        saved.iter().map(|(n, b, _)| (*n, *b)).collect::<Vec<_>>(),
        [(1, 0), (2, 1), (3, 2), (4, 3)],
        "{saved:?}"
    );
    let posts = relay.posts.lock().unwrap().clone();
    for (_, _, submission) in &saved {
        assert_eq!(
            posts
                .iter()
                .filter(|(s, st)| s == submission && *st == 303)
                .count(),
            1,
            "{posts:?}"
        );
    }
}

#[tokio::test]
async fn in_a_browser_a_hand_kept_while_the_session_ended_stays_on_the_phone_for_after_signing_in()
{
    use baza::db::schema::sessions;
    let Some((browser, app, _other, game)) = phone_and_game("offline_session_ended").await else {
        return;
    };
    browser.goto(&app.url(&format!("{game}/mano"))).await;
    browser.wait_for("form.hand-form").await;
    browser.offline(true).await;
    type_hand(&browser, &solo("0", "o")).await;
    until_waiting(&browser, 1).await;

    // Meanwhile every session ends (expired, or ended by an administrator).
    app.with_conn(|c| diesel::delete(sessions::table).execute(c).unwrap())
        .await;
    browser.offline(false).await;
    browser.wait_for("input[name=password]").await;
    assert_eq!(waiting(&browser).await, 1, "the hand is still on the phone");
    assert_eq!(
        browser
            .eval("return JSON.parse(localStorage.getItem('baza-pending-v1'))[0].held")
            .await,
        true,
        "it waits for the scorekeeper, not sent again and again"
    );
    assert!(stored(&app, &game).await.is_empty());
}

#[tokio::test]
async fn in_a_browser_a_hand_kept_while_the_organiser_changed_the_pin_stays_on_the_phone_for_the_new_pin()
 {
    let Some(browser) = Browser::start("offline_pin_changed").await else {
        return;
    };
    browser.resize(390, 844).await;
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let game = format!("/partidas/{}", t.game);
    let pin = crate::helpers::texts(&t.page().await, ".game-pin").remove(0);
    browser.goto(&t.app.url(&game)).await;
    browser
        .fill("form[action$='/pin'] input[name=pin]", &pin)
        .await;
    browser
        .submit("form[action$='/pin'] button[type=submit]")
        .await;
    browser.goto(&t.app.url(&format!("{game}/mano"))).await;
    browser.wait_for("form.hand-form").await;
    browser.offline(true).await;
    type_hand(&browser, &solo("0", "o")).await;
    until_waiting(&browser, 1).await;

    // Meanwhile the organiser gives the game a new PIN.
    let res = post_form_as(&t.app, &t.client, &format!("{game}/pin-nuevo"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    browser.offline(false).await;
    browser.wait_for("input[name=pin]").await;
    assert_eq!(waiting(&browser).await, 1, "the hand is still on the phone");
    assert_eq!(
        browser
            .eval("return JSON.parse(localStorage.getItem('baza-pending-v1'))[0].held")
            .await,
        true,
        "it waits for the new PIN, not sent again and again"
    );
    assert!(stored(&t.app, &game).await.is_empty());
}

#[tokio::test]
async fn in_a_browser_a_hand_of_a_later_partida_kept_while_the_organiser_changed_the_tables_pins_stays_on_the_phone_for_the_new_pin()
 {
    use crate::pins::{a_tables_second_partida, renew_pins};
    let Some(browser) = Browser::start("offline_later_partida_pin_changed").await else {
        return;
    };
    browser.resize(390, 844).await;
    let app = TestApp::spawn().await;
    let (slip, _keeper, second) = a_tables_second_partida(&app).await;
    let game = format!("/partidas/{second}");
    browser.goto(&app.url(&slip.path)).await;
    browser
        .fill("form.pin-form input[name=pin]", &slip.pins[0])
        .await;
    browser.submit("form.pin-form button[type=submit]").await;
    browser.goto(&app.url(&format!("{game}/mano"))).await;
    browser.wait_for("form.hand-form").await;
    browser.offline(true).await;
    type_hand(&browser, &solo("0", "o")).await;
    until_waiting(&browser, 1).await;

    // Meanwhile the organiser gives the table's pairs new PINs.
    renew_pins(&app, &slip).await;
    browser.offline(false).await;
    // The table's page asks for the new PIN (not a sign-in the pair has no account for).
    browser.wait_for("form.pin-form input[name=pin]").await;
    assert!(
        browser
            .text(".notice.done")
            .await
            .contains("Escribe el PIN nuevo"),
        "it says why"
    );
    assert_eq!(waiting(&browser).await, 1, "the hand is still on the phone");
    assert_eq!(
        browser
            .eval("return JSON.parse(localStorage.getItem('baza-pending-v1'))[0].held")
            .await,
        true,
        "it waits for the new PIN, not sent again and again"
    );
    assert!(stored(&app, &game).await.is_empty());
}
