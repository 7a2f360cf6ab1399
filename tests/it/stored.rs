//! A game's hands keep their computed results (points, totals, the next dealer, the
//! notes in every language) as they are saved: after additions, corrections, removals
//! and an undone removal, what is stored is exactly what scoring the whole game afresh
//! gives, and pages read it in the viewer's language.

use baza::domain::Lang;
use baza::domain::entry::{Entered, GameSetup, StoredScore, Tail, rescore};
use reqwest::StatusCode;

use crate::club::Table;
use crate::helpers::{attr, post_form_as, texts};

/// The game's stored hands: their entries and stored results, the setup, and the
/// tail kept with the game (with the last hand's number).
async fn stored(
    t: &Table,
) -> (
    GameSetup,
    Vec<(u8, Entered)>,
    Vec<String>,
    (Option<String>, i32),
) {
    let id = t.game;
    t.app
        .with_conn(move |conn| {
            let g = baza::db::games::find_game(conn, id).unwrap().unwrap();
            let setup = GameSetup {
                game: g.game.parse().unwrap(),
                players: u8::try_from(g.players).unwrap(),
                options: serde_json::from_str(&g.options).unwrap(),
                first_dealer: u8::try_from(g.first_dealer).unwrap(),
            };
            let rows = baza::db::games::game_hands(conn, id).unwrap();
            let hands = rows
                .iter()
                .map(|h| {
                    let e = Entered::from_parts(&h.kind, &h.entry).unwrap();
                    (u8::try_from(h.dealer).unwrap(), e)
                })
                .collect();
            let results = rows.iter().map(|h| h.score.clone()).collect();
            let last = rows.last().map_or(0, |h| h.hand_no);
            (setup, hands, results, (g.tail, last))
        })
        .await
}

/// Asserts that every stored result, and the game's tail, is what a full rescore of
/// the stored entries gives, to the byte, and returns the number of hands.
async fn assert_stored_equals_a_full_rescore(t: &Table, step: &str) -> usize {
    let (setup, hands, results, (tail, last)) = stored(t).await;
    let (scores, board) = rescore(&setup, &hands, Lang::Es).unwrap();
    let expected: Vec<String> = scores
        .iter()
        .zip(&board.running)
        .map(|(s, totals)| StoredScore::new(s, totals).unwrap().to_json())
        .collect();
    assert_eq!(results, expected, "after {step}");
    let full = Tail::of(&board, last).to_json();
    assert_eq!(tail.as_deref(), Some(full.as_str()), "tail after {step}");
    for r in &results {
        let kept = StoredScore::from_json(r).unwrap();
        assert_eq!(kept.notes_in.len(), 3);
    }
    hands.len()
}

