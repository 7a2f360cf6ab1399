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

/// Championship `id`'s audit page, in Spanish.
async fn audit_in_spanish(app: &TestApp, id: i32) -> String {
    let res = app
        .get_with_lang(&format!("/campeonatos/{id}/auditoria"), "es")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.unwrap()
}

/// A new club's championship of four pairs, one Swiss round played, the best four
/// drawn to a knockout: the championship's id and the knockout's bracket id.
async fn knockout_of_four(app: &TestApp) -> (i32, i32) {
    let club = app
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    crate::knockout_file::knockout_drawn(app, club).await
}

#[tokio::test]
async fn at_a_knockout_table_the_audit_names_the_pair_whose_pin_proposed_a_semifinal_and_the_pair_that_signed_it()
 {
    let app = TestApp::spawn().await;
    let (id, bracket) = knockout_of_four(&app).await;
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

    let page = audit_in_spanish(&app, id).await;
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

/// The two pairs a championship table's page names, in its order (a, b).
async fn pairs_at(app: &TestApp, path: &str) -> [String; 2] {
    let page = app.page(path, StatusCode::OK).await;
    crate::helpers::texts(&page, ".pair-name")
        .try_into()
        .expect("the table's two pairs")
}

/// The director types `score` at the championship table at `path`, agreeing to
/// annul the matches that depend on it.
async fn director_types(app: &TestApp, path: &str, score: (&str, &str)) {
    let page = app.page(path, StatusCode::OK).await;
    let version = crate::helpers::attr(&page, "form.score-form input[name=version]", "value")
        .expect("the table's version");
    let fields = [
        ("score_a", score.0),
        ("score_b", score.1),
        ("version", version.as_str()),
        ("confirm", "1"),
    ];
    let res = crate::helpers::post_form_as(app, &app.client, path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
}

#[tokio::test]
async fn a_knockout_tables_audit_lines_name_the_pairs_that_played_there_after_the_table_is_voided_and_refilled_with_others()
 {
    let app = TestApp::spawn().await;
    let (id, bracket) = knockout_of_four(&app).await;
    let table = |n: u32| format!("/campeonatos/{id}/fases/{bracket}/mesas/{n}");
    let [a, b] = pairs_at(&app, &table(1)).await;
    // The director types both semi-finals (pair a of each wins) and the final.
    director_types(&app, &table(1), ("21", "12")).await;
    director_types(&app, &table(2), ("21", "12")).await;
    let [x, y] = pairs_at(&app, &table(3)).await;
    assert!(x == a || y == a, "{a} plays the final: {x}, {y}");
    director_types(&app, &table(3), ("21", "12")).await;
    // The first semi-final corrected: pair b won it. The final is annulled, and its
    // table is filled again with pair b in the place of pair a.
    director_types(&app, &table(1), ("12", "21")).await;
    let refilled = pairs_at(&app, &table(3)).await;
    assert!(
        refilled.contains(&b) && !refilled.contains(&a),
        "{refilled:?}"
    );

    let page = audit_in_spanish(&app, id).await;
    for line in [
        format!("confirmó el resultado de la semifinal 1 ({a} contra {b}): 21–12; gana {a}."),
        format!("confirmó el resultado de la final ({x} contra {y}): 21–12; gana {x}."),
        format!("anuló la mesa 3 de la fase final ({x} contra {y}): se juega de nuevo."),
        format!("corrigió el resultado de la semifinal 1 ({a} contra {b}): 12–21; gana {b}."),
    ] {
        assert!(page.contains(&line), "{line}: {page}");
    }
    let [p, q] = refilled;
    assert!(!page.contains(&format!("({p} contra {q})")), "{page}");
}
