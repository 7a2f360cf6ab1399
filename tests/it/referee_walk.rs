//! The referee's day at a botifarra Swiss, in Catalan: a renuncio claimed in the
//! third trick of a hand, built card by card and read out, applied to the table's
//! game before and after the other pair signed, and again once the next round was
//! paired from its result.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::downloads::client_in;
use crate::helpers::{
    ChampionshipForm, TestApp, attr, post_form_as, signed_from_its_own_phone, texts,
};

/// A botifarra deal in which each seat holds three cards of each suit (seat `s` the
/// ranks s+1, s+5 and s+9), the trumps chosen by the dealer's right hand, contro and
/// recontro, two tricks of oros followed, and in the third trick, led with the 4 of
/// copas, seat `offender` (0 or 1) fails to follow with copas in hand. Seats are
/// turned by `turn` so that the dealer is seat `(1 + turn) % 4`.
fn renuncio_in_the_third_trick(offender: u8, turn: u8) -> Value {
    let at = |s: u8| (s + turn) % 4;
    let mut hands = vec![Vec::<String>::new(); 4];
    for s in 0..4u8 {
        for suit in ["o", "c", "e", "b"] {
            for r in [s + 1, s + 5, s + 9] {
                hands[usize::from(at(s))].push(format!("{r}{suit}"));
            }
        }
    }
    let mut events = vec![
        json!({"seat": at(1), "trump": "e"}),
        json!({"seat": at(0), "double": "contro"}),
        json!({"seat": at(1), "double": "recontro"}),
    ];
    for (s, c) in [
        (2, "3o"),
        (3, "4o"),
        (0, "1o"),
        (1, "2o"),
        (0, "5o"),
        (1, "6o"),
        (2, "7o"),
        (3, "8o"),
        (3, "4c"),
    ] {
        events.push(json!({"seat": at(s), "play": c}));
    }
    if offender == 0 {
        events.push(json!({"seat": at(0), "play": "5b"}));
    } else {
        events.push(json!({"seat": at(0), "play": "1c"}));
        events.push(json!({"seat": at(1), "play": "2b"}));
    }
    json!({
        "format": "baza-hand/1", "game": "botifarra", "players": 4, "options": {},
        "dealer": at(1), "hands": hands, "stock": [], "events": events
    })
}

async fn page(client: &reqwest::Client, app: &TestApp, path: &str) -> (StatusCode, scraper::Html) {
    let res = client.get(app.url(path)).send().await.unwrap();
    let status = res.status();
    (
        status,
        scraper::Html::parse_document(&res.text().await.unwrap()),
    )
}