/// Deletes hand `n` as the scorekeeper's phone does.
async fn remove_hand(t: &Table, n: usize) {
    let version = t.version().await;
    let path = format!("/partidas/{}/manos/{n}/borrar", t.game);
    let res = post_form_as(&t.app, &t.client, &path, &[("version", &version)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

async fn botifarra_hand(t: &Table, chooser: &str, choice: &str, points: &str) {
    let res = t
        .hand(&[
            ("chooser", chooser),
            ("choice", choice),
            ("doubles", "0"),
            ("points_side0", points),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
}

#[tokio::test]
async fn a_games_stored_results_equal_a_full_rescore_after_corrections_removals_and_an_undo() {
    let t = crate::club::start("botifarra", 4, &[]).await;
    let g = t.game;
    assert_eq!(
        assert_stored_equals_a_full_rescore(&t, "creating the game").await,
        0
    );
    // Seat 3 deals first; the dealer chooses trumps.
    let plays = [
        ("3", "c", "50"),
        ("0", "o", "30"),
        ("1", "e", "70"),
        ("2", "botifarra", "40"),
        ("3", "b", "66"),
        ("0", "c", "20"),
        ("1", "o", "12"),
    ];
    for (n, (chooser, choice, points)) in plays.iter().enumerate() {
        botifarra_hand(&t, chooser, choice, points).await;
        let hands = assert_stored_equals_a_full_rescore(&t, &format!("hand {}", n + 1)).await;
        assert_eq!(hands, n + 1);
    }
    let before = t.totals().await;

    // A correction of hand 2 changes the totals before every later hand.
    let res = t
        .edit(
            2,
            &[
                ("chooser", "0"),
                ("choice", "o"),
                ("doubles", "0"),
                ("points_side0", "40"),
            ],
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_stored_equals_a_full_rescore(&t, "correcting hand 2").await;
    assert_ne!(t.totals().await, before);

    // Removing hand 4 and putting it back from the history.
    remove_hand(&t, 4).await;
    assert_eq!(
        assert_stored_equals_a_full_rescore(&t, "removing hand 4").await,
        6
    );
    let res = t
        .client
        .get(t.app.url(&format!("/partidas/{g}/auditoria")))
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let undo = attr(&html, "form[action$='/deshacer']", "action").unwrap();
    let v = attr(
        &html,
        "form[action$='/deshacer'] input[name=version]",
        "value",
    )
    .unwrap();
    let res = post_form_as(&t.app, &t.client, &undo, &[("version", &v)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        assert_stored_equals_a_full_rescore(&t, "undoing the removal").await,
        7
    );

    // Removing the first hand shifts the totals of all the others.
    remove_hand(&t, 1).await;
    assert_stored_equals_a_full_rescore(&t, "removing hand 1").await;
    botifarra_hand(&t, "2", "e", "40").await;
    assert_stored_equals_a_full_rescore(&t, "a hand after the removal").await;

    // The last hand removed: the next one takes its number.
    remove_hand(&t, 8).await;
    assert_stored_equals_a_full_rescore(&t, "removing the last hand").await;
    botifarra_hand(&t, "2", "e", "40").await;
    assert_stored_equals_a_full_rescore(&t, "a hand after removing the last").await;
    let (_, _, _, (_, last)) = stored(&t).await;
    assert_eq!(last, 8);

    // A game kept before it had a tail is read whole once, and then has one.
    t.app
        .with_conn(move |conn| {
            use baza::db::schema::games::dsl;
            use diesel::prelude::*;
            diesel::update(dsl::games.find(g))
                .set(dsl::tail.eq(None::<String>))
                .execute(conn)
                .unwrap();
        })
        .await;
    botifarra_hand(&t, "3", "b", "30").await;
    assert_stored_equals_a_full_rescore(&t, "a hand in a game without a tail").await;

    // The scoreboard reads the stored notes in the viewer's language.
    let (setup, hands, _, _) = stored(&t).await;
    for (lang, accept) in [(Lang::Es, "es"), (Lang::Ca, "ca"), (Lang::En, "en")] {
        let (scores, _) = rescore(&setup, &hands, lang).unwrap();
        let res = t
            .client
            .get(t.app.url(&format!("/partidas/{g}")))
            .header("Accept-Language", accept)
            .send()
            .await
            .unwrap();
        let page = res.text().await.unwrap();
        for note in scores.iter().flat_map(|s| &s.notes) {
            let escaped = note.replace('&', "&amp;").replace('\'', "&#x27;");
            assert!(
                page.contains(&escaped),
                "{accept}: «{note}» not on the page"
            );
        }
    }
    let html = t.page().await;
    assert!(!texts(&html, ".big-score").is_empty());
}

/// The CSRF token in a page's PIN form.
fn pin_form_token(html: &scraper::Html) -> String {
    attr(html, "form[action$='/pin'] input[name=csrf]", "value").unwrap()
}

#[tokio::test]
async fn the_public_scoreboard_is_rendered_once_per_change_and_carries_each_visitors_own_token() {
    let t = crate::club::start("botifarra", 4, &[]).await;
    let g = t.game;
    assert_eq!(
        assert_stored_equals_a_full_rescore(&t, "creating the game").await,
        0
    );
    botifarra_hand(&t, "3", "c", "50").await;
    let pages_kept = || async {
        let health: serde_json::Value = t.app.get("/health").await.json().await.unwrap();
        health["page_cache"]["pages"].as_u64().unwrap()
    };
    let before = pages_kept().await;
    let (ana, bea) = (crate::helpers::new_client(), crate::helpers::new_client());
    let view = |c: &reqwest::Client| {
        let req = c.get(t.app.url(&format!("/partidas/{g}")));
        async move {
            let res = req.send().await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            let body = res.text().await.unwrap();
            assert!(
                !body.contains("baza-csrf-token"),
                "the mark left on the page"
            );
            scraper::Html::parse_document(&body)
        }
    };
    let (a, b) = (view(&ana).await, view(&bea).await);
    assert_eq!(pages_kept().await, before + 1, "one page kept for both");
    let (token_a, token_b) = (pin_form_token(&a), pin_form_token(&b));
    assert_ne!(token_a, token_b);
    assert_eq!(
        token_a,
        t.app.csrf_for(&ana).await,
        "Ana's own session token"
    );
    assert_eq!(texts(&a, ".scoreboard tbody tr").len(), 1);

    // A hand saved at the table shows at once: the kept page is stale by its stamp.
    botifarra_hand(&t, "0", "o", "30").await;
    assert_eq!(texts(&view(&ana).await, ".scoreboard tbody tr").len(), 2);

    // The token put in the kept page opens the game with its PIN.
    let pin = t
        .app
        .with_conn(move |conn| baza::db::games::find_game(conn, g).unwrap().unwrap().pin)
        .await;
    let res = bea
        .post(t.app.url(&format!("/partidas/{g}/pin")))
        .form(&[("csrf", token_b.as_str()), ("pin", pin.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let mine = view(&bea).await;
    assert!(attr(&mine, "form[action$='/pin']", "action").is_none());
    assert!(
        attr(
            &mine,
            format!("a[href='/partidas/{g}/mano']").as_str(),
            "href"
        )
        .is_some()
    );
}
