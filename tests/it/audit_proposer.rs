//! The audit of a championship table played hand by hand names the pairs by their
//! PINs: the pair whose PIN opened the table and proposed the result, and the pair
//! that signed it with its own.

use reqwest::StatusCode;

use crate::from_scratch::{form_values, post_fields, slip_halves};
use crate::helpers::{TestApp, signed_from_its_own_phone};
use crate::season_walk::{cuatrola_table, played_to_the_end};

/// The text of `path` as `client` reads it in `lang`.
async fn page_in(app: &TestApp, client: &reqwest::Client, path: &str, lang: &str) -> String {
    let res = client
        .get(app.url(path))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path} ({lang})");
    res.text().await.unwrap()
}

#[tokio::test]
async fn the_audit_names_the_pair_whose_pin_proposed_a_tables_result_and_the_pair_that_signed_it() {
    let app = TestApp::spawn().await;
    let (id, path, pin_a, pin_b) = cuatrola_table(&app).await;
    let [a, b] = slip_halves(&app, id).await.remove(0).1.map(|h| h.pair);
    assert_ne!(a, b);
    // Pair b's phone opens the table and plays its partida to the end: pair b proposes.
    let (phone, game) = played_to_the_end(&app, &path, &pin_b).await;
    // It takes its last hand back (the proposal is withdrawn) and enters it again.
    let delete = format!("/partidas/{game}/manos/11/borrar");
    let html = scraper::Html::parse_document(&page_in(&app, &phone, &delete, "es").await);
    let fields = form_values(&html, &format!("form[action='{delete}']"));
    let res = post_fields(&app, &phone, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the hand deleted");
    let hand = format!("/partidas/{game}/mano");
    let html = scraper::Html::parse_document(&page_in(&app, &phone, &hand, "es").await);
    let mut fields = form_values(&html, &format!("form[action='{hand}']"));
    for (k, v) in [
        ("trump", "o"),
        ("card_points_side0", "110"),
        ("last_trick_side", "0"),
    ] {
        crate::from_scratch::set(&mut fields, k, v);
    }
    let res = post_fields(&app, &phone, &hand, &fields).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the hand entered again"
    );
    // Pair a signs it with its own PIN on its own phone.
    let res = signed_from_its_own_phone(&app, &path, &pin_a).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed");

    let trail = format!("/campeonatos/{id}/auditoria");
    let table = "de la mesa 1 de la ronda 1";
    let page = page_in(&app, &app.client, &trail, "es").await;
    for line in [
        format!("La pareja {b} con su PIN propuso el resultado {table} ({a} contra {b}): 22–0."),
        format!("La pareja {a} con su PIN confirmó el resultado {table} ({a} contra {b}): 22–0."),
        format!("La pareja {b} con su PIN anotó la mano 1 {table}."),
        format!("La pareja {b} con su PIN borró la mano 11 {table}."),
        format!("La pareja {b} con su PIN retiró el resultado propuesto {table} ({a} contra {b})."),
    ] {
        assert!(page.contains(&line), "{line}: {page}");
    }
    assert!(!page.contains("Una pareja de la mesa"), "{page}");
    let table = "of table 1 of round 1";
    let page = page_in(&app, &app.client, &trail, "en").await;
    for line in [
        format!("The pair {b} with its PIN proposed the result {table} ({a} vs {b}): 22–0."),
        format!("The pair {a} with its PIN confirmed the result {table} ({a} vs {b}): 22–0."),
        format!("The pair {b} with its PIN entered hand 1 at table 1 of round 1."),
    ] {
        assert!(page.contains(&line), "{line}: {page}");
    }
    // The partida's own history names the pair too, and no table.
    let history = format!("/partidas/{game}/auditoria");
    let page = page_in(&app, &app.client, &history, "es").await;
    let line = format!("La pareja {b} con su PIN anotó la mano 11.");
    assert!(page.contains(&line), "{line}: {page}");
}