/// The fields of the first form `css` picks, as a browser would send them (checked
/// boxes only).
fn fields_of(html: &scraper::Html, css: &str) -> Vec<(String, String)> {
    let form = scraper::Selector::parse(css).unwrap();
    let input = scraper::Selector::parse("input[name]").unwrap();
    let form = html.select(&form).next().expect("the form");
    form.select(&input)
        .filter(|i| {
            i.value().attr("type") != Some("checkbox") || i.value().attr("checked").is_some()
        })
        .map(|i| {
            let v = i.value();
            (
                v.attr("name").unwrap_or_default().to_owned(),
                v.attr("value").unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

async fn post(
    client: &reqwest::Client,
    app: &TestApp,
    path: &str,
    fields: &[(String, String)],
) -> reqwest::Response {
    client
        .post(app.url(path))
        .form(fields)
        .send()
        .await
        .unwrap()
}

/// The referee rules `record` for hand `hand` of game `game` (or for the game with
/// no hand): the ruling's page link.
async fn ruled(
    app: &TestApp,
    referee: &reqwest::Client,
    record: &Value,
    game: i32,
    hand: Option<i32>,
) -> String {
    let csrf = app.csrf_for(referee).await;
    let mut fields = vec![
        ("csrf".to_owned(), csrf),
        ("record".to_owned(), record.to_string()),
    ];
    if let Some(h) = hand {
        fields.push(("partida".to_owned(), game.to_string()));
        fields.push(("mano".to_owned(), h.to_string()));
    }
    let res = post(referee, app, "/arbitro", &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// A table's result as its page shows it, and its state.
async fn table_result(app: &TestApp, path: &str) -> (String, String) {
    let html = app.page(path, StatusCode::OK).await;
    (
        attr(&html, ".table-status", "data-status").unwrap_or_default(),
        texts(&html, ".table-status").join(" "),
    )
}

#[tokio::test]
async fn a_referees_correction_of_a_signed_table_lists_the_later_tables_before_its_confirm_is_asked()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya La Botifarra", "Girona")
        .await;
    let id = ChampionshipForm::new("Open de Sant Andreu")
        .set("game", "botifarra")
        .set("rounds", "2")
        .create_with_pairs(&app, club, "Parella", 4)
        .await;
    crate::helpers::draw_round_one(&app, id, true).await;
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let tables = texts(&slips, ".slip .table-path");
    let pins_a = texts(&slips, ".slip .pin-a strong");
    let pins_b = texts(&slips, ".slip .pin-b strong");
    assert_eq!((tables.len(), pins_a.len(), pins_b.len()), (2, 2, 2));
    let game = crate::championship::game_of(&app, &app.client, &tables[0]).await;

    // The referee, on a phone in Catalan.
    let pw = app.add_user("arbitre", "referee", Some(club)).await;
    let referee = client_in("ca");
    app.login(&referee, "arbitre", &pw).await;

    // The table's first hand, as the referee ruled it: a renuncio in the third trick.
    let html = app.page_as(&app.client, &format!("/partidas/{game}")).await;
    let dealer: u8 = attr(&html, "select[name=chooser] option[selected]", "value")
        .expect("the dealer chooses trumps")
        .parse()
        .unwrap();
    let turn = (dealer + 3) % 4;
    let first = ruled(
        &app,
        &referee,
        &renuncio_in_the_third_trick(0, turn),
        game,
        None,
    )
    .await;
    let (_, html) = page(&referee, &app, &first).await;
    let mut fields = fields_of(&html, "form[action$='/aplicar']");
    for f in fields.iter_mut().filter(|f| f.0 == "game") {
        f.1 = game.to_string();
    }
    let res = post(&referee, &app, &format!("{first}/aplicar"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the game ends on it");

    // The other pair signs; the other table's result is typed by the director.
    let mut signed = false;
    for pin in [&pins_a[0], &pins_b[0]] {
        let _ = signed_from_its_own_phone(&app, &tables[0], pin).await;
        if table_result(&app, &tables[0]).await.0 == "final" {
            signed = true;
            break;
        }
    }
    assert!(signed, "the table's result is signed");
    let before = table_result(&app, &tables[0]).await.1;
    let html = app.page(&tables[1], StatusCode::OK).await;
    let version = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &app.client,
        &tables[1],
        &[("version", &version), ("score_a", "101"), ("score_b", "40")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for (path, fields) in [
        (format!("/campeonatos/{id}/rondas"), vec![("tables", "")]),
        (format!("/campeonatos/{id}/rondas/2/publicar"), vec![]),
    ] {
        let res = post_form_as(&app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }

    // The dispute comes back: it was the other pair's renuncio. The ruling reads out
    // who failed, at which trick and what it costs.
    let second = ruled(
        &app,
        &referee,
        &renuncio_in_the_third_trick(1, turn),
        game,
        Some(1),
    )
    .await;
    let (status, html) = page(&referee, &app, &second).await;
    assert_eq!(status, StatusCode::OK);
    let verdict = texts(&html, ".verdict").join(" ");
    assert!(verdict.contains("Basa 3 · "), "{verdict}");
    let penalty = texts(&html, ".verdict .penalty").join(" ");
    assert!(
        penalty.starts_with("Càstig: la parella ") && penalty.ends_with(" s'anota 144."),
        "{penalty}"
    );
    assert!(
        penalty.contains(" – ") || penalty.contains(" i "),
        "the pair by its players: {penalty}"
    );
    // Nothing to confirm before the page has said what the correction touches.
    let confirm = scraper::Selector::parse("form.apply-to-hand input[name=confirm]").unwrap();
    assert_eq!(
        html.select(&confirm).count(),
        0,
        "no confirm box before the later tables are listed"
    );
    let apply = format!("{}/aplicar", second.split('?').next().unwrap());
    let fields = fields_of(&html, "form.apply-to-hand");
    let res = post(&referee, &app, &apply, &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let listed = texts(&html, ".confirm-needed").join(" ");
    assert!(listed.contains("Ronda 2 · Taula "), "{listed}");
    // And who would have met in round 2 with the other pair's renuncio.
    assert!(
        listed.contains("Ronda 2, taula 1: va jugar ")
            && listed.contains("; amb la correcció serien "),
        "{listed}"
    );
    let required =
        scraper::Selector::parse("form.apply-to-hand input[name=confirm][required]").unwrap();
    assert_eq!(html.select(&required).count(), 1, "the confirm, asked now");
    assert_eq!(
        table_result(&app, &tables[0]).await.1,
        before,
        "nothing changed yet"
    );
    // Confirmed: the table's result follows the ruling.
    let mut fields = fields_of(&html, "form.apply-to-hand");
    fields.push(("confirm".to_owned(), "1".to_owned()));
    let res = post(&referee, &app, &apply, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_ne!(table_result(&app, &tables[0]).await.1, before);
}

#[tokio::test]
async fn the_card_picker_offers_a_botifarra_contro_to_both_opponents_and_the_recontro_to_both_declarers()
 {
    let app = TestApp::spawn().await;
    let draft = |events: Value| {
        let record = renuncio_in_the_third_trick(0, 0);
        let mut form = vec![
            ("game".to_owned(), "botifarra".to_owned()),
            ("players".to_owned(), "4".to_owned()),
            ("dealer".to_owned(), "1".to_owned()),
            ("events".to_owned(), events.to_string()),
        ];
        for (seat, cards) in record["hands"].as_array().unwrap().iter().enumerate() {
            for c in cards.as_array().unwrap() {
                form.push((format!("c_{}", c.as_str().unwrap()), seat.to_string()));
            }
        }
        form
    };
    let client = client_in("ca");
    let mut offered = Vec::new();
    for events in [
        json!([{"seat": 1, "trump": "e"}]),
        json!([{"seat": 1, "trump": "e"}, {"seat": 0, "double": "contro"}]),
    ] {
        let mut form = draft(events);
        form.push(("csrf".to_owned(), app.csrf_for(&client).await));
        let res = post(&client, &app, "/arbitro/construir", &form).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        offered.push(texts(&html, "button.proposal"));
    }
    // Berta (seat 3) leads; her partner in seat 1 may say contro as well as she.
    assert_eq!(
        &offered[0][..4],
        [
            "contro",
            "no dobla",
            "Seient 1: contro",
            "Seient 1: no dobla"
        ],
        "{:?}",
        offered[0]
    );
    // After the contro, either declarer may say recontro before the lead.
    for call in [
        "Seient 2: recontro",
        "Seient 4: recontro",
        "Seient 2: no dobla",
        "Seient 4: no dobla",
    ] {
        assert!(
            offered[1].iter().any(|o| o == call),
            "{call}: {:?}",
            offered[1]
        );
    }
}

/// Whether the card picker of `game` for `players` asks for a turned card, and
/// offers the stock as a place of a card.
async fn picker_asks(app: &TestApp, game: &str, players: u8) -> (bool, bool) {
    let html = app
        .page(
            &format!("/arbitro/construir?game={game}&players={players}"),
            StatusCode::OK,
        )
        .await;
    let turned = !texts(&html, "select[name=turned]").is_empty();
    let stock = scraper::Selector::parse("table.deal-grid input[value='s']").unwrap();
    (turned, html.select(&stock).next().is_some())
}

#[tokio::test]
async fn the_card_picker_asks_only_for_what_each_game_deals_a_turned_card_and_a_stock_where_there_are_ones()
 {
    let app = TestApp::spawn().await;
    // Botifarra deals all 48 cards and the dealer's side chooses trumps: no turned
    // card, no stock. Cinquillo for four: neither.
    assert_eq!(picker_asks(&app, "botifarra", 4).await, (false, false));
    assert_eq!(picker_asks(&app, "cinquillo", 4).await, (false, false));
    // Cuatrola and tute for four turn the dealer's last card up, and deal every card.
    assert_eq!(picker_asks(&app, "cuatrola", 4).await, (true, false));
    assert_eq!(picker_asks(&app, "tute", 4).await, (true, false));
    // Guiñote and tute for two turn the card under the stock they leave.
    assert_eq!(picker_asks(&app, "guinote", 4).await, (true, true));
    assert_eq!(picker_asks(&app, "tute", 2).await, (true, true));
    // Botifarra's grid: its 48 cards, each placed with a seat or left unknown.
    let html = app
        .page("/arbitro/construir?game=botifarra", StatusCode::OK)
        .await;
    let heads = texts(&html, "table.deal-grid thead th");
    assert_eq!(heads.len(), 1 + 4 + 1, "{heads:?}");
    assert!(!heads.iter().any(|h| h == "Monte"), "{heads:?}");
    assert_eq!(texts(&html, "table.deal-grid tbody tr").len(), 48);
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_each_place_of_a_card_in_the_picker_is_a_44_px_target() {
    let app = TestApp::spawn().await;
    let Some(browser) = crate::browser::Browser::start(
        "in_a_browser_on_a_360_px_phone_each_place_of_a_card_in_the_picker_is_a_44_px_target",
    )
    .await
    else {
        return;
    };
    browser.viewport(360, 740).await;
    for (game, players) in [
        ("botifarra", 4),
        ("guinote", 4),
        ("cuatrola", 4),
        ("tute", 4),
        ("cinquillo", 4),
    ] {
        browser
            .goto(&app.url(&format!("/arbitro/construir?game={game}&players={players}")))
            .await;
        browser
            .assert_fits(360, &format!("the card picker of {game}"))
            .await;
        // The label around each radio button is the target: at least 44 × 44.
        let small = browser
            .eval(
                "return [...document.querySelectorAll('table.deal-grid input[type=radio]')]
                   .map(i => i.closest('label'))
                   .filter(l => !l || l.getBoundingClientRect().width < 44
                     || l.getBoundingClientRect().height < 44)
                   .length",
            )
            .await;
        assert_eq!(small, 0, "{game}: radio buttons smaller than 44 px");
        let targets = browser.count("table.deal-grid label.pick").await;
        assert!(targets >= 20 * 5, "{game}: {targets} targets");
        // The grid itself fits a phone, whose scrollbar lies over the page and takes
        // no room (headless Chromium's takes 15 px): nothing to scroll sideways in it.
        let inner = browser
            .eval(
                "document.documentElement.style.scrollbarWidth = 'none';
                 const s = document.querySelector('.deal-scroll');
                 return [document.documentElement.clientWidth, s.scrollWidth - s.clientWidth]",
            )
            .await;
        assert_eq!(inner, json!([360, 0]), "{game}: the grid scrolls sideways");
    }
    // A tap on the cell (beside the button) places the card.
    browser
        .goto(&app.url("/arbitro/construir?game=botifarra"))
        .await;
    browser
        .eval(
            "const l = document.querySelector(\"input[name='c_1o'][value='2']\").closest('label');
             l.scrollIntoView({block: 'center'});
             const r = l.getBoundingClientRect();
             document.elementFromPoint(r.left + 3, r.top + 3).click()",
        )
        .await;
    assert_eq!(
        browser
            .eval("return document.querySelector(\"input[name='c_1o'][value='2']\").checked")
            .await,
        true
    );
}

/// The summary and the apply button of the ruling that hand `hand` of guiñote game
/// `game` gets, taken to the referee from the game and built with one card placed,
/// in each language.
async fn ruling_of_a_hand_taken_to_the_referee(
    app: &TestApp,
    game: i32,
    hand: i32,
) -> Vec<(String, String)> {
    // The game's page takes each hand to the referee.
    let page = app.page(&format!("/partidas/{game}"), StatusCode::OK).await;
    let link = scraper::Selector::parse("a.to-referee").unwrap();
    let builder = page
        .select(&link)
        .filter_map(|a| a.value().attr("href"))
        .find(|h| h.contains(&format!("mano={hand}&")))
        .expect("the hand's link to the referee")
        .to_owned();
    let html = app.page(&builder, StatusCode::OK).await;
    let mut fields = crate::from_scratch::form_values(&html, "form.builder");
    crate::from_scratch::set(&mut fields, "c_1o", "0");
    crate::from_scratch::set(&mut fields, "c_7c", "s");
    crate::from_scratch::set(&mut fields, "turned", "7c");
    let res =
        crate::from_scratch::post_fields(app, &app.client, "/arbitro/construir", &fields).await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let rule = crate::from_scratch::form_values(&html, "form.rule-form");
    let res = crate::from_scratch::post_fields(app, &app.client, "/arbitro", &rule).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let link = res.headers()["location"].to_str().unwrap().to_owned();
    let mut read = Vec::new();
    for lang in ["es", "ca", "en"] {
        let res = app.get_with_lang(&link, lang).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        read.push((
            texts(&html, "pre.summary").remove(0),
            texts(&html, "form.apply-to-hand button[type=submit]").join(" "),
        ));
    }
    read
}

#[tokio::test]
async fn a_guinote_hand_de_vueltas_is_read_out_with_its_number_and_the_score_before_it_and_applied_to_the_partida()
 {
    let app = TestApp::spawn().await;
    let club = crate::from_scratch::club_of_game(&app, "guinote").await;
    let new = format!("/clubes/{club}/partidas/nueva");
    let html = app
        .page(&format!("{new}?juego=guinote"), StatusCode::OK)
        .await;
    let mut fields = crate::from_scratch::form_values(&html, &format!("form[action='{new}']"));
    for (i, name) in ["Ana", "Benito", "Carmen", "Dámaso"].iter().enumerate() {
        crate::from_scratch::set(&mut fields, &format!("seat_{i}"), name);
    }
    let res = crate::from_scratch::post_fields(&app, &app.client, &new, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game: i32 = crate::helpers::game_made(&res);
    // The first deal: 70 and the diez de últimas to Ana and Carmen, 50 to the others;
    // nobody has 101, and the second deal is played de vueltas.
    let hand = format!("/partidas/{game}/mano");
    for typed in [
        &[
            ("trump", "e"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ][..],
        &[
            ("trump", "c"),
            ("card_points_0", "30"),
            ("card_points_1", "20"),
            ("claim_side", "0"),
            ("claim_after_trick", "3"),
        ][..],
    ] {
        let fields = crate::season_walk::hand_form(&app, &app.client, &hand, typed).await;
        let res = crate::from_scratch::post_fields(&app, &app.client, &hand, &fields).await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
    }
    let second = ruling_of_a_hand_taken_to_the_referee(&app, game, 2).await;
    let opens = [
        "Mano 2, de vueltas (antes: 80 – 50): guiñote, 4 jugadores, reparte ",
        "Mà 2, de vueltas (abans: 80 – 50): guiñote, 4 jugadors, reparteix ",
        "Hand 2, de vueltas (before: 80 – 50): guiñote, 4 players, ",
    ];
    let buttons = [
        "Aplicar a la partida",
        "Aplica a la partida",
        "Apply to the game",
    ];
    for ((summary, button), (opening, apply)) in second.iter().zip(opens.iter().zip(buttons)) {
        assert!(summary.starts_with(opening), "{opening}: {summary}");
        assert_eq!(button, apply);
    }
    // The first deal is no deal de vueltas: its number and the score before it.
    let first = ruling_of_a_hand_taken_to_the_referee(&app, game, 1).await;
    assert!(
        first[0]
            .0
            .starts_with("Mano 1 (antes: 0 – 0): guiñote, 4 jugadores, reparte "),
        "{}",
        first[0].0
    );
}
