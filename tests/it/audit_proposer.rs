//! The audit of a championship table played hand by hand names the pairs by their
//! PINs: the pair whose PIN opened the table and proposed the result, and the pair
//! that signed it with its own.

use reqwest::StatusCode;

use crate::from_scratch::{form_values, post_fields, slip_halves};
use crate::helpers::{TestApp, signed_from_its_own_phone};
use crate::season_walk::{cuatrola_table, hand_form, played_to_the_end};

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
    let html = app.page_as(&phone, &delete).await;
    let fields = form_values(&html, &format!("form[action='{delete}']"));
    let res = post_fields(&app, &phone, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the hand deleted");
    let hand = format!("/partidas/{game}/mano");
    let typed = [
        ("trump", "o"),
        ("card_points_side0", "110"),
        ("last_trick_side", "0"),
    ];
    let fields = hand_form(&app, &phone, &hand, &typed).await;
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
    let (es, en) = ("de la mesa 1 de la ronda 1", "of table 1 of round 1");
    let spanish = [
        format!("La pareja {b} con su PIN propuso el resultado {es} ({a} contra {b}): 22–0."),
        format!("La pareja {a} con su PIN confirmó el resultado {es} ({a} contra {b}): 22–0."),
        format!("La pareja {b} con su PIN anotó la mano 1 {es}."),
        format!("La pareja {b} con su PIN borró la mano 11 {es}."),
        format!("La pareja {b} con su PIN retiró el resultado propuesto {es} ({a} contra {b})."),
    ];
    let english = [
        format!("The pair {b} with its PIN proposed the result {en} ({a} vs {b}): 22–0."),
        format!("The pair {a} with its PIN confirmed the result {en} ({a} vs {b}): 22–0."),
        format!("The pair {b} with its PIN entered hand 1 at table 1 of round 1."),
    ];
    for (lang, lines) in [("es", &spanish[..]), ("en", &english[..])] {
        let res = app.get_with_lang(&trail, lang).await;
        assert_eq!(res.status(), StatusCode::OK, "{lang}");
        let page = res.text().await.unwrap();
        for line in lines {
            assert!(page.contains(line), "{line}: {page}");
        }
        assert!(!page.contains("Una pareja de la mesa"), "{page}");
    }
    // The partida's own history names the pair too, and no table.
    history_names(&app, game, &b).await;
}

/// Asserts that the history of partida `game` names `pair` as the one whose PIN
/// entered its hand 11.
async fn history_names(app: &TestApp, game: i32, pair: &str) {
    let page = app
        .text_as(&app.client, &format!("/partidas/{game}/auditoria"))
        .await;
    let line = format!("La pareja {pair} con su PIN anotó la mano 11.");
    assert!(page.contains(&line), "{line}: {page}");
}

#[tokio::test]
async fn at_a_knockout_table_the_audit_names_the_pair_whose_pin_proposed_a_semifinal_and_the_pair_that_signed_it()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    // Four pairs, one Swiss round, the best four drawn to a knockout.
    let (id, bracket) = crate::knockout_file::knockout_drawn(&app, club).await;
    let semi = crate::championship::slips(&app, id, &format!("fase={bracket}"))
        .await
        .into_iter()
        .find(|s| s.path.ends_with("/mesas/1"))
        .expect("the first semifinal's slip");
    let table = app.page(&semi.path, StatusCode::OK).await;
    let [a, b]: [String; 2] = crate::helpers::texts(&table, ".pair-name")
        .try_into()
        .expect("the semifinal's two pairs");
    // Pair b's phone plays the semifinal to the end (pair a wins it): pair b
    // proposes. Pair a signs it with its own PIN.
    let (_, game) = played_to_the_end(&app, &semi.path, &semi.pins[1]).await;
    let res = signed_from_its_own_phone(&app, &semi.path, &semi.pins[0]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed");

    let trail = format!("/campeonatos/{id}/auditoria");
    let res = app.get_with_lang(&trail, "es").await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    for line in [
        format!("La pareja {b} con su PIN propuso el resultado"),
        format!("La pareja {b} con su PIN anotó la mano 1 "),
        format!("La pareja {a} con su PIN confirmó"),
    ] {
        assert!(page.contains(&line), "{line}: {page}");
    }
    assert!(!page.contains("Una pareja de la mesa"), "{page}");
    // The partida's own history names the pair too.
    history_names(&app, game, &b).await;
}
