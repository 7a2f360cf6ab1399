//! A new club's championship day in guiñote, tute and cinquillo, from an empty
//! database through the forms with their defaults: the words and the layout that the
//! director, the scorekeepers and the players read on their phones.

use reqwest::StatusCode;

use crate::browser::{Browser, log_in};
use crate::club::View;
use crate::from_scratch::{
    best_four_drawn, club_of_game, defaults_for, id_of, new_championship, open_table,
    register_and_pair, set,
};
use crate::helpers::{TestApp, game_made, post_form_as, signed_from_its_own_phone, texts};
use baza::domain::status::TableStatus;

/// The administrator made at *Primeros pasos* by `club_of_game`.
const ADMIN: (&str, &str) = ("marisa", "sota-de-oros");

/// A club game of `game` for the four players `seats`, the first dealer at seat 1,
/// started through club `club`'s new-game form by its administrator (`app.client`).
async fn club_game(app: &TestApp, club: i32, game: &str, seats: [&str; 4]) -> i32 {
    let mut fields = vec![("game", game), ("players", "4"), ("first_dealer", "0")];
    let names = ["seat_0", "seat_1", "seat_2", "seat_3"];
    fields.extend(names.iter().copied().zip(seats));
    let res = post_form_as(
        app,
        &app.client,
        &format!("/clubes/{club}/partidas/nueva"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the game starts");
    game_made(&res)
}

/// A club game of guiñote for Gracia, Ibáñez, Lasheras and Catalán, started by a new
/// club's administrator.
async fn guinote_of_four(app: &TestApp) -> i32 {
    let club = club_of_game(app, "guinote").await;
    club_game(
        app,
        club,
        "guinote",
        ["Gracia", "Ibáñez", "Lasheras", "Catalán"],
    )
    .await
}

/// The words of the page's scoreboard (names, scores, totals) that the browser lays
/// out over more than one line or that stick out of their cell: on a phone, each must
/// be read whole.
const BROKEN_WORDS: &str = "
  const broken = [];
  for (const cell of document.querySelectorAll('table.scoreboard th, table.scoreboard td.num')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      for (const word of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) broken.push('sticks out: ' + cell.textContent.trim());
  }
  return broken.join(' | ');";

#[tokio::test]
async fn in_a_browser_a_scoreboard_of_four_players_or_two_pairs_shows_every_name_and_score_whole_at_360_px()
 {
    let Some(browser) = Browser::start("scoreboard_whole_at_360").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "cinquillo").await;
    // Cinquillo for four, each alone: Ana goes out, the others keep 3, 4 and 6 cards.
    let cinquillo = club_game(
        &app,
        club,
        "cinquillo",
        ["Ana Royo", "Blas Ferrer", "Celia Vidal", "Dámaso Gil"],
    )
    .await;
    let view = View::of(&app, cinquillo);
    let res = view
        .hand(&[
            ("out", "0"),
            ("cards_left_1", "3"),
            ("cards_left_2", "4"),
            ("cards_left_3", "6"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the hand is saved");
    // Guiñote in pairs, whose names are the players' surnames.
    let guinote = club_game(
        &app,
        club,
        "guinote",
        ["Gracia", "Ibáñez", "Lasheras", "Catalán"],
    )
    .await;
    let view = View::of(&app, guinote);
    let res = view
        .hand(&[
            ("trump", "o"),
            ("card_points_0", "75"),
            ("card_points_1", "45"),
            ("last_trick_side", "0"),
            ("cante_seat_0", "0"),
            ("cante_suit_0", "o"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the hand is saved");

    log_in(&browser, &app, ADMIN.0, ADMIN.1).await;
    browser.viewport(360, 800).await;
    let mut broken = Vec::new();
    for (game, score) in [(cinquillo, "18 – 0 – 0 – 0"), (guinote, "125 – 45")] {
        browser.goto(&app.url(&format!("/partidas/{game}"))).await;
        assert_eq!(browser.text(".big-score").await, score);
        broken.push(browser.eval(BROKEN_WORDS).await);
        browser.assert_fits(360, "the scoreboard").await;
    }
    assert_eq!(broken, ["", ""], "no name or score broken or overflowing");
}

#[tokio::test]
async fn in_a_browser_the_director_reads_that_phones_cannot_reach_baza_in_one_box_at_360_px() {
    let Some(browser) = Browser::start("reach_local_one_box").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    let fields = defaults_for(&app, club, "guinote", "best_of").await;
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the championship is made"
    );
    let id = id_of(&res);
    log_in(&browser, &app, ADMIN.0, ADMIN.1).await;
    browser.viewport(360, 800).await;
    browser
        .goto(&app.url(&format!("/campeonatos/{id}/direccion")))
        .await;
    assert!(
        browser
            .text(".reach-local")
            .await
            .starts_with("Baza solo escucha en este ordenador"),
    );
    // An inline box that wraps is drawn as one box a line, each over the next.
    assert_eq!(
        browser
            .eval("return document.querySelector('.reach-local').getClientRects().length")
            .await,
        1,
        "the alert is one box, its lines one under the other"
    );
    browser.assert_fits(360, "the director's page").await;
}

#[tokio::test]
async fn the_director_of_a_cinquillo_championship_reads_each_players_pin_not_each_pairs() {
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "cinquillo").await;
    let fields = defaults_for(&app, club, "cinquillo", "partida").await;
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the championship is made"
    );
    let id = id_of(&res);
    register_and_pair(&app, id, &["Ana Royo", "Celia Vidal"]).await;
    let html = app
        .page(
            &format!("/campeonatos/{id}/rondas/1/mesas/1"),
            StatusCode::OK,
        )
        .await;
    let pins = texts(&html, ".table-pins");
    assert_eq!(pins.len(), 1, "the director sees the table's PINs");
    assert!(
        pins[0].starts_with("PIN de cada jugador: Ana Royo: "),
        "{pins:?}"
    );
    assert!(!pins[0].contains("pareja"), "{pins:?}");
}

#[tokio::test]
async fn a_guinote_vueltas_deal_that_takes_both_pairs_past_100_asks_in_words_who_went_out_first() {
    let app = TestApp::spawn().await;
    let game = guinote_of_four(&app).await;
    let view = View::of(&app, game);
    // Nobody reaches 101 in the first deal: 60 – 70, de vueltas.
    let res = view
        .hand(&[
            ("trump", "c"),
            ("card_points_0", "60"),
            ("card_points_1", "60"),
            ("last_trick_side", "1"),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the first deal is saved"
    );
    // De vueltas both pass 100 and nobody is said to have gone out: refused, in the
    // words the rest of the form uses (tú).
    let res = view
        .hand(&[
            ("trump", "e"),
            ("card_points_0", "80"),
            ("card_points_1", "40"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("las dos parejas pasan de 100 (150 y 110): anota quién salió primero"),
        "{body}"
    );
}

/// Whether `text` has a bracket inside another ("(Gracia (asiento 1))").
fn nested_brackets(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' if depth > 0 => return true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

#[tokio::test]
async fn a_guinote_hand_that_takes_both_pairs_past_101_says_in_its_notes_that_the_last_trick_won_it()
 {
    let app = TestApp::spawn().await;
    let game = guinote_of_four(&app).await;
    let view = View::of(&app, game);
    // Pair 1: 60 + 40 in oros + 20 in espadas = 120; pair 2: 60 + 10 de últimas + 20
    // in copas + 20 in bastos = 110. Both pass 101: the last trick decides.
    let res = view
        .hand(&[
            ("trump", "o"),
            ("card_points_0", "60"),
            ("card_points_1", "60"),
            ("last_trick_side", "1"),
            ("cante_seat_0", "0"),
            ("cante_suit_0", "o"),
            ("cante_seat_1", "1"),
            ("cante_suit_1", "c"),
            ("cante_seat_2", "2"),
            ("cante_suit_2", "e"),
            ("cante_seat_3", "3"),
            ("cante_suit_3", "b"),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let notes = texts(&view.page().await, "table.scoreboard tbody td:nth-child(3)").join(" ");
    assert!(
        notes.contains("40 en oros, de Gracia (asiento 1)"),
        "{notes}"
    );
    assert!(
        notes.contains("las dos pasan de 101 y gana la pareja 2")
            && notes.ends_with(": hizo la última baza"),
        "{notes}"
    );
    assert!(!nested_brackets(&notes), "{notes}");
    let res = app.get_with_lang(&format!("/partidas/{game}"), "en").await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let notes = texts(&page, "table.scoreboard tbody td:nth-child(3)").join(" ");
    assert!(notes.contains("40 in oros, by Gracia (seat 1)"), "{notes}");
    assert!(
        notes.contains("both pass 101 and pair 2") && notes.ends_with("wins: took the last trick"),
        "{notes}"
    );
    assert!(!nested_brackets(&notes), "{notes}");
}

/// Plays every table of `phase` (0: the Swiss's rounds, else a knockout's bracket)
/// still being played: pair a's scorekeeper opens it with its PIN, enters one hand of
/// tute through the game's hand form (pair a takes 70 card points and the last trick
/// against 50, the hand and so the partida), and pair b signs on its own phone.
async fn tute_tables_played(app: &TestApp, id: i32, phase: i32) -> usize {
    let rows: Vec<_> = crate::champion::tables(app, id, phase)
        .await
        .into_iter()
        .filter(|r| r.status == TableStatus::Playing)
        .collect();
    for row in &rows {
        let path = crate::champion::path_of(row);
        let (phone, game) = open_table(app, &path, &row.pin).await;
        let view = View {
            app,
            client: &phone,
            game,
        };
        let res = view
            .hand(&[
                ("trump", "b"),
                ("card_points_0", "70"),
                ("card_points_1", "50"),
                ("last_trick_side", "0"),
            ])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "the hand at {path}");
        let res = signed_from_its_own_phone(app, &path, &row.pin_b).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed at {path}");
    }
    rows.len()
}

#[tokio::test]
async fn a_tute_championship_in_pairs_goes_from_an_empty_database_to_its_champion_hand_by_hand() {
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "tute").await;
    let mut fields = defaults_for(&app, club, "tute", "partida").await;
    set(&mut fields, "rounds", "2");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the championship is made"
    );
    let id = id_of(&res);
    register_and_pair(
        &app,
        id,
        &[
            "Marco – Sanz",
            "Lázaro – Bernal",
            "Ariño – Lahoz",
            "Ruiz – Sola",
        ],
    )
    .await;
    assert_eq!(tute_tables_played(&app, id, 0).await, 2, "round 1");
    for path in ["rondas", "rondas/2/publicar"] {
        let fields: &[(&str, &str)] = if path == "rondas" {
            &[("tables", "")]
        } else {
            &[]
        };
        let res = post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/{path}"),
            fields,
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
    assert_eq!(tute_tables_played(&app, id, 0).await, 2, "round 2");
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let rows = texts(&html, ".standings tbody tr");
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows[0].contains("2-0-0"), "{rows:?}");
    // The best four to a knockout, its semifinals and then its final played the same
    // way, hand by hand.
    let bracket = best_four_drawn(&app, id).await;
    assert_eq!(tute_tables_played(&app, id, bracket).await, 2, "semifinals");
    assert_eq!(tute_tables_played(&app, id, bracket).await, 1, "final");
    assert_eq!(tute_tables_played(&app, id, bracket).await, 0);
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let ranking = texts(&html, ".final-ranking tbody td.finalist strong");
    assert_eq!(ranking.len(), 4, "{ranking:?}");
    assert_eq!(
        texts(&html, "p.champion"),
        [format!("Campeón: {}", ranking[0])]
    );
}

#[tokio::test]
async fn a_guinote_hand_of_1_card_point_is_refused_saying_no_cards_make_1_punto() {
    let app = TestApp::spawn().await;
    let game = guinote_of_four(&app).await;
    let view = View::of(&app, game);
    let res = view
        .hand(&[
            ("trump", "o"),
            ("card_points_0", "1"),
            ("card_points_1", "119"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "ul.errors li"),
        [
            "ninguna combinación de cartas suma 1 punto",
            "ninguna combinación de cartas suma 119 puntos"
        ]
    );
}
